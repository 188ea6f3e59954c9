"""The "most different sheets" preset (core.spread): its objective, stated in the module."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament import games
from tournament.core.errors import RuleError
from tournament.core.spread import difference, distinct_places, left_out, most_different, score
from tournament.games import settings as declared

SETTING = st.sampled_from(["ace", "wins", "trump", "any"])
VALUE = st.one_of(st.booleans(), st.sampled_from(["a", "b", "c"]), st.none(), st.lists(st.integers(0, 2), max_size=2))
SHEETS = st.lists(st.dictionaries(SETTING, VALUE, min_size=1, max_size=4), min_size=1, max_size=8)


@st.composite
def sheets_and_count(draw):
    sheets = draw(SHEETS)
    count = draw(st.integers(0, len(distinct_places(sheets))))
    return sheets, count


def _values(sheet):
    return {(key, repr(value)) for key, value in sheet.items()}


@settings(max_examples=150, deadline=None)
@given(sheets_and_count())
def test_preset_chooses_count_distinct_sheets_in_classic_order(case) -> None:
    sheets, count = case
    chosen = most_different(sheets, count)
    assert len(chosen) == count
    assert list(chosen) == sorted(set(chosen))
    assert len({frozenset(_values(sheets[place])) for place in chosen}) == count  # no sheet twice


@settings(max_examples=150, deadline=None)
@given(sheets_and_count())
def test_preset_covers_every_setting_value_whenever_some_choice_does(case) -> None:
    sheets, count = case
    every = set().union(*(_values(sheet) for sheet in sheets))
    places = distinct_places(sheets)
    possible = any(set().union(*(_values(sheets[p]) for p in subset)) == every
                   for subset in combinations(places, count))
    covered = set().union(*(_values(sheets[p]) for p in most_different(sheets, count)))
    assert (covered == every) == possible


@settings(max_examples=150, deadline=None)
@given(sheets_and_count())
def test_preset_is_never_worse_than_the_classic_prefix(case) -> None:
    sheets, count = case
    classic = distinct_places(sheets)[:count]
    chosen = most_different(sheets, count)
    assert score(sheets, chosen) >= score(sheets, classic)
    # and nothing beats it: exhaustive search is the objective itself
    assert all(score(sheets, subset) <= score(sheets, chosen)
               for subset in combinations(distinct_places(sheets), count))


def test_difference_counts_one_per_differing_setting() -> None:
    assert difference({"a": 1, "b": [1]}, {"a": 1, "b": [1]}) == 0
    assert difference({"a": 1, "b": True}, {"a": 2, "b": False}) == 2
    assert difference({"a": 1}, {"a": 1, "c": None}) == 1


def test_ties_keep_the_classic_order() -> None:
    sheets = [{"x": "a"}, {"x": "b"}, {"x": "c"}]
    assert most_different(sheets, 2) == (0, 1)
    assert most_different(sheets, 1) == (0,)


def test_preset_refuses_more_sheets_than_there_are_distinct() -> None:
    with pytest.raises(RuleError):
        most_different([{"x": 1}, {"x": 1}], 2)
    with pytest.raises(RuleError):
        most_different([{"x": 1}], -1)


# What the preset picks from the seed kit (sheet numbers), for 1 to 9 tables.
FIVE_TRICKS_PICKS = {
    1: (1,), 2: (2, 9), 3: (1, 2, 9), 4: (2, 5, 8, 9), 5: (1, 2, 5, 8, 9), 6: (1, 2, 3, 8, 9, 10),
    7: (1, 2, 3, 5, 8, 9, 10), 8: (1, 2, 5, 6, 7, 8, 9, 10), 9: (1, 2, 3, 4, 5, 7, 8, 9, 10),
}


@pytest.mark.parametrize("tables", range(1, 10))
def test_seed_kit_preset_plays_trump_any_time_from_four_tables(tables: int) -> None:
    game = games.get("five-tricks")
    sheets = [declared.to_json(game.settings, v) for v in declared.default_variants(game.settings, 10)]
    chosen = most_different(sheets, tables)
    assert tuple(place + 1 for place in chosen) == FIVE_TRICKS_PICKS[tables]
    if tables >= 4:  # four trump suits need four tables: from then on every rule is played
        assert left_out(sheets, chosen) == ()
        assert any(sheets[place]["trump_any_time"] for place in chosen)


def test_seven_classic_tables_never_play_trump_any_time() -> None:
    game = games.get("five-tricks")
    sheets = [declared.to_json(game.settings, v) for v in declared.default_variants(game.settings, 10)]
    assert left_out(sheets, range(7)) == (7,)  # sheet 8, the first with trump any time
