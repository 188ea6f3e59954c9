"""Who is here: the phone asks first, the board and the Room page flag a missing player, the
organiser marks her absent, and the close leaves her unranked at her table."""

from __future__ import annotations

import re

from tests.presence.conftest import answer, audit_actions, presence
from tests.room.conftest import close_round, record_winner, seated, tokens
from tournament import db
from tournament.models import Event
from tournament.services.round_data import load_round


def test_the_phone_asks_who_is_at_the_table_before_it_answers_and_not_after(phone, app, running):
    link = f"/t/{tokens(app, running)[2]}"
    page = phone.get(link).get_data(as_text=True)
    assert "Who is at table 2?" in page and "Everyone is here" in page
    for name in seated(app, running, 2):
        assert re.search(rf'name="missing" value="\d+"><span><bdi>{name}</bdi>', page)
    assert answer(phone, app, running, 2, everyone=True).status_code == 302
    page = phone.get(link).get_data(as_text=True)
    assert "Who is at table 2?" not in page and "Everyone is here." in page and "Change who is here" in page
    assert "Send results" in page


def test_everyone_is_here_in_one_tap_marks_every_seat_of_the_table_here(phone, app, running):
    answer(phone, app, running, 1, everyone=True)
    here = presence(app, running)
    assert {here[name] for name in seated(app, running, 1)} == {"here"}
    assert {here[name] for name in seated(app, running, 2)} == {None}
    assert ("everyone reported here", "table 1") in audit_actions(app, running)


def test_a_missing_player_is_flagged_on_the_board_and_the_room_page(phone, organiser, app, running):
    ids = seated(app, running, 2)
    missing = sorted(ids)[-1]
    answer(phone, app, running, 2, [ids[missing]])
    assert presence(app, running)[missing] == "missing"
    board = organiser.get(f"/events/{running}/rounds/1").get_data(as_text=True)
    assert re.search(rf"<bdi>{missing}</bdi>[^<]*<span class=\"badge waiting\" data-presence=\"missing\">", board)
    room = organiser.get(f"/events/{running}/room").get_data(as_text=True)
    assert 'data-presence="missing"' in room and f"<strong><bdi>{missing}</bdi></strong>" in room
    assert ("player reported missing", missing) in audit_actions(app, running)


def test_the_board_feed_changes_when_a_table_reports_someone_missing(phone, organiser, app, running):
    url = f"/events/{running}/rounds/1/live.json"
    tag = organiser.get(url).headers["ETag"]
    ids = seated(app, running, 3)
    answer(phone, app, running, 3, [ids[sorted(ids)[0]]])
    assert organiser.get(url, headers={"If-None-Match": tag}).status_code == 200


def test_an_absentee_is_not_ranked_does_not_move_and_keeps_her_table(phone, organiser, app, running):
    ids = seated(app, running, 2)
    first, middle, last = sorted(ids)
    answer(phone, app, running, 2, [ids[last]])
    response = organiser.post(f"/events/{running}/rounds/1/players/{ids[last]}/absent")
    assert response.status_code == 302
    assert presence(app, running)[last] == "absent"
    record_winner(app, running, 2, [first])
    # Without her mark, `last` (no game, alphabetically last) would be sent down to table 1.
    close_page = organiser.get(f"/events/{running}/rounds/1/close").get_data(as_text=True)
    assert f"{last}</bdi> was absent this round, so is not ranked and keeps table 2." in close_page
    close_round(app, running)
    assert seated(app, running, 2).keys() >= {last}
    with app.app_context():
        session = db.session()
        outcome = load_round(session, session.get(Event, running), 1).outcome()
    table = next(t for t in outcome.tables if t.table == 2)
    assert table.result.ranking == (first, middle) and table.result.absent == (last,)
    results = organiser.get(f"/events/{running}/rounds/1/results").get_data(as_text=True)
    assert re.search(rf"<bdi>{last}</bdi> <span class=\"badge\" data-absent>absent this round</span>", results)
    assert [a for a, s in audit_actions(app, running) if s == last] == ["player reported missing",
                                                                        "player marked absent"]


def test_here_after_all_puts_the_player_back_in_the_ranking(organiser, app, running):
    ids = seated(app, running, 2)
    last = sorted(ids)[-1]
    organiser.post(f"/events/{running}/rounds/1/players/{ids[last]}/absent")
    organiser.post(f"/events/{running}/rounds/1/players/{ids[last]}/here")
    assert presence(app, running)[last] == "here"
    record_winner(app, running, 2, [sorted(ids)[0]])
    close_round(app, running)
    assert last in seated(app, running, 1)  # ranked last at table 2: down to table 1


