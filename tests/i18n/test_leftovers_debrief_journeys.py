"""The journeys and timeline partials, rendered in another language with every message
pseudo-translated, show no English but names (the leftover scan of test_leftovers, for the
debrief's views, which have no page of their own until the frame registers them)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from flask import render_template

from tests.i18n.conftest import PSEUDO_LANG
from tests.i18n.leftovers import leftovers, texts
from tournament import db
from tournament.models import Event, Player, PlayerStatus
from tournament.services import midevent
from tournament.services.debrief import journeys, timeline


@pytest.fixture(scope="module")
def debrief_world(pseudo_app, world):
    """The main event with one player withdrawn during round 2, rules revealed."""
    with pseudo_app.app_context():
        session = db.session()
        event = session.get(Event, world.main)
        player = session.query(Player).filter_by(event_id=world.main).order_by(Player.id).first()
        midevent.change_status(session, event, player, PlayerStatus.WITHDRAWN)
        event = session.get(Event, world.main)
        event.debrief_revealed_at = datetime.now(UTC)
        session.commit()
    return world


@pytest.mark.parametrize("wrapper", ["wall", "desk", "paper"])
@pytest.mark.parametrize("key", ["journeys", "timeline"])
def test_debrief_journeys_and_timeline_in_another_language_show_no_untranslated_english(
        pseudo_app, debrief_world, key, wrapper):
    module = {"journeys": journeys, "timeline": timeline}[key]
    with pseudo_app.test_request_context("/", headers={"Accept-Language": PSEUDO_LANG}):
        session = db.session()
        event = session.get(Event, debrief_world.main)
        view = module.build(session, event)
        html = render_template(f"debrief/_{key}.html", view=view, event=event)
    assert view.journeys if key == "journeys" else view.items
    page = f'<html lang="{PSEUDO_LANG}"><body><div class="debrief {wrapper}">{html}</div></body></html>'
    found = leftovers(texts(page), debrief_world.words, PSEUDO_LANG)
    assert not found, f"{key} shows untranslated English:\n" + "\n".join(found)
