"""What the tournament needs to know about the card game its tables play.

The tournament itself (seating, rounds, movement, standings, projector, phones) only ever asks
"who won this game?": a set of players per game. Everything else about a game, its rule
variants, how a table reports a game, what a rule sheet says, lives behind ``CardGame``.

Invariants:
- Standard library only: a game package is plain Python, checked and tested without the app.
  A game may import its web pieces (a WTForms form class, say) inside the hooks that return
  them, never at import time.
- A game's key is its stored name (events, event files): it never changes once used.
- Variants are immutable and hashable values; ``from_json(settings, to_json(settings, v)) == v``
  for every variant ``v``, and the JSON form holds only JSON types. Each setting of a variant
  is declared once (``CardGame.settings``); everything said and stored about it derives from that.
- Players are named by their names (unique per event); a report's winners are a set: a game
  won by a partnership has two winners, a game nobody finished has none.
- Bad input raises ``RuleError`` with a message a teacher can act on. Messages about one game
  are sentence endings that the caller puts after "Game 3: " (they start in lower case and end
  with a full stop); ``ScoreField.message`` is the field's own message, shown beside it.
- Games never touch the database, the request or the clock: each hook is a function of its
  arguments.
- Every word a game shows (labels, hints, summaries, statuses, refusals, the guide's
  paragraphs) is a translatable message (``core.i18n.Text``; a plain ``str`` is shown as it is),
  which the page translates (``|t``); ``str()`` of it is the English. Game titles are names and
  stay as they are; column words and keys (``ScoreField.column``) stay English.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from ..core.errors import RuleError
from ..core.i18n import T, Text
from ..core.limits import MAX_ROUND_MINUTES

if TYPE_CHECKING:  # settings.py builds on this module's ``Setting``
    from .settings import VariantSettings

V = TypeVar("V")  # a game's rule variant: frozen and hashable
V_contra = TypeVar("V_contra", contravariant=True)  # the same, where only read


@dataclass(frozen=True, slots=True)
class TableSizes:
    """How many players a table of this game seats: the table plan aims for ``preferred``."""

    smallest: int
    preferred: int
    largest: int

    def __post_init__(self) -> None:
        if not 1 <= self.smallest <= self.preferred <= self.largest:
            raise RuleError(T(
                "table sizes must satisfy 1 <= smallest <= preferred <= largest, not {smallest}, "
                "{preferred}, {largest}", smallest=self.smallest, preferred=self.preferred, largest=self.largest,
            ))


class GamesPerRound(Enum):
    """What a round of the game usually holds."""

    SEVERAL = "several"  # several short games: the most games won wins the round
    ONE = "one"  # one long game, which the round's timer may end before it is over


@dataclass(frozen=True, slots=True)
class Rhythm:
    """A game's usual length, stated as data: an event's default round length, the game
    columns of its score slips and the guide's sentence about a round follow from it
    (``games.rhythm``).

    ``game_minutes`` is a usual game at the preferred table size; ``round_minutes`` the round
    a new event gets: room for several games, or the one game's length. ``round_text`` is the
    guide's whole sentence about a round, a plural message on ``{n}``, the round's minutes,
    stated with a placeholder count (``Tn(..., 0)``)."""

    games: GamesPerRound
    game_minutes: int
    round_minutes: int
    round_text: Text

    def __post_init__(self) -> None:
        # A game's own statement is wrong: a programmer's error, never a teacher's, so not translated.
        several = self.games is GamesPerRound.SEVERAL
        fits = self.round_minutes > self.game_minutes if several else self.round_minutes <= self.game_minutes
        if not (self.game_minutes >= 1 and 1 <= self.round_minutes <= MAX_ROUND_MINUTES and fits):
            raise ValueError(f"a round of {self.round_minutes} minutes does not fit games of "
                             f"{self.game_minutes} minutes played {self.games.value} a round")
        if self.round_text.plural is None:
            raise ValueError("a rhythm's round sentence is a plural message on the round's minutes")


@dataclass(frozen=True, slots=True)
class ScoreLimit:
    """The bounds of a score at one table: each player's number at most ``most``, one game's
    numbers adding up to at most ``total`` (``None``: no bound), ``message`` naming them."""

    most: int
    total: int | None
    message: Text | str


@dataclass(frozen=True, slots=True)
class ScoreWords:
    """What the entry pages say while typed scores decide a game, each a whole sentence of the
    game's own (a language declines "by the tricks" and "by the points" its own way, so the
    score's name is never put into a shared sentence). ``{name}``, ``{names}`` and ``{number}``
    are filled where the sentence is shown."""

    says: Text  # "By the tricks: {name} wins."
    # "By the tricks: {names} tie; {name} wins, first in alphabetical order." (the tie rule said)
    ties: Text
    overrules: Text  # "The tricks decide: {name} wins this game. Clear the tricks …"
    made: Text  # after saving: "Game {number}: the tricks make {names} the winner."


@dataclass(frozen=True, slots=True)
class ScoreField:
    """A whole number per player that a table may report with a game (Five Tricks: tricks).

    Each player's number runs from ``minimum`` to ``maximum``; when ``total_at_most`` is set the
    numbers of one game add up to at most that. When ``decides`` is true, a report with any
    number above zero decides the winners from the numbers (a ticked winner must agree).
    ``overrules_ticked``: on the entry pages, numbers typed in a row replace what is ticked in
    it (the tick may be left from before the numbers changed; a note says so after saving);
    when false a tick the numbers contradict is refused, to be corrected; ``words`` are then the
    sentences that say so (required with ``overrules_ticked``)."""

    label: Text | str  # "Tricks": the entry pages' heading for the numbers
    column: str  # "tricks": the CSV column and event-file word (never translated)
    minimum: int
    maximum: int
    total_at_most: int | None
    decides: bool
    message: Text | str  # shown beside a number out of range: "Tricks run from 0 to 14."
    overrules_ticked: bool = False
    # A game whose deck caps the numbers by the table's size (Five Tricks: 28 cards make fewer
    # tricks the more players share them) gives its bounds for a table of so many players.
    at_table: Callable[[int], ScoreLimit] | None = None
    words: ScoreWords | None = None

    def limit(self, players: int) -> ScoreLimit:
        """The bounds at a table of ``players``: every check of a reported score (form, phone,
        event file) reads them here, so none accepts what another refuses."""
        if self.at_table is None:
            return ScoreLimit(self.maximum, self.total_at_most, self.message)
        bounds = self.at_table(players)
        total = bounds.total if self.total_at_most is None or bounds.total is None else min(bounds.total,
                                                                                              self.total_at_most)
        return ScoreLimit(min(bounds.most, self.maximum), total, bounds.message)

    def __post_init__(self) -> None:
        if self.minimum > self.maximum:
            raise RuleError(T("a score runs from its minimum to its maximum, not {minimum} to {maximum}",
                              minimum=self.minimum, maximum=self.maximum))
        if self.total_at_most is not None and self.total_at_most < self.minimum:
            raise RuleError(T("a game's total of at most {total} leaves no score possible", total=self.total_at_most))
        if not (str(self.label) and self.column and str(self.message)):
            raise RuleError(T("a score needs a label, a column name and a message"))
        if self.overrules_ticked and self.words is None:
            raise RuleError(T("a score that overrules the ticked winner needs the sentences that say so"))


def _frozen_scores(scores: Mapping[str, int] | None) -> Mapping[str, int] | None:
    return None if scores is None else MappingProxyType(dict(scores))


@dataclass(frozen=True, slots=True)
class Report:
    """One game as a table reported it, by player name: the ticked winners (maybe none) and,
    when the game has a ``ScoreField`` and the table counted, each player's number."""

    winners: frozenset[str] = frozenset()
    scores: Mapping[str, int] | None = None

    def __post_init__(self) -> None:
        # Copies: a report is a value, and the caller's set or dict may change afterwards.
        object.__setattr__(self, "winners", frozenset(self.winners))
        object.__setattr__(self, "scores", _frozen_scores(self.scores))


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One titled paragraph of the tournament guide, in the game's own words."""

    heading: Text | str
    text: Text | str


