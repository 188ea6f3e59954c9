"""The services' refusals and notes are translatable messages: a page shows them in its
language, with the players' names exactly as typed, and their English is word for word the old."""

from __future__ import annotations

import pytest

from tests.conftest import setup_event
from tournament import db
from tournament.core.i18n import Text
from tournament.core.movement import plan_round
from tournament.core.rounds import RoundState, Transition, refusal
from tournament.i18n import translate
from tournament.i18n.catalogues import compile_all
from tournament.models import Event
from tournament.services import events, players
from tournament.services import tables as table_service
from tournament.services.errors import DomainError


@pytest.fixture(autouse=True, scope="module")
def _compiled() -> None:
    compile_all(only_stale=True)  # .mo files are built, not committed


def test_a_refused_move_reads_in_german_with_the_players_name_untouched(app) -> None:
    reason = plan_round({1: {"Zoë <b>": 2, "Ben": 1}}).move_for("Zoë <b>").reason
    assert str(reason) == "Zoë <b> would move up, but table 1 is the only table, so stays."
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        assert translate(reason) == "Zoë <b> würde aufsteigen, aber Tisch 1 ist der einzige Tisch, bleibt also."


def test_a_tie_reads_in_french_with_a_real_plural_and_the_names_as_typed(app) -> None:
    tie = plan_round({1: {"Ana": 2, "Ben": 2, "Cy": 0}}).ties[0].text
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        assert translate(tie) == ("Ana et Ben sont à égalité avec 2 parties ; "
                                  "l'ordre alphabétique classe Ana avant Ben.")


def test_a_round_refusal_reads_in_the_pages_language(app) -> None:
    refused = refusal(RoundState.RUNNING, Transition.START, 3)
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert translate(refused) == "La ronda 3 sigue en curso. Ciérrela antes de empezar la siguiente."
    with app.test_request_context("/"):
        assert translate(refused) == "Round 3 is still running. Close it before starting the next one."


def test_a_core_refusal_passed_on_by_a_service_keeps_its_parameters(app) -> None:
    with app.app_context(), pytest.raises(DomainError) as refused:
        events.create_event(db.session(), "Class\u200b 9")
    assert isinstance(refused.value.text, Text)
    assert str(refused.value) == ("The event name contains an invisible or control character "
                                  "(U+200B ZERO WIDTH SPACE); retype it or delete that character.")
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        assert translate(refused.value.text) == (
            "Der Name der Veranstaltung enthält ein unsichtbares oder Steuerzeichen (U+200B ZERO WIDTH SPACE); "
            "geben Sie es neu ein oder löschen Sie dieses Zeichen.")


def test_a_pasted_list_with_repeated_names_is_refused_in_italian_naming_them_as_typed(app) -> None:
    event_id = setup_event(app, ["Ana", "Ben", "Cy"])
    with app.app_context(), pytest.raises(DomainError) as refused:
        players.add_players(db.session(), db.session().get(Event, event_id), "Zoë\nZOE\nana")
    message = refused.value.text
    assert isinstance(message, Text)
    with app.test_request_context("/", headers={"Accept-Language": "it"}):
        shown = translate(message)
    assert shown.startswith("Le righe 1 e 2 dicono entrambe «Zoë».")
    assert shown.endswith("Già in questo evento: ana (riga 3, come Ana).")


def test_the_observing_sentence_is_a_plural_message(app) -> None:
    one, two = table_service.observing(1), table_service.observing(2)
    assert str(one).startswith("1 player observes: ") and str(two).startswith("2 players observe: ")
    with app.test_request_context("/", headers={"Accept-Language": "nl"}):
        assert translate(one).startswith("1 speler kijkt toe: een waarnemer")
