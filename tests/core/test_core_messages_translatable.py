"""Every message the core raises or returns is a translatable ``Text`` whose English is the
sentence the pages always showed, with players' names as ``Name`` parameters (never translated)."""

from __future__ import annotations

import pytest

from tournament.core import clean_text, plan_round, plan_tables, tie_text
from tournament.core.errors import RuleError, require_count
from tournament.core.i18n import Name, Text
from tournament.core.movement import no_game_text, size_warnings
from tournament.core.planner import assign_home_tables
from tournament.core.rounds import Action, RoundState, Transition, check_action, check_unchanged, next_state, refusal

# A representative call of each kind of refusal the core makes.
REFUSED = [
    lambda: plan_round({1: {"Ana": 1}, 3: {"Ben": 0}}),
    lambda: plan_round({1: {"Ana": 1}, 2: {"Ana": 0}}),
    lambda: plan_round({1: {"Ana": 1}}, reported=[]),
    lambda: plan_round({1: {"Ana": -1}}),
    lambda: plan_tables(2, min_size=3),
    lambda: plan_tables(7, tables=9),
    lambda: plan_tables(0),
    lambda: assign_home_tables(["Ana", "Ana"], [2], seed=1),
    lambda: clean_text("   "),
    lambda: clean_text("An\u200ba"),
    lambda: clean_text("Аna"),  # Cyrillic А with Latin letters
    lambda: next_state(RoundState.RUNNING, Transition.START, 4),
    lambda: check_action(RoundState.CLOSED, Action.RECORD, 4),
    lambda: check_unchanged(RoundState.RUNNING, RoundState.CLOSED, 4),
    lambda: require_count(-2, "games"),
    lambda: plan_round({1: {"Ana": 1}}).move_for("Zoë"),
]


@pytest.mark.parametrize("call", REFUSED)
def test_every_refusal_of_the_core_is_a_translatable_message_reading_as_its_english(call) -> None:
    with pytest.raises(RuleError) as refused:
        call()
    assert isinstance(refused.value.text, Text)
    assert str(refused.value) == str(refused.value.text)


def test_every_sentence_the_core_returns_for_a_page_is_a_translatable_message() -> None:
    plan = plan_round({1: {"Ana": 1, "Ben": 1}, 2: {"Cy": 0, "Dan": 0}}, reported=[1])
    returned = [tie_text(("Ana", "Ben"), 1), no_game_text(2), no_game_text(2, short=True),
                *size_warnings({1: 1, 2: 9}), refusal(RoundState.PLANNED, Transition.CLOSE, 3),
                plan.tables[0].ties[0].text, plan.tables[1].note, plan.move_for("Ben").reason]
    assert all(isinstance(message, Text) for message in returned)


def test_a_players_name_goes_into_a_message_as_a_name_so_it_is_never_translated() -> None:
    plan = plan_round({1: {"Ana": 2, "Ben": 1}})
    reason = plan.move_for("Ana").reason
    assert reason is not None and reason.params["player"] == "Ana" and isinstance(reason.params["player"], Name)
    with pytest.raises(RuleError) as refused:
        assign_home_tables(["Zoë", "Zoë"], [2], seed=1)
    assert isinstance(refused.value.text.params["player"], Name)


def test_a_count_in_a_core_sentence_is_a_real_plural_not_a_hand_made_one() -> None:
    one, two = size_warnings({1: 1}), size_warnings({1: 9}, most=7)
    assert one[0].n == 1 and one[0].plural is not None
    assert str(one[0]) == "Table 1 has 1 player, fewer than 2." and str(two[0]) == "Table 1 has 9 players, more than 7."
    assert str(tie_text(("Ana", "Ben"), 1)).startswith("Ana and Ben tied on 1 game;")
