"""WTForms classes of the organiser's pages. Every form carries a CSRF token (Flask-WTF)."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, Form, PasswordField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, EqualTo, Length, NumberRange, Optional

from ... import games, time_zones
from ...core.limits import MAX_EVENT_NAME, MAX_HOUSE_RULE, MAX_PLAYERS, MAX_ROUND_MINUTES, MAX_TABLES, MAX_USERNAME
from ..fields import IntegerField, TimeZoneField

PASTE_LIMIT = MAX_PLAYERS * 64


class SetupForm(FlaskForm):
    username = StringField("Username", validators=[DataRequired(), Length(max=MAX_USERNAME)])
    password = PasswordField("Password", validators=[DataRequired(), Length(min=8, max=200)])
    confirm = PasswordField(
        "Repeat password", validators=[DataRequired(), EqualTo("password", "The passwords differ.")]
    )


class LoginForm(FlaskForm):
    username = StringField("Username", validators=[DataRequired(), Length(max=MAX_USERNAME)])
    password = PasswordField("Password", validators=[DataRequired(), Length(max=200)])


class ButtonForm(FlaskForm):
    """A one-button action: nothing but the CSRF token."""


class EventForm(FlaskForm):
    name = StringField("Event name", validators=[DataRequired(), Length(max=MAX_EVENT_NAME)])
    round_minutes = IntegerField(
        "Round length (minutes)", default=7, validators=[DataRequired(), NumberRange(1, MAX_ROUND_MINUTES)]
    )
    # A new event starts in the laptop's own zone: the room's clocks.
    time_zone = TimeZoneField("Time zone", default=time_zones.local_zone)


class NewEventForm(EventForm):
    """A new event also chooses its game, for good: the choice is shown only when this app
    knows more than one game (otherwise every event plays the default)."""

    game = SelectField("Game", default=games.DEFAULT, validate_choice=True)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.game.choices = [(game.key, game.title) for game in games.all_games()]

    @property
    def offers_games(self) -> bool:
        return len(self.game.choices or ()) > 1


class NamesForm(FlaskForm):
    # Room for a whole event's list (MAX_PLAYERS names of the longest length, with the spaces
    # and invisible characters a pasted list brings along).
    names = TextAreaField("Names, one per line", validators=[DataRequired(), Length(max=PASTE_LIMIT)])


class TablePlanForm(FlaskForm):
    tables = IntegerField(
        "Number of tables",
        validators=[Optional(), NumberRange(1, MAX_TABLES, f"Choose between 1 and {MAX_TABLES} tables.")],
    )
    even = BooleanField("Equal tables only (leftover players observe)")


class MoveSeatForm(FlaskForm):
    """Choices are filled by the view from the event's players and tables."""

    player = SelectField("Player", coerce=int, validate_choice=True)
    table = SelectField("To table", coerce=int, validate_choice=True)


class RenameForm(FlaskForm):
    name = StringField("New name", validators=[DataRequired(), Length(max=200)])


class LatePlayerForm(FlaskForm):
    name = StringField("Name", validators=[DataRequired(), Length(max=200)])
    table = SelectField("Table", coerce=int, validate_choice=True)


class JoinTableForm(FlaskForm):
    table = SelectField("At table", coerce=int, validate_choice=True)


class HouseRuleForm(Form):
    """The table's house rule, posted in the same ``<form>`` as the game's variant form (which
    carries the CSRF token). Cleaning and the length rule are the service's
    (``services.tables.clean_house_rule``), so the preview and the save agree."""

    house_rule = StringField("House rule (printed on this table's sheet only)",
                             render_kw={"maxlength": MAX_HOUSE_RULE, "autocomplete": "off"})
