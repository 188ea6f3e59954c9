"""The rules page's fields for a Highest Card table (needs the app: Flask-WTF)."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import SelectChoice, SelectField


class VariantForm(FlaskForm):
    ace = SelectField("Ace", choices=[SelectChoice("high", "Ace high (beats the King)"),
                                      SelectChoice("low", "Ace low")])
    ties = SelectField("A tie for the best card", choices=[SelectChoice("share", "Everyone tied wins"),
                                                            SelectChoice("alphabetical", "The first name wins")])
