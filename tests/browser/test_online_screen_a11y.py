"""The online screen in every phase (study, practice, a deal with seats away, pointing, a dispute,
between rounds), on a phone and a laptop: axe (WCAG 2.1 A and AA) finds nothing, contrast
included, while most seats are away; and no text is faded with opacity."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.a11y.axe import violations
from tests.browser.online_pages import NAMES, act_for, play_once
from tests.online.conftest import claim_all, online_event, start
from tests.room.conftest import close_round
from tournament import db
from tournament.services import timer
from tournament.services.unit_of_work import event_change

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}

# Text inside the screen drawn at less than full opacity (by itself or an ancestor).
FADED = """() => Array.from(document.querySelectorAll("#play *")).filter((element) => {
  if (!Array.from(element.childNodes).some((n) => n.nodeType === 3 && n.nodeValue.trim())) {
    return false;
  }
  for (let node = element; node && node.nodeType === 1; node = node.parentElement) {
    if (parseFloat(getComputedStyle(node).opacity) < 1) { return true; }
  }
  return false;
}).map((element) => element.className + ": " + element.textContent.trim())"""


def _timer(app, event_id: int, phase: str) -> None:
    with app.app_context():
        session = db.session()
        with event_change(session, event_id) as change:  # the screens follow the revision
            timer.start(change.event, phase, timer.now_utc())


def _check(page, phase: str) -> list[str]:
    """Every violation and faded text of this phase, at both sizes; screenshots for a look."""
    found = []
    SHOTS.mkdir(exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        found += [f"{phase} {size}: {line}" for line in violations(page)]
        found += [f"{phase} {size}: faded {line}" for line in page.evaluate(FADED)]
        page.screenshot(path=str(SHOTS / f"online-a11y-{phase}-{size}.png"), full_page=True)
    return found


def test_every_phase_of_the_online_screen_passes_axe_with_seats_away(app, live_server, browser):
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(10_000)
    found = []
    try:
        page.goto(f"{live_server.url}/play/{tokens['Ana']}")
        page.wait_for_selector("#play .phase-waiting")
        _timer(app, event_id, "study")
        page.wait_for_selector(".phase-study .rule-sheet")
        found += _check(page, "study")
        _timer(app, event_id, "practice")
        page.wait_for_selector(".phase-practice .deal")
        found += _check(page, "practice")
        start(app, event_id)
        page.wait_for_selector(".phase-tournament .deal .badge.away")  # nobody else has a screen open
        found += _check(page, "deal")
        for _ in NAMES:
            play_once(app, tokens)
        act_for(app, tokens["Ben"], action="point", index=0)
        page.wait_for_selector(".stage-point .badge.pointed")
        found += _check(page, "point")
        act_for(app, tokens["Ana"], action="point", index=0)
        act_for(app, tokens["Cleo"], action="point", index=1)
        act_for(app, tokens["Dan"], action="point", index=0)
        page.wait_for_selector(".stage-dispute .votes")
        found += _check(page, "dispute")
        close_round(app, event_id)
        page.wait_for_selector(".phase-between")
        found += _check(page, "between")
    finally:
        context.close()
    assert found == []
