"""Screens opened in Chromium for the browser tests of the push: the projector, a table's phone
and an online player's screen, and how a page says which way its updates come."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.room.conftest import tokens

PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1280, "height": 720}


def open_page(browser, url: str, viewport=None, **options):
    """A page in a browser context of its own; returns (context, page)."""
    context = browser.new_context(viewport=viewport or PHONE, **options)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(url)
    return context, page


def projector(browser, base: str, app, event_id: int):
    return open_page(browser, f"{base}/p/{tokens(app, event_id)['projector']}", PROJECTOR)


def table_phone(browser, base: str, app, event_id: int, number: int):
    """Table `number`'s phone past the round's first question (everyone is here)."""
    context, page = open_page(browser, f"{base}/t/{tokens(app, event_id)[number]}", PHONE,
                              has_touch=True, is_mobile=True)
    page.locator('button[name="everyone"]').click()
    expect(page.locator("[data-agree]")).to_have_count(1)
    return context, page


def updates(page) -> str | None:
    """How the page follows the event now: "push" (a live stream) or "poll"."""
    return page.evaluate("() => document.documentElement.dataset.updates || null")


def wait_for_updates(page, how: str, timeout: float = 15_000) -> None:
    page.wait_for_function(f"() => document.documentElement.dataset.updates === {how!r}", timeout=timeout)


def reported_badge(page, table: int):
    """The projector's card of a table in a running round, with its reported games."""
    return page.locator(".card", has=page.get_by_role("heading", name=f"Table {table}")).locator(".badge")