@dataclass(frozen=True, slots=True)
class TallyLine:
    """One entry of a scoresheet as the scorer page lists it: a label ("Hand 3: Ann & Cy
    made it alone, 5 tricks") and what each column scored with it, as shown ("4", "", "+14")."""

    label: Text | str
    cells: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Tally:
    """A scoresheet added up, for the scorer page and for the game's result.

    ``columns`` head the score columns (a team "Ann & Cy", or a player's name), ``totals`` are
    their running totals in the same order. ``scores`` is each player's number for the game's
    ``ScoreField`` (player key -> number), ``None`` when the game keeps no score. ``finished``:
    the sheet has ended the game (a team reached 10 points, the tenth deal was scored).
    ``winners`` (player keys): a finished game's winners, an unfinished game's winners if the
    round ended now (maybe nobody). ``status`` is one sentence saying where the game stands."""

    columns: tuple[str, ...]
    lines: tuple[TallyLine, ...]
    totals: tuple[int, ...]
    scores: Mapping[str, int] | None
    finished: bool
    winners: frozenset[str]
    status: Text | str

    def __post_init__(self) -> None:
        object.__setattr__(self, "winners", frozenset(self.winners))
        object.__setattr__(self, "scores", _frozen_scores(self.scores))
        if len(self.totals) != len(self.columns) or any(len(line.cells) != len(self.columns) for line in self.lines):
            raise RuleError(T("a tally has one total and one cell per line for each of its columns"))


