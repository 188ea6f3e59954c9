"""Errors the service layer raises; views turn them into a flash message or a 4xx page."""


class DomainError(ValueError):
    """A request the rules refuse; the message is written for the organiser."""


class NotFound(DomainError):
    pass


class Conflict(DomainError):
    """The request was based on data that changed meanwhile (stale version, closed round)."""
