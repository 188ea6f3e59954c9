"""Score slips as a phone and a printer meet them: the QR codes decoded from the pixels Chromium
draws, opened against the running server, and the slips printed to PDF and rasterised."""

from __future__ import annotations

import http.client
import io
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import zxingcpp
from PIL import Image

from tournament import db
from tournament.hostnames import is_loopback
from tournament.models import Event
from tournament.services import accounts

from .conftest import seed_event
from .test_print_pdf import log_in, pdf_pages

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LAN_GUESS = "192.0.2.10"  # TEST-NET-1: never a real address
TABLES = 7
DPI = 150
MM_PER_INCH = 25.4


@pytest.fixture
def seven_tables(app, live_server, page, monkeypatch):
    """Seven tables of four, the organiser logged in, and the app set up as `make run` sets it
    up: listening on every interface, the LAN guess made deterministic."""
    event_id = seed_event(app, names=[f"Player {i:02d}" for i in range(4 * TABLES)], tables=TABLES, sheet_copies=1)
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
        tokens = {t.number: t.token for t in db.session().get(Event, event_id).tables}
    app.config["BIND_HOST"] = "0.0.0.0"
    monkeypatch.setattr("tournament.blueprints.links.lan_addresses", lambda: [LAN_GUESS])
    log_in(page, live_server.url)
    return event_id, tokens


def decode(image) -> list:
    return [code for code in zxingcpp.read_barcodes(image) if code.format == zxingcpp.BarcodeFormat.QRCode]


def phone_page_title(live_server, path: str) -> str:
    """GET `path` on the live server as a phone would (no cookies) and return its <h1> text."""
    host, port = live_server.url.split("//")[1].split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read().decode()
        assert response.status == 200, (path, response.status)
    finally:
        connection.close()
    return body.split("<h1", 1)[1].split(">", 1)[1].split("<", 1)[0].strip()


def test_slip_codes_lead_phones_to_their_own_tables_page_not_to_this_laptop(seven_tables, live_server, page):
    event_id, tokens = seven_tables
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(f"{live_server.url}/events/{event_id}/print/slips?round=1")
    slips = page.evaluate("""() => [...document.querySelectorAll('article.slip')].map(s => {
        const r = s.getBoundingClientRect();
        return {title: s.querySelector('h1').textContent, top: r.top + scrollY, bottom: r.bottom + scrollY};
    })""")
    assert len(slips) == TABLES
    shot = Image.open(io.BytesIO(page.screenshot(full_page=True)))
    codes = decode(shot)
    assert len(codes) == TABLES, f"decoded {len(codes)} of {TABLES} QR codes"
    port = int(live_server.effective_port)
    for code in codes:
        link = urlsplit(code.text)
        assert not is_loopback(link.hostname), f"{code.text} leads to this laptop only"
        assert (link.hostname, link.port) == (LAN_GUESS, port)
        y = code.position.top_left.y
        slip = next(s for s in slips if s["top"] <= y <= s["bottom"])
        number = int(slip["title"].rsplit(" ", 1)[1])
        assert link.path == f"/t/{tokens[number]}", f"the code on table {number}'s slip opens another table"
        assert phone_page_title(live_server, link.path) == f"Table {number}"


def test_a_round_of_seven_slips_prints_on_three_a4_pages_with_codes_at_least_25_mm_wide(
        seven_tables, live_server, page, tmp_path):
    event_id, tokens = seven_tables
    page.goto(f"{live_server.url}/events/{event_id}/print/slips?round=1")
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    assert len(pdf_pages(pdf)) <= 3
    (tmp_path / "slips.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", str(DPI), "-png", str(tmp_path / "slips.pdf"), str(tmp_path / "page")],
                   check=True, timeout=60)
    pngs = sorted(tmp_path.glob("page-*.png"))
    assert len(pngs) <= 3
    SHOTS.mkdir(exist_ok=True)
    found = {}
    for png in pngs:
        image = Image.open(png)
        image.save(SHOTS / f"slips-a4-{png.stem}.png")
        for code in decode(image):
            corners = code.position
            dx, dy = corners.top_right.x - corners.top_left.x, corners.top_right.y - corners.top_left.y
            width_px = (dx ** 2 + dy ** 2) ** .5
            found[urlsplit(code.text).path] = width_px / DPI * MM_PER_INCH
    assert set(found) == {f"/t/{token}" for token in tokens.values()}, "every slip's code reads from the printed page"
    assert min(found.values()) >= 25, f"narrowest printed code: {min(found.values()):.1f} mm"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("players", "tables"), [(36, 6), (20, 2), (3, 1)])
def test_every_slip_fits_inside_its_share_of_the_page(app, live_server, page, paper, players, tables):
    event_id = seed_event(app, names=[f"Player {i:02d}" for i in range(players)], tables=tables, paper_size=paper)
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{event_id}/print/slips?round=1")
    page.emulate_media(media="print")
    overflowing = page.evaluate("""() => [...document.querySelectorAll('article.slip')].filter(s => {
        const foot = s.querySelector('.slip-foot').getBoundingClientRect();
        const grid = s.querySelector('.slip-grid').getBoundingClientRect();
        const box = s.getBoundingClientRect();
        return foot.bottom > box.bottom + 0.5 || grid.bottom > foot.top + 0.5;
    }).map(s => s.querySelector('h1').textContent)""")
    assert overflowing == []
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    assert len(pdf_pages(pdf)) == -(-tables * (1 if players // tables <= 6 else 2) // 3)
    if players == 20:
        (SHOTS / f"slips-big-tables-{paper}.pdf").write_bytes(pdf)
