"""A Euchre hand's form on the scorer page (WTForms; loaded with the app only); the table's
settings' form is declared with them (``variants.SETTINGS``).

Invariants:
- Every value the form accepts makes a well-formed entry: the makers a choice among the pairs
  the scorer offers, the tricks 0 to 5.
- A makers choice's value is its players' keys joined by commas in seat order; the form keeps
  the pair each value stands for (``maker_pairs``), so nothing is parsed back from the value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, RadioField, SelectChoice

from .scoring import TRICKS_PER_HAND, Team, team_name


class HandForm(FlaskForm):  # type: ignore[misc]  # WTForms ships no type information
    # Radio buttons, not drop-downs: on a phone each choice is one tap on a large target.
    makers = RadioField(lazy_gettext("Named trump (the makers)"), validate_choice=True)
    alone = BooleanField(lazy_gettext("One of them went alone"))
    tricks = RadioField(lazy_gettext("Tricks the makers took"),
                        choices=[SelectChoice(str(n), str(n)) for n in range(TRICKS_PER_HAND + 1)],
                        validate_choice=True)


def hand_form(formdata: Any, players: Mapping[str, str], choices: Sequence[Team]) -> HandForm:
    """The next hand's form, the makers chosen among ``choices``."""
    form = HandForm(formdata=formdata)
    form.maker_pairs = {",".join(key for key in players if key in team): team for team in choices}
    form.makers.choices = [SelectChoice(value, team_name(players, team)) for value, team in form.maker_pairs.items()]
    return form
