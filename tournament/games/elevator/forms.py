"""The form of one Elevator table's settings, on the rules page (WTForms; loaded with the app only).

Invariants:
- Every setting is a select with exactly the two values it can take (never a checkbox: the
  rules page's live preview reads a setting only when the form sends it, and an unticked box
  sends nothing), so a value the form accepts always makes an ``ElevatorRules``.
"""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l  # type: ignore[import-untyped]  # no type information
from flask_wtf import FlaskForm
from wtforms import SelectChoice, SelectField

from .variants import ElevatorRules

YES, NO = "yes", "no"


class VariantForm(FlaskForm):  # type: ignore[misc]  # WTForms ships no type information
    jokers = SelectField(_l("Jokers"), choices=[
        SelectChoice(YES, _l("Two jokers: a joker is wild and resets the pile")),
        SelectChoice(NO, _l("No jokers (52 cards)"))])
    stuck_penalty = SelectField(_l("Who gets the elevator stuck"), choices=[
        SelectChoice("players", _l("Draws one card per player at the table")),
        SelectChoice("one", _l("Draws one card"))])
    must_play_after_pass = SelectField(_l("After a pass"), choices=[
        SelectChoice(YES, _l("The next player must play if able")),
        SelectChoice(NO, _l("Anyone may pass at any time"))])


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
