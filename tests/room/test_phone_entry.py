"""A table's phone link: records that table's games in the running round, and nothing else."""

import re

from sqlalchemy import select

from tests.room.conftest import close_round, seated, start_round, tokens
from tournament import db
from tournament.models import Event, Game, GameResult


def form(round_number: int, *games, csrf=None) -> dict:
    """games: (winner_id | "", version | "") per game, numbered from 1."""
    data = {"round": str(round_number)}
    for index, (winner, version) in enumerate(games):
        data[f"games-{index}-number"] = str(index + 1)
        data[f"games-{index}-winner"] = str(winner)
        data[f"games-{index}-version"] = str(version)
    return data


def games_of(app, event_id):
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        rows = session.execute(
            select(Game.round_id, Game.number, GameResult.player_id, Game.version, Game.table_id)
            .outerjoin(GameResult, (GameResult.game_id == Game.id) & GameResult.won)
        ).all()
        tables = {t.id: t.number for t in event.tables}
        return sorted((tables[t], n, w, v) for _r, n, w, v, t in rows)


def test_the_phone_page_lists_the_players_seated_at_its_table(phone, app, running):
    page = phone.get(f"/t/{tokens(app, running)[2]}").get_data(as_text=True)
    assert "Table 2" in page and "Round 1" in page
    for name in seated(app, running, 2):
        assert name in page
    for name in seated(app, running, 1):
        assert name not in page


def test_an_online_tables_phone_page_says_the_app_records_its_games_and_when_to_send(phone, app, running):
    from tournament.models import Table

    link = f"/t/{tokens(app, running)[2]}"
    assert "This table plays online" not in phone.get(link).get_data(as_text=True)
    with app.app_context():
        session = db.session()
        session.scalar(select(Table).where(Table.event_id == running, Table.number == 2)).online = True
        session.commit()
    page = phone.get(link).get_data(as_text=True)
    assert "This table plays online" in page and "only if the organiser asks you to" in page


def test_a_phone_records_its_tables_winners(phone, app, running):
    ids = list(seated(app, running, 2).values())
    response = phone.post(f"/t/{tokens(app, running)[2]}", data=form(1, (ids[0], ""), (ids[1], "")))
    assert response.status_code == 302
    assert [(t, n, w) for t, n, w, _v in games_of(app, running)] == [(2, 1, ids[0]), (2, 2, ids[1])]
    assert "recorded" in phone.get(response.location).get_data(as_text=True)


def test_submitting_the_same_form_twice_records_each_game_once(phone, app, running):
    ids = list(seated(app, running, 1).values())
    url = f"/t/{tokens(app, running)[1]}"
    phone.post(url, data=form(1, (ids[0], "")))
    again = phone.post(url, data=form(1, (ids[0], "")))
    assert again.status_code == 302
    assert games_of(app, running) == [(1, 1, ids[0], 1)]
    assert "already recorded" in phone.get(url).get_data(as_text=True)


def test_a_game_changed_by_the_organiser_meanwhile_is_refused_with_a_message(phone, organiser, app, running):
    names = seated(app, running, 1)
    ids = list(names.values())
    url = f"/t/{tokens(app, running)[1]}"
    phone.post(url, data=form(1, (ids[0], "")))
    record_url = f"/events/{running}/rounds/1/tables/1"
    organiser.post(record_url, data={"games-0-winner": str(ids[1]), "games-0-version": "1"})
    stale = phone.post(url, data=form(1, (ids[2], "1")))
    assert stale.status_code == 409
    assert "changed by someone else" in stale.get_data(as_text=True)
    assert games_of(app, running) == [(1, 1, ids[1], 2)]


def test_a_winner_from_another_table_is_refused_and_nothing_changes(phone, app, running):
    stranger = next(iter(seated(app, running, 3).values()))
    response = phone.post(f"/t/{tokens(app, running)[1]}", data=form(1, (stranger, "")))
    assert response.status_code == 400
    assert "seated at this table" in response.get_data(as_text=True)
    assert games_of(app, running) == []


def test_absurd_tricks_are_refused_with_a_message(phone, app, running):
    ids = list(seated(app, running, 1).values())
    data = form(1, ("", ""))
    data[f"games-0-s{ids[0]}"] = "99"
    response = phone.post(f"/t/{tokens(app, running)[1]}", data=data)
    assert response.status_code == 400 and "28 cards make at most" in response.get_data(as_text=True)
    assert games_of(app, running) == []


def test_bad_game_numbers_and_damaged_fields_are_refused_without_a_500(phone, app, running):
    ids = list(seated(app, running, 1).values())
    url = f"/t/{tokens(app, running)[1]}"
    for key, value in (("games-0-number", "0"), ("games-0-number", "41"), ("games-0-winner", "abc"),
                       ("games-0-version", "x")):
        data = form(1, (ids[0], ""))
        data[key] = value
        response = phone.post(url, data=data)
        assert 400 <= response.status_code < 500, (key, value)
    duplicate = form(1, (ids[0], ""), (ids[1], ""))
    duplicate["games-1-number"] = "1"
    assert phone.post(url, data=duplicate).status_code == 400
    assert games_of(app, running) == []


