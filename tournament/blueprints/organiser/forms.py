"""WTForms classes of the organiser's pages. Every form carries a CSRF token (Flask-WTF)."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import IntegerField, PasswordField, StringField, TextAreaField
from wtforms.validators import DataRequired, EqualTo, Length, NumberRange


class SetupForm(FlaskForm):
    username = StringField("Username", validators=[DataRequired(), Length(max=80)])
    password = PasswordField("Password", validators=[DataRequired(), Length(min=8, max=200)])
    confirm = PasswordField(
        "Repeat password", validators=[DataRequired(), EqualTo("password", "The passwords differ.")]
    )


class LoginForm(FlaskForm):
    username = StringField("Username", validators=[DataRequired(), Length(max=80)])
    password = PasswordField("Password", validators=[DataRequired(), Length(max=200)])


class ButtonForm(FlaskForm):
    """A one-button action: nothing but the CSRF token."""


class EventForm(FlaskForm):
    name = StringField("Event name", validators=[DataRequired(), Length(max=120)])
    round_minutes = IntegerField(
        "Round length (minutes)", default=7, validators=[DataRequired(), NumberRange(1, 120)]
    )


class NamesForm(FlaskForm):
    names = TextAreaField("Names, one per line", validators=[DataRequired(), Length(max=40_000)])
