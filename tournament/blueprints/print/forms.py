"""The print settings form (paper, copies, colour-safe suits); CSRF-protected like every POST."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectChoice, SelectField
from wtforms.validators import InputRequired, NumberRange

from ...core.limits import MAX_SHEET_COPIES
from ...i18n import translate
from ...services.printing import PAPER_SIZES
from ..fields import IntegerField


class PrintSettingsForm(FlaskForm):
    paper_size = SelectField(lazy_gettext("Paper size"))
    sheet_copies = IntegerField(
        lazy_gettext("Rule sheets and guides per table"),
        validators=[InputRequired(),
                    NumberRange(1, MAX_SHEET_COPIES,
                                lazy_gettext("Choose 1 to %(most)s copies.", most=MAX_SHEET_COPIES))],
    )
    colour_safe = BooleanField(lazy_gettext("Colour-blind-safe suits"))

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Labelled per request: the page's language.
        self.paper_size.choices = [SelectChoice(value, translate(label)) for value, label in PAPER_SIZES.items()]
