from sqlalchemy import select

from tests.conftest import setup_event
from tournament import db
from tournament.core.limits import MAX_EVENT_NAME, MAX_ROUND_MINUTES, MAX_TABLES
from tournament.games.five_tricks.variants import SEED_VARIANTS, FiveTricksVariant
from tournament.models import Event, Player, PlayerStatus, Table


def _new_event(organiser, name="E") -> int:
    location = organiser.post("/events", data={"name": name, "round_minutes": "7"}).headers["Location"]
    return int(location.rstrip("/").split("/")[-2])


def _players(app, event_id):
    with app.app_context():
        return {p.name: p for p in db.session().scalars(select(Player).where(Player.event_id == event_id))}


def test_creating_an_event_leads_to_the_names_page(organiser, app):
    response = organiser.post("/events", data={"name": "  9B   Thursday ", "round_minutes": "6"})
    assert response.status_code == 302 and response.headers["Location"].endswith("/players")
    with app.app_context():
        event = db.session().scalars(select(Event)).one()
        assert (event.name, event.round_minutes) == ("9B Thursday", 6)


def test_pasted_names_skip_blank_lines_and_collapse_spaces(organiser, app):
    e = _new_event(organiser)
    response = organiser.post(f"/events/{e}/players", data={"names": "Ana  Lopez\n\n  Ben\r\n\nCleo\n"})
    assert response.status_code == 302
    assert sorted(_players(app, e)) == ["Ana Lopez", "Ben", "Cleo"]


def test_duplicate_names_ignoring_case_and_accents_refuse_the_whole_list(organiser, app):
    e = _new_event(organiser)
    response = organiser.post(f"/events/{e}/players", data={"names": "Zoë\nAna\nZOE\nBen"})
    assert response.status_code == 400
    assert "more than once" in response.get_data(as_text=True)
    assert _players(app, e) == {}


def test_names_already_in_the_event_are_reported_and_nothing_is_added(organiser, app):
    e = _new_event(organiser)
    organiser.post(f"/events/{e}/players", data={"names": "Ana\nBen"})
    response = organiser.post(f"/events/{e}/players", data={"names": "Cleo\nána"})
    assert response.status_code == 400 and "Already in this event: ána" in response.get_data(as_text=True)
    assert sorted(_players(app, e)) == ["Ana", "Ben"]


def test_overlong_names_refuse_the_whole_list(organiser, app):
    e = _new_event(organiser)
    response = organiser.post(f"/events/{e}/players", data={"names": "Ana\n" + "x" * 41})
    assert response.status_code == 400 and "longer than 40" in response.get_data(as_text=True)
    assert _players(app, e) == {}


def test_names_with_markup_are_shown_as_text(organiser, app):
    e = _new_event(organiser, "<b>E</b>")
    organiser.post(f"/events/{e}/players", data={"names": "<script>alert(1)</script>\nBen"})
    page = organiser.get(f"/events/{e}/players").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b>E</b>" not in organiser.get("/").get_data(as_text=True)


def test_table_plan_takes_the_planner_suggestion_and_seats_everyone(organiser, app):
    event_id = setup_event(app, [f"P{i:02}" for i in range(10)])
    with app.app_context():
        event = db.session().get(Event, event_id)
        sizes = sorted((sum(1 for p in event.players if p.home_table_id == t.id) for t in event.tables), reverse=True)
        assert sizes == [4, 3, 3]
        assert [t.variant for t in event.tables][:1][0].trump.value == "hearts"


def test_organiser_can_choose_the_number_of_tables(organiser, app):
    event_id = setup_event(app, [f"P{i:02}" for i in range(12)])
    response = organiser.post(f"/events/{event_id}/tables/plan", data={"tables": "2"})
    assert response.status_code == 302
    with app.app_context():
        assert len(db.session().get(Event, event_id).tables) == 2


def test_impossible_table_count_is_refused_and_changes_nothing(organiser, app):
    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dan"], tables=1)
    response = organiser.post(f"/events/{event_id}/tables/plan", data={"tables": "9"})
    assert response.status_code == 400
    with app.app_context():
        assert len(db.session().get(Event, event_id).tables) == 1


