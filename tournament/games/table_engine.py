"""One deal at an online table, as pure data, for any game with a ``TablePlay``: the deal,
every action a seat (or the organiser, for an absent seat) may take, and the state after each.
What differs from game to game (the cards dealt, which may be played, who takes a trick, what
the deal reports) is the game's ``TablePlay``; turns, pointing, disputes and seats sitting out
are the same for every game, here.

Seats are numbers 0..n-1 in playing order (clockwise); the engine knows seats, never names.

Invariants:
- ``deal`` is the game's ``TablePlay.deal``: a pure function of (seed, players, dealer). Every
  card dealt is in exactly one hand or the aside.
- ``apply`` never mutates: states, deals and actions are frozen, their collections tuples. A
  refused action raises ``RuleError`` whose ``.text`` is one of the ``T(...)`` messages below
  (no names: the service may add them) and nothing is changed.
- Cards are conserved: at every moment each dealt card is in its seat's hand, on the table (the
  trick), or in a trick already taken; a card is played once, only by its holder, only on that
  seat's turn, only in stage "play", and under a referee only when ``legal_cards`` allows it.
- The stages and how the deal moves between them are data (``STAGE_MOVES``), and so is what
  each stage refuses (``REFUSAL``); ``_settle`` is their one writer.
- The *active* seats are the seats not skipped. A trick is complete when every active seat that
  held cards when it began has played to it. Under a referee ``trick_winner`` takes it at once;
  without one every active seat points at the card it thinks won ("point"); all the same: that
  card's seat takes the trick; different: "dispute", pointing changes until all agree, and the
  resolved dispute is kept as a ``Dispute`` (its first pointing, and who took the trick).
- The seat that takes a trick leads the next one; a taker sitting out passes the lead to the
  next active seat clockwise. ``turn`` is a seat exactly in stage "play", ``None`` otherwise.
- ``sum(taken)`` is the number of tricks taken. The deal is "over" when every active hand is
  empty and the last trick is taken, or as soon as fewer than two seats are active (nobody is
  left to play against: the cards still held stay unplayed, a trick not yet taken stays so).
  A deal played to the end by seats that never sit out has exactly ``tricks_in_deal()`` tricks.
- ``replay(rules, deal, referee, actions)`` is ``start`` followed by ``apply`` of each action,
  so the stored actions are the whole truth of a deal: the state is never stored.
- ``action_to_json`` and ``action_from_json`` are inverse; ``action_from_json`` reads stored and
  device-sent data and refuses anything that is not exactly an action's form.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from ..core.errors import RuleError
from ..core.i18n import T, Text
from .protocol import TablePlay

NOT_YOUR_TURN: Final = T("It is not your turn.")
NOT_IN_HAND: Final = T("That card is not in your hand.")
NOT_ALLOWED: Final = T("This table's rules do not allow that card now.")
POINT_AT_A_CARD: Final = T("Point at one of the cards on the table.")
TRICK_NOT_COMPLETE: Final = T("The trick is not complete yet.")
DEAL_OVER: Final = T("This deal is over.")
SITS_OUT: Final = T("That player already sits out this deal.")
NOTHING_TO_DO: Final = T("Nothing to do for that player now.")
NO_SUCH_SEAT: Final = T("There is no such seat at this table.")
UNREADABLE_ACTION: Final = T("That action could not be read.")

MIN_PLAYERS: Final[int] = 2

# Where a deal stands: "play": cards are being played; "point": the trick is complete and each
# seat points at the card it thinks won; "dispute": they pointed at different cards and must
# agree; "over": the deal has ended.
STAGES: Final[tuple[str, ...]] = ("play", "point", "dispute", "over")
# How a deal moves: (stage, what happened) -> the next stage. Nothing else moves it.
STAGE_MOVES: Final[Mapping[tuple[str, str], str]] = {
    ("play", "taken"): "play",  # the app referees: the trick is taken at once, the next one begins
    ("play", "complete"): "point",  # the players referee: each points at the card that won
    ("point", "agreed"): "play",
    ("point", "disagreed"): "dispute",
    ("dispute", "agreed"): "play",
    ("play", "ended"): "over",
    ("point", "ended"): "over",
    ("dispute", "ended"): "over",
}
# The actions a seat may take in each stage ("auto": the app acts for an absent seat; "skip":
# it sits out the rest of the deal), and the sentence refusing each other one.
ALLOWED: Final[Mapping[str, frozenset[str]]] = {
    "play": frozenset({"play", "skip", "auto"}),
    "point": frozenset({"point", "skip", "auto"}),
    "dispute": frozenset({"point", "skip", "auto"}),
    "over": frozenset(),
}
REFUSAL: Final[Mapping[tuple[str, str], Text]] = {
    ("point", "play"): NOT_YOUR_TURN,
    ("dispute", "play"): NOT_YOUR_TURN,
    ("play", "point"): TRICK_NOT_COMPLETE,
    **{("over", kind): DEAL_OVER for kind in ("play", "point", "skip", "auto")},
}


def refusal(stage: str, kind: str) -> Text | None:
    """Why a deal in ``stage`` refuses an action of ``kind``; ``None``: the stage allows it."""
    return None if kind in ALLOWED[stage] else REFUSAL[(stage, kind)]


@dataclass(frozen=True)
class Deal:
    """The cards of one deal: each seat's hand (in the order shown), the cards set aside, the
    dealer."""

    hands: tuple[tuple[Any, ...], ...]
    aside: tuple[Any, ...]
    dealer: int

    def __post_init__(self) -> None:
        if not isinstance(self.hands, tuple) or not all(isinstance(hand, tuple) for hand in self.hands):
            raise RuleError("a deal's hands must be a tuple of tuples of cards")
        if len(self.hands) < MIN_PLAYERS:
            raise RuleError(f"a deal needs at least {MIN_PLAYERS} seats, not {len(self.hands)}")
        _seat_number(self.dealer, len(self.hands))
        cards = [card for hand in self.hands for card in hand] + list(self.aside)
        if len(set(cards)) != len(cards):
            raise RuleError("a deal holds each card of the deck at most once")

    @property
    def players(self) -> int:
        return len(self.hands)


def _seat_number(value: object, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise RuleError(NO_SUCH_SEAT)
    return value


def deal(rules: TablePlay[Any], seed: bytes, players: int, dealer: int) -> Deal:
    """The game's deal from ``seed``, the seat after ``dealer`` served first."""
    if not isinstance(seed, bytes):
        raise RuleError(f"a deal's seed must be bytes, not {type(seed).__name__}")
    rules.cards_each(players)
    dealer = _seat_number(dealer, players)
    hands, aside = rules.deal(seed, players, dealer)
    return Deal(hands=hands, aside=aside, dealer=dealer)


