"""What an irreversible-looking action will do, said before it is done: the confirmation pages
of withdrawing a player, removing one, and undoing a round close use these sentences."""

from __future__ import annotations

from sqlalchemy import select

from ...core.i18n import Name, T, Text, Tn
from ...models import Player, Round, RoundState, Seat
from ...services.round_data import RoundData


def _spans(numbers: list[int]) -> Text | str:
    """[1, 2, 3, 5] -> "1–3 and 5"."""
    spans: list[list[int]] = []
    for number in sorted(numbers):
        if spans and number == spans[-1][-1] + 1:
            spans[-1].append(number)
        else:
            spans.append([number])
    parts = [f"{s[0]}–{s[-1]}" if len(s) > 1 else str(s[0]) for s in spans]
    return T("{items} and {last}", items=", ".join(parts[:-1]), last=parts[-1]) if len(parts) > 1 else parts[0]


def _rounds_sat(session, player: Player) -> dict[int, RoundState]:
    rows = session.execute(
        select(Round.number, Round.state).join(Seat, Seat.round_id == Round.id).where(Seat.player_id == player.id)
    )
    return dict(rows.all())


def withdrawal(session, player: Player, current: Round | None) -> Text:
    """The rule of change_status: earlier rounds (and a running round's games) stay as played;
    a planned round loses the player's seat; no later round seats them."""
    sat = _rounds_sat(session, player)
    played = [n for n, state in sat.items() if state is not RoundState.PLANNED]
    name = Name(player.name)
    first = None if current is None else (current.number + 1 if current.state is RoundState.RUNNING else current.number)
    # One whole sentence per case: the parts agree with each other differently in each language.
    if not played and first is None:
        return T("{name} will be withdrawn: {name} has no results yet and will not be seated in any later round.",
                 name=name)
    if not played:
        return T("{name} will be withdrawn: {name} has no results yet and will not be seated from round {first}.",
                 name=name, first=first)
    if first is None:
        return Tn("{name} will be withdrawn: {name} keeps the results of round {rounds} and will not be seated "
                  "in any later round.",
                  "{name} will be withdrawn: {name} keeps the results of rounds {rounds} and will not be seated "
                  "in any later round.", len(played), name=name, rounds=_spans(played))
    return Tn("{name} will be withdrawn: {name} keeps the results of round {rounds} and will not be seated "
              "from round {first}.",
              "{name} will be withdrawn: {name} keeps the results of rounds {rounds} and will not be seated "
              "from round {first}.", len(played), name=name, rounds=_spans(played), first=first)


def removal(player: Player) -> Text:
    return T("{name} will be deleted from this event's players. The tournament has not started, "
             "so no results are lost; to bring the name back, paste it again.", name=Name(player.name))


def undo_close(data: RoundData, following: RoundData | None) -> list[Text]:
    """What reopening `data.round` does: it runs again, and the planned next round disappears."""
    number = data.round.number
    lines = [T("Round {number} will be running again. Its results stay and can still be changed; "
               "the table phones can send results again.", number=number)]
    if following is not None:
        by_hand = sum(1 for seat in following.seats if seat.manual)
        started = following.round.state is not RoundState.PLANNED
        next_number = following.round.number
        if by_hand and started:
            lines.append(Tn("Round {next} (started, no results yet) will be removed with its seating, including "
                            "{n} seat you moved by hand; it is planned again when you close round {number}.",
                            "Round {next} (started, no results yet) will be removed with its seating, including "
                            "{n} seats you moved by hand; it is planned again when you close round {number}.",
                            by_hand, next=next_number, number=number))
        elif by_hand:
            lines.append(Tn("Round {next} will be removed with its seating, including {n} seat you moved by hand; "
                            "it is planned again when you close round {number}.",
                            "Round {next} will be removed with its seating, including {n} seats you moved by hand; "
                            "it is planned again when you close round {number}.",
                            by_hand, next=next_number, number=number))
        elif started:
            lines.append(T("Round {next} (started, no results yet) will be removed with its seating; "
                           "it is planned again when you close round {number}.", next=next_number, number=number))
        else:
            lines.append(T("Round {next} will be removed with its seating; it is planned again when you close "
                           "round {number}.", next=next_number, number=number))
    return lines
