"""The core's translatable messages read as English wherever they are not translated, so every
message the app printed before reads the same."""

from __future__ import annotations

import pytest

from tournament.core.i18n import Name, T, Text, Tn, Tp


def test_a_message_reads_as_english_with_its_parameters_filled_in():
    assert str(T("Table {table} has {count} players.", table=3, count=5)) == "Table 3 has 5 players."


def test_a_plural_message_picks_the_english_form_by_its_count():
    assert [str(Tn("{n} game", "{n} games", n)) for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]


def test_a_message_inside_a_message_reads_as_english_too():
    inner = Tn("{n} player", "{n} players", 2)
    assert str(T("Table 1 has {who}, fewer than 4.", who=inner)) == "Table 1 has 2 players, fewer than 4."


def test_a_name_parameter_is_shown_as_typed():
    name = Name("<b>Zoë</b>")
    assert str(T("{name} moves up.", name=name)) == "<b>Zoë</b> moves up." and isinstance(name, str)


def test_a_message_with_a_context_reads_as_its_id():
    assert str(Tp("card", "Ace")) == "Ace" and Tp("card", "Ace") != T("Ace")


def test_messages_are_values_that_do_not_change_with_their_arguments():
    params = {"table": 1}
    text = Text("Table {table}", params)
    params["table"] = 2
    same = T("Table {table}", table=1)
    assert str(text) == "Table 1" and text == same and hash(text) == hash(same)


def test_a_plural_needs_both_its_form_and_its_count():
    with pytest.raises(ValueError, match="plural"):
        Text("{n} game", plural="{n} games")


def test_each_name_in_a_list_of_names_is_its_own_name_so_each_is_isolated_on_a_page():
    from tournament.core.i18n import Name, Text
    from tournament.core.wording import name_list

    listed = name_list(["Ana", "אבי", "Zoë"])
    assert str(listed) == "Ana, אבי, Zoë"
    found, todo = [], [listed]
    while todo:
        item = todo.pop()
        if isinstance(item, Text):
            todo.extend(item.params.values())
        else:
            found.append(item)
    assert sorted(found) == sorted(["Ana", "אבי", "Zoë"]) and all(isinstance(n, Name) for n in found)
