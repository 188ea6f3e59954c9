"""Printed materials in the seven languages: ?lang= picks one page's language, the event's
language is the default, the print index offers every language by its own name, and each
sheet's sections carry the other tables' wordings hidden, so every sheet lays out alike."""

from __future__ import annotations

import re

import pytest

from tournament import db
from tournament.games import get
from tournament.games.five_tricks.variants import SEED_VARIANTS
from tournament.i18n.languages import LANGUAGES
from tournament.models import Event
from tournament.services.markers import marker

from .visible import without_other_wordings

GERMAN = {"/guide": "Turnierleitfaden", "/signs": "Tisch", "/slips": "Ergebniszettel", "/all": "Alles",
          "/sheets": "Regelblätter"}


def _html(organiser, event_id: int, path: str) -> str:
    response = organiser.get(f"/events/{event_id}/print{path}")
    assert response.status_code == 200, path
    return response.get_data(as_text=True)


def _set_language(app, event_id: int, code: str) -> None:
    with app.app_context():
        db.session().get(Event, event_id).language = code
        db.session().commit()


@pytest.mark.parametrize(("path", "word"), GERMAN.items())
def test_lang_in_the_query_prints_that_page_in_that_language(organiser, event_id, path, word):
    html = _html(organiser, event_id, f"{path}?lang=de")
    assert '<html lang="de"' in html
    assert word in html
    assert "Print page of" not in html and "← Druckseite von" in html


def test_print_pages_speak_the_event_s_language_when_no_lang_is_asked(app, organiser, event_id):
    _set_language(app, event_id, "fr")
    html = _html(organiser, event_id, "/guide")
    assert '<html lang="fr"' in html and "Guide du tournoi" in html
    assert "Tournament guide" in _html(organiser, event_id, "/guide?lang=en")


@pytest.mark.parametrize("lang", ["xx", "de<script>", "", "klingon-DE"])
def test_an_unknown_lang_is_ignored_and_never_echoed(organiser, event_id, lang):
    html = _html(organiser, event_id, f"/guide?lang={lang}")
    assert '<html lang="en"' in html and "Tournament guide" in html
    assert "xx" not in html and "<script>" not in html and "klingon" not in html


def test_the_print_index_offers_every_language_by_its_own_name_and_its_links_carry_the_choice(
        organiser, event_id):
    html = _html(organiser, event_id, "")
    for code, endonym in LANGUAGES.items():
        assert f'<option value="{code}" lang="{code}"' in html and f">{endonym}</option>" in html
    assert "?lang=" not in html, "links in the event's own language carry no lang"
    chosen = _html(organiser, event_id, "?print_lang=fr")
    assert '<option value="fr" lang="fr" selected>' in chosen
    links = re.findall(r'href="[^"]*/print/(?:sheets|guide|signs|slips|all)[^"]*"', chosen)
    assert links and all("lang=fr" in link for link in links)
    assert "/print/sheets?table=3&amp;lang=fr" in chosen
    assert "lang=xx" not in _html(organiser, event_id, "?print_lang=xx")
    assert "<h1>Print materials</h1>" in chosen, "the print page itself stays in its reader's language"


def test_one_table_s_sheet_prints_alone_in_any_language(app, organiser, event_id):
    with app.app_context():
        copies = db.session().get(Event, event_id).sheet_copies
    html = _html(organiser, event_id, "/sheets?table=3&lang=it")
    assert html.count('<article class="page rule-sheet') == copies
    strips = {re.sub(r"<[^>]+>", "", strip) for strip in re.findall(r'<p class="marker"[^>]*>(.*?)</p>', html)}
    assert strips == {marker(3).text}, "only table 3's sheet, known by its marker"
    assert '<html lang="it"' in html
    missing = organiser.get(f"/events/{event_id}/print/sheets?table=99")
    assert missing.status_code == 400 and "There is no table 99" in missing.get_data(as_text=True)
    assert organiser.get(f"/events/{event_id}/print/sheets?table=x").status_code == 400


def test_each_section_carries_the_other_tables_wordings_hidden_and_shows_only_its_own(app, organiser, event_id):
    html = _html(organiser, event_id, "/sheets")
    sheets = re.findall(r'<article class="page rule-sheet">.*?</article>', html, re.S)
    assert len(sheets) == len(SEED_VARIANTS) * 2
    for other in re.findall(r'<span class="wording wording-other"[^>]*>', html):
        assert 'aria-hidden="true"' in other
    game = get("five-tricks")
    for sheet, variant in zip(sheets[::2], SEED_VARIANTS, strict=True):
        own = without_other_wordings(sheet)
        # What the sheet shows is exactly its own variant's sheet; the hidden rest its neighbours'.
        assert f"the {variant.wins} card takes the trick" in own
        assert "wording-other" in sheet
        for section in game.rule_sheet(variant).sections:
            assert str(section.heading) in own  # English: the page has no ?lang
    # The Trumps section of every sheet stacks every other table's trump sentence.
    trumps = re.findall(r"<dt>Trumps</dt>\s*<dd[^>]*>(.*?)</dd>", html, re.S)
    assert {len(re.findall(r"wording-other", t)) for t in trumps} == {len(set(SEED_VARIANTS)) - 1}


def test_a_preview_lays_its_sheet_out_by_its_own_words(organiser, event_id):
    html = _html(organiser, event_id, "/preview?ace=low&wins=highest&trump=clubs")
    assert "wording-other" not in html


def test_the_guide_says_in_every_language_that_names_are_ordered_alike_whatever_the_language(organiser, event_id):
    ties = {}
    for code in LANGUAGES:
        html = _html(organiser, event_id, f"/guide?lang={code}")
        paragraph = re.findall(r"<dd>([^<]*Émile[^<]*)</dd>", html)
        assert paragraph, code
        ties[code] = paragraph[0]
        assert "Eva" in ties[code]
    assert "same in every language" in ties["en"]
    assert len(set(ties.values())) == len(LANGUAGES), "each language words it itself"

