"""Properties of a deal at an online table, over random deals, tables, rules and players who try
anything: cards are conserved, a deal played to the end has its full number of tricks, nobody
plays out of turn, and replaying the actions gives the state reached step by step."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament.core.errors import RuleError
from tournament.games import table_engine as engine
from tournament.games.five_tricks import table_play as tp
from tournament.games.five_tricks.cards import DECK, Suit
from tournament.games.five_tricks.table_play import FIVE_TRICKS_TABLE as FT
from tournament.games.five_tricks.variants import FiveTricksVariant

REFEREES = st.none() | st.builds(FiveTricksVariant, ace=st.sampled_from(["high", "low"]),
                                 wins=st.sampled_from(["highest", "lowest"]),
                                 trump=st.none() | st.sampled_from(list(Suit)), trump_any_time=st.booleans())
MAX_STEPS = 150  # then every awaited seat is played for, which always settles (see ``_step``)


def _step(data: st.DataObject, state: engine.TableState, step: int, skips: bool) -> engine.Action:
    """An action a table might send now: mostly an awaited seat's legal move, sometimes anything.
    Draws of zero make the legal move, so the simplest example is a plain deal."""
    kind = data.draw(st.integers(0, 19))
    if kind >= 17:
        seat = data.draw(st.integers(0, state.players - 1))
        if kind == 17:
            return engine.Play(seat, data.draw(st.sampled_from(DECK)))  # any card from anyone: usually refused
        if kind == 18 and skips:
            return engine.Skip(seat)
        return engine.Point(seat, data.draw(st.integers(-1, len(state.trick))))
    waiting = state.waiting_for()
    mover = waiting[data.draw(st.integers(0, len(waiting) - 1))]
    if step > MAX_STEPS or kind == 16:
        return engine.Auto(mover)
    if state.stage == "play":
        return engine.Play(mover, data.draw(st.sampled_from(sorted(state.playable(mover), key=tp.card_code))))
    return engine.Point(mover, data.draw(st.integers(0, len(state.trick) - 1)))


def _play_out(data: st.DataObject, skips: bool) -> tuple[engine.Deal, FiveTricksVariant | None, list[engine.TableState],
                                                          list[engine.Action], Counter[str]]:
    players = data.draw(st.integers(2, 8))
    dealt = tp.deal(data.draw(st.binary(max_size=16)), players, data.draw(st.integers(0, players - 1)))
    referee = data.draw(REFEREES)
    state = engine.start(FT, dealt, referee)
    states, actions, taken_cards = [state], [], Counter[str]()
    step = 0
    while not state.over:
        step += 1
        assert step < 5000
        action = _step(data, state, step, skips)
        try:
            after = engine.apply(state, action)
        except RuleError:
            continue
        if sum(after.taken) > sum(state.taken):
            taken_cards.update(tp.card_code(card) for _, card in after.last_trick)
        _check_play(state, action, after)
        state = after
        states.append(state)
        actions.append(action)
    return dealt, referee, states, actions, taken_cards


def _check_play(before: engine.TableState, action: engine.Action, after: engine.TableState) -> None:
    """A card is played only by the seat whose turn it is, only a card it may play."""
    if isinstance(action, engine.Play):
        assert before.stage == "play" and action.seat == before.turn
        assert action.card in before.playable(action.seat)
        assert action.card not in after.hands[action.seat]
    else:
        assert all(after.hands[seat] == before.hands[seat] for seat in range(before.players)
                   if not isinstance(action, engine.Auto) or seat != action.seat)


def _cards_in(state: engine.TableState, taken_cards: Counter[str]) -> Counter[str]:
    held = Counter(tp.card_code(card) for hand in state.hands for card in hand)
    return held + Counter(tp.card_code(card) for _, card in state.trick) + taken_cards


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_deal_played_to_the_end_takes_every_dealt_card_once_in_exactly_its_tricks(data):
    dealt, _, states, _, taken_cards = _play_out(data, skips=False)
    end = states[-1]
    dealt_cards = Counter(tp.card_code(card) for hand in dealt.hands for card in hand)
    assert taken_cards == dealt_cards
    assert all(hand == () for hand in end.hands) and end.trick == ()
    assert sum(end.taken) == end.tricks_in_deal()
    assert sum(taken_cards.values()) == end.tricks_in_deal() * dealt.players


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_cards_are_conserved_and_nobody_plays_out_of_turn_even_when_players_sit_out(data):
    dealt, _, states, _, _ = _play_out(data, skips=True)
    dealt_cards = Counter(tp.card_code(card) for hand in dealt.hands for card in hand)
    taken: Counter[str] = Counter()
    previous = states[0]
    for state in states:
        if sum(state.taken) > sum(previous.taken):
            taken.update(tp.card_code(card) for _, card in state.last_trick)
        assert _cards_in(state, taken) == dealt_cards
        assert (state.turn is not None) == (state.stage == "play")
        assert state.turn is None or state.turn not in state.skipped
        assert sum(state.taken) <= state.tricks_in_deal()
        previous = state
    end = states[-1]
    if len(end.active) >= 2:
        assert sum(end.taken) == end.tricks_in_deal()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_replaying_the_accepted_actions_gives_the_state_reached_step_by_step(data):
    dealt, referee, states, actions, _ = _play_out(data, skips=True)
    assert engine.replay(FT, dealt, referee, actions) == states[-1]
    cut = data.draw(st.integers(0, len(actions)))
    assert engine.replay(FT, dealt, referee, actions[:cut]) == states[cut]
    stored = [engine.action_to_json(FT, action) for action in actions]
    assert [engine.action_from_json(FT, item) for item in stored] == actions
