"""Marking tables online and refereed by the app: Five Tricks only, refused forms filled in,
logged, and kept by the event file and by Duplicate."""

from __future__ import annotations

import html
import io
import json

from sqlalchemy import select

from tests.conftest import setup_event
from tournament import db
from tournament.models import AuditEntry, Event, Table

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal"]


def _flags(app, event_id: int) -> dict[int, tuple[bool, bool]]:
    with app.app_context():
        rows = db.session().execute(select(Table.number, Table.online, Table.app_referees)
                                    .where(Table.event_id == event_id))
        return {number: (online, referee) for number, online, referee in rows}


def _other_game_event(app) -> int:
    from tournament.services import events, players
    from tournament.services import tables as table_service
    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Euchre class", game="euchre")
        players.add_players(session, event, "\n".join(NAMES))
        table_service.set_table_count(session, event, None)
        return event.id


def test_marking_tables_online_is_refused_for_other_games(app, organiser):
    event_id = _other_game_event(app)
    before = _flags(app, event_id)
    response = organiser.post(f"/events/{event_id}/online/tables", data={"online-1": "y"})
    assert response.status_code == 400
    refused = response.get_data(as_text=True)
    assert ("The app cannot deal Euchre at a virtual table, so it is not played online. It is played at real "
            "tables") in refused
    assert organiser.post(f"/events/{event_id}/online/all", data={"to": "on"}).status_code == 400
    assert _flags(app, event_id) == before == {1: (False, False), 2: (False, False)}
    page = organiser.get(f"/events/{event_id}/online").get_data(as_text=True)
    assert "so it is not played online." in page and "online-1" not in page
    # The menu offers the page only where it can be used.
    assert f"/events/{event_id}/online\"" not in organiser.get(f"/events/{event_id}/tables").get_data(as_text=True)


