"""The room's screens in German and French, in real Chromium: the projector at 1080p and 720p
fits every phase in the event's language, and a phone at 390×844 reads its browser's language
and changes it with the visible switch, with or without scripts."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from tests.conftest import setup_event
from tests.room.conftest import close_round, record_winner, seated, tokens
from tests.room.test_room_browser import (
    NAMES,
    PHONE,
    PROJECTOR,
    SMALL_PROJECTOR,
    assert_fits,
    shots_dir,
    start_with_countdown,
)
from tournament import db
from tournament.models import Event
from tournament.services import timer

pytestmark = pytest.mark.browser

WORDS = {  # what each screen must say, per language
    "de": {"study": "Regeln lesen", "round": "Runde 1", "results": "Ergebnisse Runde 1",
           "send": "Ergebnisse senden", "where": "Wo sitze ich?"},
    "fr": {"study": "Lisez les règles", "round": "Tour 1", "results": "Résultats du tour 1",
           "send": "Envoyer les résultats", "where": "Ma place\u00a0?"},
}


def _event_in(app, language: str, names: list[str], tables: int) -> int:
    event_id = setup_event(app, names, tables=tables)
    with app.app_context():
        db.session().execute(update(Event).where(Event.id == event_id).values(language=language))
        db.session().commit()
    return event_id


def _no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("language", ["de", "fr"])
@pytest.mark.parametrize("viewport", [PROJECTOR, SMALL_PROJECTOR], ids=["1080p", "720p"])
def test_the_projector_fits_every_phase_in_the_events_language(browser, live_server, app, tmp_path, viewport,
                                                                language):
    words = WORDS[language]
    event_id = _event_in(app, language, NAMES, tables=10)
    links = tokens(app, event_id)
    folder = shots_dir(tmp_path)
    suffix = f"-{language}" + ("" if viewport is PROJECTOR else "-720")
    with app.app_context():
        timer.start(db.session().get(Event, event_id), "study", timer.now_utc())
        db.session().commit()
    outside: list[str] = []
    # The browser asks for English: the projector still speaks the event's language.
    context = browser.new_context(viewport=viewport, locale="en-US")
    projector = context.new_page()
    projector.set_default_timeout(10_000)
    projector.on("request", lambda request: None if request.url.startswith(live_server.url)
                 else outside.append(request.url))
    projector.goto(f"{live_server.url}/p/{links['projector']}")
    projector.wait_for_selector(f"#slide-title >> text={words['study']}")
    assert projector.locator(".where-text").inner_text().startswith(words["where"])
    assert_fits(projector)

    start_with_countdown(app, event_id)
    for table in (1, 2, 3):
        record_winner(app, event_id, table, [sorted(seated(app, event_id, table))[0]] * 2)
    projector.wait_for_selector(f"#slide-title >> text={words['round']}")
    projector.wait_for_selector(".card.reported >> nth=2")
    assert_fits(projector)
    projector.screenshot(path=str(folder / f"projector-round{suffix}.png"))

    for table in range(4, 11):
        record_winner(app, event_id, table, [sorted(seated(app, event_id, table))[1]])
    close_round(app, event_id)
    projector.wait_for_selector(f"#slide-title >> text={words['results']}")
    assert_fits(projector)
    projector.screenshot(path=str(folder / f"projector-results{suffix}.png"))
    projector.keyboard.press("ArrowLeft")  # the standings
    projector.wait_for_selector("th.who")
    assert_fits(projector)
    context.close()
    assert outside == []


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_phone_reads_its_browsers_language_and_fits_390_wide(browser, live_server, app, tmp_path, language):
    event_id = _event_in(app, "en", NAMES[:9], tables=3)
    start_with_countdown(app, event_id)
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/t/{tokens(app, event_id)[1]}")
    send = page.get_by_role("button", name=WORDS[language]["send"])
    assert send.is_visible()
    assert page.locator("html").get_attribute("lang") == language
    page.locator(".lang-switch summary").click()
    assert page.locator(".lang-switch ul").is_visible()
    assert _no_sideways_scroll(page)
    page.screenshot(path=str(shots_dir(tmp_path) / f"phone-entry-{language}.png"), full_page=True)
    page.locator(".lang-switch summary").click()
    # The scripts' words come from the page, in its language ("Sending…" on the send button).
    expected = {"de": "Wird gesendet…", "fr": "Envoi…"}[language]
    assert page.evaluate("() => window.t('sending')") == expected
    assert page.evaluate("() => window.t('winner_of_game', {number: 7})").endswith("7")
    context.close()


def test_the_switch_changes_a_phones_language_without_scripts(browser, live_server, app):
    event_id = _event_in(app, "en", NAMES[:9], tables=3)
    public = tokens(app, event_id)["public"]
    context = browser.new_context(viewport=PHONE, locale="de-DE", java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/s/{public}")
    assert page.get_by_role("heading", name="Wo sitze ich?").is_visible()
    page.locator(".lang-switch summary").click()
    page.get_by_role("link", name="Français").click()
    assert page.url == f"{live_server.url}/s/{public}"
    assert page.get_by_role("heading", name="Ma place\u00a0?").is_visible()
    assert page.locator(".lang-switch summary").inner_text().endswith("Français")
    context.close()
