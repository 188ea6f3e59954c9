"""What the projector shows, as plain data, in a fixed number of SQL statements.

The phase follows the tournament itself, so the organiser never switches screens by hand:
- ``home``: no round has started — the home-table seating (study and practice happen there);
- ``round``: a round is running — its seating and which tables have reported;
- ``results``: the latest round closed — its per-table ranking, moves and ties, the next
  round's seating, and the cumulative standings;
- ``ended``: the tournament is over — the final standings under "The tournament is over";
- ``debrief``: the organiser put a debrief step on the wall (``Event.debrief_step``) — the
  step's number, title and prompt, and the key of the view the projector fetches as a fragment
  (a view that reveals the tables' rules only once they are revealed). The state lives on the
  server (services.debrief.state), so every screen of the event shows the same step.

Nothing time-dependent goes into the snapshot (the timer is sent as an end time), so the
snapshot's hash changes only when something on screen changes: it is the projector's ETag.

Words are ``Text`` messages (counts worded with their plural, ``games_label``), so the screen
never words a count itself; ``polled_snapshot`` hands the body out in one language, cached per
language, so a change of the event's language shows on the next poll.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..core.i18n import Name, T, Tn
from ..core.movement import no_game_text, read_out_of_order, tie_text
from ..core.names import name_key
from ..core.rounds import round_label
from ..models import Event, Player, PlayerStatus, Round, RoundState, Seat, Table
from . import debrief, table_agreement, timer
from .debrief.steps import current_step, step_view, steps_for
from .fingerprint import fingerprint
from .public_names import names_by_real_name
from .round_data import RoundData, load_game_facts
from .single_flight import RevisionCache
from .standings import compute_standings
from .unit_of_work import event_change


def _ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def timer_data(event: Event, now: datetime) -> dict[str, Any] | None:
    current = timer.view(event, now)
    if current is None:
        return None
    return {
        "phase": current.phase,
        "label": timer.PHASE_LABELS.get(current.phase, current.phase),
        "total": current.total,
        "running": current.running,
        "ends_at": _ms(current.ends_at) if current.ends_at else None,
        "left": None if current.running else round(current.left, 1),
    }


# Names go out as ``Name``: the screen's edge shows each as the room sees it (its public name),
# after they were ordered here by the real names.
def _names(players: Iterable[Any]) -> list[Name]:
    return [Name(p.name) for p in sorted(players, key=lambda p: name_key(p.name))]


def _seating(data: RoundData) -> list[dict[str, Any]]:
    return [{"number": t.number, "players": [Name(p.name) for p in data.seated_at(t)]} for t in data.tables]


def _home_seating(tables: Sequence[Any], players: Sequence[Any]) -> list[dict[str, Any]]:
    """``tables`` and ``players``: rows (or models) with the columns read here."""
    by_table: dict[int, list[Any]] = {t.id: [] for t in tables}
    for player in players:
        if player.status is PlayerStatus.SEATED and player.home_table_id in by_table:
            by_table[player.home_table_id].append(player)
    return [{"number": t.number, "players": _names(by_table[t.id])} for t in tables]


def _results(data: RoundData, following: RoundData | None, shown: dict[str, str]) -> list[dict[str, Any]]:
    """The same outcome as the results page (``RoundData.outcome``), in the projector's words;
    ``shown``: the names the room sees, by real name, for the tie sentences' wording."""
    tables = []
    for table in data.outcome(following).tables:
        tables.append({
            "number": table.table,
            "rows": [
                {"name": Name(row.player), "games": row.games, "direction": row.direction,
                 "to": row.to_table, "winner": row.winner}
                for row in table.rows
            ],
            "ties": [tie_text(note.players, note.games, short=True,
                              by_real_names=read_out_of_order(note.players, shown)) for note in table.result.ties],
            "reported": table.result.reported,
            "notes": ([no_game_text(table.table, short=True)] if table.rows and not table.result.reported else [])
                     + [row.note for row in table.rows if row.note]
                     + [row.ranked.reason for row in table.rows if row.absent and row.ranked.reason],
        })
    return tables


def _standings(session: Session, event: Event) -> list[dict[str, Any]]:
    return [
        {"name": Name(row.player.name), "games": row.games_won, "rounds": row.rounds_won, "highest": row.highest_table}
        for row in compute_standings(session, event).rows
    ]


def debrief_data(event: Event) -> dict[str, Any] | None:
    """The debrief step on the wall, or None when the wall follows the tournament. The
    revision is part of it, so the projector fetches the step's view again whenever anything
    in the event changed (a note sent, a result corrected)."""
    shown = current_step(event)
    if shown is None:
        return None
    index, step = shown
    view = step_view(step, event)
    drawn = view is not None and debrief.is_shown(view, event)
    return {"index": index, "number": index + 1, "count": len(steps_for(event)), "title": step.title,
            "prompt": step.prompt, "view": view.key if view is not None and drawn else None,
            "revealed": event.debrief_revealed_at is not None, "revision": event.revision}


