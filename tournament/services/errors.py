"""Errors the service layer raises; views turn them into a flash message or a 4xx page."""


class DomainError(ValueError):
    """A request the rules refuse; the message is written for the organiser.

    `field` optionally says which input the message belongs beside, so a refused form can
    show it there: a form field's name, or "game-N" for game N of a table's results form.
    `http_status` is the answer a view gives it: 400, the rules refuse it."""

    http_status = 400

    def __init__(self, message: str = "", field: str | None = None):
        super().__init__(message)
        self.field = field


class NotFound(DomainError):
    """The thing asked for does not exist."""

    http_status = 404


class Conflict(DomainError):
    """The request was based on data that changed meanwhile (stale version, closed round)."""

    http_status = 409
