"""A screen's poll is limited per personal link and per address: beyond the limit the answer is
429 with Retry-After, and every other device polls on as before."""

from __future__ import annotations

from tests.online.conftest import claim_all, online_event, start

NAMES = ["Ana", "Ben", "Cleo", "Dan"]
PHONE = {"REMOTE_ADDR": "192.168.1.23"}


def poll(client, token: str, key: str = "stale", address: dict | None = None):
    return client.get(f"/play/{token}/state?key={key}", environ_base=address or PHONE)


def test_polls_beyond_a_links_limit_get_429_with_retry_after_and_other_links_are_unaffected(app, client):
    app.config["ONLINE_POLL_LIMIT_PER_LINK"] = "3 per minute"
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    answers = [poll(client, tokens["Ana"]) for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    refused = answers[-1]
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert refused.get_json()["error"] == "Too many in a short time. Wait a minute, then try again."
    assert refused.headers["Cache-Control"] == "no-store"
    # Another player's screen, from another phone: as before.
    other = {"REMOTE_ADDR": "192.168.1.24"}
    first = poll(client, tokens["Ben"], address=other)
    assert first.status_code == 200
    assert poll(client, tokens["Ben"], first.get_json()["key"], address=other).status_code == 204


def test_polls_beyond_an_addresss_limit_get_429_over_all_its_links_and_the_laptop_is_exempt(app, client):
    app.config["ONLINE_POLL_LIMIT_PER_ADDRESS"] = "3 per minute"
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    answers = [poll(client, tokens[name]) for name in NAMES]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert int(answers[-1].headers["Retry-After"]) >= 1
    assert poll(client, tokens["Dan"], address={"REMOTE_ADDR": "192.168.1.99"}).status_code == 200
    laptop = {"REMOTE_ADDR": "127.0.0.1"}
    assert [poll(client, tokens[name], address=laptop).status_code for name in NAMES] == [200] * 4
