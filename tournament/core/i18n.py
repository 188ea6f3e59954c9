"""Translatable messages that the pure core (and games, and services) can build without knowing
about requests or catalogues: a ``Text`` is a message id with its parameters; it reads as English
(``str(text)``), and the web edge translates it into the page's language (``tournament.i18n``).

Invariants:
- Standard library only; no catalogue is read here. ``str(Text)`` is the English message with its
  parameters filled in, exactly what an f-string wrote before, so ``str(error)`` stays English
  wherever a message is not translated (logs, CLI, tests).
- Placeholders are ``{name}`` (Python brace format). Parameters may themselves be ``Text`` (they
  render in the same language) or ``Name`` (a player's name: never translated, isolated on pages).
- A plural message carries both English forms and the count ``n``; ``{n}`` is available to both.
- Messages are values: frozen, hashable when their parameters are, comparable.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any


class Name(str):
    """A player's (or event's) name as a message parameter: shown as typed, in every language."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Text:
    """A message id (English), its parameters, and optionally a plural form and a context."""

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    n: int | None = None
    context: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))
        if (self.plural is None) != (self.n is None):
            raise ValueError("a plural message needs both its plural form and its count")

    def __hash__(self) -> int:
        return hash((self.msgid, tuple(sorted(self.params.items())), self.plural, self.n, self.context))

    def filled(self, **params: Any) -> Text:
        """The same message with ``params`` added: a message stated once (a game's "Add hand {n}")
        and filled where it is shown. A plural message stated with a placeholder count
        (``Tn(..., 0)``) takes its count from ``n``, which then chooses the form."""
        if self.plural is not None and "n" in params:
            count = int(params.pop("n"))
            return replace(self, params={**self.params, **params}, n=count)
        return replace(self, params={**self.params, **params})

    def english(self) -> str:
        """The message in English, parameters filled in (``Text`` parameters in English too)."""
        form = self.msgid if self.plural is None or self.n == 1 else self.plural
        return fill(form, self.params, self.n, str)

    def __str__(self) -> str:
        return self.english()


def fill(form: str, params: Mapping[str, Any], n: int | None, render: Any) -> str:
    """``form`` with ``{name}`` placeholders replaced; ``render`` turns a ``Text`` parameter into
    text (English here; the edge passes its translator)."""
    values = {key: render(value) if isinstance(value, Text) else value for key, value in params.items()}
    if n is not None:
        values.setdefault("n", n)
    return form.format(**values)


def T(msgid: str, /, **params: Any) -> Text:  # the conventional marker name
    """A message: ``T("Table {table} has no players", table=3)``."""
    return Text(msgid, params)


def Tn(singular: str, plural: str, n: int, /, **params: Any) -> Text:
    """A message with plural forms chosen by ``n``: ``Tn("{n} game", "{n} games", count)``."""
    return Text(singular, params, plural=plural, n=n)


def Tp(context: str, msgid: str, /, **params: Any) -> Text:
    """A message whose id alone is ambiguous: ``Tp("card", "Ace")``, ``Tp("suit", "Hearts")``."""
    return Text(msgid, params, context=context)


__all__ = ["Name", "T", "Text", "Tn", "Tp", "fill"]
