"""Words the pages use for one thing are one word: German calls the home table "Starttisch"
everywhere, and every language's change log calls a deal what the scorer calls it. A role is
introduced where the rule sheet and the guide first name it, no sentence is cut short or glued, and
what a pupil reads addresses them as the language does (du, tú, tu, tu in pt-PT)."""

from __future__ import annotations

import re

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


# What a pupil reads on the table's phone and on the printed slips and guide, in English.
PUPIL_TEXTS = (
    "Mark each game's winner. Or type the tricks: then the tricks decide — the player with the most tricks wins "
    "(an unfinished game counts the tricks so far; a tie goes to the alphabetically first name).",
    "Mark the team that won each game: the first team to 10 points (both partners win it). If the round ends during "
    "a game, mark the team ahead on points; if the points are level, leave the game as no game.",
    "A game is {deals} deals. Mark each game's winner, or type everyone's points: then the points decide — the most "
    "points wins (an unfinished game counts the points so far; a tie goes to the alphabetically first name).",
    "Tick the winner of each game (the most tricks; an unfinished game goes to the most tricks so far). Write tricks "
    "in the small box if you count them. A tie on tricks goes to the name first in alphabetical order.",
    "Tick the team that won each game: the first team to 10 points. A game still going when the round ends goes to "
    "the team ahead on points; level points: tick nothing.",
    "A game is {deals} deals. Tick the player with the most points (an unfinished game goes to the most points so "
    "far). Write the points in the small boxes if you count them. A tie on points goes to the name first in "
    "alphabetical order.",
    "You have {n} minute to read the rules of {game} and try a few practice games. Then the rule sheets are "
    "collected.",
    "Sending twice is harmless. If the organiser changed a game meanwhile, you will be told.",
    "Or tap an icon to send it (with your words, if any):",
    "You play at table {table}.",
    "Your cards",
    "Say something to your table",
    "Not sent: the connection failed. Try again.",
    "Keep this page open. It changes by itself when the organiser starts.",
)
# How a language would address a pupil other than as the team's rule says (du, tú, tu, tu pt-PT, je).
OTHER_ADDRESS = {
    "de": r"\b\w+en Sie\b|\bSie haben\b",
    "es": r"\bcontáis\b",
    "it": r"\bcontate\b",
    "pt": r"\b(Marque|Assinale|assinale|Escreva|digite|toque|suas|Você|você|Tente|Diga|Mantenha|desenhe)\b"
          r"|\bse as contar\b|\bserá avisado\b",
}


@pytest.mark.parametrize("code", sorted(OTHER_ADDRESS))
def test_what_a_pupil_reads_on_the_phone_and_the_slips_addresses_them_as_the_language_does(code):
    catalogue = _catalogue(code)
    for msgid in PUPIL_TEXTS:
        for text in _strings(catalogue.get(msgid)):
            assert not re.search(OTHER_ADDRESS[code], text), (code, text)


@pytest.mark.parametrize(("code", "glued"), [("de", "Die meisten gewonnenen Spiele steigen"),
                                             ("fr", "Le plus de parties gagnées monte"),
                                             ("nl", "De meeste gewonnen spellen gaat"),
                                             ("pt", "Mais partidas ganhas sobe")])
def test_the_slip_says_who_moves_up_in_a_whole_sentence(code, glued):
    catalogue = _catalogue(code)
    for msgid in ("Hand this slip to the organiser when the round ends. Most games won moves up, fewest moves down.",
                  "Hand this slip to the organiser when the round ends. Most games won moves up, fewest moves down "
                  "(two each way at this table of %(players)s)."):
        assert glued not in catalogue.get(msgid).string


def test_french_puts_no_game_name_after_a_bare_de_and_writes_carreaux():
    # "les règles de Euchre" needs an elision no placeholder can make: "les règles du jeu Euchre".
    strings = [text for m in _catalogue("fr") if m.id for text in _strings(m)]
    assert [text for text in strings if " de {game}" in text] == []
    assert [text for text in strings if "carreaus" in text] == []


PT_FORMAL = (r"\b(Embaralhe|Distribua|distribua|Deixe|Diga|Jogue|jogue|Vire|vire|ponha|Ponha|Siga|siga|saia|Saia"
             r"|Você|você|Dê|dê|Escreva|Marque|faça|Mantenha|Passe|compre|Anote|anote|Pegue|pegue)\b")


def test_the_portuguese_rule_sheets_speak_to_the_pupil_as_tu():
    from tournament.i18n.catalogues import TRANSLATIONS

    with (TRANSLATIONS / "messages.pot").open("rb") as source:
        sheet_ids = {(_id(m), m.context) for m in read_po(source) if m.id and any(
            path.startswith("tournament/games/") and path.endswith("sheets.py") for path, _line in m.locations)}
    assert len(sheet_ids) > 20
    catalogue = _catalogue("pt")
    formal = [text for msgid, context in sheet_ids for text in _strings(catalogue.get(msgid, context=context))
              if re.search(PT_FORMAL, text)]
    assert formal == []
