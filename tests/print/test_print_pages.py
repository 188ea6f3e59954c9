"""The print pages through the test client: content, settings, access and bad input."""

from __future__ import annotations

import re

import pytest

from tournament import db
from tournament.games.five_tricks.variants import SEED_VARIANTS
from tournament.models import Event
from tournament.services import rounds as round_service
from tournament.services.markers import marker

from .conftest import seed_event

PAGES = ["", "/sheets", "/guide", "/signs", "/slips", "/all"]


def sheets_of(html: str) -> list[str]:
    return re.findall(r'<article class="page rule-sheet">(.*?)</article>', html, re.S)


def start_round_one(app, event_id: int) -> None:
    with app.app_context():
        session = db.session()
        round_service.start_round(session, session.get(Event, event_id))


@pytest.mark.parametrize("path", PAGES)
def test_print_pages_need_the_organiser(client, event_id, path):
    response = client.get(f"/events/{event_id}/print{path}")
    assert response.status_code == 302
    assert "/login" in response.headers["Location"] or "/setup" in response.headers["Location"]


@pytest.mark.parametrize("path", PAGES[1:])
def test_print_pages_carry_no_app_navigation_inline_style_or_inline_script(organiser, event_id, path):
    html = organiser.get(f"/events/{event_id}/print{path}").get_data(as_text=True)
    assert 'aria-label="Main"' not in html
    assert " style=" not in html
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)