@dataclass(frozen=True)
class Play:
    seat: int
    card: Any


@dataclass(frozen=True)
class Point:
    """``seat`` points at ``index`` of the trick on the table (0 is the card led)."""

    seat: int
    index: int


@dataclass(frozen=True)
class Skip:
    """``seat`` sits out the rest of the deal (the organiser's call for an absent player)."""

    seat: int


@dataclass(frozen=True)
class Auto:
    """The app acts for an absent ``seat``: plays its first playable card, or points for it."""

    seat: int


Action = Play | Point | Skip | Auto
_KINDS: Final[dict[type[Any], str]] = {Play: "play", Point: "point", Skip: "skip", Auto: "auto"}


@dataclass(frozen=True)
class Dispute:
    """A trick whose pointers first disagreed: its number, its cards (seat, card) lead first, the
    first pointing of every seat (``None``: did not point), and the seat that took it."""

    trick: int
    cards: tuple[tuple[int, Any], ...]
    first: tuple[int | None, ...]
    taker: int


@dataclass(frozen=True)
class TableState:
    """The state of a deal after some actions; build it with ``start`` and ``apply``."""

    rules: TablePlay[Any]
    deal: Deal
    referee: Any  # the table's variant when the app referees, else None
    hands: tuple[tuple[Any, ...], ...]
    trick: tuple[tuple[int, Any], ...]
    turn: int | None
    leader: int
    taken: tuple[int, ...]
    trick_number: int
    stage: str
    choices: tuple[int | None, ...]
    skipped: frozenset[int]
    last_trick: tuple[tuple[int, Any], ...]
    last_taker: int | None
    disputes: tuple[Dispute, ...]
    # The pointing when the open dispute began (empty unless stage is "dispute").
    first_choices: tuple[int | None, ...] = ()

    @property
    def players(self) -> int:
        return self.deal.players

    @property
    def active(self) -> tuple[int, ...]:
        """Seats that have not been skipped, in playing order."""
        return tuple(seat for seat in range(self.players) if seat not in self.skipped)

    @property
    def over(self) -> bool:
        return self.stage == "over"

    def tricks_in_deal(self) -> int:
        """Tricks a deal has when played to the end: one per card in each hand."""
        return self.rules.cards_each(self.players)

    def playable(self, seat: int) -> frozenset[Any]:
        """The cards ``seat`` may play now: empty unless it is that seat's turn."""
        if self.stage != "play" or seat != self.turn:
            return frozenset()
        hand = self.hands[seat]
        if self.referee is None:
            return frozenset(hand)
        return frozenset(self.rules.legal_cards(self.referee, hand, [card for _, card in self.trick]))

    def waiting_for(self) -> tuple[int, ...]:
        """Seats whose card or pointing is awaited: the seat to play; the active seats that have
        not pointed yet; in a dispute, every active seat (all must agree); nobody once over."""
        if self.stage == "play":
            return (self.turn,) if self.turn is not None else ()
        if self.stage == "point":
            return tuple(seat for seat in self.active if self.choices[seat] is None)
        if self.stage == "dispute":
            return self.active
        return ()

    def popular_choice(self, seat: int) -> int:
        """The card most active seats other than ``seat`` point at (ties: the earliest card;
        nobody yet: the card led): where the app points for an absent seat."""
        counts = Counter(self.choices[other] for other in self.active if other != seat)
        counts.pop(None, None)
        if not counts:
            return 0
        return min((index for index in counts if index is not None), key=lambda index: (-counts[index], index))


