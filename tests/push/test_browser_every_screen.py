"""Every kind of page that follows the event holds a live stream once opened: the organiser's
round board, Room page and online desk, the wall and its presenter, a table's phone, a
player's "where do I sit" page. (The projector, a phone and an online screen are followed
through a real change in test_browser_pushed.)"""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.online.conftest import online_event, start
from tests.print.test_print_pdf import log_in
from tests.push.screens import PHONE, PROJECTOR, wait_for_updates
from tests.room.conftest import tokens
from tournament import db
from tournament.models import Event, Player
from tournament.services import accounts, room_links

pytestmark = pytest.mark.browser

# (page kind, path, the reader)
FOLLOWING = [
    ("round-board", "/events/{e}/rounds/1", "organiser"),
    ("room", "/events/{e}/room", "organiser"),
    ("online-desk", "/events/{e}/online", "organiser"),
    ("wall", "/p/{projector}", "wall"),
    ("presenter", "{presenter}", "wall"),
    ("table-phone", "/t/{table1}", "phone"),
    ("my-seat", "/s/{public}/{player}", "phone"),
]
VIEWPORTS = {"organiser": {"width": 1280, "height": 800}, "wall": PROJECTOR, "phone": PHONE}


def _path(app, template: str, event_id: int) -> str:
    found = tokens(app, event_id)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        presenter = f"/p/{event.projector_token}/present/{room_links.presenter_key(app.secret_key, event)}"
        player = session.scalar(select(Player.id).where(Player.event_id == event_id).order_by(Player.id))
        if not accounts.has_organiser(session):
            accounts.set_organiser(session, "teacher", "correct horse")
    return template.format(e=event_id, projector=found["projector"], presenter=presenter, table1=found[1],
                           public=found["public"], player=player)


@pytest.mark.parametrize(("kind", "path", "reader"), FOLLOWING, ids=[kind for kind, _p, _r in FOLLOWING])
def test_every_page_that_follows_the_event_holds_a_live_stream(app, live_server, browser, running,
                                                               kind, path, reader):
    app.config["WTF_CSRF_ENABLED"] = True
    event_id = running
    if kind == "online-desk":  # the desk follows play only where a table plays online
        event_id = online_event(app, ["Ana", "Ben", "Cleo", "Dan"], 1)
        start(app, event_id)
    target = live_server.url + _path(app, path, event_id)
    context = browser.new_context(viewport=VIEWPORTS[reader])
    try:
        if reader == "organiser":
            log_in(context.new_page(), live_server.url)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(target)
        wait_for_updates(page, "push")
        assert page.locator("html").get_attribute("data-updates") == "push"
    finally:
        context.close()
