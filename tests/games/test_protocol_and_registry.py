"""The game seam: Five Tricks answers the tournament's questions exactly as the app did before
games were pluggable, and the registry finds games by key."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from tests.games.strict_types import StrictReport, one_strict_run
from tournament.core import game_winner
from tournament.core.errors import RuleError
from tournament.core.limits import MAX_GAMES_PER_TABLE
from tournament.games import (
    DEFAULT,
    CardGame,
    Report,
    ScoreField,
    TableSizes,
    all_games,
    get,
    register,
    unregister,
)
from tournament.games import settings as declared
from tournament.games.five_tricks import FIVE_TRICKS, TRICKS, FiveTricks
from tournament.games.five_tricks.cards import Suit
from tournament.games.five_tricks.generator import CANDIDATES, variants_for_tables
from tournament.games.five_tricks.variants import SEED_VARIANTS, FiveTricksVariant

ROOT = Path(__file__).resolve().parents[2]
GAME = FIVE_TRICKS
ANY = SEED_VARIANTS[0]
# Names that tie-break in interesting ways: case, accents and a shared prefix.
NAMES = ("Ana", "ana b", "Ben", "Émile", "emil", "Zoë", "Øystein", "Ö")


def as_game(game: FiveTricks) -> CardGame[FiveTricksVariant]:
    """Static half of the protocol check: mypy refuses this if FiveTricks drifts from Game."""
    return game


@st.composite
def trick_reports(draw: st.DrawFn) -> dict[str, int]:
    players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=6, unique=True))
    counts: dict[str, int] = {}
    left = 28 // len(players)  # the most tricks a game at that table has
    for player in players:
        counts[player] = draw(st.integers(0, left))
        left -= counts[player]
    return counts


# --- the protocol ---------------------------------------------------------------------------

def test_five_tricks_is_the_default_game_and_satisfies_the_protocol() -> None:
    assert isinstance(GAME, CardGame)
    assert as_game(GAME) is GAME
    assert DEFAULT == "five-tricks" and get(DEFAULT) is GAME
    assert all_games()[0] is GAME
    assert GAME.title == "Five Tricks" and GAME.table_sizes == TableSizes(3, 4, 6)


@one_strict_run
def test_the_rules_and_the_game_seam_pass_strict_type_checking(strict_mypy: StrictReport) -> None:
    assert strict_mypy.status == 0, strict_mypy.output


# No deadline: the first example loads the collation tables, which a busy machine makes slow.
@settings(max_examples=300, deadline=None)
@given(trick_reports())
def test_a_table_of_tricks_decides_the_winner_as_the_core_game_winner_does(tricks: dict[str, int]) -> None:
    expected = game_winner(tricks)
    winners = GAME.game_winners(ANY, Report(scores=tricks))
    assert winners == (frozenset() if expected is None else frozenset({expected}))
    if expected is not None:  # ticking the same winner changes nothing
        assert GAME.game_winners(ANY, Report(frozenset({expected}), tricks)) == winners
    GAME.check_report(ANY, Report(winners, tricks), tricks)


def test_a_ticked_winner_the_tricks_contradict_is_refused_naming_both() -> None:
    with pytest.raises(RuleError) as refused:
        GAME.game_winners(ANY, Report(frozenset({"Ben"}), {"Ana": 3, "Ben": 1}))
    assert str(refused.value) == "the tricks make Ana the winner, but Ben is marked. Correct one of them."


def test_without_tricks_the_ticked_winner_stands_and_nothing_ticked_is_no_game() -> None:
    assert GAME.game_winners(ANY, Report(frozenset({"Ben"}))) == {"Ben"}
    assert GAME.game_winners(ANY, Report(frozenset({"Ben"}), {"Ana": 0, "Ben": 0})) == {"Ben"}
    assert GAME.game_winners(ANY, Report()) == frozenset()
    assert GAME.game_winners(ANY, Report(scores={"Ana": 0, "Ben": 0})) == frozenset()


TOO_MANY = ("15 tricks in one game is more than the cards allow: 28 cards make at most 14 tricks a game at a "
            "table of 2.")


@pytest.mark.parametrize(("report", "message"), [
    (Report(frozenset({"Ana", "Ben"})), "only one winner can be marked, not Ana, Ben."),
    (Report(frozenset({"Cleo"})), "the winner must be a player seated at this table."),
    (Report(scores={"Cleo": 1}), "tricks were given for a player not seated at this table."),
    (Report(scores={"Ana": -1}), "trick counts cannot be negative."),
    (Report(scores={"Ana": True}), "trick counts must be whole numbers."),
    (Report(scores={"Ana": 9, "Ben": 6}), TOO_MANY),
    (Report(scores={"Ana": 15}), TOO_MANY),
])
def test_a_report_a_table_could_not_have_made_is_refused(report: Report, message: str) -> None:
    with pytest.raises(RuleError) as refused:
        GAME.check_report(ANY, report, ("Ana", "Ben"))
    assert str(refused.value) == message


def test_a_report_of_seated_players_within_the_cards_passes() -> None:
    GAME.check_report(ANY, Report(frozenset({"Ana"}), {"Ana": 14, "Ben": 0}), ("Ana", "Ben"))
    GAME.check_report(ANY, Report(), ("Ana", "Ben"))


def test_a_stored_winner_may_be_either_tied_player_but_never_one_with_fewer_tricks() -> None:
    assert GAME.consistent(ANY, Report(frozenset({"Ben"}), {"Ana": 3, "Ben": 3})) is None
    assert GAME.consistent(ANY, Report(frozenset({"Ben"}))) is None
    assert GAME.consistent(ANY, Report(frozenset({"Ben"}), {"Ana": 0, "Ben": 0})) is None
    assert (str(GAME.consistent(ANY, Report(frozenset({"Cleo"}), {"Ana": 4, "Ben": 4, "Cleo": 1})))
            == "the winner 'Cleo' took fewer tricks than Ana, Ben")


def test_each_player_may_be_ticked_alone_as_the_winner() -> None:
    assert GAME.winner_choices(ANY, ["Ben", "Ana"]) == (frozenset({"Ben"}), frozenset({"Ana"}))


def test_the_tricks_field_keeps_the_entry_pages_bounds_and_message() -> None:
    assert GAME.score is TRICKS
    assert (str(TRICKS.label), TRICKS.column, TRICKS.minimum, TRICKS.maximum, TRICKS.total_at_most, TRICKS.decides) == (
        "Tricks", "tricks", 0, 14, 14, True)
    assert str(TRICKS.message) == "Tricks run from 0 to 14."


def test_a_report_is_a_value_the_caller_cannot_change_afterwards() -> None:
    winners, tricks = {"Ana"}, {"Ana": 2}
    report = Report(winners, tricks)  # type: ignore[arg-type]  # a set is copied into a frozenset
    winners.add("Ben")
    tricks["Ana"] = 9
    assert report.winners == frozenset({"Ana"}) and report.scores == {"Ana": 2}
    with pytest.raises(TypeError):
        report.scores["Ana"] = 1  # type: ignore[index]


def test_impossible_table_sizes_and_score_fields_are_refused() -> None:
    with pytest.raises(RuleError):
        TableSizes(4, 3, 6)
    with pytest.raises(RuleError):
        ScoreField("Points", "points", 5, 1, None, False, "Points run from 5 to 1.")


# --- variants -------------------------------------------------------------------------------

def test_every_seed_and_generated_variant_round_trips_through_its_json() -> None:
    for variant in {*SEED_VARIANTS, *CANDIDATES, *variants_for_tables(60)}:
        stored = json.loads(json.dumps(declared.to_json(GAME.settings, variant)))
        assert declared.from_json(GAME.settings, stored) == variant
    assert declared.default_variants(GAME.settings, 12) == variants_for_tables(12)
    assert declared.default_variants(GAME.settings, 10) == SEED_VARIANTS


@pytest.mark.parametrize("data", [
    None, [], "low-lowest-hearts-no", {}, {"ace": "high"}, {1: "high", "ace": "high"},
    {"ace": "middle", "wins": "highest", "trump": None, "trump_any_time": False},
    {"ace": "high", "wins": "highest", "trump": "moon", "trump_any_time": False},
    {"ace": "high", "wins": "highest", "trump": 3, "trump_any_time": False},
    {"ace": "high", "wins": "highest", "trump": None, "trump_any_time": "yes"},
    {"ace": "high", "wins": "highest", "trump": None, "trump_any_time": False, "extra": 1},
])
def test_stored_rules_that_make_no_variant_are_refused_in_words(data: object) -> None:
    with pytest.raises(RuleError) as refused:
        declared.from_json(GAME.settings, data)
    assert str(refused.value)


@pytest.mark.parametrize(("variant", "summary"), [
    (SEED_VARIANTS[0], "Ace low, lowest card wins; ♥ Hearts trump (only when void)"),
    (SEED_VARIANTS[7], "Ace high, highest card wins; ♥ Hearts trump (any time)"),
    (SEED_VARIANTS[9], "Ace high, highest card wins; ♠ Spades trump (only when void)"),
    (FiveTricksVariant("high", "lowest", None), "Ace high, lowest card wins; no trump"),
    (FiveTricksVariant("low", "highest", Suit.DIAMONDS, True),
     "Ace low, highest card wins; ♦ Diamonds trump (any time)"),
])
def test_the_variant_summary_reads_as_the_tables_page_always_showed(variant: FiveTricksVariant, summary: str) -> None:
    assert str(declared.summary(GAME.settings, variant)) == summary


def test_the_variant_form_shows_a_table_s_rules_and_reads_them_back(app: Any) -> None:
    with app.test_request_context():
        for variant in {*SEED_VARIANTS, *CANDIDATES}:
            assert declared.from_form(GAME.settings, declared.form(GAME.settings, None, variant)) == variant
        posted = MultiDict({"ace": "low", "wins": "highest", "trump": "", "trump_any_time": "y"})
        form = declared.form(GAME.settings, posted, SEED_VARIANTS[0])
        assert form.validate()
        assert declared.from_form(GAME.settings, form) == FiveTricksVariant("low", "highest", None, True)


# --- the other hooks ------------------------------------------------------------------------

def test_a_round_opens_with_as_many_rows_as_it_usually_holds_games() -> None:
    assert [GAME.usual_games(size, 7) for size in (3, 4, 5, 6)] == [5, 4, 3, 3]
    assert GAME.usual_games(4, 1) == 2
    assert GAME.usual_games(3, 120) == MAX_GAMES_PER_TABLE


def test_the_rule_sheet_and_guide_paragraph_are_the_ones_printed_today() -> None:
    from tournament.games.five_tricks.sheets import rule_sheet
    from tournament.services.guide import guide_sections

    assert GAME.rule_sheet(SEED_VARIANTS[3]) == rule_sheet(SEED_VARIANTS[3])
    event = SimpleNamespace(game=DEFAULT, tables=[1, 2], study_minutes=5, practice_minutes=5, round_minutes=7)
    today = {str(section.heading): section.text for section in guide_sections(event)}
    assert [(str(p.heading), p.text) for p in GAME.guide_paragraphs()] == [("Game winner", today["Game winner"])]


# --- the registry ---------------------------------------------------------------------------

class Copy(FiveTricks):
    key = "five-tricks-copy"
    title = "Five Tricks (copy)"


def test_a_registered_game_is_found_by_its_key_until_it_is_removed() -> None:
    copy = register(Copy())
    try:
        assert get("five-tricks-copy") is copy
        assert all_games()[0] is GAME and copy in all_games()
    finally:
        unregister("five-tricks-copy")
    with pytest.raises(RuleError):
        get("five-tricks-copy")


def test_a_second_game_under_a_taken_key_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        register(FiveTricks())
    assert str(refused.value) == "A game with the key 'five-tricks' is already registered."
    assert get(DEFAULT) is GAME


def test_an_unknown_game_key_is_refused_with_a_message_a_teacher_reads() -> None:
    with pytest.raises(RuleError) as refused:
        get("chess")
    assert str(refused.value) == "This app does not know the game 'chess'."
    with pytest.raises(RuleError) as refused:
        get("\x00" * 500)
    assert str(refused.value) == "This app does not know the game '" + "?" * 40 + "…'."
    with pytest.raises(RuleError):
        get(5)  # type: ignore[arg-type]


@pytest.mark.parametrize("key", ["Five-Tricks", "", "x" * 41, "five tricks", "jeu/deux"])
def test_a_game_key_outside_lower_case_letters_digits_and_dashes_is_refused(key: str) -> None:
    game = Copy()
    game.key = key
    with pytest.raises(RuleError, match="a game's key is 1 to 40"):
        register(game)


def test_something_that_is_not_a_game_or_the_default_game_cannot_be_registered_or_removed() -> None:
    with pytest.raises(RuleError, match="is not a game"):
        register(SimpleNamespace(key="half-a-game"))
    with pytest.raises(RuleError, match="cannot be removed"):
        unregister(DEFAULT)
