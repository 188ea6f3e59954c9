"""The three phone flows in WebKit (Safari's engine: iPhones) and Firefox, at 390×844, against
the real server: send a table's results, find one's seat by a name typed without accents, and
claim a name online and play a card. On every page: no sideways scrolling, and at the end no
console error, uncaught exception or CSP violation (tests/engines/capture.py says what is seen)."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from tests.app.helpers import player_ids, seating
from tests.conftest import setup_event
from tests.engines.capture import READ_ERRORS
from tests.engines.conftest import PHONE
from tests.online.conftest import act, online_event, start, state
from tests.online.joining import search_on_engine
from tests.room.conftest import seated, start_round, tokens
from tournament import db
from tournament.models import Agreement, Event, Game, Presence, Round, Seat
from tournament.services.online import claims

pytestmark = [pytest.mark.engines, pytest.mark.xdist_group("engines")]


def fits_the_phone(phone) -> None:
    assert phone.evaluate("innerWidth") == PHONE[0]
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE[0], "the page scrolls sideways"


def test_a_table_phone_sends_two_winners_and_sees_them_sent(app, served, phone):
    event_id = setup_event(app, ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fay", "Gus", "Hannah"], tables=2)
    start_round(app, event_id)
    first_id, second_id, *_ = seated(app, event_id, 1).values()

    phone.goto(f"{served.url}/t/{tokens(app, event_id)[1]}")
    fits_the_phone(phone)
    phone.wait_for("document.documentElement.dataset.updates === 'push'")  # the page follows a live stream
    phone.tap(f'label:has(> input[name="games-0-winner"][value="{first_id}"])')
    phone.tap(f'label:has(> input[name="games-1-winner"][value="{second_id}"])')
    phone.tap("button[data-send]")
    phone.wait_for("document.body.innerText.includes('Sent!')")

    fits_the_phone(phone)
    with app.app_context():
        games = db.session().scalars(select(Game).join(Round).where(Round.event_id == event_id))
        assert {g.number: set(g.winner_ids) for g in games} == {1: {first_id}, 2: {second_id}}
    assert phone.errors() == []


def test_a_table_phone_reports_a_missing_player_sends_a_winner_and_the_table_disputes_it(app, served, phone):
    event_id = setup_event(app, ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fay", "Gus", "Hannah"], tables=2)
    start_round(app, event_id)
    at_table = sorted(seated(app, event_id, 1).items())
    (_winner, winner_id), (_missing, missing_id) = at_table[0], at_table[-1]

    phone.goto(f"{served.url}/t/{tokens(app, event_id)[1]}")
    fits_the_phone(phone)
    phone.tap(f'label:has(> input[name="missing"][value="{missing_id}"])')
    phone.tap("button[data-send-missing]")
    phone.wait_for("document.body.innerText.includes('has been told who is missing')")
    phone.tap(f'label:has(> input[name="games-0-winner"][value="{winner_id}"])')
    phone.tap("button[data-send]")
    phone.wait_for("document.querySelector('.agree-no') !== null")
    fits_the_phone(phone)
    phone.tap(".agree-no")
    phone.wait_for("document.body.innerText.includes('marked as disputed')")

    with app.app_context():
        session = db.session()
        game = session.scalar(select(Game).join(Round).where(Round.event_id == event_id))
        assert game.agreement is Agreement.DISPUTED and set(game.winner_ids) == {winner_id}
        presence = session.scalar(select(Seat.presence).where(Seat.player_id == missing_id))
        assert presence is Presence.MISSING
    assert phone.errors() == []


def test_where_do_i_sit_finds_a_name_typed_without_its_accent(app, served, phone):
    names = ["Ana", "Ben", "Chloé", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hannah", "Ivo", "Jon", "Kim", "Lea", "Max"]
    event_id = setup_event(app, names, tables=3)
    start_round(app, event_id)

    phone.goto(f"{served.url}/s/{tokens(app, event_id)['public']}")
    fits_the_phone(phone)
    assert phone.evaluate("document.querySelectorAll('#names li').length") == 0  # nobody before typing
    phone.type("#find-name", "Chloe")  # the page asks the server as the pupil types
    shown = "[...document.querySelectorAll('#names li')].map(li => li.innerText)"
    phone.wait_for(f"{shown}.length == 1")
    assert phone.evaluate(shown) == ["Chloé"]
    phone.tap("#names li a")
    phone.wait_for("document.getElementById('seat-number')")

    fits_the_phone(phone)
    assert phone.text("#seat-name") == "Chloé"
    assert phone.text("#seat-number") == str(seating(app, event_id, 1)["Chloé"])
    assert phone.errors() == []


def _claim(app, event_id: int, names: list[str]) -> dict[str, str]:
    ids = player_ids(app, event_id)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        return {name: claims.claim(session, event, ids[name]) for name in names}


def test_a_player_claims_a_name_online_and_plays_a_card_on_their_turn(app, served, phone):
    event_id = online_event(app, ["Ana", "Ben", "Cleo", "Dan"], 1)
    others = _claim(app, event_id, ["Ana", "Ben", "Dan"])  # Ana deals, Ben leads, then Cleo

    phone.goto(f"{served.url}/s/{tokens(app, event_id)['public']}/play")
    fits_the_phone(phone)
    search_on_engine(phone, "Cleo")
    phone.tap(f'button.claim-name[value="{player_ids(app, event_id)["Cleo"]}"]')
    phone.wait_for("location.pathname.startsWith('/play/') && document.querySelector('#play .phase-waiting')")
    cleo = phone.evaluate("location.pathname").rsplit("/", 1)[1]

    start(app, event_id)
    ben = state(app, others["Ben"])["game"]
    assert ben["my_turn"]
    app.config["WTF_CSRF_ENABLED"] = False  # Ben's card is sent by the test, not by a page
    try:
        assert act(app.test_client(), others["Ben"], action="play", card=ben["playable"][0]).status_code == 200
    finally:
        app.config["WTF_CSRF_ENABLED"] = True

    live_card = ".hand.live .card-button:not([disabled])"
    phone.wait_for(f"document.querySelector({json.dumps(live_card)})")
    fits_the_phone(phone)
    played = state(app, cleo)["game"]["playable"][0]  # the first card the phone offers
    phone.tap(live_card)
    phone.wait_for("!document.querySelector('.hand.live')")

    game = state(app, cleo)["game"]
    assert len(game["trick"]) == 2 and played not in game["hand"] and not game["my_turn"]
    fits_the_phone(phone)
    assert phone.errors() == []


def test_the_error_watch_sees_console_errors_exceptions_and_csp_violations(app, served, phone):
    """The flows' `errors() == []` could not fail if the watch saw nothing."""
    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dan"])
    phone.goto(f"{served.url}/s/{tokens(app, event_id)['public']}")
    assert phone.errors() == []
    phone.evaluate("console.error('said'), setTimeout(() => { throw new Error('thrown'); }), "
                   "document.head.append(Object.assign(document.createElement('script'), {textContent: '1'})), 0")
    phone.wait_for(f"{READ_ERRORS}.length >= 3")
    seen = "\n".join(phone.errors())
    assert "console.error: said" in seen and "thrown" in seen and "CSP violation: script-src" in seen
