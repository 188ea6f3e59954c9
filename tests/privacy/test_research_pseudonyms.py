"""The research export's pseudonyms: P01… in the alphabetical order of the real names, sorting
among themselves as the real names did, so alphabetical ties replay the same."""

from __future__ import annotations

import pytest

from tournament.core.names import name_key
from tournament.core.pseudonyms import pseudonyms


def test_pseudonyms_follow_the_alphabetical_order_of_the_real_names():
    assert pseudonyms(["Zoë", "amira", "Ben", "Élodie"]) == {
        "amira": "P01", "Ben": "P02", "Élodie": "P03", "Zoë": "P04"}


def test_pseudonyms_do_not_depend_on_the_order_the_names_come_in():
    names = ["Tomás", "Inès", "Chloé", "Wei", "Kai"]
    assert pseudonyms(names) == pseudonyms(reversed(names))


@pytest.mark.parametrize("size", [9, 10, 99, 100, 101, 1000])
def test_pseudonyms_sort_as_the_names_they_replace_at_every_class_size(size):
    names = [f"Pupil {chr(65 + n % 26)}{n:04d}" for n in range(size)]
    mapped = pseudonyms(names)
    assert sorted(mapped.values(), key=name_key) == [mapped[name] for name in sorted(names, key=name_key)]
    assert len(set(mapped.values())) == size


def test_pseudonyms_are_zero_padded_to_the_width_of_the_class():
    assert set(pseudonyms([f"N{n}" for n in range(5)]).values()) == {"P01", "P02", "P03", "P04", "P05"}
    assert pseudonyms([f"N{n:03d}" for n in range(100)])["N000"] == "P001"