@dataclass(frozen=True, slots=True)
class ScorerWords:
    """Every sentence a page says about a scorer's entries, one whole message each, so that a
    language declines "hand" or "deal" as its grammar wants (never "Add {noun} {n}"). ``{n}``
    is an entry's number; ``{number}`` a game's. Every game with a scorer states them all; the
    pages and the phone show these and no other wording of them."""

    heading: Text  # the sheet's first column: "Hands"
    none_yet: Text  # the empty sheet: "No hands yet."
    add: Text  # the entry form's button: "Add hand {n}"
    undo_last: Text  # "Undo last hand (hand {n})"
    added: Text  # "Hand {n} added."
    already_added: Text  # "Hand {n} was already added — nothing changed."
    undone: Text  # "Hand {n} undone."
    already_undone: Text  # "Hand {n} was already undone."
    score_game: Text  # the results page's link: "Score game {number} hand by hand"
    score_row: Text  # a results row's link: "Score hand by hand"
    kept: Text  # a results row kept on the scorer: "Saving another winner or score here deletes …"
    kept_phone: Text  # the same on the phone, which has no score fields: "Picking another winner …"
    in_file: Text  # an event file's entry that fails: "{which}, hand {n}: {problem}"
    stale_page: Text  # a form without a readable count: "This page is out of date. Reload it and enter the hand again."
    # Plural messages below are stated with a placeholder count (``Tn(..., 0)``); ``filled(n=...)`` sets it.
    stale_sheet: Text  # plural on ``n`` (entries on the sheet now) of game ``{number}``: "… now holds {n} hands …"
    too_many: Text  # plural on ``n`` (the most a game holds); here ``{number}`` is the entry's: "Hand {number}: …"
    refused: Text  # an entry the scorer refuses: "Hand {n}: {why}"
    unseated: Text  # an entry naming a player not at the table: "Hand {n}: it names a player not seated …"


@dataclass(frozen=True, slots=True)
class Setting:
    """One setting of a table's rules as the debrief compares them across tables.

    ``key`` names the setting ("trump"), the same for every variant of a game and in the same
    order; ``label`` says what it is ("Trumps"); ``value`` is its value in words, as the sheets
    and summaries say it; ``code`` is a stable text for the value ("hearts"): two tables play
    this setting alike exactly when their codes are equal."""

    key: str
    label: Text | str
    value: Text | str
    code: str


@dataclass(frozen=True, slots=True)
class CardFace:
    """How a card is drawn big on the debrief: ``rank`` ("A", "7"), ``suit`` (a stable word for
    styling: "hearts"), ``symbol`` ("♥"), ``red`` (a red suit: also marked otherwise than by
    colour), and ``code``, which ``TrickRules.parse_card`` reads back ("7h")."""

    rank: str
    suit: str
    symbol: str
    red: bool
    code: str

    @property
    def label(self) -> str:
        return f"{self.rank}{self.symbol}"


@runtime_checkable
class TrickRules(Protocol[V_contra]):
    """A trick-taking game's tricks, for replaying one trick under every table's rules.

    Cards are the game's own values (hashable); a trick is a sequence of distinct cards, the
    lead first. Every hook is pure.

    Attributes:
        deck: every card of the game's deck once, in the deck's order (also the tie-break
            order when two proposed tricks split the tables equally well).
    """

    deck: tuple[Any, ...]

    def parse_card(self, text: str) -> Any:
        """The card ``text`` names ("7♥", "7h", "ace of clubs"); ``RuleError`` naming the text
        otherwise."""
        ...

    def face(self, card: Any) -> CardFace:
        """How ``card`` is drawn and stored."""
        ...

    def winner(self, variant: V_contra, plays: Sequence[Any]) -> int:
        """Index into ``plays`` of the card that takes the trick at a table of ``variant``:
        the game's own rule, never a copy of it."""
        ...

    def why(self, variant: V_contra, plays: Sequence[Any]) -> Text:
        """One whole sentence saying why ``winner`` takes the trick at such a table."""
        ...

    def propose(self, variants: Sequence[V_contra], size: int) -> tuple[Any, ...]:
        """A trick of ``size`` distinct cards that splits tables of ``variants`` (one entry per
        table) most: the most different winning seats, then the most even split, then the
        first in deck order."""
        ...


