"""Adding players from a pasted list, and changing a player's status or name.

A pasted list is imported completely or not at all: every problem is reported together so
the organiser can fix the list in one go.
"""

from __future__ import annotations

import unicodedata
from collections import Counter

from sqlalchemy.orm import Session

from ..core.errors import RuleError
from ..core.i18n import Name, T, Text
from ..core.limits import MAX_NAME_LENGTH, MAX_PLAYERS
from ..core.names import clean_text, fold_name
from ..core.wording import listing, name_list, sentences
from ..models import Event, Player, PlayerStatus, Table
from .errors import DomainError, as_sentence
from .unit_of_work import event_change


def _invisible_only(line: str) -> bool:
    """A line a paste left behind with nothing a person can see on it: skipped like a blank one."""
    return all(char.isspace() or unicodedata.category(char) in {"Cc", "Cf"} for char in line)


def parse_names(text: str, existing: list[str], max_length: int, *, single: bool = False) -> list[str]:
    """Names one per line, each through the one text gate (``clean_text``): NFC, invisible
    characters trimmed at the edges, inner spaces collapsed; a line still holding a control or
    invisible character is refused, naming the line. Blank lines are skipped. ``single`` is for
    one typed name (a rename or a latecomer), whose problems are not told by line number."""
    lines = [(number, line) for number, line in enumerate((text or "").splitlines(), start=1)
             if not _invisible_only(line)]
    if not lines:
        raise DomainError(T("Enter the name.") if single else
                          T("The list is empty: paste at least one name, one per line."))
    problems: list[Text] = []
    named: list[tuple[int, str]] = []  # (line number, name)
    for number, line in lines:
        try:
            named.append((number, clean_text(line, T("The name") if single else T("Line {number}", number=number))))
        except RuleError as error:
            problems.append(as_sentence(error.text))
    names = [name for _number, name in named]
    too_long = [name for name in names if len(name) > max_length]
    if too_long:
        shown = name_list(f"“{name[:max_length]}…”" for name in too_long[:5])
        problems.append(T("Names longer than {most} characters: {names}. Shorten them.", most=max_length, names=shown))
    problems += _repeated(named)
    taken = {fold_name(name): name for name in existing}
    clashes = [(number, name) for number, name in named if fold_name(name) in taken]
    if clashes:
        problems.append(T("Already in this event: {names}.",
                          names=listing([_clash(name, taken[fold_name(name)], None if single else number)
                                         for number, name in clashes])))
    if problems:
        raise DomainError(sentences(problems))
    return names


def _repeated(named: list[tuple[int, str]]) -> list[Text]:
    """One sentence per name the list holds more than once, naming its lines, then once the rule
    that makes two spellings the same name."""
    lines_of: dict[str, list[tuple[int, str]]] = {}
    for number, name in named:
        lines_of.setdefault(fold_name(name), []).append((number, name))
    groups = [group for group in lines_of.values() if len(group) > 1]
    if not groups:
        return []
    found: list[Text] = []
    for group in groups:  # in the order of their first line
        numbers = [number for number, _name in group]
        name = Name(group[0][1])
        if len(numbers) == 2:
            found.append(T("Lines {first} and {second} both say “{name}”.",
                           first=numbers[0], second=numbers[1], name=name))
        else:
            found.append(T("Lines {lines} and {last} all say “{name}”.",
                           lines=", ".join(str(number) for number in numbers[:-1]), last=numbers[-1], name=name))
    found.append(T("A name may not appear more than once, even ignoring case and accents (letters such as Ø "
                   "and O or ß and ss count as the same): add an initial to tell them apart, e.g. “Ana B.”."))
    return found


def _clash(name: str, taken: str, line: int | None) -> Text | Name:
    """A pasted name the event already holds, on which line of the list, and as what when it is
    written differently."""
    if line is None:
        return Name(name) if name == taken else T("{name} (as {taken})", name=Name(name), taken=Name(taken))
    if name == taken:
        return T("{name} (line {number})", name=Name(name), number=line)
    return T("{name} (line {number}, as {taken})", name=Name(name), number=line, taken=Name(taken))


def one_name(text: str, others: list[str], max_length: int) -> str:
    """A single typed name (rename, latecomer), checked like a pasted one against ``others``."""
    if "\n" in (text or "") or "\r" in (text or ""):
        raise DomainError(T("Enter a single name."))
    return parse_names(text, others, max_length, single=True)[0]


