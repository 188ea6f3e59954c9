"""Errors the service layer raises; views turn them into a flash message or a 4xx page.

Each class carries everything a page needs to answer it, so no handler maps classes or status
codes to words of its own: `http_status`, the heading of the organiser's page (`title`) and of
a phone's page (`phone_title`), and `retry_after` (seconds) when the answer is "busy, try again"."""


class DomainError(ValueError):
    """A request the rules refuse; the message is written for the organiser.

    `field` optionally says which input the message belongs beside, so a refused form can
    show it there: a form field's name, or "game-N" for game N of a table's results form."""

    http_status = 400
    title = "Not done"
    phone_title = "Please check"
    retry_after: int | None = None

    def __init__(self, message: str = "", field: str | None = None):
        super().__init__(message)
        self.field = field

    def headers(self) -> dict[str, str]:
        """Extra response headers the answer needs (Retry-After for a busy server)."""
        return {} if self.retry_after is None else {"Retry-After": str(self.retry_after)}


class NotFound(DomainError):
    """The thing asked for does not exist (on a phone: the table's link is not valid)."""

    http_status = 404
    title = "Not found"
    phone_title = "Link not valid"


class Conflict(DomainError):
    """The request was based on data that changed meanwhile (stale version, closed round)."""

    http_status = 409
    title = "Changed meanwhile"
    phone_title = "Not recorded"