def test_a_player_who_won_a_game_cannot_be_marked_absent(organiser, app, running):
    ids = seated(app, running, 2)
    winner = sorted(ids)[0]
    record_winner(app, running, 2, [winner])
    response = organiser.post(f"/events/{running}/rounds/1/players/{ids[winner]}/absent")
    assert response.status_code == 400
    assert "won a game at table 2 in this round, so was there" in response.get_data(as_text=True)
    assert presence(app, running)[winner] is None


def test_a_second_device_that_still_showed_the_question_changes_nothing(app, running):
    first, second = app.test_client(), app.test_client()
    ids = seated(app, running, 2)
    missing = sorted(ids)[1]
    answer(first, app, running, 2, [ids[missing]])
    response = answer(second, app, running, 2, everyone=True)
    assert response.status_code == 302
    assert presence(app, running)[missing] == "missing"
    page = second.get(response.headers["Location"]).get_data(as_text=True)
    assert "The table had already answered" in page
    assert "Who is at table 2?" not in page and f"Reported missing: <bdi>{missing}</bdi>." in page


def test_a_double_tap_records_the_answer_once(phone, app, running):
    ids = seated(app, running, 3)
    missing = sorted(ids)[0]
    answer(phone, app, running, 3, [ids[missing]])
    answer(phone, app, running, 3, [ids[missing]])
    assert audit_actions(app, running).count(("player reported missing", missing)) == 1


def test_changing_the_answer_on_purpose_is_heard_but_leaves_an_organisers_absent_mark(phone, organiser, app,
                                                                                      running):
    ids = seated(app, running, 1)
    a, b, _c = sorted(ids)
    answer(phone, app, running, 1, [ids[a], ids[b]])
    organiser.post(f"/events/{running}/rounds/1/players/{ids[a]}/absent")
    page = phone.get(f"/t/{tokens(app, running)[1]}?presence=1").get_data(as_text=True)
    assert "Who is at table 1?" in page and "absent this round" in page
    answer(phone, app, running, 1, everyone=True, again=True)
    assert presence(app, running)[a] == "absent" and presence(app, running)[b] == "here"


def test_tapping_someone_missing_then_everyone_is_here_is_refused_with_the_taps_kept(phone, app, running):
    ids = seated(app, running, 1)
    tapped = sorted(ids)[0]
    response = answer(phone, app, running, 1, [ids[tapped]], everyone=True)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "then “Everyone is here”" in page
    assert f'value="{ids[tapped]}" checked' in page
    assert set(presence(app, running).values()) == {None}


def test_a_closed_round_never_strands_the_question(phone, app, running):
    ids = seated(app, running, 1)
    close_round(app, running)
    response = answer(phone, app, running, 1, [ids[sorted(ids)[0]]])
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/t/{tokens(app, running)[1]}")
    assert "That round is over, so nothing was changed." in phone.get(response.headers["Location"]).get_data(
        as_text=True)
    assert set(presence(app, running).values()) == {None}


def test_the_phone_page_key_changes_once_the_table_answers(phone, app, running):
    feed = f"/t/{tokens(app, running)[2]}/follow.json"
    asking = phone.get(feed).get_json()["key"]
    assert f'data-key="{asking}"' in phone.get(f"/t/{tokens(app, running)[2]}").get_data(as_text=True)
    answer(phone, app, running, 2, everyone=True)
    answered = phone.get(feed).get_json()["key"]
    assert answered != asking
    assert f'data-key="{answered}"' in phone.get(f"/t/{tokens(app, running)[2]}").get_data(as_text=True)


def test_the_close_page_lists_players_reported_missing_and_not_yet_decided(phone, organiser, app, running):
    ids = seated(app, running, 3)
    missing = sorted(ids)[0]
    answer(phone, app, running, 3, [ids[missing]])
    page = organiser.get(f"/events/{running}/rounds/1/close").get_data(as_text=True)
    assert "data-missing-at-close" in page and f"<strong><bdi>{missing}</bdi></strong>" in page
    response = organiser.post(f"/events/{running}/rounds/1/players/{ids[missing]}/absent", data={"back": "close"})
    assert response.headers["Location"].endswith(f"/events/{running}/rounds/1/close")
    page = organiser.get(f"/events/{running}/rounds/1/close").get_data(as_text=True)
    assert "data-missing-at-close" not in page
    assert f"{missing}</bdi> was absent this round, so is not ranked and keeps table 3." in page


def test_a_game_won_by_a_player_marked_absent_is_refused(phone, organiser, app, running):
    from tests.room.test_phone_entry import form

    ids = seated(app, running, 2)
    absent = sorted(ids)[-1]
    organiser.post(f"/events/{running}/rounds/1/players/{ids[absent]}/absent")
    response = phone.post(f"/t/{tokens(app, running)[2]}", data=form(1, (ids[absent], "")))
    assert response.status_code == 400
    assert f"Game 1: {absent} is marked absent for this round." in response.get_data(as_text=True)
    with app.app_context():
        session = db.session()
        assert not load_round(session, session.get(Event, running), 1).games
