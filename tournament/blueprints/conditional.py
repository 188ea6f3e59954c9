"""Conditional JSON for the polling screens: a strong ETag, 304 while nothing changed, and the
server's clock on every answer (countdowns are computed against it, not the device's clock).

Bodies are worded in the page's language, so the ETag names the language too (a phone that
switches language never keeps the other language's body on a 304), and every answer whose words
follow the browser or the switch's cookie says so in ``Vary``."""

from __future__ import annotations

from flask import Response, jsonify, make_response, request

from ..i18n.locale import current_language
from ..services import timer
from ..services.fingerprint import fingerprint

LANGUAGE_HEADERS = ("Accept-Language", "Cookie")


def conditional_json(data: dict | None = None, tag: str | None = None, build=None) -> Response:
    """Either `data`, or a precomputed `tag` and `build()` giving the data only when it is sent."""
    tag = fingerprint([tag or fingerprint(data), current_language()])
    if request.if_none_match.contains(tag):
        response = make_response("", 304)
    else:
        response = jsonify(data if data is not None else build())
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Server-Time"] = str(int(timer.now_utc().timestamp() * 1000))
    return vary_by_language(response)


def vary_by_language(response: Response) -> Response:
    """The answer's words depend on the browser's languages and the ``lang`` cookie."""
    for header in LANGUAGE_HEADERS:
        response.vary.add(header)
    return response
