"""Every absolute link the app hands out (QR codes on score slips and the table-links page, the
projector and where-do-I-sit links) is built here, and so is every QR code.

A link is scanned or typed on another device, so it must name an address that device can
reach. The base is the first of:

1. the address the organiser typed on the Room page (stored laptop-wide);
2. `PUBLIC_BASE_URL` in the configuration;
3. the address the server was told to listen on, unless that is every interface (0.0.0.0);
4. the address this page was opened with, unless it is this laptop only (127.0.0.1);
5. the laptop's address on the room's network (a guess: the interface with the default route);
6. the address this page was opened with, when the laptop has no network at all.

(docs/links-and-hosts.md explains the order.)
"""

from __future__ import annotations

import contextlib
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

import segno
from flask import current_app, g, request, url_for
from markupsafe import Markup

from .. import db
from ..core.i18n import T, Text
from ..hostnames import is_loopback, is_wildcard, split_host_port, with_port
from ..models import Event, Table
from ..services.public_address import stored_base_url

# Why the base was chosen, as the Room page says it.
SOURCES = {
    "room": T("Set on this page"),
    "config": T("Taken from PUBLIC_BASE_URL in the configuration"),
    "bind": T("The address the server listens on"),
    "request": T("The address this page was opened with"),
    "lan": T("The laptop's address on the room's network (a guess)"),
    "loopback": T("This laptop only: no network address was found"),
}


@dataclass(frozen=True)
class LinkBase:
    url: str
    source: str

    @property
    def explanation(self) -> Text:
        return SOURCES[self.source]

    @property
    def this_laptop_only(self) -> bool:
        """Phones cannot open links on this base."""
        host = split_host_port(self.url.split("://", 1)[1])
        return host is not None and is_loopback(host[0])


def lan_addresses() -> list[str]:
    """Best guess at the laptop's addresses that phones on the same Wi-Fi can reach, the
    interface with the default route first."""
    found: list[str] = []
    try:
        # Connecting a UDP socket sends nothing; it only asks the OS which interface it would use.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    with contextlib.suppress(OSError):
        found += sorted(str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET))
    return [a for i, a in enumerate(found) if not is_loopback(a) and a not in found[:i]]


def listening_bases(bind_host: str, port: int, scheme: str = "http") -> list[str]:
    """Where phones can open a server bound to `bind_host`: that address, or for every
    interface the LAN guesses (what `flask serve` prints)."""
    hosts = lan_addresses() if is_wildcard(bind_host) else [bind_host]
    return [f"{scheme}://{with_port(host, port)}" for host in hosts]


def choose_base(*, stored: str | None, configured: str | None, bind_host: str | None,
                bind_port: int | None, scheme: str, request_host: str) -> LinkBase:
    """The rule of the module docstring, on plain values."""
    if stored:
        return LinkBase(stored.rstrip("/"), "room")
    if configured:
        return LinkBase(configured.rstrip("/"), "config")
    requested = split_host_port(request_host)
    port = bind_port or (requested[1] if requested else None)
    if bind_host and not is_wildcard(bind_host):
        return LinkBase(f"{scheme}://{with_port(bind_host, port)}", "bind")
    if requested and not is_loopback(requested[0]):
        return LinkBase(f"{scheme}://{request_host}", "request")
    lan = lan_addresses()
    if lan:
        return LinkBase(f"{scheme}://{with_port(lan[0], port)}", "lan")
    return LinkBase(f"{scheme}://{request_host}", "loopback")


def link_base() -> LinkBase:
    """The base for this request (read once per request)."""
    if "link_base" not in g:
        config = current_app.config
        g.link_base = choose_base(
            stored=stored_base_url(db.session()),
            configured=config.get("PUBLIC_BASE_URL"),
            bind_host=config.get("BIND_HOST"),
            bind_port=config.get("BIND_PORT"),
            scheme=request.scheme,
            request_host=request.host,
        )
    return g.link_base


def external_url(endpoint: str, **values) -> str:
    return link_base().url + url_for(endpoint, **values)


def table_entry_url(event: Event, table: Table, round_number: int) -> str:
    """What a score slip's code opens: the table's phone page, or the organiser's entry page
    for that table and round while the table's phone link is revoked."""
    if table.token:
        return external_url("table.enter", token=table.token)
    return external_url("organiser.table_results", event_id=event.id, number=round_number,
                        table_number=table.number)


def qr_svg(link: str, css_class: str = "qr") -> Markup:
    """Inline SVG (no image request, allowed by the CSP), sized by CSS through its viewBox.
    segno writes only path data and presentation attributes, never the link as text, and no
    style attribute, so the markup is safe to inline."""
    svg = segno.make_qr(link, error="m").svg_inline(
        scale=1, border=2, omitsize=True, svgclass=css_class, lineclass=None, dark="#000", light="#fff"
    )
    return Markup(svg)


def local_path(target: str | None) -> str | None:
    """``target`` when it is a path of this site ("/events/3/room"), else None: a crafted
    ``next`` must not send the organiser to another site. Browsers read a backslash as a slash
    ("/\\evil.example" goes to evil.example) and drop tabs and newlines, so those are refused too."""
    if not target or not target.startswith("/") or any(c == "\\" or ord(c) < 32 or ord(c) == 127 for c in target):
        return None
    parts = urlsplit(target)
    if target.startswith("//") or parts.scheme or parts.netloc:
        return None
    return target
