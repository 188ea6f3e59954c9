"""What the room sees of a name: the rule of core.public_names."""

import re

from hypothesis import given
from hypothesis import strategies as st

from tournament.core.names import fold_name
from tournament.core.public_names import Named, NamesShown, public_names


def test_first_name_and_initial_keeps_every_first_name_and_the_last_words_initial():
    names = public_names([Named(1, "María José García"), Named(2, "Ana"), Named(3, "Jean-Luc Picard")],
                         NamesShown.INITIAL)
    assert names == {1: "María José G.", 2: "Ana", 3: "Jean-Luc P."}


def test_full_names_are_shown_as_entered():
    assert public_names([Named(1, "María José García")], NamesShown.FULL) == {1: "María José García"}


def test_names_that_would_look_the_same_get_letters_until_they_differ_ignoring_accents():
    names = public_names([Named(1, "Ana García"), Named(2, "Ana Garcés"), Named(3, "Ana Gomez"),
                          Named(4, "Ben Gomez")], NamesShown.INITIAL)
    assert names == {1: "Ana Garcí.", 2: "Ana Garcé.", 3: "Ana Go.", 4: "Ben G."}


def test_nicknames_are_shown_and_a_player_without_one_shows_first_name_and_initial():
    names = public_names([Named(1, "Ana García", "Otter 3"), Named(2, "Ben Ruiz")], NamesShown.NICKNAME)
    assert names == {1: "Otter 3", 2: "Ben R."}


def test_a_surname_another_surname_begins_with_is_never_shown_whole():
    names = public_names([Named(1, "Ana Martín"), Named(2, "Ana Martínez")], NamesShown.INITIAL)
    assert names == {1: "Ana Martí.", 2: "Ana Martín."}


def test_names_no_letter_can_tell_apart_are_numbered_in_the_order_of_the_real_names():
    names = public_names([Named(3, "Ana Mu"), Named(1, "Ana Ma"), Named(2, "Ana Mo")], NamesShown.INITIAL)
    assert names == {1: "Ana M. 1", 2: "Ana M. 2", 3: "Ana M. 3"}


words = st.text(alphabet="abcáéAB", min_size=1, max_size=4)


@given(st.lists(st.lists(words, min_size=1, max_size=3).map(" ".join), min_size=1, max_size=12,
                unique_by=fold_name))
def test_distinct_players_always_get_distinct_public_names_that_never_show_a_whole_surname(names):
    shown = public_names([Named(key, name) for key, name in enumerate(names)], NamesShown.INITIAL)
    assert len({fold_name(name) for name in shown.values()}) == len(names)
    for key, name in enumerate(names):
        public = re.sub(r" [0-9]+$", "", shown[key])
        if len(name.split()) > 1 and len(name.split()[-1]) > 1:
            assert public.endswith(".") and name.startswith(public[:-1]) and public[:-1] != name
        else:
            assert public == name