def test_tables_are_marked_online_one_by_one_or_all_at_once_and_each_change_is_logged(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    response = organiser.post(f"/events/{event_id}/online/tables", data={"online-2": "y", "referee-2": "y"})
    assert response.status_code == 302
    assert _flags(app, event_id) == {1: (False, False), 2: (True, True)}
    assert organiser.post(f"/events/{event_id}/online/all", data={"to": "on"}).status_code == 302
    assert _flags(app, event_id) == {1: (True, False), 2: (True, True)}  # the referee stays where it was
    assert organiser.post(f"/events/{event_id}/online/all", data={"to": "off"}).status_code == 302
    assert _flags(app, event_id) == {1: (False, False), 2: (False, False)}
    with app.app_context():
        logged = db.session().execute(select(AuditEntry.subject, AuditEntry.old_value, AuditEntry.new_value)
                                      .where(AuditEntry.action == "online play changed")
                                      .order_by(AuditEntry.id)).all()
    assert [tuple(row) for row in logged] == [
        ("table 2", "in the room", "online, the app referees"), ("table 1", "in the room", "online"),
        ("table 1", "online", "in the room"), ("table 2", "online, the app referees", "in the room")]
    assert "online play changed" in organiser.get(f"/events/{event_id}/audit").get_data(as_text=True)


def test_the_app_referees_only_a_table_played_online_and_the_refused_form_comes_back_filled_in(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    response = organiser.post(f"/events/{event_id}/online/tables", data={"online-1": "y", "referee-2": "y"})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "The app can referee only a table played online: tick “online” for table 2 too." in page
    assert 'name="online-1" value="y" checked' in page and 'name="referee-2" value="y" checked' in page
    assert _flags(app, event_id) == {1: (False, False), 2: (False, False)}


def test_the_referee_may_change_in_the_middle_of_a_deal_which_keeps_its_own_rules(app, organiser):
    from tests.online.conftest import act, claim_all, online_event, start, state, tokens_at
    event_id = online_event(app, NAMES, 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    turn = next(t for t in at if state(app, t)["game"]["my_turn"])
    assert act(organiser, turn, action="play", card=state(app, turn)["game"]["hand"][0]).status_code == 200
    response = organiser.post(f"/events/{event_id}/online/tables", data={"online-1": "y", "referee-1": "y",
                                                                        "online-2": "y", "referee-2": "y"})
    assert response.status_code == 302
    assert _flags(app, event_id) == {1: (True, True), 2: (True, True)}
    game = state(app, at[0])["game"]
    assert game["deal"] == 1 and len(game["trick"]) == 1  # the deal goes on, still refereed by the players
    assert state(app, turn)["game"]["hand"] and not game["recorded_as"]


def test_the_tables_page_says_which_tables_are_played_online_and_links_the_settings(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    organiser.post(f"/events/{event_id}/online/tables", data={"online-2": "y"})
    page = organiser.get(f"/events/{event_id}/tables").get_data(as_text=True)
    assert f'href="/events/{event_id}/online#online-settings"' in page
    assert page.count("Played online") == 1


def _export(client, event_id: int) -> dict:
    response = client.get(f"/events/{event_id}/export.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def _import(client, document: dict):
    raw = json.dumps(document).encode()
    return client.post("/events/import", data={"file": (io.BytesIO(raw), "event.json")},
                       content_type="multipart/form-data")


def _imported_id(response) -> int:
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])


def test_the_event_file_round_trips_which_tables_are_online_and_refereed(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    organiser.post(f"/events/{event_id}/online/tables", data={"online-1": "y", "online-2": "y", "referee-2": "y"})
    document = _export(organiser, event_id)
    assert document["version"] == 7
    assert [(t["online"], t["app_referees"]) for t in document["tables"]] == [(True, False), (True, True)]
    copy_id = _imported_id(_import(organiser, document))
    assert _flags(app, copy_id) == {1: (True, False), 2: (True, True)}
    again = _export(organiser, copy_id)
    assert again["tables"] == document["tables"]


def test_a_version_3_file_imports_with_every_table_in_the_room(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    document = _export(organiser, event_id)
    document["version"] = 3
    for table in document["tables"]:
        del table["online"], table["app_referees"]
    copy_id = _imported_id(_import(organiser, document))
    assert _flags(app, copy_id) == {1: (False, False), 2: (False, False)}


def test_the_event_file_checks_the_online_flags_like_every_other_field(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    good = _export(organiser, event_id)
    cases = [
        (lambda d: d["tables"][0].pop("online"), "tables[0]: is missing 'online'"),
        (lambda d: d["tables"][1].update(app_referees="yes"), "tables[1].app_referees: must be true or false"),
        (lambda d: d["tables"][0].update(online=1), "tables[0].online: must be true or false"),
        (lambda d: d["tables"][0].update(app_referees=True),
         "tables[0].app_referees: the app can referee only a table played online"),
    ]
    with app.app_context():
        events_before = db.session().query(Event).count()
    for mutate, message in cases:
        document = json.loads(json.dumps(good))
        mutate(document)
        response = _import(organiser, document)
        assert response.status_code == 400, message
        assert message in html.unescape(response.get_data(as_text=True)), message
    with app.app_context():
        assert db.session().query(Event).count() == events_before


def test_an_online_table_in_a_file_of_another_game_is_refused(app, organiser):
    document = _export(organiser, _other_game_event(app))
    document["tables"][0]["online"] = True
    response = _import(organiser, document)
    assert response.status_code == 400
    assert "tables[0].online: only Five Tricks tables are played online; this event plays Euchre" in \
        response.get_data(as_text=True)


def test_duplicate_keeps_which_tables_are_online_and_refereed(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    organiser.post(f"/events/{event_id}/online/tables", data={"online-2": "y", "referee-2": "y"})
    response = organiser.post(f"/events/{event_id}/duplicate")
    copy_id = int(response.headers["Location"].rsplit("/", 1)[1])
    assert _flags(app, copy_id) == {1: (False, False), 2: (True, True)}