def test_even_tables_turn_leftover_players_into_observers(organiser, app):
    event_id = setup_event(app, [f"P{i:02}" for i in range(13)])
    organiser.post(f"/events/{event_id}/tables/plan", data={"tables": "3", "even": "y"})
    statuses = [p.status for p in _players(app, event_id).values()]
    assert statuses.count(PlayerStatus.OBSERVER) == 1


def test_editing_a_table_variant_is_saved(organiser, app):
    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dan"], tables=1)
    response = organiser.post(f"/events/{event_id}/tables/1/rules",
                              data={"ace": "low", "wins": "highest", "trump": "", "trump_any_time": ""})
    assert response.status_code == 302
    with app.app_context():
        table = db.session().scalars(select(Table)).one()
        assert table.variant == FiveTricksVariant("low", "highest", None, False)


def test_invalid_variant_values_are_refused(organiser, app):
    event_id = setup_event(app, ["Ana", "Ben"], tables=1)
    response = organiser.post(f"/events/{event_id}/tables/1/rules",
                              data={"ace": "sideways", "wins": "highest", "trump": "stars"})
    assert response.status_code == 400


def test_manual_home_table_change_before_start(organiser, app):
    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay"], tables=2)
    ana = _players(app, event_id)["Ana"]
    target = 2 if ana.home_table_id and _table_number(app, ana.home_table_id) == 1 else 1
    organiser.post(f"/events/{event_id}/tables/move", data={"player": ana.id, "table": target})
    assert _table_number(app, _players(app, event_id)["Ana"].home_table_id) == target


def _table_number(app, table_id):
    with app.app_context():
        return db.session().get(Table, table_id).number


def test_deleting_an_event_needs_confirmation(organiser, app):
    event_id = setup_event(app, ["Ana", "Ben"], tables=1)
    page = organiser.get(f"/events/{event_id}/delete")
    assert page.status_code == 200 and "cannot be undone" in page.get_data(as_text=True)
    organiser.post(f"/events/{event_id}/delete")
    assert organiser.get(f"/events/{event_id}").status_code == 404


def test_renaming_an_event(organiser, app):
    event_id = setup_event(app, ["Ana"], tables=1)
    organiser.post(f"/events/{event_id}/settings", data={"name": "Renamed", "round_minutes": "9"})
    with app.app_context():
        assert db.session().get(Event, event_id).name == "Renamed"


def test_tables_page_warns_about_a_home_table_too_small_to_play(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cem"], tables=3)
    page = organiser.get(f"/events/{event_id}/tables").get_data(as_text=True)
    assert "Table 1 has 1 player, fewer than 2." in page
    assert "Table 3 has 1 player, fewer than 2." in page


def test_a_refused_variant_comes_back_filled_in_with_the_message_beside_the_field(organiser, app):
    event_id = setup_event(app, ["Ana", "Ben"], tables=1)
    response = organiser.post(f"/events/{event_id}/tables/1/rules",
                              data={"ace": "low", "wins": "sideways", "trump": "clubs", "trump_any_time": "y"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert '<option selected value="clubs">' in html and "Not a valid choice." in html
    with app.app_context():
        assert db.session().scalars(select(Table)).one().variant == SEED_VARIANTS[0]


def test_setup_number_and_text_fields_carry_the_bounds_they_check(organiser, app):
    event_id = setup_event(app, ["Ana", "Ben", "Cleo"], tables=1)
    index = organiser.get("/").get_data(as_text=True)
    assert f'max="{MAX_ROUND_MINUTES}" min="1" name="round_minutes"' in index
    assert f'maxlength="{MAX_EVENT_NAME}"' in index
    settings = organiser.get(f"/events/{event_id}/settings").get_data(as_text=True)
    assert f'max="{MAX_ROUND_MINUTES}" min="1" name="round_minutes"' in settings
    tables = organiser.get(f"/events/{event_id}/tables").get_data(as_text=True)
    assert f'max="{MAX_TABLES}" min="1" name="tables"' in tables