def snapshot(session: Session, event: Event, now: datetime) -> dict[str, Any]:
    """The projector's data. Statements: 4 (+ 5 for standings after a closed round),
    independent of the number of tables, players and games.

    Tables, players, seats and games are read as plain rows (the columns ``RoundData`` and the
    seating read), not ORM objects: every phone result makes the screens rebuild this, and
    building a few thousand tracked objects was most of the rebuild. While a round runs only
    that round's seats and games are read. A debrief step on the wall reads nothing more: the
    step's view comes as its own fragment."""
    step = debrief_data(event)
    if step is not None:
        return {"event": event.name, "theme": event.projector_theme, "chime": event.chime,
                "timer": timer_data(event, now), "phase": "debrief", "debrief": step}
    tables = session.execute(select(Table.id, Table.number).where(Table.event_id == event.id)
                             .order_by(Table.number)).all()
    players = {p.id: p for p in session.execute(
        select(Player.id, Player.name, Player.nickname, Player.status, Player.home_table_id)
        .where(Player.event_id == event.id))}
    rounds = list(session.scalars(select(Round).where(Round.event_id == event.id).order_by(Round.number)))
    latest = rounds[-1] if rounds else None
    previous = rounds[-2] if len(rounds) > 1 else None
    shown = (latest,) if latest is not None and latest.state is RoundState.RUNNING else (latest, previous)
    wanted = [r.id for r in shown if r is not None]
    seats = session.execute(select(Seat.round_id, Seat.table_id, Seat.player_id, Seat.manual, Seat.presence)
                            .where(Seat.round_id.in_(wanted))).all() if wanted else []
    games = load_game_facts(session, wanted)

    def round_data(round_: Round) -> RoundData:
        # Plain rows of the same columns stand in for the models, as in ``load_round_facts``.
        return RoundData(event, round_, tables, players,  # type: ignore[arg-type]
                         [s for s in seats if s.round_id == round_.id],  # type: ignore[misc]
                         [g for g in games if g.round_id == round_.id])  # type: ignore[misc]

    result: dict[str, Any] = {"event": event.name, "theme": event.projector_theme, "chime": event.chime,
                    "timer": timer_data(event, now), "tables_count": len(tables)}
    if event.ended_at is not None and latest is not None and latest.state is RoundState.CLOSED:
        result.update(phase="ended", round=latest.number, over=T("The tournament is over"),
                      final=T("Final standings"), standings=_standings(session, event))
    elif latest is None or (latest.state is RoundState.PLANNED and previous is None):
        result.update(phase="home", seating=_home_seating(tables, list(players.values())))
    elif latest.state is RoundState.RUNNING:
        data = round_data(latest)
        reported = Counter(g.table_id for g in data.games)
        settling = table_agreement.settling_tables(data.games)
        result.update(phase="round", round=latest.number, round_label=round_label(latest.number, event.planned_rounds),
                      seating=[
            dict(seat, games=reported[t.id], games_label=Tn("{n} game", "{n} games", reported[t.id]),
                 settling=T("Table {number} is settling a game", number=t.number) if t.id in settling else None)
            for seat, t in zip(_seating(data), tables, strict=True)
        ])
    else:
        closed = latest if latest.state is RoundState.CLOSED else previous
        assert closed is not None, "a planned round after round 1 follows a closed one"
        following = round_data(latest) if latest is not closed else None
        seen_as = names_by_real_name(players.values(), event.names_shown)
        result.update(phase="results", round=closed.number, results=_results(round_data(closed), following, seen_as),
                      standings=_standings(session, event))
        if latest is not closed:
            result.update(next_round=latest.number, seating=_seating(round_data(latest)))
    return result


def polled_snapshot(session: Session, event: Event, now: datetime, cache: RevisionCache, language: str = "en",
                    localise: Callable[[Any], Any] = lambda data: data) -> tuple[dict[str, Any], str]:
    """The snapshot and its ETag in ``language`` (``localise`` turns the snapshot's messages into
    it), recomputed only when the event's revision moved.

    Every screen polls every 250-700 ms while almost nothing changes, so the body is kept per event
    (keyed by id, projector token, since a deleted event's id can come back, and language, so a
    change of the event's language is seen even before the revision moves) with the hash of its JSON;
    only the timer, which is cheap, is rebuilt per request. The revision is read before
    anything else, so a cached body is never older than the revision it is stored under; screens
    that find it stale together wait for one rebuild (see services.single_flight).
    """
    def build() -> tuple[dict[str, Any], str]:
        body = localise(snapshot(session, event, now))
        body.pop("timer")
        return body, fingerprint(body)

    body, body_hash = cache.get((event.id, event.projector_token, language), event.revision, build)
    clock = localise(timer_data(event, now))
    return dict(body, timer=clock), fingerprint([body_hash, clock])


def set_projector_look(session: Session, event_id: int, theme: str, chime: bool) -> None:
    """The projector's theme (dark for dim rooms, light for bright ones) and the optional chime."""
    with event_change(session, event_id) as change:
        change.event.projector_theme = theme
        change.event.chime = chime
