"""`/push/<ticket>` when no server loop took the stream over: Flask's development server, a
stream request pipelined behind another on one connection, the test client. A stream can only
be held outside the WSGI app (see the `push` package), so the answer is "not here": 204, which
the EventSource standard defines as "stop reconnecting". The page's script then polls its
feed as it always could, and tries a stream again later."""

from __future__ import annotations

from flask import Blueprint, Response

bp = Blueprint("push", __name__)


@bp.get("/push/<path:ticket>")
def unavailable(ticket: str) -> Response:
    return Response(status=204, headers={"Cache-Control": "no-store"})
