"""The printed materials and the setup pages render byte for byte as they did before the game
was read through the game seam: the fixtures in ``rendered/`` are the pages of a seeded event
as the earlier code rendered them.

Regenerate (only for a deliberate change of wording or layout) with
``RENDER_FIXTURES=write pytest tests/print/test_rendered_unchanged.py``.
"""

from __future__ import annotations

import difflib
import os
import random
import re
from pathlib import Path

import pytest

from tournament import db
from tournament.models import Event

from .conftest import seed_event

FIXTURES = Path(__file__).resolve().parent / "rendered"
SEED = 424242
# (fixture name, path below /events/<id>): every page that draws a rule sheet, the guide, a
# slip, a variant summary or the variant form.
PAGES = [
    ("print_index", "/print"),
    ("sheets", "/print/sheets"),
    ("guide", "/print/guide"),
    ("signs", "/print/signs"),
    ("slips", "/print/slips"),
    ("all", "/print/all"),
    ("preview", "/print/preview?ace=low&wins=highest&trump=clubs&trump_any_time=y&table=3"),
    ("preview_no_trump", "/print/preview?ace=high&wins=lowest&trump="),
    ("tables", "/tables"),
    ("table_rules_1", "/tables/1/rules"),
    ("table_rules_8", "/tables/8/rules"),
]


@pytest.fixture
def seeded(app, monkeypatch):
    # The home tables come from a drawn seed: fixed here so the slips and tables page repeat.
    monkeypatch.setattr(random, "randrange", lambda *_: SEED)
    event_id = seed_event(app, sheet_copies=1)
    with app.app_context():
        assert db.session().get(Event, event_id).shuffle_seed == SEED
    return event_id


def _rendered(organiser, event_id: int, path: str) -> str:
    """The page's ``<main>`` (the app's frame around it may change on its own), with the
    event id, the CSRF token and the QR codes (their links hold a secret drawn per table),
    which differ per run, written as placeholders."""
    response = organiser.get(f"/events/{event_id}{path}")
    assert response.status_code == 200, path
    html = response.get_data(as_text=True)
    main = re.search(r"<main\b.*</main>", html, re.S)
    html = main.group(0) if main else html
    html = re.sub(rf"/events/{event_id}/", "/events/EVENT/", html)
    html = re.sub(r'<svg viewBox="[^"]*" class="qr-code">.*?</svg>', "QR", html)
    return re.sub(r'name="csrf_token" value="[^"]*"', 'name="csrf_token" value="TOKEN"', html)


def _player_ids_hidden(html: str) -> str:
    """The player lists' option values (moving a player, a seating wish) are database ids, which
    depend on the database (PostgreSQL sequences do not restart between tests); the names and
    their order are what is compared."""
    def hidden(select: re.Match[str]) -> str:
        return re.sub(r'<option( selected)? value="\d+"', r'<option\1 value="PLAYER"', select.group(1))

    return re.sub(r'(<select\b.*?</select>)', hidden, html, flags=re.S)


def _lines(html: str) -> list[str]:
    """One tag or text per line, runs of white space as one space: what a browser draws the same."""
    html = _player_ids_hidden(html)
    return [line for line in re.sub(r"\s+", " ", html).replace(">", ">\n").splitlines() if line.strip()]


def test_printed_materials_and_setup_pages_render_as_before_the_game_seam(organiser, seeded):
    write = os.environ.get("RENDER_FIXTURES") == "write"
    changed = {}
    for name, path in PAGES:
        html = _rendered(organiser, seeded, path)
        fixture = FIXTURES / f"{name}.html"
        if write:
            fixture.write_text(html, encoding="utf-8")
            continue
        diff = list(difflib.unified_diff(_lines(fixture.read_text(encoding="utf-8")), _lines(html), lineterm="", n=1))
        if diff:
            changed[name] = "\n".join(diff[:40])
    assert changed == {}
