"""Form fields shared by the blueprints."""

from __future__ import annotations

from wtforms import IntegerField as _WTFormsIntegerField

MAX_DIGITS = 9


def is_number(text: str) -> bool:
    """ASCII digits only: str.isdigit() also accepts '²', which int() refuses."""
    return text.isascii() and text.isdigit()


class IntegerField(_WTFormsIntegerField):
    """WTForms' IntegerField, limited to nine digits: it accepts any length, and a number beyond
    a float's range then crashes NumberRange (which converts it to a float), while one beyond a
    database integer would reach the database."""

    def process_formdata(self, valuelist):
        if valuelist and len(str(valuelist[0]).strip().lstrip("+-")) > MAX_DIGITS:
            self.data = None
            raise ValueError(self.gettext("Not a valid integer value."))
        super().process_formdata(valuelist)
