"""A game won by several players is written down as such: the audit line names every winner."""

from __future__ import annotations

from types import SimpleNamespace

from tournament.services.games import describe

PLAYERS = {1: SimpleNamespace(name="Ben"), 2: SimpleNamespace(name="Ana"), 3: SimpleNamespace(name="Cleo")}


def test_the_audit_line_of_a_shared_game_names_every_winner_alphabetically():
    assert describe(frozenset({1, 2}), {1: 12, 2: 12, 3: 3}, PLAYERS) == "Ana and Ben won (Ana 12, Ben 12, Cleo 3)"
    assert describe(frozenset({1, 2, 3}), None, PLAYERS) == "Ana, Ben and Cleo won"


def test_the_audit_line_of_a_single_winner_reads_as_it_always_did():
    assert describe(frozenset({2}), {1: 1, 2: 3}, PLAYERS) == "Ana won (Ana 3, Ben 1)"
    assert describe(frozenset(), None, PLAYERS) == "no winner"
