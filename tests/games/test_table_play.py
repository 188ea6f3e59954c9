"""One deal at an online table (games/five_tricks/table_play.py): dealing, turns, pointing and
disputes, the referee, skip and play-for, and the actions' JSON form."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from tournament.core.errors import RuleError
from tournament.core.i18n import Text
from tournament.games import table_engine as engine
from tournament.games.five_tricks import table_play as tp
from tournament.games.five_tricks.cards import DECK, Card, Suit
from tournament.games.five_tricks.replay import FiveTricksTricks
from tournament.games.five_tricks.table_play import FIVE_TRICKS_TABLE as FT
from tournament.games.five_tricks.tricks import legal_cards, trick_winner
from tournament.games.five_tricks.variants import FiveTricksVariant

HIGH = FiveTricksVariant(ace="high", wins="highest", trump=None)
HEARTS_TRUMP = FiveTricksVariant(ace="low", wins="lowest", trump=Suit.HEARTS)


def c(code: str) -> Card:
    return tp.card_from_code(code)


def cards(codes: str) -> tuple[Card, ...]:
    return tp.hand_order(c(code) for code in codes.split())


def small_deal(*hands: str, dealer: int | None = None) -> engine.Deal:
    """A deal with the given hands; the dealer is the last seat, so seat 0 leads."""
    dealt = tuple(cards(hand) for hand in hands)
    used = {card for hand in dealt for card in hand}
    return engine.Deal(hands=dealt, aside=tuple(card for card in DECK if card not in used),
                   dealer=len(hands) - 1 if dealer is None else dealer)


# Seat 0 leads; 7h, 2h, 5h are hearts; each seat also holds one card of another suit.
THREE = small_deal("7h 3c", "2h As", "5h 4d")


def refused(state: engine.TableState, action: engine.Action) -> Text | str:
    before = state
    with pytest.raises(RuleError) as caught:
        engine.apply(state, action)
    assert state == before
    return caught.value.text


def msgid(text: Text | str) -> str:
    assert isinstance(text, Text)
    return text.msgid


def play_all(state: engine.TableState, *codes: str) -> engine.TableState:
    for code in codes:
        assert state.turn is not None
        state = engine.apply(state, engine.Play(state.turn, c(code)))
    return state


# --- dealing -------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "each"), [(2, 7), (3, 7), (4, 7), (5, 5), (6, 4), (7, 4), (8, 3)])
def test_cards_each_follows_the_sheet_for_two_to_eight_players(players, each):
    assert tp.cards_each(players) == each
    dealt = tp.deal(b"seed", players, 0)
    assert [len(hand) for hand in dealt.hands] == [each] * players
    assert len(dealt.aside) == 28 - each * players


@pytest.mark.parametrize("players", [0, 1, 29, True, 2.0, "3"])
def test_a_deal_needs_two_to_twenty_eight_players(players):
    with pytest.raises(RuleError) as caught:
        tp.cards_each(players)
    assert msgid(caught.value.text) == "A deal needs 2 to 28 players, not {players}."


def test_the_same_seed_deals_the_same_hands_and_another_seed_other_hands():
    assert tp.deal(b"event 1 table 2 deal 3", 4, 1) == tp.deal(b"event 1 table 2 deal 3", 4, 1)
    assert tp.deal(b"event 1 table 2 deal 3", 4, 1).hands != tp.deal(b"event 1 table 2 deal 4", 4, 1).hands


def test_a_deal_is_the_seed_shuffle_dealt_one_card_at_a_time_from_the_seat_after_the_dealer():
    seed, players, dealer = b"fixed", 5, 3
    deck = list(DECK)
    random.Random(int.from_bytes(hashlib.sha256(seed).digest(), "big")).shuffle(deck)
    expected: list[list[Card]] = [[] for _ in range(players)]
    for position, card in enumerate(deck[:25]):
        expected[(dealer + 1 + position) % players].append(card)
    dealt = tp.deal(seed, players, dealer)
    assert dealt.hands == tuple(tp.hand_order(hand) for hand in expected)
    assert set(dealt.aside) == set(deck[25:])
    assert dealt.dealer == dealer


def test_moving_the_dealer_one_seat_moves_every_hand_one_seat():
    for dealer in range(4):
        here, next_dealer = tp.deal(b"rotate", 4, dealer), tp.deal(b"rotate", 4, (dealer + 1) % 4)
        assert all(next_dealer.hands[(seat + 1) % 4] == here.hands[seat] for seat in range(4))


def test_every_card_of_the_deck_is_dealt_once_or_set_aside():
    for players in range(2, 9):
        dealt = tp.deal(b"all", players, players - 1)
        every = [card for hand in dealt.hands for card in hand] + list(dealt.aside)
        assert sorted(every, key=tp.card_code) == sorted(DECK, key=tp.card_code)


def test_hands_are_in_suit_order_then_ace_to_seven():
    assert tp.hand_order(cards("7s Ah 3d 2h Ac 7h")) == (c("Ah"), c("2h"), c("7h"), c("3d"), c("Ac"), c("7s"))
    dealt = tp.deal(b"order", 3, 0)
    assert all(hand == tp.hand_order(hand) for hand in dealt.hands)


@pytest.mark.parametrize("dealer", [-1, 4, True, "0"])
def test_a_dealer_outside_the_table_is_refused(dealer):
    with pytest.raises(RuleError):
        tp.deal(b"x", 4, dealer)


def test_a_seed_must_be_bytes():
    with pytest.raises(RuleError):
        tp.deal("text", 4, 0)  # type: ignore[arg-type]


# --- playing -------------------------------------------------------------------------------

def test_the_seat_after_the_dealer_leads_the_first_trick():
    for dealer in range(4):
        state = engine.start(FT, tp.deal(b"lead", 4, dealer), None)
        assert (state.leader, state.turn, state.stage, state.trick_number) == ((dealer + 1) % 4,) * 2 + ("play", 1)
        assert state.waiting_for() == ((dealer + 1) % 4,)


def test_out_of_turn_card_is_refused_and_changes_nothing():
    state = engine.start(FT, THREE, None)
    assert msgid(refused(state, engine.Play(1, c("2h")))) == "It is not your turn."
    assert msgid(refused(state, engine.Play(2, c("5h")))) == "It is not your turn."


def test_a_card_not_in_the_hand_is_refused_and_changes_nothing():
    state = engine.start(FT, THREE, None)
    assert msgid(refused(state, engine.Play(0, c("2h")))) == "That card is not in your hand."
    assert msgid(refused(state, engine.Play(0, c("Ad")))) == "That card is not in your hand."


def test_a_played_card_leaves_the_hand_for_the_table_and_the_turn_passes_clockwise():
    state = engine.apply(engine.start(FT, THREE, None), engine.Play(0, c("3c")))
    assert state.hands[0] == (c("7h"),)
    assert state.trick == ((0, c("3c")),)
    assert state.turn == 1
    assert msgid(refused(state, engine.Play(0, c("7h")))) == "It is not your turn."


def test_without_a_referee_any_card_in_the_hand_may_be_played():
    state = engine.apply(engine.start(FT, THREE, None), engine.Play(0, c("7h")))
    assert state.playable(1) == frozenset(cards("2h As"))
    assert engine.apply(state, engine.Play(1, c("As"))).trick[-1] == (1, c("As"))


def test_a_referee_allows_only_the_cards_the_rules_allow():
    state = engine.apply(engine.start(FT, THREE, HIGH), engine.Play(0, c("7h")))
    assert state.playable(1) == frozenset(legal_cards(HIGH, state.hands[1], Suit.HEARTS)) == {c("2h")}
    assert msgid(refused(state, engine.Play(1, c("As")))) == "This table's rules do not allow that card now."


def test_only_the_seat_whose_turn_it_is_has_playable_cards():
    state = engine.start(FT, THREE, None)
    assert state.playable(0) == frozenset(state.hands[0])
    assert state.playable(1) == state.playable(2) == frozenset()


def test_referee_takes_each_trick_as_the_core_trick_winner_does():
    for seed in range(30):
        state = engine.start(FT, tp.deal(str(seed).encode(), 4, seed % 4), HEARTS_TRUMP)
        rng = random.Random(seed)
        while not state.over:
            taken_before = state.taken
            trick_before = state.trick
            assert state.turn is not None
            card = rng.choice(sorted(state.playable(state.turn), key=tp.card_code))
            seat = state.turn
            state = engine.apply(state, engine.Play(seat, card))
            assert state.stage in ("play", "over")  # a referee never asks anyone to point
            if state.taken != taken_before:
                plays = [*trick_before, (seat, card)]
                winner = plays[trick_winner(HEARTS_TRUMP, [played for _, played in plays])][0]
                assert state.last_trick == tuple(plays)
                assert state.last_taker == winner
                assert state.taken[winner] == taken_before[winner] + 1
                assert state.over or state.leader == state.turn == winner


def test_a_complete_trick_without_referee_waits_for_every_player_to_point():
    state = play_all(engine.start(FT, THREE, None), "7h", "2h", "5h")
    assert (state.stage, state.turn, state.waiting_for()) == ("point", None, (0, 1, 2))
    assert msgid(refused(state, engine.Play(1, c("As")))) == "It is not your turn."
    state = engine.apply(state, engine.Point(1, 0))
    assert state.waiting_for() == (0, 2)
    assert state.choices == (None, 0, None)


def test_agreeing_pointers_give_the_trick_to_the_card_they_point_at_and_its_player_leads_next():
    state = play_all(engine.start(FT, THREE, None), "7h", "2h", "5h")
    for seat in (2, 0, 1):
        state = engine.apply(state, engine.Point(seat, 2))
    assert state.taken == (0, 0, 1)
    assert (state.last_trick, state.last_taker) == (((0, c("7h")), (1, c("2h")), (2, c("5h"))), 2)
    assert (state.stage, state.leader, state.turn, state.trick_number, state.trick) == ("play", 2, 2, 2, ())
    assert state.choices == (None, None, None)
    assert state.disputes == ()


def test_pointers_may_change_their_minds_before_everyone_has_pointed():
    state = play_all(engine.start(FT, THREE, None), "7h", "2h", "5h")
    state = engine.apply(engine.apply(state, engine.Point(0, 1)), engine.Point(0, 0))
    state = engine.apply(engine.apply(state, engine.Point(1, 0)), engine.Point(2, 0))
    assert state.taken == (1, 0, 0)
    assert state.disputes == ()


def test_disagreeing_pointers_open_a_dispute_recorded_once_it_resolves():
    state = play_all(engine.start(FT, THREE, None), "7h", "2h", "5h")
    state = engine.apply(engine.apply(engine.apply(state, engine.Point(0, 0)), engine.Point(1, 2)), engine.Point(2, 0))
    assert state.stage == "dispute"
    assert state.waiting_for() == (0, 1, 2)
    assert state.disputes == ()
    assert state.choices == (0, 2, 0)
    state = engine.apply(state, engine.Point(0, 1))  # still no agreement: choices keep changing
    assert (state.stage, state.choices) == ("dispute", (1, 2, 0))
    state = engine.apply(engine.apply(state, engine.Point(0, 2)), engine.Point(2, 2))
    assert state.stage == "play"
    assert state.taken == (0, 0, 1)
    assert state.disputes == (engine.Dispute(trick=1, cards=((0, c("7h")), (1, c("2h")), (2, c("5h"))),
                                         first=(0, 2, 0), taker=2),)


def test_pointing_before_the_trick_is_complete_is_refused():
    state = play_all(engine.start(FT, THREE, None), "7h")
    assert msgid(refused(state, engine.Point(1, 0))) == "The trick is not complete yet."


@pytest.mark.parametrize("index", [-1, 3, True, "0"])
def test_pointing_at_a_card_that_is_not_on_the_table_is_refused(index):
    state = play_all(engine.start(FT, THREE, None), "7h", "2h", "5h")
    assert msgid(refused(state, engine.Point(1, index))) == "Point at one of the cards on the table."


@pytest.mark.parametrize("seat", [-1, 3, True, None])
def test_a_seat_outside_the_table_is_refused(seat):
    state = engine.start(FT, THREE, None)
    for action in (engine.Play(seat, c("7h")), engine.Point(seat, 0), engine.Skip(seat), engine.Auto(seat)):
        assert msgid(refused(state, action)) == "There is no such seat at this table."


def _to_the_end(state: engine.TableState, rng: random.Random) -> tuple[engine.TableState, list[engine.Action]]:
    """Play ``state`` to the end with random cards; pointers agree on a random card."""
    actions: list[engine.Action] = []
    while not state.over:
        if state.stage == "play":
            assert state.turn is not None
            card = rng.choice(sorted(state.playable(state.turn), key=tp.card_code))
            action: engine.Action = engine.Play(state.turn, card)
        elif state.stage == "point" and all(choice is None for choice in state.choices):
            action = engine.Point(state.waiting_for()[0], rng.randrange(len(state.trick)))
        else:
            action = engine.Auto(state.waiting_for()[0])
        actions.append(action)
        state = engine.apply(state, action)
    return state, actions


def test_every_card_dealt_is_played_exactly_once_in_a_deal_played_to_the_end():
    for players in range(2, 9):
        dealt = tp.deal(b"to the end", players, 0)
        state, actions = _to_the_end(engine.start(FT, dealt, None), random.Random(players))
        played = [action.card for action in actions if isinstance(action, engine.Play)]
        assert sorted(played, key=tp.card_code) == sorted((card for hand in dealt.hands for card in hand),
                                                           key=tp.card_code)
        assert all(hand == () for hand in state.hands)
        assert sum(state.taken) == state.tricks_in_deal() == tp.cards_each(players)


def test_the_deal_is_over_once_the_last_trick_is_taken_and_refuses_every_action():
    state = play_all(engine.start(FT, THREE, HIGH), "7h", "2h", "5h")
    assert state.stage == "play" and state.leader == 0  # 7h is the highest heart
    state = play_all(state, "3c", "As", "4d")
    assert state.over and state.stage == "over"
    assert (state.turn, state.waiting_for(), state.taken) == (None, (), (2, 0, 0))
    assert state.last_trick == ((0, c("3c")), (1, c("As")), (2, c("4d")))
    assert state.trick_number == 2
    for action in (engine.Play(0, c("3c")), engine.Point(0, 0), engine.Skip(1), engine.Auto(2)):
        assert msgid(refused(state, action)) == "This deal is over."


def test_apply_never_changes_the_state_it_is_given():
    start = engine.start(FT, THREE, None)
    copy = engine.start(FT, THREE, None)
    after = engine.apply(start, engine.Play(0, c("7h")))
    assert start == copy and after != start
    with pytest.raises(AttributeError):
        start.turn = 2  # type: ignore[misc]


def test_replay_is_start_then_every_action_in_turn():
    rng = random.Random(7)
    dealt = tp.deal(b"replay", 4, 2)
    end, actions = _to_the_end(engine.start(FT, dealt, None), rng)
    assert engine.replay(FT, dealt, None, actions) == end
    assert engine.replay(FT, dealt, None, []) == engine.start(FT, dealt, None)


# --- skip ----------------------------------------------------------------------------------

def test_a_skipped_seat_keeps_its_cards_and_the_turn_passes_to_the_next_active_seat():
    state = engine.apply(engine.start(FT, THREE, None), engine.Skip(0))
    assert state.skipped == frozenset({0})
    assert state.active == (1, 2)
    assert state.hands[0] == THREE.hands[0]
    assert (state.turn, state.leader) == (1, 1)
    assert msgid(refused(state, engine.Play(0, c("7h")))) == "That player already sits out this deal."


def test_skipping_the_last_player_missing_from_a_trick_completes_it():
    state = play_all(engine.start(FT, THREE, HIGH), "7h", "2h")
    state = engine.apply(state, engine.Skip(2))
    assert state.taken == (1, 0, 0)
    assert state.last_trick == ((0, c("7h")), (1, c("2h")))
    assert (state.turn, state.hands[2]) == (0, THREE.hands[2])


def test_skipping_the_last_player_missing_from_the_pointing_resolves_the_trick():
    state = play_all(engine.start(FT, THREE, None), "7h", "2h", "5h")
    state = engine.apply(engine.apply(state, engine.Point(0, 1)), engine.Point(1, 1))
    state = engine.apply(state, engine.Skip(2))
    assert state.taken == (0, 1, 0)
    assert state.disputes == ()


def test_skipping_the_odd_one_out_of_a_dispute_resolves_it_as_a_dispute():
    state = play_all(engine.start(FT, small_deal("7h", "2h", "5h", "Ah"), None), "7h", "2h", "5h", "Ah")
    for seat, index in enumerate((3, 3, 0, 3)):
        state = engine.apply(state, engine.Point(seat, index))
    assert state.stage == "dispute"
    state = engine.apply(state, engine.Skip(2))
    assert state.over  # one card each: the only trick is taken
    assert state.taken == (0, 0, 0, 1)
    assert state.disputes[0].first == (3, 3, 0, 3)


def test_a_second_skip_of_the_same_seat_is_refused():
    state = engine.apply(engine.start(FT, small_deal("7h 3c", "2h As", "5h 4d", "Ah 2c"), None), engine.Skip(1))
    assert msgid(refused(state, engine.Skip(1))) == "That player already sits out this deal."


def test_a_skipped_seat_neither_points_nor_is_waited_for():
    state = play_all(engine.start(FT, small_deal("7h 3c", "2h As", "5h 4d", "Ah 2c"), None), "7h", "2h", "5h", "Ah")
    state = engine.apply(engine.apply(state, engine.Point(3, 3)), engine.Skip(3))
    assert state.choices == (None, None, None, None)
    assert state.waiting_for() == (0, 1, 2)
    assert msgid(refused(state, engine.Point(3, 0))) == "That player already sits out this deal."


def test_a_trick_taken_by_a_skipped_seat_is_led_by_the_next_active_seat():
    state = play_all(engine.start(FT, small_deal("7h 3c", "2h As", "4d 6s", "2c 3d"), HIGH), "7h", "2h")
    state = engine.apply(state, engine.Skip(0))  # 7h, the best card so far, is seat 0's
    state = play_all(state, "4d", "2c")
    assert state.taken == (1, 0, 0, 0)
    assert (state.leader, state.turn) == (1, 1)


def test_fewer_than_two_active_seats_end_the_deal_with_the_cards_left_unplayed():
    state = engine.apply(engine.start(FT, THREE, None), engine.Play(0, c("7h")))
    state = engine.apply(engine.apply(state, engine.Skip(1)), engine.Skip(2))
    assert state.over
    assert state.taken == (0, 0, 0)
    assert state.hands == (cards("3c"), THREE.hands[1], THREE.hands[2])


def test_a_deal_with_a_skipped_seat_still_plays_every_trick():
    dealt = tp.deal(b"skip", 4, 0)
    state, _ = _to_the_end(engine.apply(engine.start(FT, dealt, None), engine.Skip(2)), random.Random(3))
    assert sum(state.taken) == state.tricks_in_deal()
    assert state.taken[2] == 0 and state.hands[2] == dealt.hands[2]


# --- auto (play for an absent player) ------------------------------------------------------

def test_auto_plays_the_first_playable_card_in_hand_order():
    state = engine.apply(engine.start(FT, THREE, None), engine.Auto(0))
    assert state.trick == ((0, c("7h")),)  # hearts come before clubs


def test_auto_under_a_referee_plays_the_first_card_the_rules_allow():
    state = engine.apply(engine.apply(engine.start(FT, THREE, HIGH), engine.Play(0, c("3c"))), engine.Auto(1))
    assert state.trick[-1] == (1, c("2h"))  # void in clubs: the first card of the hand
    state = engine.start(FT, small_deal("7h 3c", "2h 2c", "5h 4d"), HIGH)
    state = engine.apply(engine.apply(state, engine.Play(0, c("3c"))), engine.Auto(1))
    assert state.trick[-1] == (1, c("2c"))  # must follow clubs, though 2h comes first


def test_auto_with_nobody_pointing_yet_points_at_the_led_card():
    state = play_all(engine.start(FT, THREE, None), "3c", "As", "4d")
    assert engine.apply(state, engine.Auto(1)).choices == (None, 0, None)


def test_auto_points_at_the_card_most_others_chose():
    state = play_all(engine.start(FT, small_deal("7h", "2h", "5h", "Ah"), None), "7h", "2h", "5h", "Ah")
    state = engine.apply(engine.apply(engine.apply(state, engine.Point(0, 1)), engine.Point(1, 2)), engine.Point(3, 2))
    state = engine.apply(state, engine.Auto(2))
    # seat 2 joined the two pointing at 5h; seat 0 still points at 2h: a dispute
    assert (state.stage, state.choices) == ("dispute", (1, 2, 2, 2))


def test_auto_breaks_a_tie_of_pointing_for_the_earliest_card():
    state = play_all(engine.start(FT, small_deal("7h", "2h", "5h", "Ah"), None), "7h", "2h", "5h", "Ah")
    state = engine.apply(engine.apply(state, engine.Point(0, 3)), engine.Point(1, 2))
    assert engine.apply(state, engine.Auto(2)).choices == (3, 2, 2, None)
    state = engine.apply(state, engine.Point(2, 3))
    assert engine.apply(state, engine.Auto(3)).choices == (3, 2, 3, 3)  # two on Ah, one on 5h: Ah


def test_auto_in_a_dispute_joins_the_others_and_can_settle_it():
    state = play_all(engine.start(FT, THREE, None), "7h", "2h", "5h")
    state = engine.apply(engine.apply(engine.apply(state, engine.Point(0, 0)), engine.Point(1, 0)), engine.Point(2, 1))
    assert state.stage == "dispute"
    state = engine.apply(state, engine.Auto(2))
    assert state.taken == (1, 0, 0)
    assert state.disputes[0].first == (0, 0, 1)


def test_auto_for_a_player_with_nothing_to_do_is_refused():
    state = engine.start(FT, THREE, None)
    assert msgid(refused(state, engine.Auto(1))) == "Nothing to do for that player now."
    state = engine.apply(play_all(state, "7h", "2h", "5h"), engine.Point(1, 0))
    assert msgid(refused(state, engine.Auto(1))) == "Nothing to do for that player now."
    skipped = engine.apply(state, engine.Skip(0))
    assert msgid(refused(skipped, engine.Auto(0))) == "That player already sits out this deal."


# --- JSON ----------------------------------------------------------------------------------

ACTIONS = [engine.Play(0, c("7h")), engine.Play(3, c("Ac")), engine.Point(2, 0), engine.Point(7, 5),
           engine.Skip(1), engine.Auto(4)]


@pytest.mark.parametrize("action", ACTIONS)
def test_every_action_survives_the_json_round_trip(action):
    data = engine.action_to_json(FT, action)
    assert engine.action_from_json(FT, data) == action
    assert engine.action_from_json(FT, json.loads(json.dumps(data))) == action


def test_the_json_form_names_cards_by_their_code():
    assert engine.action_to_json(FT, engine.Play(2, c("Ac"))) == {"type": "play", "seat": 2, "card": "Ac"}
    assert engine.action_to_json(FT, engine.Point(1, 3)) == {"type": "point", "seat": 1, "index": 3}
    assert engine.action_to_json(FT, engine.Skip(0)) == {"type": "skip", "seat": 0}
    assert engine.action_to_json(FT, engine.Auto(0)) == {"type": "auto", "seat": 0}


def test_card_codes_are_the_debrief_card_faces_codes():
    faces = FiveTricksTricks()
    for card in DECK:
        assert tp.card_code(card) == faces.face(card).code
        assert tp.card_from_code(faces.face(card).code) == card


@pytest.mark.parametrize("data", [
    None, [], "play", 3,
    {},
    {"type": "fold", "seat": 0},
    {"type": None, "seat": 0},
    {"type": "skip"},
    {"type": "skip", "seat": 0, "nonce": "abcdefgh"},
    {"type": "skip", "seat": -1},
    {"type": "skip", "seat": True},
    {"type": "skip", "seat": 1.0},
    {"type": "skip", "seat": "1"},
    {"type": "play", "seat": 0},
    {"type": "play", "seat": 0, "card": "9z"},
    {"type": "play", "seat": 0, "card": "7♥"},
    {"type": "play", "seat": 0, "card": "ace of clubs"},
    {"type": "play", "seat": 0, "card": 7},
    {"type": "play", "seat": 0, "card": ["7h"]},
    {"type": "point", "seat": 0, "index": "1"},
    {"type": "point", "seat": 0, "index": -1},
    {"type": "point", "seat": 0, "card": "7h"},
    {"type": "auto", "seat": None},
    {1: "skip"},
])
def test_a_malformed_json_action_is_refused(data):
    with pytest.raises(RuleError) as caught:
        engine.action_from_json(FT, data)
    assert msgid(caught.value.text) == "That action could not be read."
