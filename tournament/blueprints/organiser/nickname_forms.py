"""The forms of nicknames: one player's, and "Propose nicknames" (organiser/nicknames.py)."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import HiddenField, StringField
from wtforms.validators import AnyOf, Length

# The pages a nickname is typed on, and where "Propose nicknames" is offered.
PLAYERS, PLAYER, SETTINGS = "players", "player", "settings"


class NicknameForm(FlaskForm):
    # Length is the service's to judge, with its sentence; this only bounds what is read.
    nickname = StringField(lazy_gettext("Nickname"), validators=[Length(max=200)])
    back = HiddenField(default=PLAYERS, validators=[AnyOf([PLAYERS, PLAYER])])


class ProposeForm(FlaskForm):
    back = HiddenField(default=PLAYERS, validators=[AnyOf([PLAYERS, SETTINGS])])
