"""The rules of names: the one text gate, the alphabetical order (Unicode Collation Algorithm,
primary strength, exact string last), what "the same name" means, and isolating names in text."""

from __future__ import annotations

import random
import re
import unicodedata

import pytest

from tests.corpus.names import ACCEPTED, DIFFERENT_NAME_PAIRS, IN_ORDER, REFUSED, SAME_NAME_PAIRS
from tournament.core import RuleError, clean_text, fold_name, name_key, rank_players, same_name
from tournament.core.movement import tie_text
from tournament.name_display import by_name, name_parts, names_in


@pytest.mark.parametrize("label", list(ACCEPTED))
def test_the_text_gate_keeps_ordinary_names_in_nfc(label):
    raw, stored = ACCEPTED[label]
    cleaned = clean_text(raw)
    assert cleaned == stored and unicodedata.is_normalized("NFC", cleaned)


@pytest.mark.parametrize("label", [label for label, (_, f) in REFUSED.items() if "longer" not in f])
def test_the_text_gate_refuses_control_invisible_and_mixed_alphabet_names_naming_why(label):
    raw, fragment = REFUSED[label]
    with pytest.raises(RuleError, match=re.escape(fragment)):
        clean_text(raw)


def test_alphabetical_order_puts_every_letter_where_a_reader_expects():
    shuffled = IN_ORDER[:]
    random.Random(4).shuffle(shuffled)
    assert sorted(shuffled, key=name_key) == IN_ORDER


def test_slashed_stroked_and_ligature_letters_no_longer_sort_after_z():
    assert sorted(["Zed", "Øystein", "Łukasz", "Æsa", "Straße", "Oscar"], key=name_key) == \
        ["Æsa", "Łukasz", "Oscar", "Øystein", "Straße", "Zed"]


def test_a_tie_between_oystein_and_zed_goes_to_oystein():
    assert rank_players({"Zed": 2, "Øystein": 2}) == ["Øystein", "Zed"]
    assert str(tie_text(("Øystein", "Zed"), 2)) == ("Øystein and Zed tied on 2 games; "
                                               "alphabetical order ranks Øystein above Zed.")


def test_a_name_pasted_behind_a_direction_character_sorts_by_its_letters():
    """A name led by U+202E used to sort after "Zed" and lose a tie it should win."""
    assert rank_players({"Zed": 1, clean_text("\u202eDan"): 1}) == ["Dan", "Zed"]


def test_exact_string_decides_only_between_names_the_order_cannot_tell_apart():
    assert sorted(["ana", "Ána", "Ana"], key=name_key) == ["Ana", "ana", "Ána"]
    assert name_key("Ana") != name_key("ana")


@pytest.mark.parametrize("first, second", SAME_NAME_PAIRS)
def test_same_name_means_the_alphabetical_order_cannot_tell_them_apart(first, second):
    assert same_name(first, second) and fold_name(first) == fold_name(second)
    assert name_key(first)[0] == name_key(second)[0]


@pytest.mark.parametrize("first, second", DIFFERENT_NAME_PAIRS)
def test_names_the_order_tells_apart_are_different_names(first, second):
    assert not same_name(first, second)


def test_the_stored_form_of_a_name_fits_its_column_whatever_a_ligature_expands_to():
    assert len(fold_name("\ufdfa" * 40)) <= 316
    assert fold_name("\ufdfa" * 40) != fold_name("\ufdfa" * 39)


def test_accepted_corpus_names_are_all_different_names():
    stored = [s for _, s in ACCEPTED.values()]
    assert len({fold_name(name) for name in stored}) == len(stored)


def test_a_name_in_a_sentence_is_isolated_and_escaped():
    html = str(names_in("محمد and <b>Bo</b> tied on 1 game.", ["محمد", "<b>Bo</b>"]))
    assert html == "<bdi>محمد</bdi> and <bdi>&lt;b&gt;Bo&lt;/b&gt;</bdi> tied on 1 game."


def test_a_name_is_found_only_as_a_whole_word():
    assert name_parts("Anabel and Ana tied", ["Ana", "Anabel"]) == [
        ("Anabel", True), (" and ", False), ("Ana", True), (" tied", False)]
    assert name_parts("Ed tied on 1 game", ["e"]) == [("Ed tied on 1 game", False)]


def test_lists_of_names_use_the_one_alphabetical_order():
    class P:
        def __init__(self, name):
            self.name = name
    people = [P(n) for n in ["Zed", "Øystein", "Adam"]]
    assert [p.name for p in by_name(people, "name")] == ["Adam", "Øystein", "Zed"]
