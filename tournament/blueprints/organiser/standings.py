from __future__ import annotations

from flask import current_app, render_template
from markupsafe import Markup

from ... import db
from ...i18n.locale import current_language
from ...services.single_flight import revision_cache
from ...services.standings import compute_standings
from ..current_event import current_event
from . import bp


@bp.get("/events/<int:event_id>/standings")
def standings(event_id: int):
    """Cumulative standings and each player's path. Ordered by games won, then rounds won;
    players still equal are listed alphabetically (the tournament's tie rule)."""
    session = db.session()
    event = current_event(event_id)  # the row: the table reads what it shows itself
    # 600 players x 10 rounds is thousands of cells; they change only when the event does.
    # Read before building, so the table is never older than the revision it is stored under.
    revision = event.revision
    cache = revision_cache(current_app, "standings tables")
    # One table per language: the organisers reading it may each read another.
    html = cache.get((event.id, event.projector_token, current_language()), revision, lambda: render_template(
        "organiser/_standings_table.html", standings=compute_standings(session, event)))
    return render_template("organiser/standings.html", event=event, table_html=Markup(html))
