"""Words the pages use for one thing are one word: German calls the home table "Starttisch"
everywhere, and every language's change log calls a deal what the scorer calls it. A role is
introduced where the rule sheet and the guide first name it, and no sentence is cut short."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from tournament.i18n.catalogues import po_path
from tournament.i18n.languages import TRANSLATED

SCORER_SENTENCES = (
    "From the dealer's left, each player writes down how many tricks they will take (0 or more) and shows it. "
    "One player, the table's scorer, enters the bids on the table's phone.",
    "Each table's phone keeps the score sheet: one player at each table, its scorer, enters every player's bid "
    "and tricks taken after each deal, and the phone adds up the points and shows who leads.",
)


def _catalogue(code: str):
    with po_path(code).open("rb") as source:
        return read_po(source, locale=code)


def _strings(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def _id(message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def test_german_calls_the_home_table_starttisch_on_every_page():
    home = {_id(m): _strings(m) for m in _catalogue("de") if m.id and "home table" in _id(m).lower()}
    assert home
    for msgid, strings in home.items():
        assert all("Starttisch" in text for text in strings), (msgid, strings)
    others = [s for m in _catalogue("de") if m.id for s in _strings(m) if "Stammtisch" in s or "Heimtisch" in s]
    assert others == []


@pytest.mark.parametrize("code", sorted(TRANSLATED))
def test_the_change_log_calls_a_deal_what_the_scorer_calls_it(code):
    catalogue = _catalogue(code)
    scorer_word = catalogue.get("Deal {n}").string.replace("{n}", "").strip().lower()
    for msgid in ("deal added", "deal undone"):
        assert scorer_word in catalogue.get(msgid, context="audit").string.lower()


def test_the_rule_sheet_and_the_guide_say_who_the_scorer_is_in_german():
    catalogue = _catalogue("de")
    for msgid in SCORER_SENTENCES:
        text = catalogue.get(msgid).string
        assert "Eine Person am Tisch schreibt mit" in text and "Schreiber" not in text


def test_the_elbows_up_winner_sentence_is_whole_in_german():
    text = _catalogue("de").get(
        "A game is {deals} deals; the phone adds up the points. The most points wins; if the round ends sooner, "
        "the most points so far. A tie goes to the name first in alphabetical order.").string
    assert "endet die Runde vorher, gewinnt, wer bis dahin die meisten Punkte hat." in text
