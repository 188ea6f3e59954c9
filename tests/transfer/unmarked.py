"""Comparing an event file with the file of its import, when both events live in one database."""

from __future__ import annotations

import re

# The mark an import puts after a name another event already has (" (imported 27 Nov)", " (imported 27 Nov, 2)").
IMPORT_MARK = re.compile(r" \(imported [^()]+\)$")


def unmarked(document: dict, *drop: str) -> dict:
    """The document without `exported_at` (and the other keys in `drop`), its event's name without
    the import's mark: the round trip keeps everything else exactly."""
    kept = {key: value for key, value in document.items() if key not in {"exported_at", *drop}}
    if isinstance(kept.get("event"), dict):
        kept["event"] = {**kept["event"], "name": IMPORT_MARK.sub("", kept["event"]["name"])}
    return kept
