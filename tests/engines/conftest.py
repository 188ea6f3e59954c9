"""WebKit and Firefox for the phone flows: one browser of each per test run (they take seconds
to start), a fresh page with its own cookies for every test, at a phone's 390×844.

Missing engine: skip locally, fail under CI=true, as the Chromium tests do."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.conftest import IN_CI
from tests.engines import firefox as firefox_engine
from tests.engines import webkit as webkit_engine
from tests.engines.capture import ErrorCapture
from tests.engines.processes import Xvfb

PHONE = (390, 844)
# Generous: Firefox takes 3 s to start on a quiet laptop, far more on a busy CI machine.
TIMEOUT = 30
INSTALL = "run `make test` as root, or apt-get install webkit2gtk-driver xvfb firefox-esr"


def _need(what: str, *found) -> None:
    if not all(found):
        message = f"{what} not found ({INSTALL})"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope="session")
def webkit_driver():
    _need("WebKit", os.path.exists(webkit_engine.DRIVER), webkit_engine.minibrowser(), shutil.which("Xvfb"))
    display = Xvfb()
    try:
        driver = webkit_engine.start(display.display)
        yield driver
        driver.quit()
    finally:
        display.stop()


@pytest.fixture(scope="session")
def firefox_browser():
    _need("Firefox", os.path.exists(firefox_engine.BINARY))
    browser = firefox_engine.Firefox(TIMEOUT)
    yield browser
    browser.close()


@pytest.fixture(params=["webkit", "firefox"])
def phone(request):
    """A page in one engine (the test runs once per engine), watching for errors."""
    if request.param == "webkit":
        page = webkit_engine.WebKitPage(request.getfixturevalue("webkit_driver"), *PHONE, timeout=TIMEOUT)
    else:
        page = request.getfixturevalue("firefox_browser").new_page(*PHONE)
    yield page
    page.close()


@pytest.fixture
def served(app, live_server):
    """The live server, every HTML page of it carrying the error watch (tests/engines/capture.py)."""
    app.wsgi_app = ErrorCapture(app.wsgi_app)
    yield live_server
    # The browsers outlive the test and keep their idle connections open, which would hold the
    # server's thread (and the test) for live_server's 5-second join: close them now.
    for channel in list(live_server.active_channels.values()):
        if not channel.requests:
            channel.will_close = True
