"""Errors the service layer raises; views turn them into a flash message or a 4xx page.

Each class carries everything a page needs to answer it, so no handler maps classes or status
codes to words of its own: `http_status`, the heading of the organiser's page (`title`) and of
a phone's page (`phone_title`), and `retry_after` (seconds) when the answer is "busy, try again".

Messages and titles are ``Text`` (or plain ``str``), translated where a page shows them
(``tournament.i18n.translate``); ``str(error)`` stays the English message."""

from __future__ import annotations

from ..core.i18n import T, Text


class DomainError(ValueError):
    """A request the rules refuse; the message is written for the organiser.

    `field` optionally says which input the message belongs beside, so a refused form can
    show it there: a form field's name, or "game-N" for game N of a table's results form."""

    http_status = 400
    title: Text | str = T("Not done")
    phone_title: Text | str = T("Please check")
    retry_after: int | None = None

    def __init__(self, message: Text | str = "", field: str | None = None):
        super().__init__(str(message))
        self.text = message
        self.field = field

    def headers(self) -> dict[str, str]:
        """Extra response headers the answer needs (Retry-After for a busy server)."""
        return {} if self.retry_after is None else {"Retry-After": str(self.retry_after)}


def as_sentence(message: Text | str) -> Text:
    """A core refusal (which ends without a full stop) as a sentence of its own, its parameters
    kept so the page can still translate it: ``DomainError(as_sentence(error.text))``."""
    return T("{message}.", message=message)


class NotFound(DomainError):
    """The thing asked for does not exist (on a phone: the table's link is not valid)."""

    http_status = 404
    title = T("Not found")
    phone_title = T("Link not valid")


class Conflict(DomainError):
    """The request was based on data that changed meanwhile (stale version, closed round)."""

    http_status = 409
    title = T("Changed meanwhile")
    phone_title = T("Not recorded")


class TooMany(DomainError):
    """More than a limit allows in a short time; `retry_after`: the seconds until it would fit."""

    http_status = 429
    title = T("Too Many Requests")
    phone_title = T("Too Many Requests")

    def __init__(self, message: Text | str, retry_after: int):
        super().__init__(message)
        self.retry_after = max(1, retry_after)
