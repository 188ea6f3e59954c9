"""WTForms classes of the organiser's pages. Every form carries a CSRF token (Flask-WTF)."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    Form,
    PasswordField,
    RadioField,
    SelectChoice,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import DataRequired, EqualTo, Length, NumberRange, Optional

from ... import games, time_zones
from ...core.limits import (
    MAX_EVENT_NAME,
    MAX_HOUSE_RULE,
    MAX_PLAYERS,
    MAX_ROUND_MINUTES,
    MAX_ROUNDS,
    MAX_TABLES,
    MAX_USERNAME,
)
from ...core.public_names import NamesShown
from ...core.rounds import DEFAULT_ROUNDS
from ...i18n.languages import DEFAULT, LANGUAGES
from ...i18n.locale import current_language
from ...models import TableAgreement
from ...services import events as event_service
from ...services.tables import CLASSIC, MOST_DIFFERENT
from ..fields import IntegerField, TimeZoneField

PASTE_LIMIT = MAX_PLAYERS * 64


class SetupForm(FlaskForm):
    username = StringField(lazy_gettext("Username"), validators=[DataRequired(), Length(max=MAX_USERNAME)])
    password = PasswordField(lazy_gettext("Password"), validators=[DataRequired(), Length(min=8, max=200)])
    confirm = PasswordField(
        lazy_gettext("Repeat password"),
        validators=[DataRequired(), EqualTo("password", lazy_gettext("The passwords differ."))],
    )


class LoginForm(FlaskForm):
    username = StringField(lazy_gettext("Username"), validators=[DataRequired(), Length(max=MAX_USERNAME)])
    password = PasswordField(lazy_gettext("Password"), validators=[DataRequired(), Length(max=200)])


class ButtonForm(FlaskForm):
    """A one-button action: nothing but the CSRF token."""


class ReleaseForm(FlaskForm):
    """Releasing a name claimed for online play; `new_link`: keep it off the list instead."""

    new_link = BooleanField(lazy_gettext("Only through a new personal link: the name stays off the event's list, "
                                         "and only its new link, which you print and hand over, plays it"))


class EventForm(FlaskForm):
    name = StringField(lazy_gettext("Event name"), validators=[DataRequired(), Length(max=MAX_EVENT_NAME)])
    round_minutes = IntegerField(
        lazy_gettext("Round length (minutes)"), default=7,
        validators=[DataRequired(), NumberRange(1, MAX_ROUND_MINUTES)],
    )
    # Closing that round ends the tournament; changeable while it plays (services.events).
    planned_rounds = IntegerField(
        lazy_gettext("Number of rounds"), default=DEFAULT_ROUNDS,
        validators=[DataRequired(), NumberRange(1, MAX_ROUNDS)],
    )
    # A new event starts in the laptop's own zone: the room's clocks.
    time_zone = TimeZoneField(lazy_gettext("Time zone"), default=time_zones.local_zone)
    # What the whole room reads (sheets, signs, the projector), whatever these pages speak.
    # Each language is named in itself, so a colleague finds theirs.
    language = SelectField(lazy_gettext("Language of printed sheets and the projector"), default=DEFAULT,
                           choices=[SelectChoice(code, name) for code, name in LANGUAGES.items()],
                           validate_choice=True)


def _policy_value(value) -> str:
    """The stored policy (an event's ``TableAgreement``) or the posted choice, as the choice's value."""
    return getattr(value, "value", value) or TableAgreement.ASK.value


class EventSettingsForm(EventForm):
    """An event's settings also say whether a table confirms the results its phone sends."""

    table_agreement = SelectField(
        lazy_gettext("Results sent by phones"), coerce=_policy_value, validate_choice=True,
        choices=[SelectChoice(TableAgreement.OFF.value, lazy_gettext("not confirmed")),
                 SelectChoice(TableAgreement.ASK.value, lazy_gettext("confirmed by the table (default)")),
                 SelectChoice(TableAgreement.WARN.value,
                              lazy_gettext("confirmed, and the close lists those that were not"))])
    # What the room sees of a name (core.public_names); organiser pages always show both.
    names_shown = SelectField(
        lazy_gettext("Names shown in the room"), coerce=lambda value: getattr(value, "value", value),
        validate_choice=True,
        choices=[SelectChoice(NamesShown.FULL.value, lazy_gettext("full names")),
                 SelectChoice(NamesShown.INITIAL.value, lazy_gettext("first name and initial (“María José G.”)")),
                 SelectChoice(NamesShown.NICKNAME.value, lazy_gettext("nicknames"))])


class NewEventForm(EventForm):
    """A new event also chooses its game, for good: the choice is shown only when this app
    knows more than one game (otherwise every event plays the default)."""

    game = SelectField(lazy_gettext("Game"), default=games.DEFAULT, validate_choice=True)
    # Left empty, the round lasts as long as the chosen game's rhythm says.
    round_minutes = IntegerField(lazy_gettext("Round length (minutes)"),
                                 validators=[Optional(), NumberRange(1, MAX_ROUND_MINUTES)])

    def __init__(self, *args, **kwargs) -> None:
        # The room reads what the organiser reads (account, else browser) unless told otherwise.
        kwargs.setdefault("language", current_language())
        super().__init__(*args, **kwargs)
        self.game.choices = [(game.key, game.title) for game in games.all_games()]

    @property
    def offers_games(self) -> bool:
        return len(self.game.choices or ()) > 1

    @property
    def usual_rounds(self) -> list[tuple[str, int]]:
        """Each game's title and the round an event of it gets when the length is left empty."""
        return [(game.title, event_service.default_round_minutes(game.key)) for game in games.all_games()]


class NamesForm(FlaskForm):
    # Room for a whole event's list (MAX_PLAYERS names of the longest length, with the spaces
    # and invisible characters a pasted list brings along).
    names = TextAreaField(lazy_gettext("Names, one per line"), validators=[DataRequired(), Length(max=PASTE_LIMIT)])


class TablePlanForm(FlaskForm):
    tables = IntegerField(
        lazy_gettext("Number of tables"),
        validators=[Optional(), NumberRange(1, MAX_TABLES, lazy_gettext("Choose between 1 and %(most)s tables.",
                                                                         most=MAX_TABLES))],
    )
    even = BooleanField(lazy_gettext("Equal tables only (leftover players observe)"))
    # Absent from a post (an older page): the classic order, as before the choice existed.
    sheets = SelectField(lazy_gettext("Rule sheets"), default=CLASSIC, validate_choice=True, choices=[
        SelectChoice(CLASSIC, lazy_gettext("Classic order (table N gets sheet N)")),
        SelectChoice(MOST_DIFFERENT, lazy_gettext("Most different sheets")),
    ])


class SheetsForm(FlaskForm):
    """The tables page's buttons that deal the sheets again under a preset."""

    sheets = RadioField(validate_choice=True, choices=[CLASSIC, MOST_DIFFERENT])


class MoveSeatForm(FlaskForm):
    """Choices are filled by the view from the event's players and tables."""

    player = SelectField(lazy_gettext("Player"), coerce=int, validate_choice=True)
    table = SelectField(lazy_gettext("To table"), coerce=int, validate_choice=True)


class RenameForm(FlaskForm):
    name = StringField(lazy_gettext("New name"), validators=[DataRequired(), Length(max=200)])


class LatePlayerForm(FlaskForm):
    name = StringField(lazy_gettext("Name"), validators=[DataRequired(), Length(max=200)])
    table = SelectField(lazy_gettext("Table"), coerce=int, validate_choice=True)


class JoinTableForm(FlaskForm):
    table = SelectField(lazy_gettext("At table"), coerce=int, validate_choice=True)


class HouseRuleForm(Form):
    """The table's house rule, posted in the same ``<form>`` as the game's variant form (which
    carries the CSRF token). Cleaning and the length rule are the service's
    (``services.tables.clean_house_rule``), so the preview and the save agree."""

    house_rule = StringField(lazy_gettext("House rule (printed on this table's sheet only)"),
                             render_kw={"maxlength": MAX_HOUSE_RULE, "autocomplete": "off"})


FOLLOW_BROWSER = ""  # the page-language choice stored as None: the browser's Accept-Language decides


class PageLanguageForm(FlaskForm):
    """The language of the account's own pages: the browser's choice, or one of the app's."""

    language = SelectField(lazy_gettext("Language of these pages"), default=FOLLOW_BROWSER, validate_choice=True,
                           choices=[SelectChoice(FOLLOW_BROWSER, lazy_gettext("Follow the browser")),
                                    *(SelectChoice(code, name) for code, name in LANGUAGES.items())])
