"""A deal's stages and a player's phases are tables: every stage and phase either allows an action
or refuses it with a sentence of its own, and a deal moves only to the stages its table names."""

from __future__ import annotations

from tournament.core.i18n import Text
from tournament.games import table_engine
from tournament.services.online import messages, phase
from tournament.services.online.actions import DEAL_KINDS
from tournament.services.online.view_model import PHASES, STAGES


def test_every_phase_allows_each_device_action_or_refuses_it_with_a_sentence():
    for name in PHASES:
        for kind in (*DEAL_KINDS, *messages.KINDS):
            answer = phase.refusal(name, kind)
            assert (answer is None) == (kind in phase.ALLOWED[name]), (name, kind)
            assert answer is None or isinstance(answer, Text)
    assert phase.refusal("tournament", "chat") is phase.NO_WORDS
    assert phase.refusal("between", "play") is phase.ROUND_CLOSED


def test_every_stage_of_a_deal_allows_each_action_or_refuses_it_and_moves_only_as_its_table_says():
    assert tuple(table_engine.ALLOWED) == STAGES == table_engine.STAGES
    for stage in STAGES:
        for kind in ("play", "point", "skip", "auto"):
            answer = table_engine.refusal(stage, kind)
            assert (answer is None) == (kind in table_engine.ALLOWED[stage]), (stage, kind)
    assert {stage for stage, _event in table_engine.STAGE_MOVES} | set(table_engine.STAGE_MOVES.values()) == set(
        STAGES)
    assert not any(stage == "over" for stage, _event in table_engine.STAGE_MOVES)  # an ended deal stays ended
