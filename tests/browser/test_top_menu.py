"""The organiser's top menu fits one line on a 1280 px laptop screen in every language, even
with a long event name and username: the event's name is shortened with an ellipsis and
stays whole in its tooltip."""

from __future__ import annotations

import pytest

from tests.conftest import setup_event
from tests.print.test_print_pdf import log_in
from tournament.i18n.languages import TRANSLATED

pytestmark = pytest.mark.browser
LONG_NAME = "Year 7B Thursday afternoon, cross-cultural"  # 42 characters


@pytest.mark.parametrize("language", ["en", *TRANSLATED])
def test_the_top_menu_fits_one_line_at_1280_px_with_a_long_event_name(app, organiser, live_server, browser, language):
    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dan"], tables=1, name=LONG_NAME)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale=language)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        log_in(page, live_server.url)
        page.goto(f"{live_server.url}/events/{event_id}/tables")
        assert page.evaluate("document.documentElement.lang").startswith(language)
        tops = page.evaluate("""[...document.querySelectorAll('.topbar a, .topbar button')]
            .filter(el => el.offsetParent !== null && !el.classList.contains('skip'))
            .map(el => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2))""")
        assert max(tops) - min(tops) <= 4, tops  # one line: every item centred on the same row
        event_link = page.locator(".topbar nav a").first
        assert event_link.get_attribute("title").startswith(LONG_NAME)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()