def add_players(session: Session, event: Event, text: str, max_name_length: int = MAX_NAME_LENGTH) -> list[Player]:
    """Add the pasted names. Once tables exist, newcomers fill the emptiest home tables."""
    with event_change(session, event.id):
        names = parse_names(text, [p.name for p in event.players], max_name_length)
        check_room(event, len(names))
        return seat_new_players(session, event, names)


def seat_new_players(session: Session, event: Event, names: list[str]) -> list[Player]:
    """New players of these (checked) names, filling the emptiest home tables once tables exist."""
    players = [Player(event=event, name=name, name_key=fold_name(name)) for name in names]
    session.add_all(players)
    if event.tables:
        fill_emptiest_tables(event, players)
    return players


def replace_players(session: Session, event: Event, text: str,
                    max_name_length: int = MAX_NAME_LENGTH) -> list[Player]:
    """Before round 1, the pasted list becomes the whole list (another group in a duplicated
    event): checked as an added list is, but against none of the names it replaces. The new
    players fill the home tables evenly."""
    names = parse_names(text, [], max_name_length)
    check_list_size(len(names))
    with event_change(session, event.id):
        if event.rounds:
            raise DomainError(T("Round 1 has started, so the list can no longer be replaced: "
                                "withdraw players or add latecomers one by one."))
        event.players.clear()
        session.flush()  # the old names leave before the new ones arrive: the same name may be on both lists
        return seat_new_players(session, event, names)


def check_list_size(count: int) -> None:
    """A whole new list holds at most MAX_PLAYERS names."""
    if count > MAX_PLAYERS:
        raise DomainError(T("An event holds at most {most} players; this list has {count}. "
                            "Split the group into two events.", most=MAX_PLAYERS, count=count))


def check_room(event: Event, adding: int) -> None:
    """An event holds at most MAX_PLAYERS players (withdrawn ones count: they stay in its file)."""
    if len(event.players) + adding > MAX_PLAYERS:
        room = max(0, MAX_PLAYERS - len(event.players))
        raise DomainError(T("An event holds at most {most} players; this one has room for {room} more. "
                            "Split the group into two events.", most=MAX_PLAYERS, room=room))


def fill_emptiest_tables(event: Event, newcomers: list[Player]) -> None:
    """Seat newcomers at the home tables with the fewest seated players (tables need their ids)."""
    sizes = Counter(p.home_table_id for p in event.players if p.status is PlayerStatus.SEATED)
    for player in newcomers:
        table = min(event.tables, key=lambda t: (sizes[t.id], t.number))
        player.home_table = table
        sizes[table.id] += 1


def get_player(session: Session, event: Event, player_id: int) -> Player:
    player = session.get(Player, player_id)
    if player is None or player.event_id != event.id:
        raise DomainError(T("That player is not part of this event."))
    return player


def remove_player(session: Session, event: Event, player: Player) -> None:
    """Only before the tournament has started; afterwards withdraw instead, which keeps history."""
    with event_change(session, event.id):
        if event.rounds:
            raise DomainError(T("The tournament has started: withdraw the player instead of removing them."))
        session.delete(player)


def set_status(session: Session, event: Event, player: Player, status: PlayerStatus) -> None:
    """Observers and withdrawn players sit nowhere. Before round 1 this is the whole story;
    during the tournament the running and planned rounds are handled by the mid-event service."""
    with event_change(session, event.id) as change:
        if event.rounds:
            raise DomainError(T("The tournament has started; change players from the round page."))
        change.audit("status changed", player.name, old=player.status.value, new=status.value)
        player.status = status
        if status is PlayerStatus.SEATED and player.home_table is None and event.tables:
            fill_emptiest_tables(event, [player])


def set_home_table(session: Session, event: Event, player: Player, table: Table) -> None:
    """Manual seat change before the tournament starts."""
    with event_change(session, event.id) as change:
        if event.rounds:
            raise DomainError(T("The tournament has started; adjust seats from the next round instead."))
        if table.event_id != event.id:
            raise DomainError(T("That table is not part of this event."))
        old = player.home_table.number if player.home_table else None
        change.audit("home table changed", player.name, table_number=table.number,
                     old=f"table {old}" if old else None, new=f"table {table.number}")
        player.home_table = table
