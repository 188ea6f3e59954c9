"""Every game asks its table to agree: a result typed on the phone at once, a game kept on the
phone's scorer once the scorer says the game is finished (its final result)."""

from __future__ import annotations

import re

import pytest

from tests.agreement.conftest import agreement_of, answer, everyone_here, running_event
from tests.room.conftest import seated, tokens
from tests.scorer.conftest import card_event
from tournament import db
from tournament.games import all_games
from tournament.models import Agreement, Event
from tournament.services.round_data import load_round
from tournament.services.scoresheets import add_entry, undo_last_entry


@pytest.mark.parametrize("game", [g.key for g in all_games()])
def test_a_result_typed_on_the_phone_asks_the_table_in_every_game(app, phone, game):
    event_id = running_event(app, game=game)
    everyone_here(phone, app, event_id, 1)
    url = f"/t/{tokens(app, event_id)[1]}"
    page = phone.get(url).get_data(as_text=True)
    choice = re.findall(r'name="games-0-winner" type="radio" value="([^"]+)"', page)[0]
    sent = phone.post(url, data={"round": "1", "games-0-number": "1", "games-0-version": "",
                                 "games-0-winner": choice}, follow_redirects=True).get_data(as_text=True)
    assert agreement_of(app, event_id, 1, 1) is Agreement.ASKED
    assert "Game 1: does the table agree?" in sent
    answer(phone, app, event_id, 1, 1, agree=True)
    assert agreement_of(app, event_id, 1, 1) is Agreement.AGREED


def _draw(app, card, who: str, seen: int, actor: str = "phone, table 1"):
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, card.event_id), 1)
        return add_entry(session, data, data.table(1), 1, seen, {"top": str(card.seated[1][who])}, actor=actor,
                         while_running=actor != "organiser")


def test_a_scored_game_asks_only_once_the_scorer_finishes_it(app, highest_card):
    card = card_event(app)
    first = sorted(card.seated[1])[0]
    _draw(app, card, first, 0)
    _draw(app, card, first, 1)
    assert agreement_of(app, card.event_id, 1, 1) is None  # still being played
    _draw(app, card, first, 2)
    assert agreement_of(app, card.event_id, 1, 1) is Agreement.ASKED


def test_the_scorer_page_shows_the_question_for_the_finished_game(app, highest_card):
    card = card_event(app)
    first = sorted(card.seated[1])[0]
    for seen in range(3):
        _draw(app, card, first, seen)
    phone = app.test_client()
    page = phone.get(f"/t/{card.tokens[1]}/games/1/score").get_data(as_text=True)
    assert "Game 1: does the table agree?" in page and '<input name="back" type="hidden" value="score">' in page


def test_undoing_the_finishing_entry_withdraws_the_question(app, highest_card):
    card = card_event(app)
    first = sorted(card.seated[1])[0]
    for seen in range(3):
        _draw(app, card, first, seen)
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, card.event_id), 1)
        undo_last_entry(session, data, data.table(1), 1, 3, actor="phone, table 1", while_running=True)
    assert agreement_of(app, card.event_id, 1, 1) is None


def test_a_euchre_game_finished_on_the_phones_scorer_asks_for_its_final_result(app):
    event_id = running_event(app, game="euchre")
    ids = seated(app, event_id, 1)
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, event_id), 1)
        order = [str(p.id) for p in data.seated_at(data.table(1))]
        hand = {"makers": [order[0], order[2]], "alone": True, "tricks": 5}
        for seen in range(3):
            change = add_entry(session, load_round(session, session.get(Event, event_id), 1), data.table(1), 1,
                               seen, hand, actor="phone, table 1", while_running=True)
    assert change.tally.finished and len(ids) == 4
    assert agreement_of(app, event_id, 1, 1) is Agreement.ASKED
