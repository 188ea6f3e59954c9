"""The web edge of translation: which language a page speaks (``locale``), the supported
languages (``languages``) and turning the core's ``Text`` messages into that language."""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from flask_babel import Babel

from . import translate as _translate
from .locale import select_locale
from .translate import translate, translate_html

# Catalogues: <code>/LC_MESSAGES/messages.po (committed) and .mo (compiled, not committed).
TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"

babel = Babel()


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    babel.init_app(app, locale_selector=select_locale)
    _translate.init_app(app)


__all__ = ["TRANSLATIONS", "init_app", "translate", "translate_html"]
