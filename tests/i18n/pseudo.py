"""A pseudo-translation of every marked message, to see on real pages what is not marked.

Every msgstr is the msgid in brackets with each ASCII letter swapped for an accented lookalike
("Start round" -> "⟦Šţáŕţ ŕöüñď⟧"): still readable, yet no English word survives on a page unless it
never went through the catalogue. Placeholders, markup and escapes are kept as they are, so the
pages render exactly as with a real translation.
"""

from __future__ import annotations

import importlib.util
import re
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

ROOT = Path(__file__).resolve().parents[2]
OPEN, CLOSE = "⟦", "⟧"
LOOKALIKES = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçďéƒğĥíĵķļɱñöþǫŕšţüṽŵẋýžÁƁÇĎÉƑĞĤÍĴĶĻṀÑÖÞǪŔŠŢÜṼŴẊÝŽ",
)
# What a translation keeps as written: Python `{name}`/`{n:,}` and literal `{{ }}`, Jinja/printf
# `%(name)s` and `%%`, HTML tags and character references.
KEPT = re.compile(r"\{\{|\}\}|\{[^{}]*\}|%\(\w+\)[-#0 +]*\d*(?:\.\d+)?[a-z]|%%|<[^<>]*>|&#?\w+;")


def pseudo(text: str) -> str:
    """`text` in brackets with its letters swapped, its placeholders and markup untouched."""
    parts, last = [], 0
    for kept in KEPT.finditer(text):
        parts += [text[last:kept.start()].translate(LOOKALIKES), kept.group()]
        last = kept.end()
    parts.append(text[last:].translate(LOOKALIKES))
    return OPEN + "".join(parts) + CLOSE


@cache
def _scripts():
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pseudo_catalogue(code: str) -> Catalog:
    """Every message marked in the code and templates (a fresh extraction), pseudo-translated
    as language `code`, with that language's number of plural forms and every context kept."""
    catalogue = Catalog(locale=code, fuzzy=False)
    for message in _scripts().extract():
        if not message.id:
            continue
        if message.pluralizable:
            singular, plural = message.id
            forms = (pseudo(singular),) + (pseudo(plural),) * (catalogue.num_plurals - 1)
            catalogue.add(message.id, forms, context=message.context)
        else:
            catalogue.add(message.id, pseudo(message.id), context=message.context)
    return catalogue


def write_pseudo_translations(root: Path, code: str) -> Path:
    """A translations folder (for BABEL_TRANSLATION_DIRECTORIES) holding only the pseudo `code`."""
    folder = root / code / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "messages.mo").open("wb") as target:
        write_mo(target, pseudo_catalogue(code))
    return root
