"""The print settings form (paper, copies, colour-safe suits); CSRF-protected like every POST."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectChoice, SelectField
from wtforms.validators import InputRequired, NumberRange

from ...core.limits import MAX_SHEET_COPIES
from ...services.printing import PAPER_SIZES
from ..fields import IntegerField


class PrintSettingsForm(FlaskForm):
    paper_size = SelectField("Paper size", choices=[SelectChoice(value, label) for value, label in PAPER_SIZES.items()])
    sheet_copies = IntegerField(
        "Rule sheets and guides per table",
        validators=[InputRequired(), NumberRange(1, MAX_SHEET_COPIES, f"Choose 1 to {MAX_SHEET_COPIES} copies.")],
    )
    colour_safe = BooleanField("Colour-blind-safe suits")
