"""The home tables honour every possible seating wish, over 200 random classes.

"Possible" (core.wishes): wishes are judged in the order listed; a wish is possible when some
seating at the plan's table sizes honours it together with every earlier possible wish. This
test decides it on its own, by trying every way to split the wished players into groups that
share a table (players in no wish fit any seat left), and checks that `place` honours exactly
the possible wishes, lists exactly the others as unmet, and keeps the plan's sizes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from tournament.core.i18n import Text
from tournament.core.planner import assign_home_tables, plan_tables
from tournament.core.wishes import Wish, honoured, place

NAMES = [f"P{index:02}" for index in range(16)]


def _splits(players: list[str], most_groups: int, most_size: int) -> Iterator[list[list[str]]]:
    """Every way to split `players` into at most `most_groups` groups of at most `most_size`."""
    groups: list[list[str]] = []

    def split(index: int) -> Iterator[list[list[str]]]:
        if index == len(players):
            yield [list(group) for group in groups]
            return
        for group in groups:
            if len(group) < most_size:
                group.append(players[index])
                yield from split(index + 1)
                group.pop()
        if len(groups) < most_groups:
            groups.append([players[index]])
            yield from split(index + 1)
            groups.pop()

    yield from split(0)


def _fits(groups: list[list[str]], sizes: tuple[int, ...]) -> bool:
    """Groups sit at different tables: the biggest group at the biggest table, and so on."""
    return all(len(group) <= size for group, size in zip(sorted(groups, key=len, reverse=True),
                                                         sorted(sizes, reverse=True), strict=False))


def _possible(wishes: list[Wish], sizes: tuple[int, ...]) -> list[bool]:
    """Each wish, in order: possible with the earlier possible ones (brute force)."""
    wished = sorted({name for wish in wishes for name in (wish.first, wish.second)})
    # Which wishes each way of seating the wished players honours, once per distinct answer.
    answers: set[frozenset[int]] = set()
    for groups in _splits(wished, len(sizes), max(sizes)):
        if _fits(groups, sizes):
            table = {name: number for number, group in enumerate(groups) for name in group}
            answers.add(frozenset(i for i, wish in enumerate(wishes) if honoured(wish, table)))
    kept: set[int] = set()
    verdicts = []
    for index in range(len(wishes)):
        ok = any(kept | {index} <= answer for answer in answers)
        verdicts.append(ok)
        if ok:
            kept.add(index)
    return verdicts


def _random_class(rng: random.Random) -> tuple[list[str], tuple[int, ...], int, list[Wish]]:
    """2 to 16 players at 1 to 8 tables; the wishes among a few of them (a circle of friends),
    so that chains, odd circles at two tables and groups too big for a table come up."""
    players = NAMES[: rng.randint(2, len(NAMES))]
    one_table = len(players) < 4 or rng.random() < 0.1
    sizes = plan_tables(len(players), tables=1 if one_table else rng.randint(2, len(players) // 2)).sizes
    circle = rng.sample(players, min(len(players), rng.randint(2, 6)))
    wishes = []
    for _ in range(rng.randint(0, 5)):
        first, second = rng.sample(circle, 2)
        wishes.append(Wish(first, second, together=rng.random() < 0.5))
    return players, sizes, rng.randrange(1, 2**31), wishes


CLASSES = [_random_class(random.Random(number)) for number in range(200)]


def test_every_possible_wish_is_honoured_and_only_the_impossible_ones_are_listed():
    impossible_seen = 0
    for players, sizes, seed, wishes in CLASSES:
        placement = place(players, sizes, seed, wishes)
        unmet = {id(item.wish) for item in placement.unmet}
        for wish, possible in zip(wishes, _possible(wishes, sizes), strict=True):
            assert possible == (id(wish) not in unmet), (players, sizes, wishes, wish)
            if possible:
                assert honoured(wish, placement.seating), (sizes, wishes, wish, placement.seating)
        impossible_seen += len(unmet)
        assert all(isinstance(item.reason, Text) and str(item.reason) for item in placement.unmet)
    assert impossible_seen > 0  # the random classes do include wishes no seating can honour


def test_wishes_never_change_the_table_sizes_or_leave_anyone_out():
    for players, sizes, seed, wishes in CLASSES:
        seating = place(players, sizes, seed, wishes).seating
        assert sorted(seating) == sorted(players)
        assert Counter(seating.values()) == Counter({number: size for number, size in enumerate(sizes, 1) if size})


def test_the_same_seed_and_wishes_give_the_same_plan_whatever_order_the_names_come_in():
    for players, sizes, seed, wishes in CLASSES[:50]:
        shuffled = list(players)
        random.Random(seed).shuffle(shuffled)
        assert place(players, sizes, seed, wishes) == place(shuffled, sizes, seed, wishes)


def test_without_wishes_the_plan_is_the_usual_seeded_shuffle():
    for players, sizes, seed, _wishes in CLASSES:
        assert place(players, sizes, seed, []).seating == assign_home_tables(players, sizes, seed)


@pytest.mark.parametrize(("sizes", "wishes", "reason"), [
    pytest.param((4,), [Wish("Ana", "Ben", together=False)], "Ana and Ben cannot sit apart: there is only one table.",
                 id="apart_at_one_table"),
    pytest.param((2, 2), [Wish("Ana", "Ben", together=True), Wish("Ben", "Cleo", together=True)],
                 "Ben and Cleo cannot sit together: with the wishes above that makes 3 players at one table, "
                 "and the largest table has 2 seats.", id="together_group_bigger_than_a_table"),
    pytest.param((2, 2), [Wish("Ana", "Ben", together=True), Wish("Ben", "Cleo", together=True),
                          Wish("Ana", "Cleo", together=False)],
                 "Ben and Cleo cannot sit together", id="chain_then_apart"),
    pytest.param((3, 3), [Wish("Ana", "Ben", together=True), Wish("Ben", "Cleo", together=True),
                          Wish("Ana", "Cleo", together=False)],
                 "Ana and Cleo cannot sit apart: the wishes above keep them at the same table.",
                 id="contradictory_chain"),
    pytest.param((3, 3), [Wish("Ana", "Ben", together=False), Wish("Ben", "Cleo", together=False),
                          Wish("Ana", "Cleo", together=False)],
                 "Ana and Cleo cannot sit apart: the table sizes and the wishes above leave no seating",
                 id="three_apart_at_two_tables"),
])
def test_a_wish_that_cannot_be_honoured_says_why(sizes, wishes, reason):
    players = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay"][: sum(sizes)]
    unmet = place(players, sizes, 7, wishes).unmet
    assert [str(item.reason) for item in unmet if reason in str(item.reason)], [str(u.reason) for u in unmet]
    assert len(unmet) == 1


def test_a_wish_naming_a_player_without_a_home_table_places_nobody():
    unmet = place(["Ana", "Ben", "Cleo"], (3,), 1, [Wish("Ana", "Zoe", together=True)]).unmet
    assert [str(item.reason) for item in unmet] == [
        "Zoe has no home table in this plan (an observer, or not playing), so this wish places nobody."]
