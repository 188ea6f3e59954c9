"""QR codes on score slips: where a scan should lead, and the code as inline SVG."""

from __future__ import annotations

import segno
from flask import current_app, url_for
from markupsafe import Markup

from ...models import Event, Table

PHONE_ENDPOINT = "table.enter"


def entry_url(event: Event, table: Table, round_number: int) -> str:
    """The table's phone page when the app has one (and the table's link is not revoked);
    otherwise the organiser's entry page for that table and round."""
    if PHONE_ENDPOINT in current_app.view_functions and table.token:
        return url_for(PHONE_ENDPOINT, token=table.token, _external=True)
    return url_for("organiser.table_results", event_id=event.id, number=round_number,
                   table_number=table.number, _external=True)


def qr_svg(url: str) -> Markup:
    """segno writes only path data and presentation attributes, never the URL as text, and no
    style attribute, so the markup is safe to inline under the page's CSP."""
    code = segno.make(url, error="m")
    return Markup(code.svg_inline(scale=1, border=2, omitsize=True, svgclass="qr-code", lineclass=None))
