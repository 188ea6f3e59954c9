"""While typed scores decide a game, the entry pages name the winner in a whole sentence of the
game's own ("Nach Stichen: Ben gewinnt."), never a shared sentence with the score's name put in
("Nach {noun}" made "Nach Punkte")."""

from __future__ import annotations

import html
import re

import pytest

from tests.room.conftest import start_round, tokens
from tournament import db
from tournament.services import events, players
from tournament.services import tables as table_service

GERMAN = {"Accept-Language": "de"}


def _running_event(app, game: str) -> int:
    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Klasse 7", game=game)
        players.add_players(session, event, "Ana\nBen\nCem\nDora")
        table_service.set_table_count(session, event, 1)
        event_id = event.id
    start_round(app, event_id)
    return event_id


def _sentences(page: str) -> tuple[str, str]:
    form = re.search(r"<form [^>]*data-results-form[^>]*>", page)
    assert form is not None
    say = re.search(r'data-scores-say="([^"]*)"', form.group(0))
    overrule = re.search(r'data-scores-overrule="([^"]*)"', form.group(0))
    assert say and overrule
    return html.unescape(say.group(1)), html.unescape(overrule.group(1))


@pytest.mark.parametrize(("game", "say", "overrule"), [
    ("five-tricks", "Nach Stichen: {name} gewinnt.", "Die Stiche entscheiden: {name} gewinnt dieses Spiel."),
    ("elbows-up", "Nach Punkten: {name} gewinnt.", "Die Punkte entscheiden: {name} gewinnt dieses Spiel."),
])
def test_the_phone_and_the_organiser_name_the_score_winner_in_the_games_own_german_sentence(
        app, organiser, game, say, overrule):
    event_id = _running_event(app, game)
    phone = app.test_client().get(f"/t/{tokens(app, event_id)[1]}", headers=GERMAN).get_data(as_text=True)
    desk = organiser.get(f"/events/{event_id}/rounds/1/tables/1", headers=GERMAN).get_data(as_text=True)
    for page in (phone, desk):
        said, overruled = _sentences(page)
        assert said == say and overruled.startswith(overrule)
