"""Cross-cutting HTTP concerns: error pages, security headers, template helpers."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from flask import Flask, Response, abort, current_app, g, render_template, request
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm.exc import ObjectDeletedError
from werkzeug.exceptions import BadHost, HTTPException, SecurityError
from werkzeug.routing import IntegerConverter, Map

from . import db
from .core.i18n import T, Text
from .hostnames import is_well_formed
from .i18n import translate
from .services.errors import DomainError

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment
    from flask.typing import ResponseReturnValue

# Everything is served by the app itself (the classroom may have no internet), so the
# policy allows no outside origin at all.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)


# The largest id or number a database integer column holds on every supported database.
MAX_DATABASE_INT = 2**31 - 1


class DatabaseIntConverter(IntegerConverter):
    """`<int:...>` in an address: a number too large for the database is no such page (404),
    instead of an overflow error from the database driver (500)."""

    def __init__(self, url_map: Map, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", MAX_DATABASE_INT)
        super().__init__(url_map, *args, **kwargs)


def init_app(app: Flask) -> None:
    """Called before the blueprints are registered, so their routes use the bounded converter."""
    app.url_map.converters["int"] = DatabaseIntConverter
    from .blueprints import page_strings  # the scripts' words, for every page's template

    page_strings.init_app(app)
    _check_hosts(app)
    app.before_request(_refuse_json_bodies)
    app.after_request(_security_headers)
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(DomainError, _domain_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(OperationalError, _database_refused)
    app.register_error_handler(IntegrityError, _simultaneous_change)
    # A row this request had read was deleted by another device before its change was decided.
    app.register_error_handler(ObjectDeletedError, _simultaneous_change)


BAD_HOST_TITLE = T("Address not recognised")
BAD_HOST_MESSAGE = T(
    "This server does not answer to the address the browser used. "
    "Open the link or QR code the organiser gave you, or ask the organiser for it."
)
# Werkzeug's names of the statuses the app answers with, as the error page's heading.
STATUS_TITLES = {
    400: T("Bad Request"),
    403: T("Forbidden"),
    404: T("Not Found"),
    405: T("Method Not Allowed"),
    409: T("Conflict"),
    413: T("Request Entity Too Large"),
    415: T("Unsupported Media Type"),
    429: T("Too Many Requests"),
    500: T("Internal Server Error"),
}
STATUS_MESSAGES = {
    404: T("There is no such page. Check the address or go back to the events list."),
    405: T("This address does not accept that kind of request."),
    413: T("The file is too large."),
    415: T("This address accepts only the app's own forms."),
    429: T("Too many in a short time. Wait a minute, then try again."),
}


class HostCheck:
    """Refuses a request whose Host header no browser would send (see hostnames.py) before
    Flask reads it: Werkzeug cannot build a single address for such a host, so neither the
    page nor an error page with links could be rendered."""

    def __init__(self, app: Flask, wsgi_app: WSGIApplication) -> None:
        self.app = app
        self.wsgi_app = wsgi_app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        host = environ.get("HTTP_HOST")
        if host is None or is_well_formed(host):
            return self.wsgi_app(environ, start_response)
        # A stand-in request on a sound host, carrying only the browser's languages: the page
        # is worded in them, and nothing reads the refused host.
        wishes = {"Accept-Language": environ.get("HTTP_ACCEPT_LANGUAGE", "")}
        with self.app.test_request_context("/", headers=wishes):
            body = _error_html(400, BAD_HOST_TITLE, BAD_HOST_MESSAGE, environ.get("SCRIPT_NAME", ""))
        response = _security_headers(Response(body, 400, content_type="text/html; charset=utf-8"))
        return response(environ, start_response)


def _check_hosts(app: Flask) -> None:
    """Behind a proxy (PROXY_FIX) the host comes from X-Forwarded-Host, so it is checked after
    ProxyFix has put it in place."""
    from werkzeug.middleware.proxy_fix import ProxyFix

    outer = app.wsgi_app
    if isinstance(outer, ProxyFix):
        outer.app = HostCheck(app, outer.app)
    else:
        app.wsgi_app = HostCheck(app, outer)  # type: ignore[method-assign]


def _error_html(status: int, title: Text | str, message: Text | str, script_root: str) -> str:
    """The error page links by plain paths, not URL routing: an error may be about the very
    address the routing would build links from."""
    title, message = translate(title), translate(message)
    static_url_path = current_app.static_url_path
    assert static_url_path is not None, "the app serves its own static folder"
    static = script_root + static_url_path
    return render_template("error.html", status=status, title=title, message=message,
                           home=script_root + "/", stylesheet=static + "/app.css",
                           icon=static + "/favicon.svg")


# PostgreSQL's SQLSTATE for "disk full" (SQLite says SQLITE_FULL).
DISK_FULL_SQLSTATE = "53100"


def _disk_full(error: OperationalError) -> bool:
    original = error.orig
    return (getattr(original, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL
            or getattr(original, "sqlstate", None) == DISK_FULL_SQLSTATE)


def _database_refused(error: OperationalError) -> ResponseReturnValue:
    """A full disk refuses every change until someone frees space: retrying cannot help, so the
    page says what to do instead of blaming a simultaneous change. Nothing of the change was
    saved, and everything committed before it stays (the database rolled the change back)."""
    if not _disk_full(error):
        return _simultaneous_change(error)
    current_app.logger.error("refused a change, the disk is full: %s", error)
    db.session().rollback()
    return _error_page(
        503, T("Disk full"),
        T("Not saved: the disk of the computer running the tournament is full. Everything saved before is "
          "safe. Ask the organiser to free some disk space, then try again."),
    )


def _simultaneous_change(error: Exception) -> ResponseReturnValue:
    """Two devices changing the same thing at the same instant: the database refused one of
    them (lock timeout, stale snapshot, a duplicate row, or a row deleted meanwhile). Nothing of
    it was saved."""
    current_app.logger.warning("refused a simultaneous change: %s", error)
    db.session().rollback()
    try:
        g.get("organiser") and g.organiser.username
    except ObjectDeletedError:
        g.organiser = None  # the account itself was removed meanwhile: the page is drawn logged out
    return _error_page(
        409, T("Changed at the same moment"),
        T("Someone else saved a change at the same moment, so yours was not saved. Reload the page and try again."),
    )


def _security_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


# Views that take a JSON body and answer in JSON (an online player's actions): they read the
# body themselves and check every value's type.
JSON_ENDPOINTS = frozenset({"play.act"})


def _refuse_json_bodies() -> None:
    """Every other state-changing request is an HTML form. Flask-WTF would otherwise read a JSON
    body as form data, and a JSON list, number or nested object in a field breaks the form (500)."""
    if request.endpoint in JSON_ENDPOINTS:
        return
    if request.method in {"POST", "PUT", "PATCH", "DELETE"} and request.is_json:
        abort(415)


def _wants_json() -> bool:
    return (request.path.startswith("/api/") or request.endpoint in JSON_ENDPOINTS
            or request.accept_mimetypes.best == "application/json")


def _error_page(status: int, title: Text | str, message: Text | str,
                headers: dict[str, str] | None = None) -> ResponseReturnValue:
    if _wants_json():
        return {"error": translate(message)}, status, headers or {}
    return _error_html(status, title, message, request.script_root), status, headers or {}


def _csrf_error(error: CSRFError) -> ResponseReturnValue:
    if request.endpoint in JSON_ENDPOINTS:
        return _error_page(400, T("Form expired"), T("This screen is out of date. Reload the page and play on."))
    return _error_page(
        400,
        T("Form expired"),
        T("This form was out of date or opened in another session. Go back, reload the page and try again."),
    )


def _domain_error(error: DomainError) -> ResponseReturnValue:
    return _error_page(error.http_status, error.title, error.text, error.headers())


def _http_error(error: HTTPException) -> ResponseReturnValue:
    if isinstance(error, (BadHost, SecurityError)):
        return _error_page(400, BAD_HOST_TITLE, BAD_HOST_MESSAGE)
    code = error.code or 500
    message = STATUS_MESSAGES.get(code, error.description or "")
    return _error_page(code, STATUS_TITLES.get(code, error.name), message)
