"""Printed personal links and the online page's code as a player meets them: the QR codes read
from the pixels of the printed page (Chromium's PDF, rasterised) and from the organiser's screen,
then opened on the running server as a phone would."""

from __future__ import annotations

import html
import http.client
import io
import re
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import zxingcpp
from PIL import Image

from tests.online.conftest import online_event
from tests.print.test_print_pdf import log_in
from tournament import db
from tournament.hostnames import is_loopback
from tournament.services import accounts

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LAN_GUESS = "192.0.2.10"  # TEST-NET-1: never a real address
NAMES = ["Ana", "Ben", "Chloé", "Dmitri", "Elif", "Farah", "Günter", "Hiroshi", "Ivo", "Jun", "Kai", "Lea"]


def _codes(image) -> list[str]:
    return [c.text for c in zxingcpp.read_barcodes(image) if c.format == zxingcpp.BarcodeFormat.QRCode]


def _open_as_phone(live_server, path: str) -> tuple[int, str]:
    host, port = live_server.url.split("//")[1].split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


@pytest.fixture
def online_class(app, live_server, page, monkeypatch):
    event_id = online_event(app, NAMES, 3)
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    app.config["BIND_HOST"] = "0.0.0.0"
    monkeypatch.setattr("tournament.blueprints.links.lan_addresses", lambda: [LAN_GUESS])
    log_in(page, live_server.url)
    return event_id


def test_each_printed_personal_code_opens_that_players_own_screen(online_class, app, live_server, page, tmp_path):
    event_id = online_class
    page.goto(f"{live_server.url}/events/{event_id}/print/personal-links")
    page.click("form[action$='/print/personal-links'] button[type=submit]")
    page.wait_for_selector(".link-card")
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    (tmp_path / "links.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "150", "-png", str(tmp_path / "links.pdf"), str(tmp_path / "page")],
                   check=True, timeout=60)
    pngs = sorted(tmp_path.glob("page-*.png"))
    SHOTS.mkdir(exist_ok=True)
    Image.open(pngs[0]).save(SHOTS / "personal-links-page-1.png")
    codes = [code for png in pngs for code in _codes(Image.open(png))]
    assert len(codes) == len(NAMES), f"read {len(codes)} of {len(NAMES)} printed codes"
    port = int(live_server.effective_port)
    shown = set()
    for code in codes:
        link = urlsplit(code)
        assert not is_loopback(link.hostname), f"{code} leads to this laptop only"
        assert (link.hostname, link.port) == (LAN_GUESS, port)
        status, body = _open_as_phone(live_server, link.path)
        assert status == 200 and 'id="play"' in body
        shown.add(html.unescape(re.search(r"<title>(.*?) · ", body).group(1)))
    assert shown == set(NAMES), "each code opens its own player's screen"


def test_the_online_pages_code_opens_the_name_picker_on_the_rooms_address(online_class, live_server, page):
    event_id = online_class
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/events/{event_id}/online")
    codes = _codes(Image.open(io.BytesIO(page.screenshot(full_page=True))))
    assert len(codes) == 1
    link = urlsplit(codes[0])
    assert (link.hostname, link.port) == (LAN_GUESS, int(live_server.effective_port))
    status, body = _open_as_phone(live_server, link.path)
    assert status == 200 and 'id="find-name"' in body
    status, body = _open_as_phone(live_server, link.path + "?q=chloe")
    assert status == 200 and 'class="claim-name"' in body and "Chloé" in body
