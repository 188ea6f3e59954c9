"""The house rule line on the rule sheets: a table's own rule on its own sheet only, drawn by one
partial at one fixed height on every sheet (empty when a table has none), so that sheets with
and without a rule keep one layout; a long rule is printed smaller, never taller or cut."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markupsafe import escape

from tests.games.highest_card import HIGHEST_CARD
from tournament import db
from tournament.blueprints.print.house_rule import LABEL, SIZES, house_rule_size
from tournament.core.limits import MAX_HOUSE_RULE
from tournament.games import register, unregister
from tournament.games import settings as declared
from tournament.games.five_tricks import FIVE_TRICKS
from tournament.games.five_tricks.variants import SEED_VARIANTS
from tournament.models import Event

from .conftest import seed_event
from .test_print_pdf import PAPER, log_in, pdf_pages

LONG = ("Before each game the dealer names a colour; whoever plays a card of that colour first "
        "must knock twice on the table, then.")[:MAX_HOUSE_RULE]
CJK = ("每一局开始前，发牌的人说出一种花色；谁先出这种花色的牌，谁就要在桌上敲两下。" * 4)[:MAX_HOUSE_RULE]
HOSTILE = ('<script>alert(1)</script><b>WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW</b> "&amp;" '
           "👍👍👍👍👍👍👍👍👍👍 مرحبا بالعالم")[:MAX_HOUSE_RULE]
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts"
WIDEST = "W" * MAX_HOUSE_RULE  # the widest Latin letter, with no space to break at
# Table number -> its house rule; tables 1 to 6 play the same rules, so their sheets compare.
# (This machine may lack CJK fonts: the CJK rule's width is the size estimate's to bound.)
RULES = {2: "Jokers are wild.", 3: LONG, 4: CJK, 5: HOSTILE, 6: WIDEST}


def test_the_test_rules_are_as_long_as_the_form_allows():
    assert len(LONG) == len(CJK) == MAX_HOUSE_RULE and len(HOSTILE) <= MAX_HOUSE_RULE


def test_a_longer_or_wider_house_rule_is_never_printed_larger():
    assert house_rule_size("No talking.") == SIZES[0]
    assert house_rule_size(LONG) <= house_rule_size(LONG[:60]) <= house_rule_size("No talking.")
    assert house_rule_size(CJK) < house_rule_size(LONG)  # a CJK character is twice as wide
    assert house_rule_size("W" * MAX_HOUSE_RULE) <= house_rule_size(CJK)
    assert house_rule_size("👍" * MAX_HOUSE_RULE) == SIZES[-1]


@pytest.fixture
def ruled(app):
    """Ten seed tables, one sheet each; tables 1 to 6 on the first seed's rules, 2 to 6 with a rule."""
    event_id = seed_event(app, sheet_copies=1)
    with app.app_context():
        session = db.session()
        for table in db.session().get(Event, event_id).tables:
            if table.number <= 6:
                table.variant = SEED_VARIANTS[0]
            table.house_rule = RULES.get(table.number)
        session.commit()
    return event_id


def _articles(html: str) -> list[str]:
    return re.findall(r'<article class="page rule-sheet.*?</article>', html, re.S)


def test_each_table_s_house_rule_is_printed_on_its_own_sheet_only_and_escaped(organiser, ruled):
    sheets = _articles(organiser.get(f"/events/{ruled}/print/sheets").get_data(as_text=True))
    assert len(sheets) == 10
    for number, sheet in enumerate(sheets, start=1):
        lines = re.findall(r'<p class="house-rule[^"]*".*?</p>', sheet, re.S)
        assert len(lines) == 1, f"table {number}: one house rule line on every sheet"
        if number in RULES:
            assert "House rule at this table:" in lines[0]
            others = [rule for n, rule in RULES.items() if n != number]
            assert str(escape(RULES[number])) in sheet
            assert not any(str(escape(rule)) in sheet for rule in others)
        else:
            assert "House rule" not in lines[0], f"table {number} has no rule: its line stays empty"
    assert "<script>alert(1)" not in "".join(sheets) and "&lt;script&gt;alert(1)&lt;/script&gt;" in sheets[4]


