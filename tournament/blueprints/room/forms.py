"""Forms of the room controls; each carries a CSRF token (Flask-WTF)."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectChoice, SelectField, StringField
from wtforms.validators import InputRequired, NumberRange

from ...services.timer import MAX_MINUTES
from ..fields import IntegerField


def _minutes(label) -> IntegerField:
    return IntegerField(label, validators=[
        InputRequired(),
        NumberRange(1, MAX_MINUTES, lazy_gettext("Choose between 1 and %(most)s minutes.", most=MAX_MINUTES)),
    ])


class DurationsForm(FlaskForm):
    study_minutes = _minutes(lazy_gettext("Study (minutes)"))
    practice_minutes = _minutes(lazy_gettext("Practice (minutes)"))
    round_minutes = _minutes(lazy_gettext("Round (minutes)"))


class DisplayForm(FlaskForm):
    projector_theme = SelectField(lazy_gettext("Projector theme"),
                                  choices=[SelectChoice("dark", lazy_gettext("Dark")),
                                           SelectChoice("light", lazy_gettext("Light"))])
    chime = BooleanField(lazy_gettext("Chime when the time is up (the projector page needs one click to allow sound)"))


class LinkBaseForm(FlaskForm):
    """Blank means automatic; the service checks the address itself (services.public_address)."""
    base_url = StringField(lazy_gettext("Address in links and QR codes"))
