"""Elbows Up!, Elevator and Elevator UP rule sheets in the app's seven languages: every table's
sheet is one A4 page in each (real Chromium, one browser), and a translated sheet speaks its
language throughout: headings, every sentence, the chart, the example and the card key."""

from __future__ import annotations

import html
import re

import pytest

from tests.games.elevator.helpers import shedding_event
from tests.games.elevator.test_printed_sheets import PRINTED_WIDTH
from tests.print.test_print_pdf import PAPER, log_in, pdf_pages
from tournament import db
from tournament.core.i18n import Text
from tournament.games import get
from tournament.i18n import translate
from tournament.i18n.languages import CODES, TRANSLATED
from tournament.services import accounts

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
    english = [str(text) for variant in game.default_variants(TABLES[key])
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
            for variant in game.default_variants(TABLES[key]):
                for text in _messages(game.rule_sheet(variant)):
                    if " " not in text.msgid:  # a single word may be the same (Points, Jokers, Lobby)
                        continue
                    same = [lang for lang in TRANSLATED if translate(text, lang) == str(text)]
                    assert not same, f"{game.title}: {text.msgid!r} untranslated in {same}"


@pytest.mark.browser
@pytest.mark.parametrize("key", GAMES)
def test_every_table_s_sheet_is_one_a4_page_in_every_language(app, live_server, page, key):
    event_id = _event(app, key)
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    log_in(page, live_server.url)
    overflowed = {}
    for language in CODES:
        page.goto(f"{live_server.url}/events/{event_id}/print/sheets?lang={language}")
        assert page.locator("html").get_attribute("lang") == language
        sizes = pdf_pages(page.pdf(prefer_css_page_size=True, print_background=True))
        if len(sizes) != TABLES[key] or any(abs(w - PAPER["a4"][0]) >= 1 for w, _h in sizes):
            overflowed[language] = len(sizes)
    assert not overflowed, f"{get(key).title}: pages printed for {TABLES[key]} tables, by language: {overflowed}"


@pytest.mark.browser
@pytest.mark.parametrize("key", GAMES)
def test_every_table_s_sheet_has_one_layout_in_every_language(app, live_server, page, key):
    """A setting's two wordings take the same lines in each language, so all tables' sheets
    look alike: every section and figure has one height at every table (A4's and Letter's
    printed widths)."""
    event_id = _event(app, key)
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    log_in(page, live_server.url)
    page.emulate_media(media="print")
    uneven = {}
    for paper, width in PRINTED_WIDTH.items():
        page.set_viewport_size({"width": width, "height": 900})
        for language in CODES:
            page.goto(f"{live_server.url}/events/{event_id}/print/sheets?lang={language}")
            blocks = [tuple(round(box["height"]) for box in (part.bounding_box() for part in
                                                            sheet.locator(".section, figure").all()))
                      for sheet in page.locator("article.rule-sheet").all()]
            if len(set(blocks)) != 1:
                uneven[paper, language] = [i for i in range(len(blocks[0])) if len({b[i] for b in blocks}) > 1]
    assert not uneven, f"{get(key).title}: blocks of unequal height between tables: {uneven}"
