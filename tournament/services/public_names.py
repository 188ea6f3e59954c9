"""The one source of the names the room sees: every public page, feed, phone and printed link
reads a player's public name from ``room_names`` (the rule is ``core.public_names``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.public_names import Named, NamesShown, public_names
from ..models import Event


def room_names(event: Event) -> dict[int, str]:
    """Each of the event's players' public name, by player id, as the event's setting says."""
    return names_of(event.players, event.names_shown)


def names_of(players: Iterable[Any], shown: NamesShown) -> dict[int, str]:
    """The same for every player of one event given as rows (``id``, ``name``, ``nickname``), for
    a screen that has read them already."""
    return public_names((Named(player.id, player.name, player.nickname) for player in players), shown)


def room_names_by_name(event: Event) -> dict[str, str]:
    """The same public names keyed by the real name (unique in an event), for pages whose
    sentences and lists were built, and ordered, with the real names."""
    return names_by_real_name(event.players, event.names_shown)


def names_by_real_name(players: Iterable[Any], shown: NamesShown) -> dict[str, str]:
    """``room_names_by_name`` for rows a screen has read already."""
    players = list(players)
    public = names_of(players, shown)
    return {player.name: public[player.id] for player in players}
