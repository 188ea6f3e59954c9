"""Cross-cutting HTTP concerns: error pages, security headers, template helpers."""

from __future__ import annotations

from flask import Flask, Response, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from .services.errors import DomainError, NotFound, Conflict

# Everything is served by the app itself (the classroom may have no internet), so the
# policy allows no outside origin at all.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)


def init_app(app: Flask) -> None:
    app.after_request(_security_headers)
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(DomainError, _domain_error)
    app.register_error_handler(HTTPException, _http_error)


def _security_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


def _wants_json() -> bool:
    return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"


def _error_page(status: int, title: str, message: str):
    if _wants_json():
        return {"error": message}, status
    return render_template("error.html", status=status, title=title, message=message), status


def _csrf_error(error: CSRFError):
    return _error_page(
        400,
        "Form expired",
        "This form was out of date or opened in another session. Go back, reload the page and try again.",
    )


def _domain_error(error: DomainError):
    status = 404 if isinstance(error, NotFound) else 409 if isinstance(error, Conflict) else 400
    title = {404: "Not found", 409: "Changed meanwhile", 400: "Cannot do that"}[status]
    return _error_page(status, title, str(error))


def _http_error(error: HTTPException):
    messages = {
        404: "There is no such page. Check the address or go back to the events list.",
        405: "This address does not accept that kind of request.",
        413: "The file is too large.",
    }
    message = messages.get(error.code or 500, error.description or "")
    return _error_page(error.code or 500, error.name, message)
