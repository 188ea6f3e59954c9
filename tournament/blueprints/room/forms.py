"""Forms of the room controls; each carries a CSRF token (Flask-WTF)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectChoice, SelectField, StringField
from wtforms.validators import InputRequired, NumberRange

from ...services.timer import MAX_MINUTES
from ..fields import IntegerField


def _minutes(label) -> IntegerField:
    return IntegerField(label, validators=[
        InputRequired(), NumberRange(1, MAX_MINUTES, _l("Choose between 1 and %(most)s minutes.", most=MAX_MINUTES)),
    ])


class DurationsForm(FlaskForm):
    study_minutes = _minutes(_l("Study (minutes)"))
    practice_minutes = _minutes(_l("Practice (minutes)"))
    round_minutes = _minutes(_l("Round (minutes)"))


class DisplayForm(FlaskForm):
    projector_theme = SelectField(_l("Projector theme"),
                                  choices=[SelectChoice("dark", _l("Dark")), SelectChoice("light", _l("Light"))])
    chime = BooleanField(_l("Chime when the time is up (the projector page needs one click to allow sound)"))


class LinkBaseForm(FlaskForm):
    """Blank means automatic; the service checks the address itself (services.public_address)."""
    base_url = StringField(_l("Address in links and QR codes"))