def test_every_game_s_sheet_draws_the_house_rule_line(app):
    register(HIGHEST_CARD)
    try:
        _both_sheets_draw_the_line(app)
    finally:
        unregister(HIGHEST_CARD.key)


def _both_sheets_draw_the_line(app) -> None:
    with app.test_request_context():
        env = app.jinja_env
        for game, variant in ((FIVE_TRICKS, SEED_VARIANTS[0]), (HIGHEST_CARD,
                                                                declared.default_variants(HIGHEST_CARD.settings,
                                                                                          1)[0])):
            template = env.get_template(game.rule_sheet_template)
            sheet = game.rule_sheet(variant)
            with_rule = template.render(sheet=sheet, marker=None, house_rule="Knock twice.")
            without = template.render(sheet=sheet, marker=None, house_rule=None)
            assert LABEL == "House rule at this table:"  # the width the size allows for
            assert "House rule at this table:</strong> <span class=\"house-rule-text\">Knock twice.</span>" in with_rule
            assert re.search(r'<p class="house-rule" aria-hidden="true"></p>', without), game.key


@pytest.mark.browser
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheets_with_and_without_a_house_rule_keep_one_page_and_one_layout(app, live_server, page, ruled, paper):
    from tournament.services import accounts

    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
        db.session().get(Event, ruled).paper_size = paper
        db.session().commit()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{ruled}/print/sheets")
    sizes = pdf_pages(page.pdf(prefer_css_page_size=True, print_background=True))
    assert len(sizes) == 10, f"a sheet overflowed onto another page on {paper}"
    width, height = PAPER[paper]
    assert all(abs(w - width) < 1 and abs(h - height) < 1 for w, h in sizes)

    page.emulate_media(media="print")
    boxes = page.evaluate("""() => [...document.querySelectorAll('article.rule-sheet')].slice(0, 6).map(a => {
        const top = a.getBoundingClientRect().top;
        const line = a.querySelector('.house-rule'), marker = a.querySelector('.marker');
        const box = line.getBoundingClientRect();
        return {top: box.top - top, height: box.height, marker: marker.getBoundingClientRect().top - top,
                bottom: a.getBoundingClientRect().height, fits: line.scrollHeight <= line.clientHeight + 1,
                text: line.innerText};
    })""")
    first = boxes[0]
    assert first["text"] == ""
    for number, box in enumerate(boxes, start=1):
        assert box["fits"], f"table {number}'s house rule is cut off on {paper}"
        for key in ("top", "height", "marker", "bottom"):
            assert abs(box[key] - first[key]) < 0.5, f"table {number}'s sheet moved its {key} on {paper}: {box}"
    assert "<script>alert(1)</script>" in boxes[4]["text"]  # shown as typed, not run
    SHOTS.mkdir(exist_ok=True)
    for number in (3, 4, 5, 6):
        page.locator("article.rule-sheet").nth(number - 1).locator(".house-rule").screenshot(
            path=str(SHOTS / f"house-rule-{paper}-table-{number}.png"))


@pytest.mark.browser
def test_the_rules_page_preview_shows_the_house_rule_as_it_is_typed(app, live_server, page, ruled):
    from tournament.services import accounts

    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{ruled}/tables/2/rules")
    preview = page.locator(".sheet-preview")
    preview.get_by_text("Jokers are wild.").wait_for()  # the saved rule first
    page.fill("#house_rule", "<em>Knock</em> twice")
    preview.get_by_text("<em>Knock</em> twice").wait_for()  # as typed, not as markup
    assert preview.locator("em").count() == 0
    page.fill("#house_rule", "")
    preview.get_by_text("House rule at this table:").wait_for(state="detached")  # an empty line again
    assert preview.locator(".house-rule").count() == 1
    assert errors == [], "no CSP or script errors"