@runtime_checkable
class Scorer(Protocol[V_contra]):
    """Adds up a game scored entry by entry (Euchre's hands, Elbows Up!'s deals), so that a
    silent table does no arithmetic: the table enters what happened, the scorer keeps the score
    and says when the game is over.

    Players are given as ``players``: player key -> name, in seat order. Keys are opaque strings
    (the app uses database ids), so a renamed player keeps their entries; names are for display
    and for the alphabetical tie rule. A sheet is the list of entries so far, each a JSON object
    as ``entry_from_form`` made it and ``check_entry`` accepted it.

    Attributes:
        entry_noun, entry_noun_plural: what an entry is called in English, where text stays
            English (the audit log's "hand added"): "hand", "hands"; "deal", "deals" (never
            "round", which is the tournament's).
        words: what the pages say about entries, as whole translatable sentences.
        entry_form_template: Jinja name of the partial drawing the entry form's fields inside
            the scorer page's ``<form>``; it gets ``form`` and ``players`` (key -> name).
        max_entries: no sheet is longer (bounds what a phone can store).
    """

    entry_noun: str
    entry_noun_plural: str
    words: ScorerWords
    entry_form_template: str
    max_entries: int

    def entry_form(
        self, formdata: Any, variant: V_contra, players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]]
    ) -> Any:
        """A Flask-WTF form for the next entry of ``sheet``, filled from ``formdata`` when
        posted. Its choices may depend on the sheet (after the first hand, Euchre's teams are
        fixed). Needs an app context; may import WTForms."""
        ...

    def entry_from_form(self, form: Any, players: Mapping[str, str]) -> dict[str, Any]:
        """The entry a validated ``entry_form`` holds, as stored (JSON types only)."""
        ...

    def check_entry(
        self, variant: V_contra, players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]], entry: object
    ) -> None:
        """Pass if ``entry`` may follow ``sheet``: well formed, names only ``players``' keys,
        numbers in range, the game not already over. Else ``RuleError`` (a sentence ending for
        "Hand 4: ", say)."""
        ...

    def tally(self, variant: V_contra, players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]]) -> Tally:
        """``sheet`` (every entry checked) added up. Deterministic: the same sheet, the same tally."""
        ...

    def rekey(self, entry: Mapping[str, Any], keys: Mapping[str, str]) -> dict[str, Any]:
        """``entry`` with every player key ``k`` replaced by ``keys[k]`` (``KeyError`` for a key
        not in ``keys``): an event file names players by name, the database by id."""
        ...


@runtime_checkable
class TablePlay(Protocol[V_contra]):
    """What a virtual table needs to deal and play one deal of a game online, trick by trick
    (``games.table_engine`` runs the deal: turns, pointing, disputes, seats sitting out).

    Cards are the game's own values (hashable). Every hook is pure. A game without this hook is
    not played online.

    The deal's end: a deal is over when every hand is played out (``cards_each`` tricks when
    nobody sits out), or when fewer than two seats still play.
    """

    def cards_each(self, players: int) -> int:
        """Cards dealt to each of ``players`` seats; ``RuleError`` for a table this game cannot
        deal to (the sentence says which sizes it can)."""
        ...

    def deal(self, seed: bytes, players: int, dealer: int) -> tuple[tuple[tuple[Any, ...], ...], tuple[Any, ...]]:
        """The hands (seat 0 first, each in the order it is shown) and the cards set aside,
        as a pure function of ``seed``: the same seed, the same cards."""
        ...

    def legal_cards(self, variant: V_contra, hand: Sequence[Any], trick: Sequence[Any]) -> Collection[Any]:
        """The cards of ``hand`` a table of ``variant`` allows now (``trick``: the cards played
        to it so far, the lead first); never empty for a non-empty hand."""
        ...

    def trick_winner(self, variant: V_contra, trick: Sequence[Any]) -> int:
        """Index into ``trick`` (complete, the lead first) of the card that takes it."""
        ...

    def report(self, variant: V_contra, players: Sequence[str], taken: Sequence[int]) -> Report:
        """The deal as the tournament records it, from each seat's tricks (``players`` by name
        in seat order); winners empty: no game."""
        ...

    def face(self, card: Any) -> CardFace:
        """How ``card`` is drawn on a screen; its ``code`` is what a device sends back."""
        ...

    def card_from_code(self, code: str) -> Any:
        """The card whose ``face(card).code`` is exactly ``code``; ``RuleError`` otherwise."""
        ...


