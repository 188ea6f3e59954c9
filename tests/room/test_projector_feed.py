"""The projector's page and data: read-only by token, phase follows the tournament, ETag polling,
and a fixed number of SQL statements whatever the size of the event."""

import pytest

from tests.conftest import count_queries, setup_event
from tests.room.conftest import close_round, record_winner, seated, start_round, tokens


def feed(client, app, event_id, **headers):
    return client.get(f"/p/{tokens(app, event_id)['projector']}/feed.json", headers=headers)


def test_before_round_one_the_projector_shows_the_home_tables(client, app, event_id):
    data = feed(client, app, event_id).get_json()
    assert data["phase"] == "home"
    assert [t["number"] for t in data["seating"]] == [1, 2, 3]
    assert sum(len(t["players"]) for t in data["seating"]) == 9


def test_a_running_round_shows_its_seating_and_which_tables_reported(client, app, running):
    record_winner(app, running, 2, [next(iter(seated(app, running, 2)))])
    data = feed(client, app, running).get_json()
    assert data["phase"] == "round" and data["round"] == 1
    assert [t["games"] for t in data["seating"]] == [0, 1, 0]


def test_starting_a_round_from_the_organiser_starts_its_countdown(organiser, app, event_id):
    organiser.post(f"/events/{event_id}/rounds/start")
    timer = feed(organiser, app, event_id).get_json()["timer"]
    assert timer["phase"] == "round" and timer["running"] and timer["total"] == 7 * 60
    assert timer["ends_at"] is not None


def test_a_closed_round_shows_ranking_moves_ties_next_seating_and_standings(client, app, running):
    for table in (1, 2, 3):
        record_winner(app, running, table, [sorted(seated(app, running, table))[-1]])
    close_round(app, running)
    data = feed(client, app, running).get_json()
    assert data["phase"] == "results" and data["round"] == 1 and data["next_round"] == 2
    bottom = data["results"][0]
    assert bottom["rows"][0]["winner"] and bottom["rows"][0]["games"] == 1
    assert bottom["rows"][0]["direction"] == "up" and bottom["rows"][0]["to"] == 2
    assert any("alphabetical order" in text for text in bottom["ties"])
    # bottom table: nobody goes lower
    assert bottom["rows"][-1]["direction"] == "stay" and bottom["rows"][-1]["to"] == 1
    assert len(data["seating"]) == 3
    everyone = set(seated(app, running, 1)) | set(seated(app, running, 2)) | set(seated(app, running, 3))
    assert {row["name"] for row in data["standings"]} == everyone


