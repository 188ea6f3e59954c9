"""The web edge of translation: which language a page speaks (``locale``), the supported
languages (``languages``) and turning the core's ``Text`` messages into that language."""

from __future__ import annotations

from flask import Flask
from flask_babel import Babel

from . import messages
from .catalogues import TRANSLATIONS
from .locale import select_locale
from .messages import translate, translate_html


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    # One Babel per app: Flask-Babel caches loaded catalogues on it, and an app (a test's) may
    # read catalogues from a folder of its own.
    Babel(app, locale_selector=select_locale)
    messages.init_app(app)


__all__ = ["TRANSLATIONS", "init_app", "translate", "translate_html"]