def test_a_table_token_cannot_write_another_tables_games(phone, app, running):
    """The table comes from the token alone; players of another table are strangers here."""
    other = list(seated(app, running, 2).values())
    response = phone.post(f"/t/{tokens(app, running)[1]}", data=form(1, (other[0], "")))
    assert response.status_code == 400
    assert games_of(app, running) == []


def test_a_table_token_cannot_write_a_past_round(phone, app, running):
    close_round(app, running)
    start_round(app, running)
    ids = list(seated(app, running, 1).values())
    response = phone.post(f"/t/{tokens(app, running)[1]}", data=form(1, (ids[0], "")))
    assert response.status_code == 302  # to the running round's form, saying round 1 is over
    assert "Round 1 is over, so nothing was recorded" in phone.get(response.location).get_data(as_text=True)
    assert games_of(app, running) == []


def test_nothing_can_be_sent_when_no_round_runs(phone, app, event_id):
    url = f"/t/{tokens(app, event_id)[1]}"
    assert "No round is running" in phone.get(url).get_data(as_text=True)
    assert phone.post(url, data=form(1, ("1", ""))).status_code == 409


def test_a_table_token_opens_no_organiser_page(phone, organiser, app, running):
    phone.get(f"/t/{tokens(app, running)[1]}")
    for url in (f"/events/{running}", f"/events/{running}/rounds/1", f"/events/{running}/room",
                f"/events/{running}/room/tables", f"/events/{running}/rounds/1/live.json"):
        response = phone.get(url)
        assert response.status_code == 302 and "/login" in response.location, url
    ids = list(seated(app, running, 1).values())
    response = phone.post(f"/events/{running}/rounds/1/tables/1", data={"games-0-winner": str(ids[0])})
    assert response.status_code == 302 and "/login" in response.location
    assert games_of(app, running) == []


def test_a_revoked_token_gets_a_clear_refusal(phone, organiser, app, running):
    old = tokens(app, running)[1]
    organiser.post(f"/events/{running}/room/tables/1/revoke")
    ids = list(seated(app, running, 1).values())
    for response in (phone.get(f"/t/{old}"), phone.post(f"/t/{old}", data=form(1, (ids[0], "")))):
        assert response.status_code == 404
        assert "not valid any more" in response.get_data(as_text=True)
    assert games_of(app, running) == []


def test_a_regenerated_token_replaces_the_old_one(phone, organiser, app, running):
    old = tokens(app, running)[1]
    organiser.post(f"/events/{running}/room/tables/1/regenerate")
    new = tokens(app, running)[1]
    assert new and new != old
    assert phone.get(f"/t/{old}").status_code == 404
    assert phone.get(f"/t/{new}").status_code == 200


def test_phone_submissions_appear_in_the_audit_log_under_the_table(phone, app, running):
    from tournament.models import AuditEntry

    ids = list(seated(app, running, 3).values())
    phone.post(f"/t/{tokens(app, running)[3]}", data=form(1, (ids[0], "")))
    with app.app_context():
        actors = set(db.session().scalars(select(AuditEntry.actor)))
    assert "phone, table 3" in actors


def test_the_slip_link_endpoint_is_named_table_enter(app, running):
    from flask import url_for

    with app.test_request_context():
        assert url_for("table.enter", token="abc") == "/t/abc"


def test_more_game_rows_on_the_phone_keeps_the_taps_and_saves_nothing(app, client):
    from tests.app.helpers import player_ids
    from tests.conftest import setup_event
    from tournament import db
    from tournament.models import Game, Table
    from tournament.services import events, rounds

    event_id = setup_event(app, ["Ana", "Ben", "Cleo"], tables=1, name="Phone rows")
    with app.app_context():
        rounds.start_round(db.session(), events.event_row(db.session(), event_id))
        token = db.session().query(Table).filter_by(event_id=event_id).one().token
    ana = player_ids(app, event_id)["Ana"]
    response = client.post(f"/t/{token}", data={"round": "1", "games-0-winner": str(ana), "add_rows": "1"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert re.search(rf'<input checked id="games-0-winner-\d+" name="games-0-winner" type="radio" value="{ana}">', page)
    assert page.count('data-game>') == 7 + 1  # five usual rows and two more, plus the page's row template
    with app.app_context():
        assert db.session().query(Game).count() == 0


def test_sending_an_empty_form_says_nothing_was_sent_and_shows_the_form_again(phone, app, running):
    url = f"/t/{tokens(app, running)[1]}"
    response = phone.post(url, data=form(1, ("", ""), ("", "")))
    text = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Nothing to send: tap the winner of at least one game." in text
    assert "already recorded" not in text
    assert "data-results-form" in text
    assert games_of(app, running) == []


def test_every_game_row_offers_no_game_so_a_wrong_tap_can_be_undone(phone, app, running):
    url = f"/t/{tokens(app, running)[1]}"
    text = phone.get(url).get_data(as_text=True)
    rows = text.split("<fieldset")[1:]  # the blank row in the <template> included
    assert rows and all("No game" in row and 'value=""' in row for row in rows)


def test_no_game_on_an_unrecorded_row_leaves_that_game_blank(phone, app, running):
    ids = list(seated(app, running, 1).values())
    url = f"/t/{tokens(app, running)[1]}"
    response = phone.post(url, data=form(1, ("", ""), (ids[1], ""), ("", "")))
    assert response.status_code == 302
    assert games_of(app, running) == [(1, 2, ids[1], 1)]
