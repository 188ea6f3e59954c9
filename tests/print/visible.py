"""What a reader of a printed sheet sees in its HTML: the other tables' wordings a sheet stacks
hidden in each section (print/layout.py) taken out."""

from __future__ import annotations

import re

_OTHER = '<span class="wording wording-other" aria-hidden="true">'
_SPAN = re.compile(r"<span\b|</span>")


def without_other_wordings(html: str) -> str:
    """``html`` without the hidden wordings of other tables (each a span, maybe holding spans)."""
    parts = []
    rest = html
    while (start := rest.find(_OTHER)) >= 0:
        parts.append(rest[:start])
        depth, end = 0, start
        for tag in _SPAN.finditer(rest, start):
            depth += 1 if tag.group() == "<span" else -1
            if depth == 0:
                end = tag.end()
                break
        rest = rest[end:]
    parts.append(rest)
    return "".join(parts)
