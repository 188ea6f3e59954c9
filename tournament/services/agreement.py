"""Where a table stands on a result its phone sent: the table agrees silently, or it does not.

Rules (``Game.agreement``):
- A result the table's phone sends (typed on the results form, or a scored game once the scorer
  says the game is finished) is ASKED while the event asks (``TableAgreement.ASK`` or ``WARN``).
  With ``OFF``, and for a result the organiser enters or an online table records, it is None.
- Another player of the table (passing the phone, or on a second device with the table's link)
  confirms it (ASKED → AGREED) or disputes it (ASKED or AGREED → DISPUTED: a disagreement is
  never lost to a quicker "We agree"). A dispute is also a ⚡ note for the debrief, naming the
  game and the result as sent. The same tap again changes nothing. The table answers only while
  its round runs; after the close the organiser has the results.
- A save that changes nothing keeps the agreement. One that changes the result: from the phone,
  asks again, except that a disputed game stays disputed (only the organiser settles it); from
  the organiser (or an online table), it is theirs, so it needs no confirmation (None), except
  that a disputed or settled game changed by the organiser is SETTLED.
- Switching the event to ``OFF`` withdraws every open question (ASKED → None); disputes stay.
- The organiser settles a dispute: keep the result (SETTLED), change it on the table's results
  form (SETTLED, above), or remove the game. The change log records who confirmed, disputed and
  settled.
- Unconfirmed results count like any other: the board marks them, and with ``WARN`` the close
  lists them; nothing ever waits for a table's answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..core.i18n import Name, T, Text
from ..core.limits import MAX_NOTE_TEXT, MAX_NOTES
from ..core.movement import join_names
from ..core.names import name_key
from ..core.rounds import Action
from ..models import Agreement, DebriefNote, Game, Player, Round, Table
from . import audit, lifecycle
from .corrections import Correction, correct_games
from .errors import Conflict
from .games import GameEntry, describe
from .round_data import RoundData
from .table_agreement import table_actor
from .unit_of_work import event_change

DISAGREED_FLAG = "disagreed"  # services.notes.FLAGS: the ⚡ a table taps when it disagrees about a play
ROUND_OVER = T("Round {n} is closed, so the table's answer is no longer needed: the organiser has its results.")


def result_text(card_game: Any, game: Game, players: Mapping[int, Player]) -> tuple[Text, Text | None]:
    """A game's result in words, as the table is asked to agree on it: who won ("Ana won",
    "Ana and Ben won") and, when the game keeps a score, everyone's score ("Ana 3 · Ben 1")."""
    def name(pid: int) -> str:
        return players[pid].name if pid in players else "?"

    winners = sorted((name(pid) for pid in game.winner_ids), key=name_key)
    if not winners:
        said = T("Nobody won.")
    elif len(winners) == 1:
        said = T("{name} won.", name=Name(winners[0]))
    else:
        said = T("{names} won.", names=join_names(tuple(winners)))
    scores = game.scores
    if not scores or card_game.score is None:
        return said, None
    in_order = sorted(scores.items(), key=lambda item: name_key(name(item[0])))
    line = " · ".join(f"{Name(name(pid))} {count}" for pid, count in in_order)
    return said, T("{what}: {scores}", what=card_game.score.label, scores=Name(line))


def _game(session: Session, round_id: int, table_id: int, number: int) -> Game | None:
    """The game as committed, read under the lock (another device may have changed it)."""
    return session.scalar(select(Game).where(Game.round_id == round_id, Game.table_id == table_id,
                                             Game.number == number).execution_options(populate_existing=True))


