"""The debrief on the wall in real Chromium: a class played to its end (``class_event``: 22
pupils and an observer, six tables, three rounds, notes, a correction, a withdrawal), the
organiser logged in, the projector opened in the same browser and stepped through with the keys
a teacher (or a presentation clicker) presses, at 1920×1080 and 1280×720; no word on the wall is
smaller than 20 px.

Screenshots: test-artifacts/debrief/step-<n>-<size>.png and organiser-debrief-1280.png. With
UPDATE_README_SHOTS=1 the README's pictures (``README_SHOTS``, under docs/images/) are taken again."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.test_projector_legible import SMALLEST_PX, TEXT_SIZES
from tests.conftest import CHROMIUM_ARGS  # noqa: F401  (same browser setup as every browser test)
from tests.debrief.class_event import class_event
from tests.debrief.frame_views import ended_event
from tests.print.test_print_pdf import log_in
from tournament import db
from tournament.models import Event
from tournament.services.debrief.steps import DEFAULT_STEPS

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "debrief"
# (step, size) -> the README's picture: the journeys once the rules are revealed (with the
# strangers), the timeline, the reveal, the replayed trick.
README_SHOTS = {("2-revealed", "1920x1080"): "debrief-journeys.png", (3, "1280x720"): "debrief-timeline.png",
                (5, "1280x720"): "debrief-rules.png", (6, "1920x1080"): "debrief-trick.png"}
SIZES = {"1920x1080": (1920, 1080), "1280x720": (1280, 720)}

LAYOUT = """() => {
  const problems = [];
  const root = document.scrollingElement;
  if (root.scrollHeight > innerHeight + 1 || root.scrollWidth > innerWidth + 1) problems.push("the page scrolls");
  const stage = document.getElementById("stage").getBoundingClientRect();
  // Words kept for screen readers only sit in a 1px clipped box: they take no room on the wall.
  const forScreenReaders = (el) => {
    for (let e = el; e && e.id !== "stage"; e = e.parentElement) {
      const b = e.getBoundingClientRect();
      if (b.width <= 1 && b.height <= 1 && getComputedStyle(e).overflow === "hidden") return true;
    }
    return false;
  };
  for (const el of document.querySelectorAll("#stage .debrief-step, #stage .debrief-step *")) {
    if (forScreenReaders(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width && (box.bottom > stage.bottom + 1 || box.right > stage.right + 1 || box.left < stage.left - 1)) {
      problems.push("reaches past the stage: " + (el.className || el.tagName));
    }
  }
  const title = document.getElementById("slide-title");
  const clipped = title.scrollHeight > title.clientHeight + 1 || title.scrollWidth > title.clientWidth + 1;
  if (clipped) problems.push("title clipped");
  const prompt = document.querySelector("#stage .debrief-prompt");
  if (!prompt) problems.push("no prompt");
  else if (parseFloat(getComputedStyle(prompt).fontSize) < 22) problems.push("prompt smaller than 22px");
  for (const hidden of [".where", "#timer"]) {
    const el = document.querySelector(hidden);
    if (el && el.getBoundingClientRect().width > 0) problems.push(hidden + " still takes room");
  }
  return problems;
}"""


def shot(page, number: int | str, size: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"step-{number}-{size}.png"
    page.screenshot(path=str(path))
    if os.environ.get("UPDATE_README_SHOTS") == "1" and (number, size) in README_SHOTS:
        shutil.copyfile(path, ROOT / "docs" / "images" / README_SHOTS[number, size])


def shoot_the_organisers_page(context, base: str, event_id: int) -> None:
    """The organiser's debrief page, 1280 wide, its top part (what a teacher sees on the laptop)."""
    desk = context.new_page()
    try:
        desk.set_viewport_size({"width": 1280, "height": 800})
        desk.goto(f"{base}/events/{event_id}/debrief")
        expect(desk.locator("li.debrief-step-row.current")).to_have_attribute("id", "step-2")
        path = SHOTS / "organiser-debrief-1280.png"
        desk.screenshot(path=str(path))
        if os.environ.get("UPDATE_README_SHOTS") == "1":
            shutil.copyfile(path, ROOT / "docs" / "images" / "organiser-debrief.png")
    finally:
        desk.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_organiser_steps_the_debrief_on_the_projector_with_the_keys(app, live_server, browser, monkeypatch, size):
    event_id = class_event(app)
    with app.app_context():
        token = db.session().get(Event, event_id).projector_token
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        log_in(page, live_server.url)
        page.goto(f"{live_server.url}/p/{token}")
        title = page.locator("#slide-title")
        expect(title).to_have_text("Round 3 results")
        page.keyboard.press("Home")  # the first step
        for number, step in enumerate(DEFAULT_STEPS, 1):
            if number > 1:
                page.keyboard.press(["ArrowRight", "PageDown", " "][number % 3])
            expect(title).to_have_text(str(step.title))
            expect(page.locator("#stage .debrief-prompt")).to_have_text(str(step.prompt))
            if step.view:  # every default view has something to draw for this class: wait for it
                expect(page.locator(f'#stage .debrief.wall[data-view="{step.view}"]')).to_be_visible()
            shot(page, number, size)
            assert page.evaluate(LAYOUT) == [], f"step {number} at {size}"
            small = [(text, px) for text, px in page.evaluate(TEXT_SIZES) if px < SMALLEST_PX - 0.05]
            assert small == [], f"step {number} at {size}: text smaller than {SMALLEST_PX} px"
            if number == 2 and size == "1280x720":
                shoot_the_organisers_page(context, live_server.url, event_id)
        page.keyboard.press("PageDown")  # past the last step: stays there
        page.keyboard.press("PageUp")
        expect(title).to_have_text(str(DEFAULT_STEPS[-2].title))
        page.keyboard.press("ArrowLeft")
        expect(title).to_have_text(str(DEFAULT_STEPS[-3].title))
        page.keyboard.press("Home")  # back to the journeys, which now count the strangers too
        expect(title).to_have_text(str(DEFAULT_STEPS[0].title))
        page.keyboard.press("ArrowRight")
        expect(title).to_have_text(str(DEFAULT_STEPS[1].title))
        expect(page.locator('#stage .debrief.wall[data-view="journeys"] .dj-strangers')).to_be_visible()
        shot(page, "2-revealed", size)
        assert page.evaluate(LAYOUT) == [], f"the journeys with the strangers at {size}"
        page.keyboard.press("Escape")
        expect(title).to_have_text("Round 3 results")
        with app.app_context():
            event = db.session().get(Event, event_id)
            assert event.debrief_step is None and event.debrief_revealed_at is not None  # step 5 revealed
    finally:
        context.close()


def test_the_keys_do_nothing_on_a_projector_nobody_logged_in_to(app, live_server, page, monkeypatch):
    event_id = ended_event(app)
    with app.app_context():
        event = db.session().get(Event, event_id)
        event.debrief_step = 1
        db.session().commit()
        token = event.projector_token
    page.goto(f"{live_server.url}/p/{token}")
    title = page.locator("#slide-title")
    expect(title).to_have_text(str(DEFAULT_STEPS[1].title))
    for key in ("ArrowRight", "PageDown", "Home", "Escape"):
        page.keyboard.press(key)
    page.wait_for_timeout(1000)
    expect(title).to_have_text(str(DEFAULT_STEPS[1].title))
    with app.app_context():
        assert db.session().get(Event, event_id).debrief_step == 1


def test_the_same_keys_step_the_debrief_on_the_organisers_page(app, live_server, page, monkeypatch):
    event_id = ended_event(app)
    log_in(page, live_server.url)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/events/{event_id}/debrief")
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"), "no sideways scroll on a phone"
    page.keyboard.press("ArrowRight")  # not started: the first step
    expect(page.locator("li.debrief-step-row.current")).to_have_attribute("id", "step-1")
    page.wait_for_load_state("load")  # the keys listen once the page's script ran
    page.keyboard.press("PageDown")
    expect(page.locator("li.debrief-step-row.current")).to_have_attribute("id", "step-2")
    page.wait_for_load_state("load")
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"), "no sideways scroll on a phone"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "organiser-debrief-390x844.png"), full_page=True)
    page.keyboard.press("PageUp")
    expect(page.locator("li.debrief-step-row.current")).to_have_attribute("id", "step-1")
    page.wait_for_load_state("load")
    page.keyboard.press("Escape")
    expect(page.locator("li.debrief-step-row.current")).to_have_count(0)
