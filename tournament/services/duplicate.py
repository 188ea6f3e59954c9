"""A fresh copy of an event for the next group: same tables, rule variants, players, seating
wishes and debrief steps, the names the room sees and the nicknames, no rounds and no notes."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..core.limits import MAX_EVENT_NAME, MAX_NAME_LENGTH
from ..models import Event, Player, PlayerStatus, SeatingWish, Table
from .players import check_list_size, parse_names, seat_new_players
from .unit_of_work import unit_of_work

COPIED_SETTINGS = ("round_minutes", "study_minutes", "practice_minutes", "paper_size", "sheet_copies",
                   "colour_safe", "projector_theme", "chime", "shuffle_seed", "time_zone", "language",
                   "planned_rounds",  # the number of rounds; the end belongs to the class that played
                   "table_agreement", "names_shown")
SUFFIX = " (copy)"


def copy_name(name: str) -> str:
    return name[: MAX_EVENT_NAME - len(SUFFIX)].rstrip() + SUFFIX


def duplicate_event(session: Session, event: Event, names: str | None = None,
                    max_name_length: int = MAX_NAME_LENGTH) -> Event:
    """Name "<old name> (copy)"; the game, settings (its language too), tables with their
    variants, house rules and online settings (played online, the app referees), and players
    with their status, home table and nickname are copied (and what the room sees of a name);
    or, given `names` (a pasted list, checked as
    the Players page checks one), those players instead, spread evenly over the tables.
    Withdrawn players are left out: they left the tournament, and a new session should not start
    with them; observers stay observers. The event's own debrief steps (its prompts) are copied;
    what belongs to the class that played (notes, whether the rules were revealed, the step on
    the wall, the replayed trick) is not: a new class starts its debrief fresh. The seating wishes
    of the players copied are copied (a pasted list starts with none). Rounds, results (and with
    them who was at each table and where a table stood on a result),
    the audit log and the link tokens are not copied (the copy gets new tokens, and its own salt
    for its online deals)."""
    new_names = None if names is None else parse_names(names, [], max_name_length)
    if new_names is not None:
        check_list_size(len(new_names))
    steps = event.debrief_steps
    copy = Event(name=copy_name(event.name), game=event.game,
                 debrief_steps=[dict(step) for step in steps] if isinstance(steps, list) else None,
                 **{key: getattr(event, key) for key in COPIED_SETTINGS})
    tables: dict[int | None, Table] = {}  # a player with no home table finds none
    for table in event.tables:
        # The same game reads the same stored form: copied as is, no round trip through the game.
        tables[table.id] = Table(number=table.number, variant_data=dict(table.variant_data),
                                 house_rule=table.house_rule, online=table.online,
                                 app_referees=table.app_referees)
        copy.tables.append(tables[table.id])
    with unit_of_work(session):
        session.add(copy)
        if new_names is not None:
            session.flush()  # the tables' ids, by which the new players are spread over them
            seat_new_players(session, copy, new_names)
            return copy
        players: dict[int, Player] = {}
        for player in event.players:
            if player.status is PlayerStatus.WITHDRAWN:
                continue
            players[player.id] = Player(name=player.name, name_key=player.name_key, status=player.status,
                                        nickname=player.nickname, home_table=tables.get(player.home_table_id))
            copy.players.append(players[player.id])
        session.flush()  # the copied players' ids, which the wishes name
        listed = select(SeatingWish).where(SeatingWish.event_id == event.id).order_by(SeatingWish.id)
        for wish in session.scalars(listed):
            first, second = players.get(wish.first_player_id), players.get(wish.second_player_id)
            if first is None or second is None:  # a withdrawn player was not copied
                continue
            session.add(SeatingWish(event_id=copy.id, kind=wish.kind, first_player_id=min(first.id, second.id),
                                    second_player_id=max(first.id, second.id)))
    return copy
