"""What an irreversible-looking action will do, said before it is done: the confirmation pages
of withdrawing a player, removing one, and undoing a round close use these sentences."""

from __future__ import annotations

from sqlalchemy import select

from ...models import Player, Round, RoundState, Seat
from ...services.round_data import RoundData


def _spans(numbers: list[int]) -> str:
    """[1, 2, 3, 5] -> "1–3 and 5"."""
    spans: list[list[int]] = []
    for number in sorted(numbers):
        if spans and number == spans[-1][-1] + 1:
            spans[-1].append(number)
        else:
            spans.append([number])
    parts = [f"{s[0]}–{s[-1]}" if len(s) > 1 else str(s[0]) for s in spans]
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


def _rounds_sat(session, player: Player) -> dict[int, RoundState]:
    rows = session.execute(
        select(Round.number, Round.state).join(Seat, Seat.round_id == Round.id).where(Seat.player_id == player.id)
    )
    return dict(rows.all())


def withdrawal(session, player: Player, current: Round | None) -> str:
    """The rule of change_status: earlier rounds (and a running round's games) stay as played;
    a planned round loses the player's seat; no later round seats them."""
    sat = _rounds_sat(session, player)
    played = [n for n, state in sat.items() if state is not RoundState.PLANNED]
    keeps = (f"keeps the results of round{'s' if len(played) > 1 else ''} {_spans(played)}" if played
             else "has no results yet")
    if current is None:
        later = "will not be seated in any later round"
    else:
        first = current.number + 1 if current.state is RoundState.RUNNING else current.number
        later = f"will not be seated from round {first}"
    return f"{player.name} will be withdrawn: {player.name} {keeps} and {later}."


def removal(player: Player) -> str:
    return (f"{player.name} will be deleted from this event's players. The tournament has not started, "
            "so no results are lost; to bring the name back, paste it again.")


def undo_close(data: RoundData, following: RoundData | None) -> list[str]:
    """What reopening `data.round` does: it runs again, and the planned next round disappears."""
    number = data.round.number
    lines = [f"Round {number} will be running again. Its results stay and can still be changed; "
             "the table phones can send results again."]
    if following is not None:
        by_hand = sum(1 for seat in following.seats if seat.manual)
        moved = f", including {by_hand} seat{'s' if by_hand != 1 else ''} you moved by hand" if by_hand else ""
        started = " (started, no results yet)" if following.round.state is not RoundState.PLANNED else ""
        lines.append(f"Round {following.round.number}{started} will be removed with its seating{moved}; "
                     f"it is planned again when you close round {number}.")
    return lines
