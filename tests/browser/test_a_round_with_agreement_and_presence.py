"""A whole round of a class in real Chromium against the real server, a phone (390x844) per table:
table 1 agrees on its result, table 2 disputes its own and the organiser settles it, table 3
reports a missing player whom the organiser marks absent. The close lists the dispute, the
absentee keeps her table, and the debrief's notes and timeline tell both stories."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from tests.conftest import setup_event
from tests.room.conftest import NAMES, seated, start_round, tokens
from tournament import db
from tournament.models import Player, Round, Seat, Table
from tournament.services import accounts

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "table-agrees"
PHONE = {"width": 390, "height": 844}


def _phone(browser, url: str):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(url)
    return context, page


def _send_winner(phone, winner: str) -> None:
    exactly = re.compile(rf"^\s*{re.escape(winner)}\s*$")  # "Ana" must not pick "Hana"
    phone.locator("fieldset[data-game]").first.locator("label.pick", has_text=exactly).click()
    phone.locator("[data-send]").click()
    expect(phone.locator(".agree-result")).to_have_text(f"{winner} won.")


def test_one_table_agrees_one_disputes_and_is_settled_one_has_an_absentee_who_keeps_her_table(
        app, live_server, browser):
    event_id = setup_event(app, NAMES, tables=3)
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    start_round(app, event_id)
    links = tokens(app, event_id)
    at = {number: sorted(seated(app, event_id, number)) for number in (1, 2, 3)}
    absentee, winner_3 = at[3][-1], at[3][0]
    SHOTS.mkdir(parents=True, exist_ok=True)
    base = live_server.url
    desk_context = browser.new_context(viewport={"width": 1280, "height": 720})
    phones = {number: _phone(browser, f"{base}/t/{links[number]}") for number in (1, 2, 3)}
    try:
        # Every phone opens on the round's first question.
        for number, (_context, phone) in phones.items():
            expect(phone.get_by_role("heading", name=f"Who is at table {number}?")).to_be_visible()
        phones[3][1].screenshot(path=str(SHOTS / "phone-who-is-here.png"), full_page=True)
        for number in (1, 2):
            phones[number][1].locator('button[name="everyone"]').click()
            expect(phones[number][1].get_by_role("heading", name=f"Who is at table {number}?")).to_have_count(0)
        table_3 = phones[3][1]
        table_3.get_by_role("group", name="Players missing from table 3").get_by_text(absentee, exact=True).click()
        table_3.get_by_role("button", name="Send who is missing").click()
        expect(table_3.get_by_text(f"The organiser has been told who is missing: {absentee}.")).to_be_visible()

        # Table 1 agrees; table 2 disputes; table 3 agrees on a game its absentee did not play.
        _send_winner(phones[1][1], at[1][0])
        phones[1][1].screenshot(path=str(SHOTS / "phone-agree-question.png"), full_page=True)
        phones[1][1].locator(".agree-yes").click()
        expect(phones[1][1].locator(".agree")).to_have_count(0)
        _send_winner(phones[2][1], at[2][0])
        phones[2][1].locator(".agree-no").click()
        expect(phones[2][1].locator(".flash-success")).to_contain_text("marked as disputed")
        _send_winner(table_3, winner_3)
        table_3.locator(".agree-yes").click()
        expect(table_3.locator(".agree")).to_have_count(0)

        desk = desk_context.new_page()
        desk.set_default_timeout(10_000)
        desk.goto(f"{base}/login")
        desk.fill("#username", "teacher")
        desk.fill("#password", "correct horse")
        desk.click("button[type=submit]")
        desk.wait_for_url(lambda url: "/login" not in url)
        desk.goto(f"{base}/events/{event_id}/rounds/1")
        expect(desk.locator("[data-disputed]")).to_contain_text("Game 1 disputed")
        flagged = desk.locator("li", has=desk.locator('[data-presence="missing"]'))
        expect(flagged).to_contain_text(absentee)
        desk.screenshot(path=str(SHOTS / "board-dispute-and-missing.png"), full_page=True)
        flagged.get_by_role("button", name="Absent this round").click()
        expect(desk.get_by_text(f"{absentee} is absent for round 1: not ranked, and keeps table 3.")).to_be_visible()

        # The close lists the dispute; the organiser settles it from there, then closes.
        desk.goto(f"{base}/events/{event_id}/rounds/1/close")
        listed = desk.locator("[data-unconfirmed-at-close]")
        expect(listed).to_contain_text("Table 2, game 1: disputed")
        desk.screenshot(path=str(SHOTS / "close-lists-the-dispute.png"), full_page=True)
        listed.get_by_role("link", name="Settle").click()
        desk.wait_for_url("**/settle")
        desk.get_by_role("button", name="Keep this result").click()
        desk.goto(f"{base}/events/{event_id}/rounds/1/close")
        expect(desk.locator("[data-unconfirmed-at-close]")).to_have_count(0)
        desk.get_by_role("button", name="Close round 1").click()
        expect(desk.get_by_role("heading", name="Round 1 results")).to_be_visible()
        expect(desk.locator("body")).to_contain_text(f"{absentee} was absent this round")

        # The absentee keeps table 3 for round 2.
        with app.app_context():
            assert absentee in _seats_of_round(app, event_id, 2, 3)

        # The debrief tells both stories: the ⚡ note of the dispute, the timeline's absence.
        desk.goto(f"{base}/events/{event_id}/debrief")
        notes = desk.locator("[data-view='notes']").first.text_content()
        assert "⚡" in notes and "Table 2" in notes and f"{at[2][0]} won" in notes
        timeline = desk.locator("[data-view='timeline']").first.text_content()
        assert "absent" in timeline and absentee in timeline
        assert "disputed" in timeline
        for details in desk.locator("#step-list details").all():
            details.evaluate("element => element.open = true")
        desk.screenshot(path=str(SHOTS / "debrief-after-the-round.png"), full_page=True)
    finally:
        desk_context.close()
        for context, _page in phones.values():
            context.close()


def _seats_of_round(app, event_id: int, round_number: int, table_number: int) -> set[str]:
    session = db.session()
    rows = session.execute(
        select(Player.name).join(Seat, Seat.player_id == Player.id).join(Round, Round.id == Seat.round_id)
        .join(Table, Table.id == Seat.table_id)
        .where(Round.event_id == event_id, Round.number == round_number, Table.number == table_number))
    return set(rows.scalars())
