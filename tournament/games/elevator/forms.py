"""The form of one Elevator table's settings, on the rules page (WTForms; loaded with the app only).

Invariants:
- Every setting is a select with exactly the two values it can take (never a checkbox: the
  rules page's live preview reads a setting only when the form sends it, and an unticked box
  sends nothing), so a value the form accepts always makes an ``ElevatorRules``.
"""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext  # type: ignore[import-untyped]  # no type information
from flask_wtf import FlaskForm
from wtforms import SelectChoice, SelectField

from ..form_words import lazy
from .variants import LABELS, ElevatorRules

YES, NO = "yes", "no"


class VariantForm(FlaskForm):  # type: ignore[misc]  # WTForms ships no type information
    jokers = SelectField(lazy(LABELS["jokers"]), choices=[
        SelectChoice(YES, lazy_gettext("Two jokers: a joker is wild and resets the pile")),
        SelectChoice(NO, lazy_gettext("No jokers (52 cards)"))])
    stuck_penalty = SelectField(lazy(LABELS["stuck_penalty"]), choices=[
        SelectChoice("players", lazy_gettext("Draws one card per player at the table")),
        SelectChoice("one", lazy_gettext("Draws one card"))])
    must_play_after_pass = SelectField(lazy(LABELS["must_play_after_pass"]), choices=[
        SelectChoice(YES, lazy_gettext("The next player must play if able")),
        SelectChoice(NO, lazy_gettext("Anyone may pass at any time"))])


def form_data(variant: ElevatorRules) -> dict[str, str]:
    """The form's values for ``variant``."""
    return {
        "jokers": YES if variant.jokers else NO,
        "stuck_penalty": variant.stuck_penalty,
        "must_play_after_pass": YES if variant.must_play_after_pass else NO,
    }


def rules_from(form: Any) -> ElevatorRules:
    """The settings a validated form holds."""
    return ElevatorRules(
        jokers=form.jokers.data == YES,
        stuck_penalty=form.stuck_penalty.data,
        must_play_after_pass=form.must_play_after_pass.data == YES,
    )
