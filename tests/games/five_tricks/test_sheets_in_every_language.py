"""Five Tricks rule sheets in every language: the translation names the suit in its own words and
places the symbol. (One page and one layout in every language: tests/print/test_sheets_in_every_language.py.)"""

from __future__ import annotations

import re

import pytest

from tests.print.conftest import seed_event
from tournament.games import settings as declared
from tournament.games.five_tricks import FIVE_TRICKS
from tournament.games.five_tricks.cards import Suit
from tournament.games.five_tricks.game import ENTRY_HINT
from tournament.games.five_tricks.settings import summary_text
from tournament.games.five_tricks.variants import FiveTricksVariant
from tournament.i18n import translate
from tournament.i18n.catalogues import compile_all
from tournament.i18n.languages import LANGUAGES

TRANSLATED = sorted(code for code in LANGUAGES if code != "en")


@pytest.fixture(autouse=True, scope="module")
def catalogues():
    compile_all(only_stale=True)


def _sheets(organiser, event_id: int, lang: str) -> str:
    response = organiser.get(f"/events/{event_id}/print/sheets?lang={lang}")
    assert response.status_code == 200
    return re.sub(r"<[^>]+>", "", response.get_data(as_text=True))


def test_a_german_five_tricks_sheet_names_the_trump_suit_in_german_and_shows_its_symbol(app, organiser):
    event_id = seed_event(app, sheet_copies=1)  # table 1 plays hearts trump, only when void
    text = _sheets(organiser, event_id, "de")
    assert "Herz (♥) ist Trumpf." in text
    assert "Herz (♥) darf nur spielen, wer keine Karte der ausgespielten Farbe hat." in text
    assert "Hearts" not in text and "trumps" not in text


def test_a_french_five_tricks_sheet_places_the_card_where_the_sentence_puts_it(app, organiser):
    event_id = seed_event(app, sheet_copies=1)
    text = _sheets(organiser, event_id, "fr")
    assert "Le joueur 1 entame le 6♠\u202f; les joueurs 2, 3 et 4 suivent" in text
    assert "Exemple de pli" in text and "Example trick" not in text


def test_a_no_trump_sheet_in_german_names_no_suit(app, organiser):
    event_id = seed_event(app, sheet_copies=1, tables=1)
    response = organiser.get(f"/events/{event_id}/print/preview?ace=high&wins=lowest&trump=&lang=de")
    text = re.sub(r"<[^>]+>", "", response.get_data(as_text=True))
    assert "Dieses Spiel wird ohne Trumpf gespielt." in text
    assert not re.search(r"Herz|Karo|Kreuz|Pik", text)


def test_a_table_s_rules_summary_names_its_trump_suit_in_each_language_and_stays_english_by_default(app):
    variant = FiveTricksVariant("high", "highest", Suit.HEARTS, trump_any_time=True)
    assert str(declared.summary(FIVE_TRICKS.settings,
                                variant)) == "Ace high, highest card wins; ♥ Hearts trump (any time)"
    with app.test_request_context("/"):
        assert translate(summary_text(variant), "de") == "Ass hoch, höchste Karte gewinnt; ♥ Herz Trumpf (jederzeit)"
        french = translate(summary_text(variant), "fr")
        assert french == "As fort, la plus forte carte gagne\u202f; ♥ atout cœur (à tout moment)"
        assert translate(ENTRY_HINT, "nl").startswith("Vink de winnaar van elk spel aan.")


def test_a_refusal_names_the_players_as_typed_in_the_page_s_language(app):
    from tournament.core.errors import RuleError
    from tournament.games.protocol import Report

    with pytest.raises(RuleError) as refused:
        FIVE_TRICKS.check_report(FiveTricksVariant("high", "highest", None), Report(frozenset({"Ann", "Zoë"})),
                                 ["Ann", "Zoë"])
    assert str(refused.value) == "only one winner can be marked, not Ann, Zoë."
    with app.test_request_context("/"):
        assert translate(refused.value.text, "it") == "si può segnare un solo vincitore, non Ann, Zoë."
