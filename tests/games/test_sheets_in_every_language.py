"""Elbows Up!, Elevator and Elevator UP rule sheets in the app's seven languages: a translated sheet
speaks its language throughout: headings, every sentence, the chart, the example and the card key.
(One page and one layout in every language: tests/print/test_sheets_in_every_language.py.)"""

from __future__ import annotations

import html
import re

import pytest

from tests.games.elevator.helpers import shedding_event
from tournament.core.i18n import Text
from tournament.games import get
from tournament.games import settings as declared
from tournament.i18n import translate
from tournament.i18n.languages import TRANSLATED

GAMES = ("elbows-up", "elevator", "elevator-up")
# One table per combination of the game's settings, so every wording is printed.
TABLES = {"elbows-up": 4, "elevator": 8, "elevator-up": 8}
NAMES = [f"Player {n:02d}" for n in range(8 * 3)]


def _event(app, key: str) -> int:
    return shedding_event(app, key, NAMES[: TABLES[key] * 3], tables=TABLES[key], sheet_copies=1, paper_size="a4")


def _sheet_text(response) -> str:
    body = response.get_data(as_text=True)
    return html.unescape(re.sub(r"<[^>]+>", "", body))


def _messages(sheet: object) -> list[Text]:
    """Every message a sheet prints: headings, sentences and the parts of its figure."""
    found: list[Text] = []
    for value in vars(sheet).values() if hasattr(sheet, "__dict__") else (getattr(sheet, f) for f in sheet.__slots__):
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Text):
                found.append(item)
            elif hasattr(item, "__slots__"):
                found += _messages(item)
    return found


@pytest.mark.parametrize("key", GAMES)
def test_a_translated_sheet_prints_no_english_sentence(app, organiser, key):
    event_id = _event(app, key)
    game = get(key)
    english = [str(text) for variant in declared.default_variants(game.settings, TABLES[key])
               for text in _messages(game.rule_sheet(variant)) if len(str(text)) > 30]
    assert english
    for language in TRANSLATED:
        printed = _sheet_text(organiser.get(f"/events/{event_id}/print/sheets?lang={language}"))
        left = [sentence for sentence in english if sentence in printed]
        assert not left, f"{game.title} in {language} still prints English: {left[:3]}"


def test_a_german_elevator_up_sheet_s_floor_key_is_in_german(app, organiser):
    event_id = _event(app, "elevator-up")
    page = organiser.get(f"/events/{event_id}/print/sheets?lang=de").get_data(as_text=True)
    keys = [html.unescape(re.sub(r"<[^>]+>", " ", figure)) for figure in re.findall(r"<figure.*?</figure>", page, re.S)]
    assert len(keys) == TABLES["elevator-up"]
    tables = [key.split() for key in keys]
    for words in tables:
        assert words[:4] == ["Die", "Karten", "im", "Überblick"]
        assert {"Penthouse", "Neubau", "Lobby"} <= set(words) and "B" in words
        assert "Floor" not in words and "Door" not in words and "Key" not in words
    assert any("Etage" in words for words in tables) and any("Tür" in words for words in tables)


def test_the_sheet_s_messages_translate_in_every_language(app):
    """Every message on every table's sheet has its own wording in each translated language
    (a single word, a number or a card letter may be spelt alike)."""
    with app.test_request_context():
        for key in GAMES:
            game = get(key)
            for variant in declared.default_variants(game.settings, TABLES[key]):
                for text in _messages(game.rule_sheet(variant)):
                    if " " not in text.msgid:  # a single word may be the same (Points, Jokers, Lobby)
                        continue
                    same = [lang for lang in TRANSLATED if translate(text, lang) == str(text)]
                    assert not same, f"{game.title}: {text.msgid!r} untranslated in {same}"
