"""Compiling the translators' catalogues (.po, committed) into what gettext reads (.mo, built).

Rules:
- A .mo is built from its .po and never committed; it is rebuilt when missing or older than
  its .po, so a fresh checkout or an edited translation needs no manual step before serving.
- Fuzzy (unchecked) translations are left out of the .mo: the page reads English instead.
"""

from __future__ import annotations

import os
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from .languages import TRANSLATED

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
DOMAIN = "messages"


def po_path(code: str, root: Path = TRANSLATIONS) -> Path:
    return root / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def stale(code: str, root: Path = TRANSLATIONS) -> bool:
    """Whether the language's .mo is missing or older than its .po (a missing .po: nothing to do)."""
    po = po_path(code, root)
    mo = po.with_suffix(".mo")
    return po.exists() and (not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime)


def compile_catalogue(code: str, root: Path = TRANSLATIONS) -> Path:
    """Write the language's .mo next to its .po; returns the .mo's path."""
    po = po_path(code, root)
    with po.open("rb") as source:
        catalogue = read_po(source, locale=code)
    mo = po.with_suffix(".mo")
    # Written aside and moved into place, so a server or test reading it meanwhile never sees half.
    partial = mo.with_name(f".{mo.name}.{os.getpid()}")
    with partial.open("wb") as target:
        write_mo(target, catalogue)
    os.replace(partial, mo)
    return mo


def compile_all(root: Path = TRANSLATIONS, only_stale: bool = False) -> list[Path]:
    """Compile every language's catalogue (or only the stale ones); returns the .mo files written."""
    return [compile_catalogue(code, root) for code in TRANSLATED
            if po_path(code, root).exists() and (not only_stale or stale(code, root))]
