"""Score slips whose QR codes lead to this laptop only (127.0.0.1) are not printed unawares: the
Print page, each slip page and "Everything" warn on screen, with the way to the Room page's
address setting, and the warning never reaches the paper."""

from __future__ import annotations

import subprocess

import pytest

from tournament import db
from tournament.services import accounts

from .conftest import seed_event
from .test_print_pdf import log_in

WARNING = "phones cannot open them"
PAGES = ["/print", "/print/slips", "/print/slips?round=1", "/print/all"]


@pytest.fixture
def lan(monkeypatch):
    monkeypatch.setattr("tournament.blueprints.links.lan_addresses", lambda: ["192.0.2.10"])


@pytest.mark.parametrize("path", PAGES)
def test_pages_with_slips_warn_when_their_codes_lead_to_this_laptop_only(app, organiser, event_id, lan, path):
    app.config.update(BIND_HOST="127.0.0.1", BIND_PORT=5000)
    page = organiser.get(f"/events/{event_id}{path}").get_data(as_text=True)
    assert WARNING in page
    assert "http://127.0.0.1:5000" in page
    assert f'href="/events/{event_id}/room#link-base"' in page


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("config", [{"BIND_HOST": "0.0.0.0"}, {"BIND_HOST": "192.0.2.20"},
                                    {"BIND_HOST": "127.0.0.1", "PUBLIC_BASE_URL": "http://192.0.2.30:5000"}],
                         ids=["lan-guess", "lan-bind", "configured"])
def test_pages_with_slips_do_not_warn_when_their_codes_lead_to_the_rooms_network(
        app, organiser, event_id, lan, path, config):
    app.config.update(BIND_PORT=5000, **config)
    assert WARNING not in organiser.get(f"/events/{event_id}{path}").get_data(as_text=True)


def test_pages_without_slips_do_not_warn(app, organiser, event_id, lan):
    app.config.update(BIND_HOST="127.0.0.1", BIND_PORT=5000)
    for path in ("/print/sheets", "/print/signs", "/print/guide"):
        assert WARNING not in organiser.get(f"/events/{event_id}{path}").get_data(as_text=True), path


@pytest.mark.browser
def test_the_warning_shows_on_screen_and_stays_off_the_printed_slips(app, live_server, page, tmp_path):
    event_id = seed_event(app, tables=3, names=[f"Player {n}" for n in range(12)])
    app.config.update(BIND_HOST="127.0.0.1")
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    log_in(page, live_server.url)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/events/{event_id}/print/slips")
    warning = page.locator(".loopback-warning")
    assert warning.is_visible() and WARNING in warning.inner_text()
    page.screenshot(path=str(tmp_path / "slips-warning.png"))
    pdf = tmp_path / "slips.pdf"
    pdf.write_bytes(page.pdf(prefer_css_page_size=True, print_background=True))
    text = " ".join(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, check=True, text=True,
                                   timeout=60).stdout.split())
    assert "Player 0" in text  # the slips themselves are printed
    assert WARNING not in text and "Room page" not in text
