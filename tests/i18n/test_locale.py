"""Each audience reads the language meant for it: the organiser their account's or browser's, the
room's screen and printed sheets the event's, a phone its own choice or its browser's."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

import pytest
from flask import g

from tests.conftest import setup_event
from tournament.blueprints.moments import local_time
from tournament.i18n.catalogues import compile_all
from tournament.i18n.locale import page_lang, select_locale, use_event, use_language

FRENCH_EVENT = SimpleNamespace(language="fr")


def _select(app, path, *, organiser=None, event=None, accept=None, cookie=None, forced=None):
    app.config["FORCE_PAGE_LANG"] = forced
    headers = {"Accept-Language": accept} if accept else {}
    if cookie:
        headers["Cookie"] = f"lang={cookie}"
    with app.test_request_context(path, headers=headers):
        g.organiser = organiser
        if event is not None:
            use_event(event)
        return select_locale()


@pytest.mark.parametrize("path", ["/accounts", "/events/1/room"])
def test_organiser_pages_follow_the_account_then_the_browser_then_english(app, path):
    dutch = SimpleNamespace(language="nl")
    assert _select(app, path, organiser=dutch, accept="de", event=FRENCH_EVENT) == "nl"
    assert _select(app, path, organiser=SimpleNamespace(language=None), accept="de-CH, fr;q=0.5") == "de"
    assert _select(app, path, accept="ja, *;q=0.1", event=FRENCH_EVENT) == "en"


def test_a_printed_page_follows_its_lang_query_else_the_event(app):
    assert _select(app, "/events/1/print/sheets?lang=it", event=FRENCH_EVENT, accept="de") == "it"
    assert _select(app, "/events/1/print/sheets", event=FRENCH_EVENT, accept="de") == "fr"


def test_the_print_menu_is_an_organiser_page_in_the_organiser_s_language(app):
    dutch = SimpleNamespace(language="nl")
    assert _select(app, "/events/1/print", organiser=dutch, event=FRENCH_EVENT) == "nl"
    assert _select(app, "/events/1/print?lang=it", accept="de", event=FRENCH_EVENT) == "de"


@pytest.mark.parametrize("value", ["xx", "", "<script>", "de-DE-x-evil" * 20])
def test_an_unsupported_lang_query_is_ignored(app, value):
    expected = "de" if value.startswith("de") else "fr"
    assert _select(app, f"/events/1/print/sheets?lang={value}", event=FRENCH_EVENT) == expected


def test_the_projector_follows_the_event_whatever_the_browser_says(app):
    assert _select(app, "/p/token", event=FRENCH_EVENT, accept="de", cookie="es") == "fr"
    assert _select(app, "/p/token", accept="de") == "en"


@pytest.mark.parametrize("path", ["/t/token", "/s/token"])
def test_a_phone_follows_its_cookie_then_its_browser_then_the_event(app, path):
    assert _select(app, path, event=FRENCH_EVENT, accept="de", cookie="es") == "es"
    assert _select(app, path, event=FRENCH_EVENT, accept="de", cookie="klingon") == "de"
    assert _select(app, path, event=FRENCH_EVENT, accept="ja") == "fr"
    assert _select(app, path) == "en"


def test_a_view_may_choose_the_language_of_its_page(app):
    with app.test_request_context("/t/token", headers={"Cookie": "lang=es"}):
        use_language("pt")
        assert select_locale() == "pt"
        use_language("xx")
        assert select_locale() == "es"


def test_the_test_override_wins_and_a_pseudo_locale_reads_english(app):
    assert _select(app, "/p/token", event=FRENCH_EVENT, forced="de") == "de"
    assert _select(app, "/p/token", event=FRENCH_EVENT, forced="ar-XB") == "en"
    with app.test_request_context("/p/token"):
        assert page_lang() == "ar-XB"


def test_the_organiser_reads_a_refusal_in_the_browser_language(app, organiser):
    compile_all(only_stale=True)
    page = organiser.get("/events/999999", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<html lang="de" dir="ltr"' in page and "Nicht gefunden" in page


def test_a_print_page_never_echoes_an_unsupported_lang(app, organiser):
    event_id = setup_event(app, ["Ada", "Ben", "Cy", "Dee"])
    response = organiser.get(f"/events/{event_id}/print/sheets?lang=zz%22%3E%3Cb%3Ezz")
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and '<html lang="en" dir="ltr"' in page and "zz" not in page
    page = organiser.get(f"/events/{event_id}/print/sheets?lang=nl").get_data(as_text=True)
    assert '<html lang="nl" dir="ltr"' in page


def test_a_date_on_a_page_is_written_in_the_page_language(app):
    moment = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    with app.test_request_context("/accounts", headers={"Accept-Language": "de"}):
        assert local_time(moment, "UTC", "date") == "1 März 2026"
    with app.test_request_context("/accounts"):
        assert local_time(moment, "UTC", "date") == "1 Mar 2026"


@pytest.mark.parametrize("accept, cookie", [
    ("de;q=abc, <b>x</b>;q=1", "\"><b>x"),
    ("x" * 5000, "de" * 2000),
    (",,;;==", ""),
])
def test_hostile_language_headers_and_cookies_are_ignored_never_echoed(client, accept, cookie):
    response = client.get("/t/not-a-table", headers={"Accept-Language": accept, "Cookie": f"lang={cookie}"})
    page = response.get_data(as_text=True)
    assert response.status_code == 404 and '<html lang="en" dir="ltr"' in page and "<b>x" not in page