@runtime_checkable
class CardGame(Protocol[V]):
    """A card game the tables can play. Implementations are usually one module-level object.

    Attributes:
        key: stored name, ``[a-z0-9-]{1,40}`` ("five-tricks").
        title: the game's name as printed ("Five Tricks").
        table_sizes: the sizes the table plan may choose.
        rhythm: the game's usual length: one game a round or several, and the default round.
        score: the number a table may report per player, or ``None`` (winners only).
        entry_hint: one paragraph above the results entry pages, saying how a game is won.
        slip_hint: the same for the printed score slip.
        template_folder: the folder of the game's own templates, served to Jinja as
            ``games/<key>/<name>``; ``None`` when its templates are the app's own.
        scorer: adds up a game entry by entry on the scorer page, or ``None`` (the game is
            reported by its winners, and its score if any, only).
        rule_sheet_template: Jinja name of the printed rule sheet, one ``<article class="page
            rule-sheet">``; it gets ``sheet``, the value of ``rule_sheet(variant)``,
            ``marker``, the table's marker strip or ``None``, which it draws by including
            ``print/_marker.html`` inside its article, and ``house_rule``, the table's own extra
            line or ``None``, which it draws by including ``print/_house_rule.html`` (the same
            height on every sheet, so tables' sheets keep one layout).
        tricks: the game's tricks, for the debrief's replayed trick, or ``None`` (a game that
            takes no tricks, or whose tricks the debrief does not replay).
        table_play: how a virtual table deals and plays the game online, or ``None`` (the
            game is played at real tables only).
        settings: the variant's settings, each declared once. New tables' rules, the stored
            JSON, the summary line, the debrief's rows and the rules page's form are derived
            from it by the functions of ``games.settings`` (``default_variants``, ``to_json``,
            ``from_json``, ``summary``, ``compared``, ``form``, ``from_form``), never written
            per game.
    """

    key: str
    title: str
    table_sizes: TableSizes
    rhythm: Rhythm
    score: ScoreField | None
    scorer: Scorer[V] | None
    template_folder: Path | None
    rule_sheet_template: str
    tricks: TrickRules[V] | None
    table_play: TablePlay[V] | None
    settings: VariantSettings[V]

    # Read-only, so a game may state them as plain ``str`` or as messages.
    @property
    def entry_hint(self) -> Text | str: ...

    @property
    def slip_hint(self) -> Text | str: ...

    # The game's own answers.

    def winner_choices(self, variant: V, players: Sequence[str]) -> tuple[frozenset[str], ...]:
        """The winner sets a table may tick, in the order shown (``players`` in seat order)."""
        ...

    def check_report(self, variant: V, report: Report, seated: Collection[str]) -> None:
        """Pass if ``report`` could come from a table of ``seated`` players: every named player
        is seated, the winners are empty or one of ``winner_choices``, the scores are in range.
        Whether winners and scores agree is ``game_winners``' question."""
        ...

    def game_winners(self, variant: V, report: Report) -> frozenset[str]:
        """Who won the game reported (after ``check_report``); empty: no game was played.
        ``RuleError`` when ticked winners contradict what the scores decide."""
        ...

    def consistent(self, variant: V, report: Report) -> Text | str | None:
        """For a result read back from a file: why its winners cannot go with its scores, or
        ``None``. Looser than ``game_winners``: a stored tie may name either tied player."""
        ...

    def movers(self, table_size: int) -> int:
        """How many players move up (and as many down) from a table of ``table_size`` after a
        round: the tournament guide's rule (``core.movement.guide_movers``: one, two at a table
        of more than four), or two for a game of partnerships, whose partners move together."""
        ...

    def usual_games(self, table_size: int, round_minutes: int) -> int:
        """How many games a round of ``round_minutes`` usually holds at a table of
        ``table_size``: the entry pages open with that many rows (at least 1)."""
        ...

    def rule_sheet(self, variant: V) -> object:
        """What ``rule_sheet_template`` draws for a table of ``variant`` (its ``sheet``)."""
        ...

    def guide_paragraphs(self) -> tuple[Paragraph, ...]:
        """The guide's paragraphs about this game ("Game winner"), between the tournament's own."""
        ...



__all__ = ["CardFace", "CardGame", "GamesPerRound", "Paragraph", "Report", "Rhythm", "ScoreField", "ScoreLimit",
           "Scorer", "ScorerWords", "Setting", "TablePlay", "TableSizes",
           "Tally", "TallyLine", "TrickRules", "V"]
