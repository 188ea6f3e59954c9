"""The journeys and timeline partials as Chromium draws them with the projector's stylesheet:
on the wall at 1920x1080 and 1280x720 (dark in English, light in German) nothing spills out of
the wall's area or the chart, nothing scrolls, and no text is under ~22 px at 1280x720; desk
and paper are looked at too. Screenshots:
test-artifacts/debrief/<view>-wall-<theme>-<lang>-<size>.png, <view>-<desk|paper>.png."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.debrief.views import hostile_event, render

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "debrief"
SIZES = {"1920x1080": (1920, 1080), "1280x720": (1280, 720)}
# The frame around a step on the wall: its title and prompt above, the view in the rest.
FRAME = """<!doctype html><html lang="en" class="theme-{theme}"><head><meta charset="utf-8">
<link rel="stylesheet" href="{base}/static/projector.css">
<link rel="stylesheet" href="{base}/static/debrief-{key}.css">
<style>
  body {{ padding: calc(var(--u) * 1.5) calc(var(--u) * 2.5); display: flex; flex-direction: column; }}
  h2 {{ margin: 0; font-size: calc(var(--u) * 6); }}
  .prompt {{ margin: calc(var(--u) * .6) 0 calc(var(--u) * 1.5); font-size: calc(var(--u) * 3.4); }}
  .debrief.wall {{ flex: 1; min-height: 0; overflow: hidden; }}
</style></head>
<body><h2>Where did everyone go?</h2><p class="prompt">Look at your own line. When did you first notice?</p>
{partial}</body></html>"""
PAPER = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="stylesheet" href="{base}/static/app.css"><link rel="stylesheet" href="{base}/static/debrief-{key}.css">
</head><body>{partial}</body></html>"""

# Every visible thing inside the wall's area, and every text's size in pixels as drawn.
MEASURE = """() => {
  const wall = document.querySelector('.debrief.wall');
  const box = wall.getBoundingClientRect();
  const hidden = el => { for (let e = el; e && e !== wall; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.clipPath === 'inset(50%)') return true; } return false; };
  const out = [], small = [];
  for (const el of wall.querySelectorAll('*')) {
    if (hidden(el)) continue;
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    if (r.bottom > box.bottom + 1 || r.right > box.right + 1 || r.left < box.left - 1 || r.top < box.top - 1)
      out.push(el.tagName + '.' + (el.getAttribute('class') || '') + ' ' + (el.textContent || '').slice(0, 40));
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest('svg');
    if (svg) {
      size *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const frame = svg.getBoundingClientRect();
      if (r.right > frame.right + 1 || r.left < frame.left - 1 || r.bottom > frame.bottom + 1 || r.top < frame.top - 1)
        out.push('cut off the chart: ' + el.textContent.trim().slice(0, 30));
    }
    small.push([size, el.tagName + ' ' + el.textContent.trim().slice(0, 30)]);
  }
  return {out, small, scroll: [wall.scrollHeight - wall.clientHeight, wall.scrollWidth - wall.clientWidth,
          document.documentElement.scrollHeight - innerHeight]};
}"""




@pytest.mark.parametrize("key", ["journeys", "timeline"])
def test_debrief_partials_fit_the_wall_and_read_from_the_back_in_chromium(app, live_server, browser, key):
    event_id = hostile_event(app)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for theme, lang in (("dark", "en"), ("light", "de")):
        partial = render(app, event_id, key, "wall", headers={"Accept-Language": lang})
        for size, (width, height) in SIZES.items():
            context = browser.new_context(viewport={"width": width, "height": height})
            page = context.new_page()
            page.set_content(FRAME.format(theme=theme, base=live_server.url, key=key, partial=partial),
                             wait_until="load")
            page.screenshot(path=str(SHOTS / f"{key}-wall-{theme}-{lang}-{size}.png"))
            found = page.evaluate(MEASURE)
            context.close()
            assert not found["out"], f"{key} {size}: spills out of the wall: {found['out'][:5]}"
            assert max(found["scroll"]) <= 1, f"{key} {size}: the wall scrolls: {found['scroll']}"
            if size == "1280x720":
                tiny = [(round(s, 1), what) for s, what in found["small"] if s < 21.5]
                assert not tiny, f"{key}: text under 22 px at 1280x720: {tiny[:5]}"


CUT_OFF_THE_CHART = """() => [...document.querySelectorAll('svg text')].filter(t => {
  const r = t.getBoundingClientRect(), f = t.closest('svg').getBoundingClientRect();
  return r.right > f.right + 1 || r.left < f.left - 1 || r.bottom > f.bottom + 1 || r.top < f.top - 1;
}).map(t => t.textContent)"""


@pytest.mark.parametrize("key", ["journeys", "timeline"])
def test_debrief_partials_on_the_desk_and_on_paper_in_chromium(app, live_server, browser, key):
    event_id = hostile_event(app)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for wrapper in ("desk", "paper"):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_content(PAPER.format(base=live_server.url, key=key, partial=render(app, event_id, key, wrapper)),
                         wait_until="load")
        page.screenshot(path=str(SHOTS / f"{key}-{wrapper}.png"), full_page=True)
        widths = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        cut = page.evaluate(CUT_OFF_THE_CHART)
        assert not cut, f"{key} on the {wrapper}: names cut off the chart: {cut}"
        if key == "journeys":  # the paths table is read on the desk; the one-page summary leaves it to the CSV
            assert page.locator(".dj-paths").is_visible() is (wrapper == "desk")
            page.locator(".dj-line").first.focus()
            assert page.evaluate("() => document.activeElement.querySelector('title').textContent").endswith(".")
        context.close()
        assert widths[0] <= widths[1], f"{key} on the {wrapper} is wider than the page"