def start(rules: TablePlay[Any], deal: Deal, referee: Any) -> TableState:
    """The deal before its first card: the seat after the dealer leads. ``referee``: the
    table's variant when the app referees, else ``None``."""
    if not isinstance(deal, Deal):
        raise RuleError(f"expected a Deal, not {deal!r}")
    players = deal.players
    rules.cards_each(players)
    leader = (_seat_number(deal.dealer, players) + 1) % players
    return TableState(
        rules=rules, deal=deal, referee=referee, hands=deal.hands, trick=(), turn=leader, leader=leader,
        taken=(0,) * players, trick_number=1, stage="play", choices=(None,) * players,
        skipped=frozenset(), last_trick=(), last_taker=None, disputes=(),
    )


def apply(state: TableState, action: Action) -> TableState:
    """The state after ``action``; a refused action raises ``RuleError`` naming the rule."""
    if not isinstance(state, TableState):
        raise RuleError(f"expected a TableState, not {state!r}")
    if not isinstance(action, (Play, Point, Skip, Auto)):
        raise RuleError(UNREADABLE_ACTION)
    seat = _seat_number(action.seat, state.players)
    if state.over:
        raise RuleError(DEAL_OVER)
    if seat in state.skipped:
        raise RuleError(SITS_OUT)
    refused = refusal(state.stage, _KINDS[type(action)])
    if refused is not None:
        raise RuleError(refused)
    if isinstance(action, Play):
        return _play(state, seat, action.card)
    if isinstance(action, Point):
        return _point(state, seat, action.index)
    if isinstance(action, Skip):
        return _settle(replace(state, skipped=state.skipped | {seat}, choices=_with(state.choices, seat, None)))
    return _auto(state, seat)


def replay(rules: TablePlay[Any], deal: Deal, referee: Any, actions: Sequence[Action]) -> TableState:
    """The state after ``actions`` from the start of ``deal``."""
    state = start(rules, deal, referee)
    for action in actions:
        state = apply(state, action)
    return state


def _with(values: tuple[int | None, ...], seat: int, value: int | None) -> tuple[int | None, ...]:
    return (*values[:seat], value, *values[seat + 1:])


def _play(state: TableState, seat: int, card: Any) -> TableState:
    if seat != state.turn:
        raise RuleError(NOT_YOUR_TURN)
    hand = state.hands[seat]
    if card not in hand:
        raise RuleError(NOT_IN_HAND)
    if card not in state.playable(seat):
        raise RuleError(NOT_ALLOWED)
    hands = (*state.hands[:seat], tuple(held for held in hand if held != card), *state.hands[seat + 1:])
    return _settle(replace(state, hands=hands, trick=(*state.trick, (seat, card))))


def _point(state: TableState, seat: int, index: int) -> TableState:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(state.trick):
        raise RuleError(POINT_AT_A_CARD)
    return _settle(replace(state, choices=_with(state.choices, seat, index)))


def _auto(state: TableState, seat: int) -> TableState:
    if state.stage == "play" and seat == state.turn:
        return _play(state, seat, next(card for card in state.hands[seat] if card in state.playable(seat)))
    if seat in state.waiting_for() and state.stage in ("point", "dispute"):
        return _point(state, seat, state.popular_choice(seat))
    raise RuleError(NOTHING_TO_DO)


def _next_seat(players: int, after: int, among: Iterable[int]) -> int | None:
    """The first seat of ``among`` clockwise after ``after`` (``after`` itself last)."""
    candidates = set(among)
    for step in range(1, players + 1):
        seat = (after + step) % players
        if seat in candidates:
            return seat
    return None


def _moved(state: TableState, event: str, **changes: Any) -> TableState:
    """The state moved on by ``event`` as ``STAGE_MOVES`` says: the one writer of ``stage``."""
    return replace(state, stage=STAGE_MOVES[(state.stage, event)], **changes)


def _over(state: TableState) -> TableState:
    return _moved(state, "ended", turn=None, choices=(None,) * state.players, first_choices=())


