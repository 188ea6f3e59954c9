"""The tie and "no game" sentences are written by one function each in the core; the projector's
shorter card words come from the same functions, so every page says the same thing."""

from __future__ import annotations

from pathlib import Path

from tournament.core.movement import no_game_text, tie_text

ROOT = Path(__file__).resolve().parents[2] / "tournament"


def test_a_tie_is_worded_with_the_alphabetical_order_spelled_out():
    assert str(tie_text(("Ana", "Ben"), 1)) == "Ana and Ben tied on 1 game; alphabetical order ranks Ana above Ben."
    assert str(tie_text(("Ana", "Ben", "Cy"), 2)) == (
        "Ana, Ben and Cy tied on 2 games; alphabetical order ranks Ana above Ben above Cy.")


def test_a_short_tie_of_three_or_more_points_at_the_rows_while_two_are_named():
    assert tie_text(("Ana", "Ben"), 1, short=True) == tie_text(("Ana", "Ben"), 1)
    assert str(tie_text(("Ana", "Ben", "Cy", "Dan"), 0, short=True)) == (
        "Ana, Ben, Cy and Dan tied on 0 games; alphabetical order ranks them as listed.")


def test_a_table_without_games_is_worded_the_same_everywhere():
    assert str(no_game_text(3)) == (
        "Table 3 reported no game, so it has no round winner and nobody there moves: "
        "everyone stays at the table (players from neighbouring tables may still arrive).")
    assert str(no_game_text(3, short=True)) == "No game reported: no round winner, nobody here moves."


def test_no_module_outside_the_core_writes_its_own_tie_sentence():
    writers = {str(path.relative_to(ROOT)) for path in ROOT.rglob("*.py")
               if "alphabetical order ranks" in path.read_text(encoding="utf-8")
               or "No game reported" in path.read_text(encoding="utf-8")}
    assert writers == {"core/movement.py"}
