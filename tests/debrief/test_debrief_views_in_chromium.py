"""The rules and trick views on the wall, in Chromium at 1920×1080 and 1280×720: ten tables fit,
nothing scrolls or is clipped, and no text is smaller than about 22 px at 1280×720.
Screenshots: test-artifacts/debrief/<view>-<language>-<size>.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import render_template

from tests.conftest import setup_event
from tournament import db
from tournament.models import Event
from tournament.services.debrief import rules as rules_view
from tournament.services.debrief import trick as trick_view

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "debrief"
SIZES = ((1920, 1080), (1280, 720))
# The frame gives a view about four fifths of the wall; the step's title and prompt sit above.
FRAME = """<!doctype html><html class="theme-dark" lang="en"><head>
<link rel="stylesheet" href="{base}/static/projector.css"><link rel="stylesheet" href="{base}/static/debrief-{key}.css">
<style>.debrief.wall {{ position: absolute; inset: calc(var(--u) * 18) calc(var(--u) * 2.5) calc(var(--u) * 2);
 overflow: auto; }} h1 {{ margin: calc(var(--u) * 2); font-size: calc(var(--u) * 7); }}</style></head>
<body><h1>Step title</h1><div class="debrief wall">{body}</div></body></html>"""

MEASURE = """() => {
  const wall = document.querySelector('.debrief.wall');
  const texts = [...wall.querySelectorAll('th, td, li, p, caption, span')]
    .filter(e => e.offsetParent && e.textContent.trim());
  const clipped = [...wall.querySelectorAll('th, td, li, p')]
    .filter(e => e.offsetParent && e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim().slice(0, 40));
  return {scrollsDown: wall.scrollHeight > wall.clientHeight + 1,
          scrollsAcross: wall.scrollWidth > wall.clientWidth + 1,
          clipped, smallest: Math.min(...texts.map(e => parseFloat(getComputedStyle(e).fontSize)))};
}"""


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("key", ["rules", "trick"])
def test_ten_tables_fit_the_wall_legibly_without_scrolling_or_clipping(app, live_server, page, key, language):
    # Tables of five: the proposed trick has five cards, and more kinds of reason to list.
    event_id = setup_event(app, [f"Player {n:02}" for n in range(40 if key == "rules" else 50)], tables=10)
    with app.test_request_context("/", headers={"Accept-Language": language}):
        session = db.session()
        event = session.get(Event, event_id)
        event.tables[2].house_rule = "Whoever takes a trick with a 7 says “seven” out loud before the next lead"
        view = (rules_view if key == "rules" else trick_view).build(session, event)
        body = render_template(f"debrief/_{key}.html", view=view, event=event)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.set_content(FRAME.format(base=live_server.url, key=key, body=body), wait_until="networkidle")
        page.screenshot(path=str(SHOTS / f"{key}-{language}-{width}x{height}.png"))
        found = page.evaluate(MEASURE)
        assert not found["scrollsDown"] and not found["scrollsAcross"] and not found["clipped"], found
        if height == 720:
            assert found["smallest"] >= 21.5, found


def test_forty_tables_rules_show_every_rule_set_on_the_wall_without_scrolling(app, live_server, page):
    event_id = setup_event(app, [f"P{n:03}" for n in range(160)], tables=40)
    with app.test_request_context("/"):
        session = db.session()
        event = session.get(Event, event_id)
        view = rules_view.build(session, event)
        body = render_template("debrief/_rules.html", view=view, event=event)
    assert view.grouped and len(view.columns) < 40
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.set_content(FRAME.format(base=live_server.url, key="rules", body=body), wait_until="networkidle")
    page.screenshot(path=str(SHOTS / "rules-40-tables-1280x720.png"))
    found = page.evaluate(MEASURE)
    assert not found["scrollsDown"] and not found["scrollsAcross"] and not found["clipped"], found
