"""Conditional JSON for the polling screens: a strong ETag, 304 while nothing changed, and the
server's clock on every answer (countdowns are computed against it, not the device's clock)."""

from __future__ import annotations

from flask import Response, jsonify, make_response, request

from ..services import timer
from ..services.fingerprint import fingerprint


def conditional_json(data: dict | None = None, tag: str | None = None, build=None) -> Response:
    """Either `data`, or a precomputed `tag` and `build()` giving the data only when it is sent."""
    tag = tag or fingerprint(data)
    if request.if_none_match.contains(tag):
        response = make_response("", 304)
    else:
        response = jsonify(data if data is not None else build())
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Server-Time"] = str(int(timer.now_utc().timestamp() * 1000))
    return response
