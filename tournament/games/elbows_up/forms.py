"""One deal's form on the scoresheet page of Elbows Up! (WTForms; loaded with the app only); the
table's settings' form is declared with them (``variants.SETTINGS``).

Invariants:
- Every choice the form offers makes a valid deal entry: bids and tricks run
  0 to ``MAX_TRICKS``, Tea cards are ``TEA_CARDS`` and are offered only at a table that plays them.
- A deal's selects start empty: a bid nobody chose is refused ("Choose …"), never read as 0.
- Field names are the seat number (``p0_bid``), never the player's key or name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext, lazy_pgettext
from flask_wtf import FlaskForm
from wtforms import SelectChoice, SelectField
from wtforms.validators import InputRequired

from .scoring import MAX_TRICKS, TEA_CARDS

_NUMBERS = [SelectChoice(str(n), str(n)) for n in range(MAX_TRICKS + 1)]


@dataclass(frozen=True)
class Row:
    """One player's line of the deal form."""

    name: str
    bid: Any
    tricks: Any
    tea: Any | None  # None at a table without Tea cards


def deal_form(formdata: Any, players: Mapping[str, str], tea_cards: bool) -> Any:
    """A form for one deal: per player (seat order) a bid, tricks and, with Tea cards, a Tea select.
    Built inside a request: its messages name a player, so they are translated now, as plain
    text the page escapes (a lazy message would reach the page unescaped)."""

    class DealForm(FlaskForm):  # type: ignore[misc]
        pass

    for seat, name in enumerate(players.values()):
        setattr(DealForm, f"p{seat}_bid", SelectField(
            lazy_pgettext("deal form", "Bid"), choices=[SelectChoice("", "–"), *_NUMBERS],
            validators=[InputRequired(message=gettext("Choose %(name)s's bid.", name=name))]))
        setattr(DealForm, f"p{seat}_tricks", SelectField(
            lazy_pgettext("deal form", "Tricks"), choices=[SelectChoice("", "–"), *_NUMBERS],
            validators=[InputRequired(message=gettext("Choose %(name)s's tricks.", name=name))]))
        if tea_cards:
            setattr(DealForm, f"p{seat}_tea", SelectField(
                lazy_pgettext("deal form", "Tea"),
                choices=[SelectChoice("", "–"), *(SelectChoice(card, card) for card in TEA_CARDS)]))
    form = DealForm(formdata=formdata)
    form.rows = [
        Row(name, form[f"p{seat}_bid"], form[f"p{seat}_tricks"], form[f"p{seat}_tea"] if tea_cards else None)
        for seat, name in enumerate(players.values())
    ]
    return form
