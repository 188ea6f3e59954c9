"""The form of one Elevator UP table's settings, on the rules page (WTForms; loaded with the app only).

Invariants:
- Every setting is a select with exactly its two values (never a checkbox: the rules page's
  live preview reads a setting only when the form sends it, and an unticked box sends
  nothing), so a value the form accepts always makes an ``ElevatorUpRules``.
"""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext  # type: ignore[import-untyped]  # no type information
from flask_wtf import FlaskForm
from wtforms import SelectChoice, SelectField

from ..form_words import lazy
from .variants import LABELS, SETTING_NAMES, ElevatorUpRules

YES, NO = "yes", "no"


class VariantForm(FlaskForm):  # type: ignore[misc]  # WTForms ships no type information
    stuck_card = SelectField(lazy(LABELS["stuck_card"]), choices=[
        SelectChoice(YES, lazy_gettext("Stuck: see-through, the next player beats the card below")),
        SelectChoice(NO, lazy_gettext("An ordinary floor"))])
    door_closed_card = SelectField(lazy(LABELS["door_closed_card"]), choices=[
        SelectChoice(YES, lazy_gettext("Door Closed: the next player misses a turn")),
        SelectChoice(NO, lazy_gettext("An ordinary floor"))])
    four_of_a_kind_clears = SelectField(lazy(LABELS["four_of_a_kind_clears"]), choices=[
        SelectChoice(YES, lazy_gettext("Clear the pile; their player goes again")),
        SelectChoice(NO, lazy_gettext("Change nothing (only a 10 clears the pile)"))])


def form_data(variant: ElevatorUpRules) -> dict[str, str]:
    """The form's values for ``variant``."""
    return {name: YES if getattr(variant, name) else NO for name in SETTING_NAMES}


def rules_from(form: Any) -> ElevatorUpRules:
    """The settings a validated form holds."""
    return ElevatorUpRules(**{name: form[name].data == YES for name in SETTING_NAMES})
