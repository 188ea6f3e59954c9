"""The writing direction of a page, decided in one place.

Rules:
- ``direction(code)`` is "rtl" for a language written right to left (Arabic, Hebrew, Persian,
  Urdu, …) and "ltr" for every other code, including an empty or malformed one.
- A script subtag decides before the language: "az-Arab" is right to left, "ku-Latn" left to right.
- "ar-XB" is the pseudo-locale of right-to-left layout checks (as on Android and in Chromium):
  English text laid out right to left. Tests render pages in it through ``FORCE_PAGE_LANG``.
- Every base template writes ``<html lang="{{ page_lang }}" dir="{{ page_dir }}">``; ``page_lang``
  is the language the page is in (``tournament.i18n.locale``), or the test override.
"""

from __future__ import annotations

from typing import Literal

from flask import Flask

from .i18n.locale import page_lang

Direction = Literal["ltr", "rtl"]

PSEUDO_RTL = "ar-XB"

# Languages whose main script runs right to left (CLDR's character order "right-to-left").
RTL_LANGUAGES = frozenset({"ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "lrc", "mzn",
                           "ps", "sd", "syr", "ug", "ur", "yi"})
RTL_SCRIPTS = frozenset({"arab", "hebr", "syrc", "thaa", "nkoo", "adlm", "rohg", "mand", "samr"})


def direction(locale_code: str | None) -> Direction:
    """"rtl" or "ltr" for a BCP 47 (or POSIX, "fa_IR") locale code; see the module's rules."""
    parts = [p for p in (locale_code or "").replace("_", "-").lower().split("-") if p]
    if not parts:
        return "ltr"
    script = next((p for p in parts[1:] if len(p) == 4 and p.isalpha()), None)
    if script is not None:
        return "rtl" if script in RTL_SCRIPTS else "ltr"
    return "rtl" if parts[0] in RTL_LANGUAGES else "ltr"


def init_app(app: Flask) -> None:
    @app.context_processor
    def _page_language() -> dict[str, str]:
        lang = page_lang()
        return {"page_lang": lang, "page_dir": direction(lang)}
