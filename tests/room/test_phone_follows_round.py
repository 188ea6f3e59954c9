"""A table's phone left open follows the event: a new round (or new seating) replaces the form
by itself, taps for the running round stay, and a form sent for a closed round leads to the
running round's form."""

from __future__ import annotations

import pytest

from tests.conftest import setup_event
from tests.room.conftest import close_round, record_winner, seated, start_round, tokens
from tests.room.test_phone_entry import form, games_of
from tests.room.test_room_browser import NAMES, PHONE, open_page, wait_until

CLOSED_ROUND_SENTENCE = "Round 1 is over, so nothing was recorded"


def test_a_form_sent_for_a_closed_round_answers_the_running_rounds_form_with_one_sentence(phone, app, running):
    round_one = list(seated(app, running, 1).values())
    close_round(app, running)
    start_round(app, running)
    response = phone.post(f"/t/{tokens(app, running)[1]}", data=form(1, (round_one[0], "")), follow_redirects=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert CLOSED_ROUND_SENTENCE in page
    assert "Round 2" in page and 'name="round" type="hidden" value="2"' in page
    for name in seated(app, running, 1):
        assert name in page
    assert games_of(app, running) == []


def test_a_form_sent_for_a_closed_round_is_worded_in_the_phones_language(phone, app, running):
    close_round(app, running)
    start_round(app, running)
    phone.set_cookie("lang", "fr")
    page = phone.post(f"/t/{tokens(app, running)[1]}", data=form(1), follow_redirects=True).get_data(as_text=True)
    assert "Le tour 1 est terminé" in page


def _phone(browser, live_server, app, event_id, table: int):
    outside: list[str] = []
    page = open_page(browser, PHONE, f"{live_server.url}/t/{tokens(app, event_id)[table]}", outside, live_server.url)
    page.evaluate("() => { window.stillTheSamePage = true; }")  # a reload would forget it
    return page, outside


def _polls(page) -> int:
    """How many times the page asked the table's feed (the browser's own resource timing)."""
    return page.evaluate(
        "() => performance.getEntriesByType('resource').filter(e => e.name.includes('/follow')).length")


def _heading(page) -> str:
    return page.locator("h1.table-title").inner_text()


@pytest.mark.browser
def test_an_open_phone_shows_the_next_round_without_a_reload(browser, live_server, app, tmp_path):
    event_id = setup_event(app, NAMES[:9], tables=3)
    start_round(app, event_id)
    phone, outside = _phone(browser, live_server, app, event_id, 2)
    first = sorted(seated(app, event_id, 2))
    phone.locator("fieldset.game").first.locator(".winners").get_by_text(first[0], exact=True).click()
    phone.get_by_role("button", name="Send results").click()
    phone.wait_for_selector("text=recorded")
    phone.evaluate("() => { window.stillTheSamePage = true; }")
    for table, names in ((1, seated(app, event_id, 1)), (3, seated(app, event_id, 3))):
        record_winner(app, event_id, table, [sorted(names)[0]])
    close_round(app, event_id)
    start_round(app, event_id)
    second = sorted(seated(app, event_id, 2))
    assert second != first

    wait_until(lambda: "Round 2" in _heading(phone), timeout=10.0)
    assert phone.evaluate("() => window.stillTheSamePage === true")
    assert "round 2" in phone.title()
    listed = phone.locator("fieldset.game").first.locator(".winners").inner_text()
    assert all(name in listed for name in second)
    phone.screenshot(path=str(tmp_path / "phone-round-2.png"))

    # The new form is a working one: its taps are recorded for round 2.
    phone.locator("fieldset.game").first.locator(".winners").get_by_text(second[1], exact=True).click()
    phone.get_by_role("button", name="Send results").click()
    phone.wait_for_selector("text=recorded")
    assert "Round 2" in _heading(phone)
    assert outside == []


@pytest.mark.browser
def test_unsent_taps_for_the_running_round_stay_while_the_event_moves_on(browser, live_server, app):
    event_id = setup_event(app, NAMES[:9], tables=3)
    start_round(app, event_id)
    phone, outside = _phone(browser, live_server, app, event_id, 2)
    names = sorted(seated(app, event_id, 2))
    phone.locator("fieldset.game").first.locator(".winners").get_by_text(names[2], exact=True).click()
    # Settled: the check at load and the one when the stream became live.
    phone.wait_for_function("() => document.documentElement.dataset.updates === 'push'")
    wait_until(lambda: _polls(phone) >= 2, timeout=10.0)

    # The page reads the feed again once the event moved.
    with phone.expect_response(lambda response: "/follow" in response.url):
        record_winner(app, event_id, 1, [sorted(seated(app, event_id, 1))[0]])  # another table's result
    phone.locator("[data-follow]").count()  # one more round trip: the answer has been handled

    assert phone.evaluate("() => window.stillTheSamePage === true")
    ticked = phone.locator("fieldset.game").first.locator("input[type=radio]:checked")
    assert ticked.count() == 1
    assert phone.locator("fieldset.game").first.locator("label:has(input:checked)").inner_text().strip() == names[2]
    assert outside == []


@pytest.mark.browser
def test_an_open_phone_shows_a_latecomer_seated_at_its_table_in_the_running_round(browser, live_server, app):
    from tournament import db
    from tournament.models import Event
    from tournament.services import midevent

    event_id = setup_event(app, NAMES[:9], tables=3)
    start_round(app, event_id)
    phone, outside = _phone(browser, live_server, app, event_id, 2)
    with app.app_context():
        midevent.add_late_player(db.session(), db.session().get(Event, event_id), "Latecomer", 2)
    wait_until(lambda: "Latecomer" in phone.locator("fieldset.game").first.inner_text(), timeout=10.0)
    assert phone.evaluate("() => window.stillTheSamePage === true")
    assert "Round 1" in _heading(phone)
    assert outside == []
