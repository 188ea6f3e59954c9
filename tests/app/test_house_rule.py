"""A table's house rule: one optional line, typed on the table's rules page, saved with its
variant through the one text gate, logged, and printed on that table's sheet only."""

from __future__ import annotations

import re

import pytest

from tests.conftest import setup_event
from tournament import db
from tournament.core.limits import MAX_HOUSE_RULE
from tournament.models import AuditEntry, Event, Table
from tournament.services import tables as table_service
from tournament.services.errors import DomainError

NAMES = [f"Player {i:02}" for i in range(12)]
RULES = {"ace": "high", "wins": "highest", "trump": "hearts"}


@pytest.fixture
def event_id(app):
    return setup_event(app, NAMES, tables=3)


def _table(app, event_id: int, number: int = 1) -> tuple[str | None, dict]:
    with app.app_context():
        event = db.session().get(Event, event_id)
        table = next(t for t in event.tables if t.number == number)
        return table.house_rule, dict(table.variant_data)


def _revision(app, event_id: int) -> int:
    with app.app_context():
        return db.session().get(Event, event_id).revision


def _save(organiser, event_id: int, house_rule: str, number: int = 1, **rules):
    return organiser.post(f"/events/{event_id}/tables/{number}/rules",
                          data={**RULES, **rules, "house_rule": house_rule})


def test_a_table_s_house_rule_is_saved_with_its_rules_logged_and_moves_the_revision(app, organiser, event_id):
    before = _revision(app, event_id)
    response = _save(organiser, event_id, "  Jokers\u00a0are   wild. ", trump="clubs")
    assert response.status_code == 302
    rule, variant = _table(app, event_id)
    assert rule == "Jokers are wild." and variant["trump"] == "clubs"  # one save, both settings
    assert _revision(app, event_id) > before
    with app.app_context():
        logged = db.session().query(AuditEntry).filter_by(event_id=event_id, action="house rule changed").one()
        assert (logged.table_number, logged.old_value, logged.new_value) == (1, None, "Jokers are wild.")
    assert _table(app, event_id, 2)[0] is None  # the other tables keep none


def test_a_blank_house_rule_means_the_table_has_none(app, organiser, event_id):
    assert _save(organiser, event_id, "No talking.").status_code == 302
    assert _save(organiser, event_id, " \u200b \t").status_code == 302  # only spaces and invisible marks
    assert _table(app, event_id)[0] is None


def test_the_house_rule_is_shown_on_the_tables_page_escaped(app, organiser, event_id):
    assert _save(organiser, event_id, '<script>alert("x")</script> & <b>bold</b>').status_code == 302
    page = organiser.get(f"/events/{event_id}/tables").get_data(as_text=True)
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in page
    assert "<script>alert" not in page and "<b>bold" not in page


@pytest.mark.parametrize(("typed", "message"), [
    ("x" * (MAX_HOUSE_RULE + 1), f"keep it to {MAX_HOUSE_RULE} at most"),
    ("Ace\u202ehigh", "U+202E"),
    ("Jokers\x07 wild", "U+0007"),
])
def test_a_refused_house_rule_comes_back_filled_in_with_the_reason_beside_it_and_nothing_saved(
        app, organiser, event_id, typed, message):
    assert _save(organiser, event_id, "Keep this.").status_code == 302
    before = _table(app, event_id)
    response = _save(organiser, event_id, typed, trump="spades")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    field = re.search(r'<div class="field has-error">.*?</div>', page, re.S)
    assert field and 'name="house_rule"' in field.group(0) and message in field.group(0)
    assert '<option selected value="spades">' in page  # the variant as typed too
    assert _table(app, event_id) == before


def test_the_longest_house_rule_the_form_allows_is_accepted(app, organiser, event_id):
    longest = "漢" * MAX_HOUSE_RULE
    assert _save(organiser, event_id, longest).status_code == 302
    assert _table(app, event_id)[0] == longest
    page = organiser.get(f"/events/{event_id}/tables/1/rules").get_data(as_text=True)
    assert f'maxlength="{MAX_HOUSE_RULE}"' in page and f'value="{longest}"' in page


def test_the_house_rule_may_change_during_the_tournament_as_the_variant_may(app, organiser, event_id):
    assert organiser.post(f"/events/{event_id}/rounds/start").status_code == 302
    assert _save(organiser, event_id, "Deal to the left.", trump="diamonds").status_code == 302
    assert _table(app, event_id) == ("Deal to the left.", {**_table(app, event_id)[1], "trump": "diamonds"})


def test_the_service_refuses_a_table_of_another_event(app, event_id):
    other = setup_event(app, NAMES[:4], tables=1, name="Other class")
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        table = session.query(Table).filter_by(event_id=other).one()
        with pytest.raises(DomainError, match="not part of this event"):
            table_service.set_rules(session, event, table, table.variant, "A rule")


def test_the_sheet_preview_shows_the_house_rule_being_typed_or_else_the_saved_one(app, organiser, event_id):
    assert _save(organiser, event_id, "Saved rule.").status_code == 302
    base = f"/events/{event_id}/print/preview?ace=high&wins=highest&trump=&table=1"
    saved = organiser.get(base).get_data(as_text=True)
    assert "House rule at this table:" in saved and "Saved rule." in saved
    typed = organiser.get(base + "&house_rule=%3Ci%3ETyped%3C/i%3E").get_data(as_text=True)
    assert "&lt;i&gt;Typed&lt;/i&gt;" in typed and "Saved rule." not in typed
    cleared = organiser.get(base + "&house_rule=").get_data(as_text=True)
    assert 'class="house-rule"' in cleared and "House rule at this table" not in cleared
    refused = organiser.get(base + "&house_rule=" + "x" * (MAX_HOUSE_RULE + 1))
    assert refused.status_code == 400 and f"keep it to {MAX_HOUSE_RULE} at most" in refused.get_data(as_text=True)


def test_a_copy_of_the_event_keeps_each_table_s_house_rule(app, organiser, event_id):
    assert _save(organiser, event_id, "Deal to the left.", number=2).status_code == 302
    copied = organiser.post(f"/events/{event_id}/duplicate")
    copy_id = int(copied.headers["Location"].rstrip("/").split("/events/")[1].split("/")[0])
    assert [_table(app, copy_id, n)[0] for n in (1, 2, 3)] == [None, "Deal to the left.", None]
