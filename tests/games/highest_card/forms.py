"""The scorer's draw form for a Highest Card table (needs the app: Flask-WTF)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_wtf import FlaskForm
from wtforms import RadioField, SelectChoice
from wtforms.validators import InputRequired


def draw_form(formdata: Any, players: Mapping[str, str]) -> Any:
    """One draw of the scorer: who drew the highest card (a radio of the players, seat order)."""

    class DrawForm(FlaskForm):
        top = RadioField("Who drew the highest card?",
                         choices=[SelectChoice(key, name) for key, name in players.items()],
                         validators=[InputRequired("Tap who drew the highest card.")])

    return DrawForm(formdata=formdata)
