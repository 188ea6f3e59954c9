"""Errors the service layer raises; views turn them into a flash message or a 4xx page."""


class DomainError(ValueError):
    """A request the rules refuse; the message is written for the organiser.

    `field` optionally says which input the message belongs beside, so a refused form can
    show it there: a form field's name, or "game-N" for game N of a table's results form."""

    def __init__(self, message: str = "", field: str | None = None):
        super().__init__(message)
        self.field = field


class NotFound(DomainError):
    pass


class Conflict(DomainError):
    """The request was based on data that changed meanwhile (stale version, closed round)."""
