"""The organiser sees where each table stands on its results and settles a disputed game: keep it,
change it on the table's results form, or remove it. The change log says who did what."""

from __future__ import annotations

import re

from tests.agreement.conftest import agreement_of, answer, audit_actions, running_event, send
from tests.app.helpers import page_text, player_ids
from tests.room.conftest import seated
from tournament.models import Agreement


def _disputed(app, phone) -> tuple[int, list[str]]:
    """Table 1 sent game 1 and disputed it; table 2 sent game 1 and did not answer yet."""
    event_id = running_event(app)
    names = sorted(seated(app, event_id, 1))
    send(phone, app, event_id, 1, {1: names[0]})
    answer(phone, app, event_id, 1, 1, agree=False)
    send(phone, app, event_id, 2, {1: sorted(seated(app, event_id, 2))[0]})
    return event_id, names


def _settle(organiser, event_id: int, how: str, version: str = "1"):
    return organiser.post(f"/events/{event_id}/rounds/1/tables/1/games/1/settle", data={"version": version, "how": how},
                          follow_redirects=True)


def test_the_board_marks_a_disputed_game_with_a_settle_link_and_an_unconfirmed_one(app, organiser, phone):
    event_id, _names = _disputed(app, phone)
    text = page_text(organiser.get(f"/events/{event_id}/rounds/1"))
    assert "⚡ Game 1 disputed" in text
    assert f'href="/events/{event_id}/rounds/1/tables/1/games/1/settle"' in text
    assert "Not confirmed by the table: game 1" in text


def test_the_boards_live_feed_changes_when_a_table_answers(app, organiser, phone):
    event_id = running_event(app)
    send(phone, app, event_id, 1, {1: sorted(seated(app, event_id, 1))[0]})
    before = organiser.get(f"/events/{event_id}/rounds/1/live.json").headers["ETag"]
    answer(phone, app, event_id, 1, 1, agree=True)
    assert organiser.get(f"/events/{event_id}/rounds/1/live.json").headers["ETag"] != before


def test_keeping_a_disputed_result_settles_it_and_the_log_names_the_organiser(app, organiser, phone):
    event_id, _names = _disputed(app, phone)
    text = page_text(_settle(organiser, event_id, "keep"))
    assert "Table 1, game 1: the result stands." in text
    assert agreement_of(app, event_id, 1, 1) is Agreement.SETTLED
    assert ("organiser", "dispute settled", "game 1") in audit_actions(app, event_id)
    assert "⚡ Game 1 disputed" not in page_text(organiser.get(f"/events/{event_id}/rounds/1"))


def test_keeping_twice_is_one_settlement(app, organiser, phone):
    event_id, _names = _disputed(app, phone)
    _settle(organiser, event_id, "keep")
    assert "was already settled" in page_text(_settle(organiser, event_id, "keep"))
    assert [a for a in audit_actions(app, event_id) if a[1] == "dispute settled"] == [
        ("organiser", "dispute settled", "game 1")]


def test_removing_a_disputed_game_removes_it_and_logs_both(app, organiser, phone):
    event_id, _names = _disputed(app, phone)
    text = page_text(_settle(organiser, event_id, "remove"))
    assert "Table 1, game 1 removed." in text
    assert agreement_of(app, event_id, 1, 1) is None
    actions = audit_actions(app, event_id)
    assert ("organiser", "dispute settled", "game 1") in actions and ("organiser", "game removed", "game 1") in actions


def test_changing_a_disputed_result_on_the_results_form_settles_it(app, organiser, phone):
    event_id, names = _disputed(app, phone)
    ids = player_ids(app, event_id)
    organiser.post(f"/events/{event_id}/rounds/1/tables/1",
                   data={"games-0-number": "1", "games-0-version": "1", "games-0-winner": str(ids[names[1]])})
    assert agreement_of(app, event_id, 1, 1) is Agreement.SETTLED
    assert ("organiser", "dispute settled", "game 1") in audit_actions(app, event_id)


def test_a_settle_page_opened_before_the_result_changed_is_refused_and_changes_nothing(app, organiser, phone):
    event_id, names = _disputed(app, phone)
    send(phone, app, event_id, 1, {1: names[1]}, version={1: 1})  # the table sends it again, changed
    response = _settle(organiser, event_id, "keep", version="1")
    assert response.status_code == 409
    assert agreement_of(app, event_id, 1, 1) is Agreement.DISPUTED  # only the organiser settles it


def test_the_settle_page_shows_the_result_as_it_stands(app, organiser, phone):
    event_id, names = _disputed(app, phone)
    text = page_text(organiser.get(f"/events/{event_id}/rounds/1/tables/1/games/1/settle"))
    assert f"{names[0]} won." in text and "Keep this result" in text and "Remove the game" in text
    assert re.search(r'name="version" type="hidden" value="1"', text)


def test_the_projector_says_a_table_is_settling_a_game_and_names_nobody(app, organiser, phone):
    from tests.room.conftest import tokens

    event_id, _names = _disputed(app, phone)
    feed = phone.get(f"/p/{tokens(app, event_id)['projector']}/feed.json").get_json()
    settling = {table["number"]: table["settling"] for table in feed["seating"]}
    assert settling == {1: "Table 1 is settling a game", 2: None, 3: None}
    _settle(organiser, event_id, "keep")
    feed = phone.get(f"/p/{tokens(app, event_id)['projector']}/feed.json").get_json()
    assert all(table["settling"] is None for table in feed["seating"])


def test_the_debriefs_timeline_shows_the_dispute_and_how_it_was_settled(app, organiser, phone):
    from tournament import db
    from tournament.i18n import translate_html
    from tournament.models import Event
    from tournament.services.debrief import timeline

    event_id, _names = _disputed(app, phone)
    _settle(organiser, event_id, "keep")
    with app.test_request_context():
        session = db.session()
        items = timeline.build(session, session.get(Event, event_id)).items
        said = [(item.mark, translate_html(item.text)) for item in items if item.kind == timeline.DISPUTE]
    assert said == [("⚡", "Table 1 disputed the result of game 1 in round 1."),
                    ("⚡", "The dispute about game 1 at table 1 in round 1 was settled: the result was kept.")]


def test_a_dispute_left_at_the_close_is_listed_on_the_results_and_settled_there(app, organiser, phone):
    from tests.room.conftest import close_round

    event_id, _names = _disputed(app, phone)
    close_round(app, event_id)
    results = page_text(organiser.get(f"/events/{event_id}/rounds/1/results"))
    assert "⚡ Table 1, game 1: disputed" in results and "/tables/1/games/1/settle" in results
    assert "Table 1, game 1: the result stands." in page_text(_settle(organiser, event_id, "keep"))
    assert agreement_of(app, event_id, 1, 1) is Agreement.SETTLED
    assert "disputed" not in page_text(organiser.get(f"/events/{event_id}/rounds/1/results"))


def test_the_tables_results_page_marks_its_disputed_game_beside_the_form(app, organiser, phone):
    event_id, _names = _disputed(app, phone)
    text = page_text(organiser.get(f"/events/{event_id}/rounds/1/tables/1"))
    assert "⚡ Game 1 disputed" in text and "/tables/1/games/1/settle" in text