def test_rule_sheets_come_in_table_order_with_two_copies_by_default(organiser, event_id):
    html = organiser.get(f"/events/{event_id}/print/sheets").get_data(as_text=True)
    sheets = sheets_of(html)
    assert len(sheets) == 20
    for index, sheet in enumerate(sheets):
        variant = SEED_VARIANTS[index // 2]
        assert f"The Ace is {variant.ace}" in sheet
        assert f"the {variant.wins} card takes the trick" in sheet


def test_rule_sheets_never_say_which_table_they_belong_to(organiser, event_id):
    html = organiser.get(f"/events/{event_id}/print/sheets").get_data(as_text=True)
    for sheet in sheets_of(html):
        assert not re.search(r"table\s*\d", sheet, re.I)


def test_only_the_print_index_shows_the_marker_key(organiser, event_id):
    index = organiser.get(f"/events/{event_id}/print").get_data(as_text=True)
    assert "Marker key" in index
    assert index.count('class="marker"') == 10
    sheets = organiser.get(f"/events/{event_id}/print/sheets").get_data(as_text=True)
    assert "Marker key" not in sheets
    assert sheets.count('class="marker"') == 20


def test_each_sheet_carries_its_tables_marker(organiser, event_id):
    html = organiser.get(f"/events/{event_id}/print/sheets").get_data(as_text=True)
    for index, sheet in enumerate(sheets_of(html)):
        strip = re.search(r'<p class="marker".*?</p>', sheet, re.S).group(0)
        plain = re.sub(r"<[^>]+>", "", strip)
        assert plain == marker(index // 2 + 1).text


def test_settings_switch_to_letter_paper_three_copies_and_colour_safe_suits(app, organiser, event_id):
    response = organiser.post(f"/events/{event_id}/print/settings",
                              data={"paper_size": "letter", "sheet_copies": "3", "colour_safe": "y"})
    assert response.status_code == 302
    html = organiser.get(f"/events/{event_id}/print/sheets").get_data(as_text=True)
    assert 'class="paper-letter suits-safe"' in html
    assert "print-letter.css" in html
    assert len(sheets_of(html)) == 30


@pytest.mark.parametrize("data", [
    {"paper_size": "a3", "sheet_copies": "2"},
    {"paper_size": "a4", "sheet_copies": "0"},
    {"paper_size": "a4", "sheet_copies": "many"},
])
def test_bad_print_settings_are_refused_and_nothing_changes(app, organiser, event_id, data):
    response = organiser.post(f"/events/{event_id}/print/settings", data=data)
    assert response.status_code == 400
    with app.app_context():
        event = db.session().get(Event, event_id)
        assert (event.paper_size, event.sheet_copies) == ("a4", 2)


def test_guide_fills_in_the_round_and_study_minutes(app, organiser, event_id):
    with app.app_context():
        event = db.session().get(Event, event_id)
        event.round_minutes, event.study_minutes = 11, 4
        db.session().commit()
    html = organiser.get(f"/events/{event_id}/print/guide").get_data(as_text=True)
    assert "Each round lasts 11 minutes" in html
    assert "You have 4 minutes to read" in html


def test_signs_show_each_table_number_on_both_halves(organiser, event_id):
    html = organiser.get(f"/events/{event_id}/print/signs").get_data(as_text=True)
    numbers = re.findall(r'<span class="sign-number">(\d+)</span>', html)
    assert numbers == [str(n) for n in range(1, 11) for _ in range(2)]


def test_round_one_slips_before_the_start_list_the_home_tables(organiser, event_id):
    html = organiser.get(f"/events/{event_id}/print/slips").get_data(as_text=True)
    assert html.count('<article class="slip ') == 10
    assert html.count('<th scope="row">') == 40
    assert "Round 1" in html
    assert html.count("<svg") == 10


def test_slips_for_a_started_round_list_who_is_seated_there(app, organiser, event_id):
    start_round_one(app, event_id)
    html = organiser.get(f"/events/{event_id}/print/slips?round=1").get_data(as_text=True)
    assert html.count('<article class="slip ') == 10
    assert organiser.get(f"/events/{event_id}/print/slips?round=2").status_code == 404


def test_player_names_on_slips_are_escaped(app, organiser):
    names = ["<script>alert(1)</script>", "Ana", "Ben", "Cy"]
    event_id = seed_event(app, names=names, tables=1)
    html = organiser.get(f"/events/{event_id}/print/slips").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_slip_qr_code_opens_the_phone_page_of_its_table(app, event_id):
    from tournament.blueprints.links import table_entry_url

    app.config["PUBLIC_BASE_URL"] = "http://192.0.2.10:5000"
    with app.test_request_context():
        table = db.session().get(Event, event_id).tables[2]
        assert table_entry_url(table.event, table, 1) == f"http://192.0.2.10:5000/t/{table.token}"


def test_slip_qr_code_of_a_revoked_table_opens_the_organiser_entry_page(app, event_id):
    from tournament.blueprints.links import table_entry_url

    app.config["PUBLIC_BASE_URL"] = "http://192.0.2.10:5000"
    with app.test_request_context():
        event = db.session().get(Event, event_id)
        event.tables[2].token = None
        url = table_entry_url(event, event.tables[2], 4)
        assert url == f"http://192.0.2.10:5000/events/{event_id}/rounds/4/tables/3"


@pytest.mark.parametrize(("path", "status"), [
    ("/events/999/print", 404),
    ("/events/999/print/sheets", 404),
    ("/events/{id}/print/slips?round=abc", 400),
    ("/events/{id}/print/slips?round=0", 400),
    ("/events/{id}/print/slips?round=3", 404),
    ("/events/{id}/print/preview?ace=sideways&wins=highest", 400),
    ("/events/{id}/print/preview?ace=high&wins=highest&trump=stars", 400),
    ("/events/{id}/print/preview?ace=high&wins=sometimes", 400),
    ("/events/{id}/print/preview?ace=high", 400),
    ("/events/{id}/print/preview?ace=high&wins=highest&table=42", 400),
    ("/events/{id}/print/preview?ace=high&wins=highest&table=x", 400),
])
def test_bad_addresses_give_a_clear_4xx(organiser, event_id, path, status):
    response = organiser.get(path.format(id=event_id))
    assert response.status_code == status
    assert b"Traceback" not in response.data


def test_materials_need_a_table_plan_first(app, organiser):
    with app.app_context():
        from tournament.services import events

        event_id = events.create_event(db.session(), "Empty").id
    for path in ("/sheets", "/signs", "/slips", "/all"):
        response = organiser.get(f"/events/{event_id}/print{path}")
        assert response.status_code == 400
        assert b"table plan" in response.data


def test_preview_renders_the_sheet_for_the_queried_variant(organiser, event_id):
    html = organiser.get(
        f"/events/{event_id}/print/preview?ace=low&wins=lowest&trump=diamonds&trump_any_time=y&table=2"
    ).get_data(as_text=True)
    assert "Diamonds (" in html and "at any time" in html
    assert "The Ace is low" in html
    assert re.sub(r"<[^>]+>", "", re.search(r'<p class="marker".*?</p>', html, re.S).group(0)) == marker(2).text
    assert "<html" not in html


def test_a_preview_without_settings_shows_the_table_s_saved_sheet(organiser, event_id):
    saved = organiser.get(f"/events/{event_id}/print/preview?table=8").get_data(as_text=True)
    queried = organiser.get(
        f"/events/{event_id}/print/preview?ace=high&wins=highest&trump=hearts&trump_any_time=y&table=8"
    ).get_data(as_text=True)
    assert saved == queried and "at any time" in saved


def test_a_refused_preview_names_the_setting_in_the_game_s_own_words(organiser, event_id):
    response = organiser.get(f"/events/{event_id}/print/preview?ace=sideways&wins=highest&trump=")
    assert response.status_code == 400
    assert "Ace: Not a valid choice." in response.get_data(as_text=True)


def test_rules_editor_offers_the_live_preview(organiser, event_id):
    html = organiser.get(f"/events/{event_id}/tables/3/rules").get_data(as_text=True)
    assert "sheet-preview.js" in html
    assert f'data-preview-url="/events/{event_id}/print/preview"' in html


def test_an_online_tables_slip_says_the_app_records_its_games_and_no_other_slip_does(app, organiser, event_id):
    from sqlalchemy import select

    from tournament.models import Table

    with app.app_context():
        session = db.session()
        session.scalar(select(Table).where(Table.event_id == event_id, Table.number == 3)).online = True
        session.commit()
    page = organiser.get(f"/events/{event_id}/print/slips").get_data(as_text=True)
    slips = page.split('<article class="slip')[1:]
    online = [slip for slip in slips if "This table plays online" in slip]
    assert len(online) == 1 and "Table 3" in online[0].split("</h1>", 1)[0]
