"""The phones' visible language switch: a link per language sets the ``lang`` cookie (read by
``i18n.locale.select_locale`` for the phone audiences) and goes back to the page it was on.

Rules:
- A code outside ``LANGUAGES`` sets nothing; the cookie only ever holds a supported code.
- ``next`` must be a path on this server; anything else (another host, a scheme) goes to "/".
- Plain GET links: the switch works without a script and sits outside every form.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from flask import redirect, request, url_for

from ...i18n.languages import LANGUAGES, supported
from ...i18n.locale import COOKIE, current_language
from . import bp

COOKIE_SECONDS = 365 * 24 * 3600  # a phone keeps its language for the next event too


@dataclass(frozen=True)
class Choice:
    code: str
    name: str  # the endonym
    url: str
    current: bool


def back_path(target: str | None) -> str:
    """``target`` if it is a path on this server, else "/"."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return "/"
    if any(ord(char) < 32 or char == "\\" for char in target):
        return "/"
    parts = urlsplit(target)
    return target if not parts.scheme and not parts.netloc else "/"


@bp.app_template_global()
def language_choices() -> list[Choice]:
    """Every language, each linking to the switch with this page as the way back."""
    here = request.full_path.rstrip("?")
    chosen = current_language()
    return [Choice(code, name, url_for("public.language", code=code, next=here), code == chosen)
            for code, name in LANGUAGES.items()]


@bp.get("/language/<code>")
def language(code: str):
    """Remember the phone's language and go back to the page the switch was on."""
    response = redirect(back_path(request.args.get("next")))
    chosen = supported(code)
    if chosen is not None and chosen == code.lower():
        response.set_cookie(COOKIE, chosen, max_age=COOKIE_SECONDS, samesite="Lax", httponly=True)
    response.headers["Cache-Control"] = "no-store"
    return response
