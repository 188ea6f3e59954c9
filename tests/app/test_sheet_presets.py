"""Rule sheets for small events: the table plan deals the classic order (table N gets sheet N)
or the most different sheets; the tables page deals them again until a round starts."""

from __future__ import annotations

import html

import pytest

from tests.conftest import setup_event
from tournament import db, games
from tournament.games import settings as declared
from tournament.models import AuditEntry, Event
from tournament.services import events, players
from tournament.services import rounds as round_service
from tournament.services import tables as table_service

NAMES = [f"Player {i:02}" for i in range(28)]


def _sheets(app, event_id: int) -> list[int]:
    """Each table's sheet number in the game's own kit (0: not one of them)."""
    with app.app_context():
        event = db.session().get(Event, event_id)
        kit = declared.default_variants(games.get(event.game).settings, 10)
        return [kit.index(t.variant) + 1 if t.variant in kit else 0 for t in event.tables]


def _event(app, game: str, names: list[str]) -> int:
    with app.app_context():
        session = db.session()
        event = events.create_event(session, f"{game} night", game=game)
        players.add_players(session, event, "\n".join(names))
        return event.id


def test_seven_tables_of_most_different_sheets_play_trump_any_time(app, organiser):
    event_id = _event(app, "five-tricks", NAMES)
    response = organiser.post(f"/events/{event_id}/tables/plan", data={"tables": "7", "sheets": "most-different"})
    assert response.status_code == 302
    assert _sheets(app, event_id) == [1, 2, 3, 5, 8, 9, 10]  # sheets 8 and 9: trump any time


def test_the_plan_deals_the_classic_order_unless_asked_otherwise(app, organiser):
    event_id = _event(app, "five-tricks", NAMES)
    assert organiser.post(f"/events/{event_id}/tables/plan", data={"tables": "7"}).status_code == 302
    assert _sheets(app, event_id) == [1, 2, 3, 4, 5, 6, 7]


def test_the_plan_form_says_what_the_classic_order_leaves_out(app, organiser):
    event_id = setup_event(app, NAMES, tables=7)
    page = html.unescape(organiser.get(f"/events/{event_id}/tables").get_data(as_text=True))
    assert "With 7 tables the classic order never plays some of the rules; they are on sheet 8 " \
           "(Ace high, highest card wins; ♥ Hearts trump (any time))." in page
    assert 'value="most-different">Most different sheets' in page
    assert "Use the most different sheets" in page


def test_a_refused_plan_comes_back_filled_in_with_the_sheets_chosen(app, organiser):
    event_id = _event(app, "five-tricks", NAMES)
    response = organiser.post(f"/events/{event_id}/tables/plan", data={"tables": "99", "sheets": "most-different"})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert 'value="99"' in page and 'selected value="most-different"' in page
    assert "Choose between 1 and" in page
    assert _sheets(app, event_id) == []


def test_an_unknown_sheets_choice_is_refused_and_changes_nothing(app, organiser):
    event_id = setup_event(app, NAMES, tables=5)
    response = organiser.post(f"/events/{event_id}/tables/plan", data={"tables": "7", "sheets": "random"})
    assert response.status_code == 400
    assert _sheets(app, event_id) == [1, 2, 3, 4, 5]
    response = organiser.post(f"/events/{event_id}/tables/sheets", data={"sheets": "random"})
    assert response.status_code == 400 and "Choose the classic order or the most different sheets." in \
        html.unescape(response.get_data(as_text=True))
    assert _sheets(app, event_id) == [1, 2, 3, 4, 5]


def test_the_tables_page_deals_the_sheets_again_keeping_house_rules_and_logs_it(app, organiser):
    event_id = setup_event(app, NAMES, tables=4)
    with app.app_context():
        event = db.session().get(Event, event_id)
        event.tables[0].house_rule = "No talking."
        db.session().commit()
    response = organiser.post(f"/events/{event_id}/tables/sheets", data={"sheets": "most-different"},
                              follow_redirects=True)
    assert "The most different sheets are dealt: 4 tables changed their rules." in html.unescape(
        response.get_data(as_text=True))
    assert _sheets(app, event_id) == [2, 5, 8, 9]
    with app.app_context():
        event = db.session().get(Event, event_id)
        assert event.tables[0].house_rule == "No talking."
        entries = db.session().query(AuditEntry).filter_by(event_id=event_id).all()
        assert sum(e.action == "table rules changed" for e in entries) == 4
        assert [e.new_value for e in entries if e.action == "rule sheets chosen"] == ["most-different"]
    page = organiser.get(f"/events/{event_id}/tables").get_data(as_text=True)
    assert "Use the classic order" in page and "Use the most different sheets" not in page
    assert organiser.post(f"/events/{event_id}/tables/sheets", data={"sheets": "classic"}).status_code == 302
    assert _sheets(app, event_id) == [1, 2, 3, 4]


def test_sheets_cannot_be_dealt_again_once_a_round_has_started(app, organiser):
    event_id = setup_event(app, NAMES, tables=4)
    with app.app_context():
        round_service.start_round(db.session(), db.session().get(Event, event_id))
    response = organiser.post(f"/events/{event_id}/tables/sheets", data={"sheets": "most-different"})
    assert response.status_code == 400
    assert "the tables keep their sheets" in html.unescape(response.get_data(as_text=True))
    assert _sheets(app, event_id) == [1, 2, 3, 4]


def test_elevator_gets_the_preset_from_its_own_sheets(app, organiser):
    event_id = _event(app, "elevator", NAMES[:10])
    response = organiser.post(f"/events/{event_id}/tables/plan", data={"tables": "2", "sheets": "most-different"})
    assert response.status_code == 302
    assert _sheets(app, event_id) == [1, 8]  # the classic pair leaves out "no jokers"


@pytest.mark.parametrize("game", ["five-tricks", "euchre", "elbows-up", "elevator", "elevator-up"])
def test_every_game_gets_a_preset_that_is_classic_when_every_sheet_is_played(game):
    kit = games.get(game)
    distinct = len(set(declared.default_variants(kit.settings, 10)))
    for count in range(0, 13):
        chosen = table_service.preset_variants(kit, count, table_service.MOST_DIFFERENT)
        assert len(chosen) == count
        if count >= distinct:
            assert chosen == declared.default_variants(kit.settings, count)
        else:
            assert len(set(chosen)) == count


def test_the_log_names_the_sheets_chosen_in_the_page_s_language(app, organiser):
    event_id = setup_event(app, NAMES, tables=4)
    assert organiser.post(f"/events/{event_id}/tables/sheets", data={"sheets": "most-different"}).status_code == 302
    english = html.unescape(organiser.get(f"/events/{event_id}/audit").get_data(as_text=True))
    assert "rule sheets chosen" in english and "most different sheets" in english
    german = html.unescape(organiser.get(f"/events/{event_id}/audit",
                                         headers={"Accept-Language": "de"}).get_data(as_text=True))
    assert "Regelblätter gewählt" in german and "unterschiedlichste Blätter" in german
