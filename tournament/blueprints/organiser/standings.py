from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from flask import current_app, render_template
from markupsafe import Markup

from ... import db
from ...i18n.locale import current_language
from ...services.single_flight import revision_cache
from ...services.standings import PlayerStanding, compute_standings
from ..current_event import current_event
from . import bp

ROWS_KEPT = 20_000  # a few lecture halls' rows, in every language in use, before starting afresh
_rows_lock = threading.Lock()


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
        "organiser/_standings_table.html", standings=compute_standings(session, event), table_rows=table_rows))
    return render_template("organiser/standings.html", event=event, table_html=Markup(html))


def table_rows(rows: list[PlayerStanding], rounds: list[Any],
               cells: Callable[[PlayerStanding, list[Any]], str]) -> Markup:
    """The table's body: each row's rank, then its cells, drawn once for everything they show.
    After a change most rows show what they showed (only their rank moved), so the body is
    mostly joined, not drawn."""
    kept: dict[tuple[Any, ...], Markup] = current_app.extensions.setdefault("standings rows", {})
    # Every value `cells` reads, and the language it is drawn in: an equal key draws equal cells.
    shared = (current_language(), tuple(r.number for r in rounds))
    body = []
    for rank, row in enumerate(rows, start=1):
        key = (shared, row.player.name, row.player.status, tuple(row.absent_in), row.games_won, row.rounds_won,
               row.current_table, row.highest_table, tuple(row.path.items()), tuple(row.games_by_round.items()))
        html = kept.get(key)
        if html is None:
            html = Markup(cells(row, rounds))
            with _rows_lock:
                if len(kept) >= ROWS_KEPT:
                    kept.clear()
                kept[key] = html
        body.append(f"<tr><td>{rank}{html}</tr>\n")
    return Markup("".join(body))
