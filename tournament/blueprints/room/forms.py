"""Forms of the room controls; each carries a CSRF token (Flask-WTF)."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectChoice, SelectField, StringField
from wtforms.validators import InputRequired, NumberRange

from ...services.timer import MAX_MINUTES
from ..fields import IntegerField


def _minutes(label: str) -> IntegerField:
    return IntegerField(label, validators=[
        InputRequired(), NumberRange(1, MAX_MINUTES, f"Choose between 1 and {MAX_MINUTES} minutes."),
    ])


class DurationsForm(FlaskForm):
    study_minutes = _minutes("Study (minutes)")
    practice_minutes = _minutes("Practice (minutes)")
    round_minutes = _minutes("Round (minutes)")


class DisplayForm(FlaskForm):
    projector_theme = SelectField("Projector theme",
                                  choices=[SelectChoice("dark", "Dark"), SelectChoice("light", "Light")])
    chime = BooleanField("Chime when the time is up (the projector page needs one click to allow sound)")


class LinkBaseForm(FlaskForm):
    """Blank means automatic; the service checks the address itself (services.public_address)."""
    base_url = StringField("Address in links and QR codes")
