"""The hostile-but-ordinary name corpus through the online pages: listed on the claim page,
claimed, each player's page and poll drawn, and a whole deal played by names that hold markup.
Never a 5xx, markup only ever escaped, every name shown isolated as stored."""

from __future__ import annotations

import json
from urllib.parse import urlencode

from markupsafe import escape

from benchmarks.harness import Client
from benchmarks.online_play import advance, check_recorded, joined, make_bots, setup_online_event
from tests.corpus.names import ACCEPTED
from tests.online.conftest import allow_fast_polls
from tournament import db
from tournament.models import Event
from tournament.services.public_names import room_names

NAMES = [stored for _, stored in ACCEPTED.values()]
RAW_MARKUP = (b"<script>alert(1)</script>", b"<img src=x onerror=alert(1)>")
MARKED_UP = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "O'Brien & \"Bo\"", "ليلى K."]


def drawn(kind: str, body: bytes) -> bytes:
    """The HTML a device draws: the page itself, or a payload's `html`."""
    if kind == "page":
        return body
    try:
        return (json.loads(body).get("html") or "").encode()
    except ValueError:
        return body


def raw_markup(bot) -> list[str]:
    return [f"{bot.name!r} {kind} {status}: raw markup" for kind, status, body in bot.bodies
            for markup in RAW_MARKUP if markup in drawn(kind, body)]


def test_every_corpus_name_is_listed_escaped_claimed_and_shown_on_its_own_page(app, live_server):
    with app.app_context():
        setup = setup_online_event(db.session(), NAMES, tables=None)
    with app.app_context():
        shown = room_names(db.session().get(Event, setup.event_id))
    phone, missing = Client(live_server.url), []
    for name in shown.values():  # the page lists a name once part of it is typed
        listing = phone.get(f"/s/{setup.public_token}/play?{urlencode({'q': name})}")
        assert listing.status == 200
        assert not [m for m in RAW_MARKUP if m in listing.body]
        missing += [name] if f"<bdi>{escape(name)}</bdi>" not in listing.text else []
    assert missing == []

    bots = joined(live_server.url, setup, keep_bodies=True)
    problems = [f"{b.name!r} {a.kind} {a.status}" for b in bots for a in b.answers if a.status >= 500]
    for bot in bots:
        problems += raw_markup(bot)
        page = next(body for kind, _status, body in bot.bodies if kind == "page" and b"data-state-url" in body)
        if f"<bdi>{escape(shown[bot.player_id])}</bdi>".encode() not in page:
            problems.append(f"{bot.name!r}: own name not shown isolated and escaped on the player's page")
    assert problems == []


def test_names_holding_markup_play_a_whole_deal_escaped_and_recorded_under_their_names(app, live_server):
    with app.app_context():
        setup = setup_online_event(db.session(), MARKED_UP, tables=1)
    allow_fast_polls(app)
    bots = joined(live_server.url, setup, "random", fastest_ms=20, keep_bodies=True)
    advance(bots, lambda: all(b.game() and b.game()["stage"] == "over" for b in bots))

    problems = [f"{b.name!r} {a.kind} {a.status}" for b in bots for a in b.answers if a.status >= 400]
    for bot in bots:
        problems += raw_markup(bot)
    winners = {bot.deals_over[1]["winner"] for bot in bots}
    assert len(winners) == 1 and winners <= set(MARKED_UP), winners
    with app.app_context():
        problems += check_recorded(db.session(), app.config["SECRET_KEY"], setup.event_id, 1, closed=False)
    assert problems == []


def test_a_second_device_claiming_a_taken_corpus_name_is_refused_with_the_name_escaped(app, live_server):
    with app.app_context():
        setup = setup_online_event(db.session(), MARKED_UP, tables=1)
    first, *_ = make_bots(live_server.url, setup)
    first.join()
    second = Client(live_server.url)
    listing = second.get(f"/s/{setup.public_token}/play")
    from benchmarks.bots import form_csrf

    refused = second.post(f"/s/{setup.public_token}/play",
                          {"csrf_token": form_csrf(listing.text), "player_id": str(first.player_id)})
    assert 400 <= refused.status < 500
    assert "is already playing on another device" in refused.text
    with app.app_context():
        shown = room_names(db.session().get(Event, setup.event_id))[first.player_id]
    assert str(escape(shown)) in refused.text
    assert not [m for m in RAW_MARKUP if m in refused.body]