def _settle(state: TableState) -> TableState:
    """Move the deal on after a change: whose turn, a trick complete, pointing agreed, over."""
    active = state.active
    if len(active) < MIN_PLAYERS:
        return _over(state)
    if state.stage == "play":
        played = {seat for seat, _ in state.trick}
        missing = [seat for seat in active if seat not in played and state.hands[seat]]
        if missing:
            if state.turn in missing:
                return state
            origin = state.turn if state.turn is not None else state.leader
            turn = _next_seat(state.players, origin, missing)
            assert turn is not None  # missing is not empty
            return replace(state, turn=turn, leader=state.leader if state.trick else turn)
        if not state.trick:
            return _over(state)  # nobody active holds a card: nothing left to play
        if state.referee is not None:
            return _take(state, state.rules.trick_winner(state.referee, [card for _, card in state.trick]), None,
                         "taken")
        return _moved(state, "complete", turn=None, choices=(None,) * state.players)
    chosen = {state.choices[seat] for seat in active}
    if None in chosen:
        return state
    if len(chosen) == 1:
        (index,) = chosen
        assert index is not None
        dispute = None
        if state.stage == "dispute":
            dispute = Dispute(trick=state.trick_number, cards=state.trick, first=state.first_choices,
                              taker=state.trick[index][0])
        return _take(state, index, dispute, "agreed")
    if state.stage == "point":
        return _moved(state, "disagreed", first_choices=state.choices)
    return state


def _take(state: TableState, index: int, dispute: Dispute | None, event: str) -> TableState:
    """The trick goes to the seat that played ``trick[index]``; that seat (or the next active one
    when it sits out) leads the next trick, unless the deal is over."""
    taker = state.trick[index][0]
    taken = tuple(count + (seat == taker) for seat, count in enumerate(state.taken))
    disputes = (*state.disputes, dispute) if dispute is not None else state.disputes
    done = replace(state, trick=(), last_trick=state.trick, last_taker=taker, taken=taken, disputes=disputes,
                   choices=(None,) * state.players, first_choices=())
    if not any(state.hands[seat] for seat in state.active):
        return _over(done)
    leader = taker if taker not in state.skipped else _next_seat(state.players, taker, state.active)
    assert leader is not None  # at least two seats are active here
    return _settle(_moved(done, event, turn=leader, leader=leader, trick_number=state.trick_number + 1))


_KEYS: Final[dict[str, frozenset[str]]] = {
    "play": frozenset({"type", "seat", "card"}),
    "point": frozenset({"type", "seat", "index"}),
    "skip": frozenset({"type", "seat"}),
    "auto": frozenset({"type", "seat"}),
}


def card_from_code(rules: TablePlay[Any], code: object) -> Any:
    """The card whose code is exactly ``code``; anything else is refused."""
    if not isinstance(code, str):
        raise RuleError(UNREADABLE_ACTION)
    try:
        return rules.card_from_code(code)
    except RuleError:
        raise RuleError(UNREADABLE_ACTION) from None


def action_to_json(rules: TablePlay[Any], action: Action) -> dict[str, object]:
    """The JSON form of ``action``: ``{"type": "play", "seat": 0, "card": "7h"}``,
    ``{"type": "point", "seat": 1, "index": 2}``, ``{"type": "skip"|"auto", "seat": 3}``."""
    if isinstance(action, Play):
        return {"type": "play", "seat": action.seat, "card": rules.face(action.card).code}
    if isinstance(action, Point):
        return {"type": "point", "seat": action.seat, "index": action.index}
    if isinstance(action, Skip):
        return {"type": "skip", "seat": action.seat}
    if isinstance(action, Auto):
        return {"type": "auto", "seat": action.seat}
    raise RuleError(UNREADABLE_ACTION)


def _whole_number(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RuleError(UNREADABLE_ACTION)
    return value


def action_from_json(rules: TablePlay[Any], data: object) -> Action:
    """The action whose JSON form is exactly ``data`` (the keys of its type, no others; seats and
    indexes whole numbers; a card as its code). Stored rows carry keys of their own (a nonce,
    who acted): the caller passes only the action's keys."""
    if not isinstance(data, Mapping):
        raise RuleError(UNREADABLE_ACTION)
    kind = data.get("type")
    keys = _KEYS.get(kind) if isinstance(kind, str) else None
    if keys is None or set(data) != keys:
        raise RuleError(UNREADABLE_ACTION)
    seat = _whole_number(data["seat"])
    if kind == "play":
        return Play(seat, card_from_code(rules, data["card"]))
    if kind == "point":
        return Point(seat, _whole_number(data["index"]))
    if kind == "skip":
        return Skip(seat)
    return Auto(seat)
