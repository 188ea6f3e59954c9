"""Form fields shared by the blueprints."""

from __future__ import annotations

from typing import Any

from wtforms import IntegerField as _WTFormsIntegerField
from wtforms import StringField
from wtforms.validators import StopValidation

from .. import time_zones
from ..core.errors import RuleError
from ..i18n import translate

MAX_DIGITS = 9


def is_number(text: str) -> bool:
    """ASCII digits only: str.isdigit() also accepts '²', which int() refuses."""
    return text.isascii() and text.isdigit()


class IntegerField(_WTFormsIntegerField):
    """WTForms' IntegerField, limited to nine digits: it accepts any length, and a number beyond
    a float's range then crashes NumberRange (which converts it to a float), while one beyond a
    database integer would reach the database."""

    data: Any  # WTForms ships no types: whatever the form's validators let through

    def process_formdata(self, valuelist):
        if valuelist and len(str(valuelist[0]).strip().lstrip("+-")) > MAX_DIGITS:
            self.data = None
            raise ValueError(self.gettext("Not a valid integer value."))
        super().process_formdata(valuelist)


class TimeZoneField(StringField):
    """An IANA zone name typed with the browser's suggestions (`common_zones` for a datalist);
    checked by the one zone check, which also gives it its proper spelling ("europe/berlin"
    becomes "Europe/Berlin"). `default` may be a callable (the laptop's own zone)."""

    data: str | None

    def pre_validate(self, form):
        try:
            self.data = time_zones.check_zone(self.data)
        except RuleError as error:
            raise StopValidation(f"{translate(error.text)}.") from None

    @staticmethod
    def common_zones() -> tuple[str, ...]:
        return time_zones.common_zones()
