"""Which language a page speaks: one selector for every audience (Flask-Babel's locale selector).

Rules, first that answers wins:
1. ``FORCE_PAGE_LANG`` (tests only): a supported code, or a pseudo-locale ("ar-XB", "en-XA")
   whose text is English.
2. ``g.locale``, set by a view that knows better (a supported code).
3. By audience (the blueprint):
   - organiser (its account pages too) and room: the account's language, else the browser's
     Accept-Language, else English. The organiser reads the app, not the event.
   - print: ``?lang=`` (one sheet, sign or slip in another language), else the event's language;
     the print menu itself (and its settings form) is an organiser's page and follows the organiser.
   - projector: the event's language (the whole room reads one screen).
   - table, public, play (the phone scorer on the table's link, an online player's own device):
     the ``lang`` cookie the visible switch sets, else the browser's Accept-Language, else the
     event's language.
   - anything else (error pages, static): Accept-Language, else English.
Values outside ``languages.LANGUAGES`` (a query, a cookie, a header) are ignored, never echoed.
The event is the one a view named with ``use_event`` or the organiser page's ``current_event``.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, g, has_app_context, has_request_context, request
from flask_babel import get_locale, refresh

from .languages import DEFAULT, best_match, supported

COOKIE = "lang"
ORGANISER_AUDIENCES = frozenset({"organiser", "room"})
PHONE_AUDIENCES = frozenset({"table", "public", "play"})
# Pages of the print blueprint that the organiser reads on screen rather than prints.
ORGANISER_PRINT_PAGES = frozenset({"print.index", "print.settings"})


def forced_language() -> str | None:
    """The test override of the page's language (a code, possibly a pseudo-locale), else None."""
    app = current_app
    return app.config.get("FORCE_PAGE_LANG") if app.testing else None


def use_event(event: Any) -> None:
    """Name the event whose language the page follows (views that find it by a token)."""
    g.locale_event = event
    refresh()  # the locale may have been read before the event was known


def use_language(code: str) -> None:
    """A view's own choice for this page (rule 2); an unsupported code is ignored."""
    g.locale = supported(code)
    refresh()


def select_locale() -> str:
    """The supported language code of this request's page; see the module's rules."""
    forced = forced_language()
    if forced:
        return supported(forced) or DEFAULT
    chosen = supported(g.get("locale"))
    if chosen:
        return chosen
    audience = "organiser" if request.endpoint in ORGANISER_PRINT_PAGES else request.blueprint
    browser = best_match(request.accept_languages.values())
    if audience in ORGANISER_AUDIENCES:
        organiser = g.get("organiser")
        return supported(getattr(organiser, "language", None)) or browser or DEFAULT
    event_language = supported(getattr(_event(), "language", None))
    if audience == "print":
        return supported(request.args.get("lang")) or event_language or DEFAULT
    if audience == "projector":
        return event_language or DEFAULT
    if audience in PHONE_AUDIENCES:
        return supported(request.cookies.get(COOKIE)) or browser or event_language or DEFAULT
    return browser or DEFAULT


def current_language() -> str:
    """The selected code inside a request, English outside one (CLI, background work)."""
    if not has_request_context():
        return DEFAULT
    locale = get_locale()
    return DEFAULT if locale is None else str(locale)


def page_lang() -> str:
    """The ``lang`` attribute of the page: the test override as given, else the selected code."""
    forced = forced_language() if has_app_context() else None
    return forced or current_language()


def _event() -> Any:
    return g.get("locale_event") or g.get("current_event")
