"""One sender cannot fill the event's notes for everybody: each table link and each observer's
page may post a dozen notes a minute; past that the answer is 429 and nothing is stored, while
other senders go on."""

from __future__ import annotations

from tests.notes.conftest import form_keys, stored
from tournament.throttle import DEFAULT_NOTES_PER_ADDRESS, DEFAULT_NOTES_PER_SENDER

PER_MINUTE = int(DEFAULT_NOTES_PER_SENDER.split()[0])
PER_ADDRESS = int(DEFAULT_NOTES_PER_ADDRESS.split()[0])


def _send(client, path: str, page: str, text: str):
    data = {**form_keys(client.get(page).get_data(as_text=True)), "text": text, "table": "1"}
    return client.post(path, data=data)


def test_a_table_posting_more_than_a_dozen_notes_a_minute_is_told_to_wait_and_others_go_on(app, client, room):
    table_one = f"/t/{room[1]}/note"
    answers = [_send(client, table_one, table_one, f"note {n}").status_code for n in range(PER_MINUTE + 1)]
    assert answers == [302] * PER_MINUTE + [429]
    refused = _send(client, table_one, table_one, "one more")
    assert refused.status_code == 429
    assert "Wait a minute, then try again." in refused.get_data(as_text=True)
    assert _send(client, f"/t/{room[2]}/note", f"/t/{room[2]}/note", "table two").status_code == 302
    texts = [note.text for note in stored(app, room["event"])]
    assert texts == [f"note {n}" for n in range(PER_MINUTE)] + ["table two"]


def test_an_observer_has_a_limit_of_their_own(app, client, room):
    seat = f"/s/{room['public']}/{room['observer']}"
    for n in range(PER_MINUTE):
        assert _send(client, seat + "/note", seat, f"seen {n}").status_code == 302
    assert _send(client, seat + "/note", seat, "too many").status_code == 429
    assert _send(client, f"/t/{room[3]}/note", f"/t/{room[3]}/note", "table three").status_code == 302
    assert [note.source for note in stored(app, room["event"])].count("observer") == PER_MINUTE


def test_one_phone_cannot_share_a_flood_out_over_many_senders(app, room):
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = "192.0.2.7"
    senders = [f"/t/{room[n]}/note" for n in (1, 2, 3)]
    answers = [_send(phone, path, path, f"{path} {n}").status_code
               for n in range(PER_MINUTE) for path in senders][:PER_ADDRESS + 1]
    assert answers == [302] * PER_ADDRESS + [429]
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "192.0.2.8"
    assert _send(other, senders[2], senders[2], "another phone").status_code == 302
    assert len(stored(app, room["event"])) == PER_ADDRESS + 1