def answer(session: Session, table: Table, round_: Round, number: int, version: int, agree: bool,
           note_text: str) -> Text:
    """The table answers for game ``number`` as its screen showed it (``version``): "We agree"
    or "We don't" (see the rules). ``note_text``: the result as the screen showed it, for the
    debrief's note. Returns what the phone says; refuses (``Conflict``) an answer the round's
    close or a change of the game overtook."""
    event_id = table.event_id
    actor = table_actor(table.number)
    round_number, round_id, table_id, table_number = round_.number, round_.id, table.id, table.number
    with event_change(session, event_id, actor) as change:
        try:
            lifecycle.require(session, round_, Action.RECORD)
        except Conflict:
            raise Conflict(ROUND_OVER.filled(n=round_number)) from None
        game = _game(session, round_id, table_id, number)
        if game is None:
            raise Conflict(T("Game {number} was removed meanwhile, so there is nothing to confirm.", number=number))
        state = game.agreement
        if state is (Agreement.AGREED if agree else Agreement.DISPUTED):
            return T("Game {number}: your answer was already received.", number=number)
        if state is Agreement.DISPUTED:
            return T("Game {number} is disputed: the organiser settles it.", number=number)
        if state not in (Agreement.ASKED, Agreement.AGREED):
            return T("Game {number} needs no confirmation now.", number=number)
        if game.version != version:
            raise Conflict(T("Game {number} changed since this screen was shown. Check the result again.",
                             number=number))
        said = describe(game.winner_ids, game.scores, _players(session, game))

        def log(action: str) -> None:
            change.audit(action, f"game {number}", round_number=round_number, table_number=table_number,
                         old=state.value, new=said)

        if agree:
            game.agreement = Agreement.AGREED
            log("game confirmed")
            return T("Thank you: game {number} is confirmed.", number=number)
        game.agreement = Agreement.DISPUTED
        log("game disputed")
        _note(session, event_id, round_number, table_number, note_text)
        return T("Game {number} is marked as disputed. The organiser will come and settle it.", number=number)


def _players(session: Session, game: Game) -> dict[int, Player]:
    ids = game.winner_ids | set(game.scores or {})
    return {p.id: p for p in session.scalars(select(Player).where(Player.id.in_(ids)))} if ids else {}


def _note(session: Session, event_id: int, round_number: int, table_number: int, text: str) -> None:
    """The dispute for the debrief, with the ⚡ a table taps when it disagrees (one per dispute:
    a game disputed again is disputed anew)."""
    held = session.scalars(select(func.count()).select_from(DebriefNote).where(DebriefNote.event_id == event_id)).one()
    if held >= MAX_NOTES:
        return  # the event keeps no more notes; the dispute itself stands on the board
    session.add(DebriefNote(event_id=event_id, round_number=round_number, table_number=table_number,
                            source="table", author="", flag=DISAGREED_FLAG, text=text[:MAX_NOTE_TEXT] or None))


def _disputed_game(session: Session, data: RoundData, table: Table, number: int, version: int) -> Game:
    lifecycle.require(session, data.round, Action.CORRECT, seen=data.state_seen)
    game = _game(session, data.round.id, table.id, number)
    if game is None:
        raise Conflict(T("Game {number} at table {table} was removed meanwhile.", number=number, table=table.number))
    if game.version != version:
        raise Conflict(T("Game {number} at table {table} changed since this page was opened. Look at it again.",
                         number=number, table=table.number))
    return game


def keep(session: Session, data: RoundData, table: Table, number: int, version: int,
         actor: str = audit.ORGANISER) -> bool:
    """Settle a disputed game by keeping its result. False: it was already settled (a second tap)."""
    with event_change(session, data.event.id, actor) as change:
        game = _disputed_game(session, data, table, number, version)
        if game.agreement is Agreement.SETTLED:
            return False
        if game.agreement is not Agreement.DISPUTED:
            raise Conflict(T("Game {number} at table {table} is not disputed.", number=number, table=table.number))
        game.agreement = Agreement.SETTLED
        change.audit("dispute settled", f"game {number}", round_number=data.round.number, table_number=table.number,
                     old=describe(game.winner_ids, game.scores, data.players), new="result kept")
        return True


def remove(session: Session, data: RoundData, table: Table, number: int, version: int,
           actor: str = audit.ORGANISER) -> Correction:
    """Settle a disputed game by removing it (a closed round's next seating follows, as for any
    correction)."""
    with event_change(session, data.event.id, actor) as change:
        game = _disputed_game(session, data, table, number, version)
        if game.agreement is not Agreement.DISPUTED:
            raise Conflict(T("Game {number} at table {table} is not disputed.", number=number, table=table.number))
        change.audit("dispute settled", f"game {number}", round_number=data.round.number, table_number=table.number,
                     old=describe(game.winner_ids, game.scores, data.players), new="game removed")
        return correct_games(session, data, table, [GameEntry(number, version, frozenset(), None, clear=True)], actor)


__all__ = ["answer", "keep", "remove", "result_text"]
