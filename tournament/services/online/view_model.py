"""What an online player's device and the organiser's online page are drawn from.

`view.player_view` builds a `PlayerView` for one claimed player; `watch.table_watches` builds
a `TableWatch` per online table. The templates read only these, so what a device can ever
receive is visible here: a player's own hand (`GameView.hand`) and nothing of anyone else's
but how many cards they hold. A `TableWatch` holds no hand at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.i18n import Text
from ...games import table_engine
from ...games.protocol import CardFace
from ..timer import TimerView

# What a player's screen is in. "waiting": before study (or before the organiser starts
# anything); "study": the home table's rule sheet; "practice": practice deals and a text chat;
# "tournament": a round runs (no sheet, no chat: gestures and the drawing pad); "between": a
# round closed, the screen shows the move and the next table; "ended": no round follows;
# "not_playing": an observer or a withdrawn player.
PHASES = ("waiting", "study", "practice", "tournament", "between", "ended", "not_playing")
# Where a deal stands: the engine's stages ("play", "point", "dispute", "over"), stated there.
STAGES = table_engine.STAGES


@dataclass(frozen=True)
class CardView:
    face: CardFace  # face.code is what the device sends back ("7h", "Ac")
    playable: bool  # the player may play it now (always all of them, unless the app referees)


@dataclass(frozen=True)
class SeatView:
    """One player at the table, as every player there may see them."""

    player_id: int
    name: str
    me: bool
    dealer: bool
    turn: bool  # it is this player's turn to play
    cards_left: int
    tricks: int  # tricks taken in this deal
    away: bool  # their device has not been seen for a while
    skipped: bool  # the organiser skipped them for the rest of this deal
    pointed: bool  # "point"/"dispute": they have pointed at a card
    choice: int | None  # "dispute" only: the index in the trick they point at


@dataclass(frozen=True)
class PlayedCard:
    player_id: int
    name: str
    face: CardFace
    votes: tuple[str, ...]  # "dispute" only: names of the players pointing at this card
    took: bool  # in `GameView.last_trick`: this card took the trick


@dataclass(frozen=True)
class GameView:
    number: int  # the deal's number at this table in this round (or practice)
    practice: bool
    referee: bool  # the app enforces legal plays and takes tricks
    stage: str  # one of STAGES
    seats: tuple[SeatView, ...]  # in playing order
    trick: tuple[PlayedCard, ...]  # the cards on the table, lead first
    trick_number: int  # 1-based
    tricks_in_deal: int  # how many tricks this deal has
    hand: tuple[CardView, ...]  # the receiving player's own cards, and nobody else's
    my_turn: bool
    my_choice: int | None  # the trick index the receiving player points at
    last_trick: tuple[PlayedCard, ...]  # the trick taken last (empty before the first)
    last_taker: str | None  # who took it
    waiting_for: tuple[str, ...]  # names whose card or pointing the table waits for
    winner: str | None  # "over": the deal's winner (most tricks, ties alphabetical)
    recorded_as: int | None  # "over" in a round: the number of the tournament game it became


@dataclass(frozen=True)
class MessageView:
    kind: str  # "chat" or "gesture"
    name: str  # who said it
    text: str  # the chat line, or the gesture's symbol
    label: Text | None  # a gesture's words (tooltip, screen readers)
    me: bool


@dataclass(frozen=True)
class PadLine:
    """One line on a table's drawing pad, the same for every screen at the table."""

    id: int  # its message's id: lines come in this order, and a device names the last it holds
    player_id: int | None  # who drew it (each screen marks its own lines)
    points: str  # [[x, y], ...] in 0..1000 on both axes, as JSON: written once per pad, sent as it is
    colour: str  # one of messages.COLOURS


@dataclass(frozen=True)
class PadView:
    """A table's drawing pad since it was last cleared (`services.online.pad`)."""

    name: str  # "table.round.clear" ("p": practice): another table, stage or clear is another pad; "": none
    lines: tuple[PadLine, ...]  # the last messages.SHOWN_STROKES strokes, oldest first
    points: int  # points on the pad since the clear, shown or not (messages.MAX_PAD_POINTS at most)

    @property
    def last(self) -> int:
        return self.lines[-1].id if self.lines else 0

    @property
    def at(self) -> str:
        """The state a device holding this pad names when it asks for what is new."""
        return f"{self.name}:{self.last}" if self.name else ""


NO_PAD = PadView("", (), 0)


@dataclass(frozen=True)
class MoveView:
    arrow: str  # "▲" up, "▼" down, "●" stays
    text: Text  # "You move up to table 4" in a whole sentence
    to_table: int | None


@dataclass(frozen=True)
class PlayerView:
    key: str  # changes whenever anything on this screen changes; the device polls with it
    phase: str  # one of PHASES
    player_id: int
    name: str
    table_number: int | None  # where the player sits now (home table before round 1)
    where: Text  # that, as a sentence
    online: bool  # that table is played online (else: "go to table N in the room")
    round_number: int | None
    timer: TimerView | None
    sheet_table: int | None  # "study": the table whose rule sheet to show (the home table)
    game: GameView | None
    can_chat: bool  # "practice" only: words are allowed
    messages: tuple[MessageView, ...]  # newest last; chat lines only while chat is allowed
    pad: PadView  # the drawing pad of the player's table (NO_PAD when the screen shows none)
    move: MoveView | None  # "between": the move the closed round gave this player
    notice: Text | None  # a one-off sentence ("The round closed; your game counted with the tricks so far.")


@dataclass(frozen=True)
class TableWatch:
    """One online table on the organiser's page: never a hand."""

    table_number: int
    table_id: int
    referee: bool
    seats: tuple[SeatView, ...]  # `choice` filled in whenever pointed (the organiser sees all)
    stage: str | None  # None: no deal yet
    trick: tuple[PlayedCard, ...]
    trick_number: int
    deal_number: int
    games_recorded: int  # games of the running round recorded for this table
    open_dispute: bool
    disagreements: int  # disputed tricks at this table in this round
    waiting_for: tuple[str, ...]
