"""How large a table's house rule is printed, so that any rule the form accepts fits its line.

The line has one fixed height on every sheet (two lines of the largest size), so sheets of one
game keep one layout whatever the rules say. A long rule is printed smaller instead of growing
the line or being cut: the size is the largest that fits the rule's estimated width, counted in
ems of a sans-serif font, into two lines of the narrower paper's width (A4's 186 mm).
"""

from __future__ import annotations

import unicodedata

from flask_babel import gettext

from . import bp

LABEL = "House rule at this table:"  # as print/_house_rule.html writes it, in English
# Points, largest first: the stylesheet has a class per size (house-rule-11 ... house-rule-5).
SIZES = (11, 10, 9, 8, 7, 6, 5)
# Two lines of 186 mm (527 pt), less what word wrapping may leave empty at the first line's end.
BUDGET_PT = 2 * 527 * 0.85
WIDE = frozenset("MWmw@%&")


def _em(char: str) -> float:
    """A generous width of ``char`` in ems: wide enough for the widest glyph of its kind."""
    if ord(char) >= 0x1F000 or unicodedata.category(char) == "So":
        return 1.3  # emoji and pictographs draw wider than a CJK character
    if unicodedata.east_asian_width(char) in ("W", "F") or char.isupper() or char in WIDE:
        return 1.0
    return 0.6


def _width(text: str) -> float:
    return sum(_em(char) for char in text)


def house_rule_size(text: str, label: str = LABEL) -> int:
    """The point size the house rule ``text`` is printed at, after ``label`` (the page's wording
    of ``LABEL``) on the same line (one of ``SIZES``)."""
    width = _width(label) + 1 + _width(text)  # the label is bold: one em more
    for size in SIZES:
        if width * size <= BUDGET_PT:
            return size
    return SIZES[-1]


@bp.app_template_filter("house_rule_size")
def _house_rule_size_filter(text: str) -> int:
    return house_rule_size(str(text), gettext("House rule at this table:"))
