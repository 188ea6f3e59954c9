"""The printable pages: one per material, and one with everything. Each sheet is one page;
score slips share pages, in thirds with cut lines between them."""

from __future__ import annotations

from functools import lru_cache

from flask import render_template, request

from ... import db
from ...core.i18n import T
from ...games import CardGame, game_of
from ...games import settings as declared
from ...services import printing
from ...services.errors import DomainError
from ...services.guide import GUIDE_TITLE, guide_sections
from ...services.markers import Marker, marker
from ...services.tables import get_table
from ..current_event import current_event
from ..fields import is_number
from ..links import link_base, qr_svg, table_entry_url
from . import bp
from .layout import aligned, distinct


@lru_cache(maxsize=64)
def _sheet(game: CardGame, variant) -> object:
    """A sheet is a pure function of the game and variant; most events reuse the seed's ten."""
    return game.rule_sheet(variant)


def _family(event) -> tuple[object, ...]:
    """The event's sheets that every sheet's sections are laid out against: the game's default
    sheets for the event's table count and each table's own (``layout``)."""
    game = game_of(event)
    variants = (*declared.default_variants(game.settings, len(event.tables)), *(t.variant for t in event.tables))
    # The cache keys on the game: one hashable object, which CardGame does not state.
    return distinct(_sheet(game, variant) for variant in variants)  # type: ignore[arg-type]


def _rule_sheets(event, tables=None) -> list[tuple[object, Marker, str | None]]:
    """Every table's sheet (or those of ``tables``) with its marker and house rule,
    `sheet_copies` times in a row, so each table's pile is together; each sheet's sections as
    tall as the longest wording of the same section on the event's other sheets."""
    game = game_of(event)
    family = _family(event)
    # The cache keys on the game: one hashable object, which CardGame does not state.
    return [(aligned(_sheet(game, t.variant), family), marker(t.number), t.house_rule)  # type: ignore[arg-type]
            for t in (event.tables if tables is None else tables) for _ in range(event.sheet_copies)]


def _guides(event) -> int:
    return max(1, len(event.tables)) * event.sheet_copies


# A slip takes a third of a page while its table has at most this many players (up to 6 is
# what the planner makes); a bigger table's slip takes two thirds, a huge one a whole page.
PLAYERS_PER_THIRD = 6
PLAYERS_PER_TWO_THIRDS = 14
THIRDS_PER_PAGE = 3


def _thirds(slip: printing.SlipTable) -> int:
    players = len(slip.names)
    return 1 if players <= PLAYERS_PER_THIRD else 2 if players <= PLAYERS_PER_TWO_THIRDS else THIRDS_PER_PAGE


def slip_pages(slips) -> list[list[tuple[printing.SlipTable, int]]]:
    """Slips in table order, packed onto pages of three thirds; (slip, thirds it takes). The
    cut lines stay at the same height on every page, so a pile can be cut in one go."""
    pages: list[list[tuple[printing.SlipTable, int]]] = []
    used = THIRDS_PER_PAGE
    for slip in slips:
        thirds = _thirds(slip)
        if used + thirds > THIRDS_PER_PAGE:
            pages.append([])
            used = 0
        pages[-1].append((slip, thirds))
        used += thirds
    return pages


def _slips(event, number: int):
    slip_set = printing.slips(db.session(), event, number)
    codes = {t.table.id: qr_svg(table_entry_url(event, t.table, number), "qr-code") for t in slip_set.tables}
    return slip_set, codes, slip_pages(slip_set.tables)


def _round_arg(event) -> int:
    """?round=N, or the round being prepared or played when absent."""
    raw = request.args.get("round")
    if raw is None or raw == "":
        return printing.default_slip_round(db.session(), event)
    if not is_number(raw) or len(raw) > 6 or int(raw) < 1:
        raise DomainError(T("round must be a round number (1, 2, 3, ...)."))
    return int(raw)


def _render(template: str, event, **context):
    return render_template(template, event=event, game=game_of(event), guide_title=GUIDE_TITLE, **context)


def _needs_tables(event) -> None:
    if not event.tables:
        raise DomainError(T("Make the table plan first: each table gets its own sheet."))


def _table_arg(event):
    """?table=N: that table only; absent: every table."""
    raw = request.args.get("table")
    if raw is None or raw == "":
        return None
    if not is_number(raw) or len(raw) > 6:
        raise DomainError(T("table must be a table number."))
    return [get_table(event, int(raw))]


@bp.get("/events/<int:event_id>/print/sheets")
def sheets(event_id: int):
    """Rule sheets, generated from each table's variant (?table=N: one table's): same headings
    and layout everywhere, a small marker strip instead of a table number."""
    event = current_event(event_id, "tables")
    _needs_tables(event)
    return _render("print/sheets.html", event, sheets=_rule_sheets(event, _table_arg(event)))


@bp.get("/events/<int:event_id>/print/guide")
def guide(event_id: int):
    """The tournament guide with this event's study, practice and round times."""
    event = current_event(event_id, "tables")
    return _render("print/guide.html", event, sections=guide_sections(event), guides=_guides(event))


@bp.get("/events/<int:event_id>/print/signs")
def signs(event_id: int):
    """One tent card per table: the number twice, one half upside down, to fold in the middle."""
    event = current_event(event_id, "tables")
    _needs_tables(event)
    return _render("print/signs.html", event)


@bp.get("/events/<int:event_id>/print/slips")
def slips(event_id: int):
    """Score slips for one round (?round=N): the names seated at each table, boxes per game,
    and a QR code to that table's result entry."""
    event = current_event(event_id, "tables")
    slip_set, codes, pages = _slips(event, _round_arg(event))
    return _render("print/slips.html", event, slip_set=slip_set, codes=codes, slip_pages=pages, base=link_base())


@bp.get("/events/<int:event_id>/print/all")
def everything(event_id: int):
    """Guide, rule sheets, signs and the current round's slips, in that order."""
    event = current_event(event_id, "tables")
    _needs_tables(event)
    slip_set, codes, pages = _slips(event, _round_arg(event))
    return _render("print/all.html", event, sections=guide_sections(event), guides=_guides(event),
                   sheets=_rule_sheets(event), slip_set=slip_set, codes=codes, slip_pages=pages, base=link_base())
