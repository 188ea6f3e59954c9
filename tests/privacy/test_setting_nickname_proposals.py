"""Proposed nicknames (``core.nicknames``): an animal and a number, the same for the same event,
never alike to a name or nickname taken nor to each other, every animal once before twice."""

from __future__ import annotations

import pytest

from tournament.core.limits import MAX_PLAYERS
from tournament.core.names import fold_name
from tournament.core.nicknames import ANIMALS, propose

WORDS = [animal.msgid for animal in ANIMALS]


def test_the_same_event_is_proposed_the_same_nicknames_and_another_event_others():
    assert propose(WORDS, 7, 12, []) == propose(WORDS, 7, 12, [])
    assert propose(WORDS, 7, 12, []) != propose(WORDS, 8, 12, [])


def test_a_proposal_is_an_animal_and_a_number():
    for nickname in propose(WORDS, 3, 40, []):
        animal, number = nickname.rsplit(" ", 1)
        assert animal in WORDS and 1 <= int(number) <= 99


def test_every_animal_is_used_once_before_any_is_used_twice():
    animals = [nickname.rsplit(" ", 1)[0] for nickname in propose(WORDS, 5, len(WORDS) + 3, [])]
    assert sorted(animals[:len(WORDS)]) == sorted(WORDS)


def test_a_whole_event_of_the_largest_size_gets_nicknames_that_are_all_different():
    found = propose(WORDS, 11, MAX_PLAYERS, [])
    assert len({fold_name(nickname) for nickname in found}) == MAX_PLAYERS


def test_a_proposal_never_looks_like_a_name_or_nickname_taken():
    first = propose(WORDS, 9, 3, [])
    taken = [first[0].upper(), first[1].replace("a", "á")]  # alike ignoring case and accents
    again = propose(WORDS, 9, 3, taken)
    assert not {fold_name(name) for name in taken} & {fold_name(nickname) for nickname in again}


def test_asking_for_more_nicknames_than_animals_and_numbers_make_is_refused():
    with pytest.raises(ValueError):
        propose(WORDS[:1], 1, 100, [])
