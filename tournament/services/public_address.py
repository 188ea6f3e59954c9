"""The address the organiser chose for links and QR codes, kept laptop-wide in `app_settings`.

Only a scheme, a host and a port: every link appends the page's own path, so a path, query or
fragment here would produce links to pages that do not exist."""

from __future__ import annotations

from urllib.parse import urlsplit

from sqlalchemy.orm import Session

from ..core.i18n import T
from ..hostnames import split_host_port
from ..models import AppSetting
from .errors import DomainError
from .unit_of_work import unit_of_work

KEY = "public_base_url"
EXAMPLE = "http://192.168.1.20:5000"


def clean_base_url(text: str) -> str:
    """`http(s)://host[:port]` with a trailing slash dropped; anything else is refused with
    the reason."""
    value = (text or "").strip()
    if any(ord(char) < 33 or ord(char) == 127 for char in value):
        raise DomainError(T("An address has no spaces or invisible characters. Write it like {example}.",
                            example=EXAMPLE))
    try:
        parts = urlsplit(value)
    except ValueError:
        raise DomainError(T("That is not an address. Write it like {example}.", example=EXAMPLE)) from None
    if parts.scheme not in {"http", "https"}:
        raise DomainError(T("Start the address with http:// (or https://), like {example}.", example=EXAMPLE))
    if parts.username is not None or parts.password is not None:
        raise DomainError(T("Leave out a user name or password: phones only need the server's address."))
    if not parts.netloc or split_host_port(parts.netloc) is None:
        raise DomainError(T("After http:// comes the laptop's name or address and, if needed, a port: {example}.",
                            example=EXAMPLE))
    if parts.path not in {"", "/"} or parts.query or parts.fragment or value.endswith(("?", "#")):
        raise DomainError(T("Only the server's address, without a page after it: {address}",
                            address=parts.scheme + "://" + parts.netloc))
    return f"{parts.scheme}://{parts.netloc}"


def stored_base_url(session: Session) -> str | None:
    setting = session.get(AppSetting, KEY)
    return setting.value if setting is not None else None


def set_base_url(session: Session, text: str | None) -> str | None:
    """Store the cleaned address, or forget it (blank) so links go back to the automatic choice."""
    value = clean_base_url(text) if text is not None and text.strip() else None
    with unit_of_work(session):
        setting = session.get(AppSetting, KEY)
        if value is None:
            if setting is not None:
                session.delete(setting)
        elif setting is None:
            session.add(AppSetting(key=KEY, value=value))
        else:
            setting.value = value
    return value
