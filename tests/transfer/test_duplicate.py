"""Duplicating an event for the next group: tables, variants and players; no rounds."""

from __future__ import annotations

import html
import re

from tests.transfer.conftest import row_counts


def _copy(organiser, event_id: int) -> tuple[int, dict]:
    response = organiser.post(f"/events/{event_id}/duplicate")
    assert response.status_code == 302
    copy_id = int(response.headers["Location"].rsplit("/", 1)[1])
    return copy_id, organiser.get(f"/events/{copy_id}/export.json").get_json()


def test_duplicate_copies_tables_variants_and_players_but_no_rounds(organiser, played):
    original = organiser.get(f"/events/{played}/export.json").get_json()
    copy_id, copy = _copy(organiser, played)
    assert copy_id != played
    assert copy["event"]["name"] == "Class 9B (copy)"
    assert copy["tables"] == original["tables"]
    assert copy["rounds"] == [] and copy["audit"] == []
    kept = [p for p in original["players"] if p["status"] != "withdrawn"]
    assert copy["players"] == kept  # status and home table as they were
    assert {k: v for k, v in copy["event"].items() if k != "name"} == \
        {k: v for k, v in original["event"].items() if k != "name"}


def test_duplicate_leaves_withdrawn_players_out(organiser, played):
    _, copy = _copy(organiser, played)
    assert "Jo" not in {p["name"] for p in copy["players"]}
    assert {p["status"] for p in copy["players"]} == {"seated", "observer"}


def test_the_copy_can_start_round_one_at_once(organiser, played):
    copy_id, _ = _copy(organiser, played)
    assert organiser.post(f"/events/{copy_id}/rounds/start").status_code == 302


def test_a_long_name_still_fits_with_the_copy_mark(app, organiser):
    from tournament import db
    from tournament.services import events
    with app.app_context():
        event_id = events.create_event(db.session(), "x" * 120).id
    _, copy = _copy(organiser, event_id)
    assert len(copy["event"]["name"]) == 120 and copy["event"]["name"].endswith(" (copy)")


def test_duplicating_a_missing_event_is_a_404_and_changes_nothing(app, organiser):
    before = row_counts(app)
    assert organiser.post("/events/999/duplicate").status_code == 404
    assert row_counts(app) == before


def test_the_duplicate_page_offers_the_same_players_or_a_new_list(organiser, played):
    page = organiser.get(f"/events/{played}/duplicate")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert re.search(r'<input checked[^>]*value="same"', text) and 'value="new"' in text and 'name="names"' in text


def test_a_copy_with_a_new_list_has_only_those_players_spread_over_the_same_tables(organiser, played):
    original = organiser.get(f"/events/{played}/export.json").get_json()
    response = organiser.post(f"/events/{played}/duplicate",
                              data={"players": "new", "names": "Kim\nLou\n\nMo\nNed\nOla\nPia\nAna"})
    assert response.status_code == 302
    copy = organiser.get(response.headers["Location"] + "/export.json").get_json()
    assert sorted(p["name"] for p in copy["players"]) == ["Ana", "Kim", "Lou", "Mo", "Ned", "Ola", "Pia"]
    assert {p["status"] for p in copy["players"]} == {"seated"}
    assert sorted(p["home_table"] for p in copy["players"]) == [1, 1, 1, 1, 2, 2, 2]
    assert copy["tables"] == original["tables"] and copy["rounds"] == []


def test_a_new_list_with_a_repeated_name_is_refused_beside_the_list_and_nothing_is_created(app, organiser, played):
    before = row_counts(app)
    response = organiser.post(f"/events/{played}/duplicate", data={"players": "new", "names": "Kim\nLou\nkim"})
    assert response.status_code == 400
    text = html.unescape(response.get_data(as_text=True))
    assert "Lines 1 and 3 both say “Kim”." in text.split('name="names"')[1]
    assert "Kim\nLou\nkim</textarea>" in text
    assert row_counts(app) == before


def test_an_empty_new_list_is_refused_and_nothing_is_created(app, organiser, played):
    before = row_counts(app)
    response = organiser.post(f"/events/{played}/duplicate", data={"players": "new", "names": ""})
    assert response.status_code == 400 and "The list is empty" in response.get_data(as_text=True)
    assert row_counts(app) == before


def test_duplicate_and_restore_need_the_forms_csrf_token(app, organiser, played):
    from pathlib import Path
    name = sorted(p.name for p in (Path(app.instance_path) / "backups").iterdir())[0]
    app.config["WTF_CSRF_ENABLED"] = True
    before = row_counts(app)
    assert organiser.post(f"/events/{played}/duplicate").status_code == 400
    assert organiser.post(f"/events/{played}/backups/{name}/restore").status_code == 400
    assert row_counts(app) == before


def test_a_copy_plays_the_same_game_with_the_same_rules_at_every_table(app, organiser, second_game):
    from tournament import db
    from tournament.models import Event
    from tournament.services import events, players
    from tournament.services import tables as table_service
    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Class 4C", game=second_game.key)
        players.add_players(session, event, "Ana\nBen\nCleo\nDan\nEve\nFay\nGus\nHal\nIvo")
        table_service.set_table_count(session, event, 3)
        rules = event.tables[1].variant
        table_service.set_rules(session, event, event.tables[0], rules, event.tables[0].house_rule)  # two alike
        event_id = event.id
    copy_id, copy = _copy(organiser, event_id)
    original = organiser.get(f"/events/{event_id}/export.json").get_json()
    assert copy["game"] == original["game"] == second_game.key
    assert copy["tables"] == original["tables"]
    with app.app_context():
        assert db.session().get(Event, copy_id).tables[0].variant == rules


def test_an_unknown_choice_of_players_is_refused_beside_the_choice_and_nothing_is_created(app, organiser, played):
    before = row_counts(app)
    response = organiser.post(f"/events/{played}/duplicate", data={"players": "<b>both</b>", "names": "Kim"})
    assert response.status_code == 400 and "Not a valid choice" in response.get_data(as_text=True)
    assert "<b>both</b>" not in response.get_data(as_text=True)
    assert row_counts(app) == before
