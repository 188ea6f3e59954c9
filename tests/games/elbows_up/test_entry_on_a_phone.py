"""The deal form on a phone 390 px wide, in real Chromium: one compact row per player, nothing
wider than the screen, even with six players, Tea cards and long names, in every language."""

from __future__ import annotations

import pytest
from flask import render_template_string

from tournament.games.elbows_up import ElbowsUpVariant
from tournament.games.elbows_up.scorer import DEALS_SCORER
from tournament.i18n.languages import CODES
from tournament.i18n.locale import use_language

pytestmark = pytest.mark.browser

PLAYERS = {str(i): name for i, name in enumerate([
    "Ann", "Maximiliane Wolkenstein-Rodenegg", "Bo", "Zoë-Charlotte d'Arcy-Fitzwilliam", "Cy", "Ümit"])}
PAGE = """<!doctype html><html><head><meta charset="utf-8"><base href="{{ base }}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="{{ url_for('static', filename='phone.css') }}"></head>
<body><main><form method="post">{% include "games/elbows-up/entry_fields.html" %}
<button class="big-button">Save this deal</button></form></main></body></html>"""


@pytest.mark.parametrize("language", CODES)
@pytest.mark.parametrize("tea_cards", [True, False])
def test_each_player_s_bid_tricks_and_tea_fit_one_row_of_a_390px_phone(app, live_server, browser, tea_cards, language):
    rules = ElbowsUpVariant(tea_cards=tea_cards, joker_may_lead=True)
    with app.test_request_context():
        use_language(language)
        form = DEALS_SCORER.entry_form(None, rules, PLAYERS, [])
        html = render_template_string(PAGE, form=form, players=PLAYERS, base=live_server.url + "/")
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    try:
        page = context.new_page()
        page.set_content(html, wait_until="networkidle")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the form is wider than the phone"
        cut = page.evaluate("[...document.querySelectorAll('table.elbows-deal thead th')]"
                            ".filter(th => th.scrollWidth > th.clientWidth).map(th => th.textContent)")
        assert not cut, f"column headings wider than their column: {cut}"
        rows = page.locator("table.elbows-deal tbody tr").all()
        assert len(rows) == len(PLAYERS)
        for row in rows:
            selects = [box for box in (s.bounding_box() for s in row.locator("select").all()) if box]
            assert len(selects) == (3 if tea_cards else 2)
            assert max(b["y"] for b in selects) - min(b["y"] for b in selects) < 2, "a row broke into lines"
            assert all(b["x"] + b["width"] <= 390 and b["height"] >= 40 for b in selects)
        # The form can be filled in by tapping: a select takes its value.
        page.select_option('select[name="p1_bid"]', "4")
        assert page.eval_on_selector('select[name="p1_bid"]', "e => e.value") == "4"
        shot = f"test-artifacts/elbows-up-deal-form-{'tea' if tea_cards else 'plain'}-{language}.png"
        page.screenshot(path=shot, full_page=True)
    finally:
        context.close()
