"""Euchre rule sheets in every language: the cards and suits sit where the translation puts them,
and each sheet states only its table's options. (One page and one layout in every language:
tests/print/test_sheets_in_every_language.py.)"""

from __future__ import annotations

import html
import re

import pytest

from tests.app.helpers import shown_text
from tournament.games.euchre import scoring
from tournament.games.euchre.scorer import EUCHRE_SCORER, status_text
from tournament.games.euchre.variants import EuchreVariant, summary_text
from tournament.i18n import translate
from tournament.i18n.catalogues import compile_all
from tournament.i18n.languages import LANGUAGES

from .conftest import euchre_event

NAMES = [f"Player {chr(65 + i // 4)}{i % 4}" for i in range(16)]  # four tables: every combination
TRANSLATED = sorted(code for code in LANGUAGES if code != "en")
PLAYERS = {"1": "Ann", "2": "Bo", "3": "Cy", "4": "Dee"}


@pytest.fixture(autouse=True, scope="module")
def catalogues():
    compile_all(only_stale=True)


def test_the_scorer_s_running_score_reads_in_the_page_s_language_with_a_real_plural(app):
    sheet = [{"makers": ["1", "3"], "alone": False, "tricks": 5}, {"makers": ["2", "4"], "alone": False, "tricks": 3}]
    tally = EUCHRE_SCORER.tally(EuchreVariant(), PLAYERS, sheet)
    assert str(tally.status) == "Ann & Cy lead 2 to 1 after 2 hands."
    march = scoring.Hand(frozenset({"1", "3"}), False, 5)
    with app.test_request_context("/"):
        one, two = (translate(status_text(PLAYERS, scoring.add_up(PLAYERS, [march] * n)), "de") for n in (1, 2))
    assert one == "Ann & Cy führen 2 zu 0 nach 1 Blatt."
    assert two == "Ann & Cy führen 4 zu 0 nach 2 Blättern."


def test_a_euchre_table_s_summary_is_one_message_per_combination_of_settings(app):
    variant = EuchreVariant(no_trump=True, stick_the_dealer=True)
    with app.test_request_context("/"):
        assert translate(summary_text(variant), "es") == "Se puede cantar «sin triunfo»; repartidor obligado"
        assert translate(summary_text(EuchreVariant()), "de") == "Nur Farben; neu geben, wenn alle zweimal passen"


def test_a_german_euchre_sheet_names_the_left_bower_in_german_with_its_card(app, organiser):
    event_id = euchre_event(app, NAMES, sheet_copies=1)
    response = organiser.get(f"/events/{event_id}/print/sheets?lang=de")
    text = re.sub(r"<[^>]+>", "", response.get_data(as_text=True))
    assert "Herz ist Trumpf. J♦ ist der linke Bube: ein Trumpf, er bedient 9♥ und schlägt A♥." in text
    assert "24 Karten: 9, 10, Bube, Dame, König und Ass jeder Farbe (♠ ♥ ♦ ♣)." in text
    assert "left bower" not in text and "Example trick" not in text


def test_a_french_euchre_sheet_states_only_its_own_table_s_options(app, organiser):
    event_id = euchre_event(app, NAMES, sheet_copies=1)
    sheets = html.unescape(shown_text(organiser.get(f"/events/{event_id}/print/sheets?lang=fr")))
    first, second = sheets.split('<article class="page rule-sheet')[1:3]  # plain, then no trump + stick
    assert "sans atout" not in first and "la donne est annulée" in first
    assert "sans atout" in second and "il doit nommer l'atout" in second and "annulée" not in second