def test_unchanged_data_answers_304_and_a_change_answers_200_with_a_new_etag(client, app, running):
    first = feed(client, app, running)
    tag = first.headers["ETag"]
    again = feed(client, app, running, **{"If-None-Match": tag})
    assert again.status_code == 304 and again.headers["ETag"] == tag
    assert again.headers["X-Server-Time"].isdigit()
    record_winner(app, running, 1, [next(iter(seated(app, running, 1)))])
    changed = feed(client, app, running, **{"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag


def test_the_etag_does_not_change_while_a_countdown_runs(client, app, organiser, event_id):
    organiser.post(f"/events/{event_id}/rounds/start")
    tag = feed(client, app, event_id).headers["ETag"]
    assert feed(client, app, event_id, **{"If-None-Match": tag}).status_code == 304


def test_an_unknown_projector_token_is_refused(client):
    assert client.get("/p/not-a-token").status_code == 404
    response = client.get("/p/not-a-token/feed.json", headers={"Accept": "application/json"})
    assert response.status_code == 404


def test_the_projector_page_needs_no_login_and_loads_nothing_from_outside(client, app, event_id):
    response = client.get(f"/p/{tokens(app, event_id)['projector']}")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<svg" in html and "/s/" in html  # the where-do-I-sit QR code and its link
    for outside in ("http://fonts", "https://", "cdn", "style=\"", "<script>"):
        assert outside not in html


def _snapshot_statements(app, client, event_id) -> int:
    url = f"/p/{tokens(app, event_id)['projector']}/feed.json"
    with count_queries(app) as statements:
        assert client.get(url).status_code == 200
    return len(statements)


def _event(app, tables: int, name: str) -> int:
    return setup_event(app, [f"P{tables}-{i:03d}" for i in range(tables * 3)], tables=tables, name=name)


@pytest.mark.parametrize("phase", ["home", "round", "results"])
def test_the_feed_uses_the_same_number_of_statements_for_5_and_50_tables(client, app, phase):
    counts = []
    for tables in (5, 50):
        event_id = _event(app, tables, f"E{tables}")
        if phase != "home":
            start_round(app, event_id)
            for table in range(1, tables + 1):
                record_winner(app, event_id, table, [sorted(seated(app, event_id, table))[0]] * 2)
        if phase == "results":
            close_round(app, event_id)
        counts.append(_snapshot_statements(app, client, event_id))
    assert counts[0] == counts[1], counts
    assert counts[0] <= 12


def test_the_projector_polls_every_250_ms_while_a_round_runs_and_700_ms_otherwise(client, app, event_id):
    assert feed(client, app, event_id).get_json()["poll_ms"] == 700  # home tables
    start_round(app, event_id)
    running = feed(client, app, event_id)
    assert running.get_json()["poll_ms"] == 250
    assert feed(client, app, event_id, **{"If-None-Match": running.headers["ETag"]}).status_code == 304
    close_round(app, event_id)
    assert feed(client, app, event_id).get_json()["poll_ms"] == 700  # results


def test_the_projector_script_waits_as_long_as_the_feed_says():
    from tournament import PROJECT_ROOT

    script = (PROJECT_ROOT / "tournament" / "static" / "projector.js").read_text()
    # Without a live stream it polls every pollMs (static/push.js calls `every`).
    assert "pollMs = data.poll_ms" in script and "every: function () { return pollMs; }" in script


def test_a_rebuild_during_a_round_tracks_no_object_per_table_seat_player_or_game(app):
    """The rebuild runs after every phone result, once for all screens: it reads plain rows, so
    the only objects it loads are the event's rounds, whatever the event's size."""
    from sqlalchemy import event as orm_events
    from sqlalchemy import select

    from tournament import db
    from tournament.models import Event
    from tournament.services import room, timer

    tracked = []
    for tables in (5, 50):
        event_id = _event(app, tables, f"Tracked {tables}")
        start_round(app, event_id)
        for table in range(1, tables + 1):
            record_winner(app, event_id, table, [sorted(seated(app, event_id, table))[0]])
        with app.app_context():
            session = db.session()
            event = session.scalar(select(Event).where(Event.id == event_id))
            loaded: list = []
            orm_events.listen(session, "loaded_as_persistent", lambda _s, instance, into=loaded: into.append(instance))
            data = room.snapshot(session, event, timer.now_utc())
            assert data["phase"] == "round" and [t["games"] for t in data["seating"]] == [1] * tables
            tracked.append(len(loaded))
    assert tracked[0] == tracked[1] == 1, tracked  # round 1


def test_the_presenter_link_gives_the_wall_the_same_words_as_the_plain_projector_link(client, app, running):
    """The wall's script draws its headings from the page's strings: a projector opened with the
    presenter link must carry them too, or the cards read "table" and "player"."""
    from tournament import db
    from tournament.models import Event
    from tournament.services import room_links

    with app.app_context():
        event = db.session().get(Event, running)
        plain = f"/p/{event.projector_token}"
        presenter = f"{plain}/present/{room_links.presenter_key(app.secret_key, event)}"
    pages = [client.get(path).get_data(as_text=True) for path in (plain, presenter)]
    blocks = [page.split('id="i18n">', 1)[1].split("</script>", 1)[0] for page in pages if 'id="i18n">' in page]
    assert len(blocks) == 2 and blocks[0] == blocks[1]
    assert '"table": "Table {number}"' in blocks[0]
