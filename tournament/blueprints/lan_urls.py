"""Absolute links for QR codes. A QR code is scanned by a phone, so a link that says
"localhost" (the organiser's own laptop) is replaced by the laptop's address on the room's
network. `PUBLIC_BASE_URL` in the config overrides the guess (e.g. behind a proxy)."""

from __future__ import annotations

import segno
from flask import current_app, request, url_for
from markupsafe import Markup

from ..cli import lan_addresses

LOOPBACK = ("localhost", "127.", "[::1]", "::1")


def base_url() -> str:
    configured = current_app.config.get("PUBLIC_BASE_URL")
    if configured:
        return configured.rstrip("/")
    host = request.host
    name, _, port = host.rpartition(":") if not host.endswith("]") else (host, "", "")
    if not name:
        name, port = host, ""
    if name.startswith(LOOPBACK):
        lan = lan_addresses()
        if lan:
            host = f"{lan[0]}:{port}" if port else lan[0]
    return f"{request.scheme}://{host}"


def external_url(endpoint: str, **values) -> str:
    return base_url() + url_for(endpoint, **values)


def qr_svg(link: str, css_class: str = "qr") -> Markup:
    """Inline SVG (no image request, allowed by the CSP); sized by CSS through its viewBox."""
    svg = segno.make_qr(link, error="m").svg_inline(
        scale=1, border=2, omitsize=True, svgclass=css_class, lineclass=None, dark="#000", light="#fff"
    )
    return Markup(svg)
