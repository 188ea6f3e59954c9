"""Property: every event the organiser's pages can build exports, imports as a new event and
exports again to the same file (ids and link secrets aside), and its backup restores.

Hypothesis drives random sequences of real form posts through the test client: players pasted
(with any letters, accents, marks, symbols and emoji), table plans, rounds started and closed,
results entered and corrected, withdrawals, latecomers and renames. Control and invisible
characters are the name gate's own tests (core.names.clean_text)."""

from __future__ import annotations

import io
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from tests.transfer.unmarked import unmarked
from tournament import db
from tournament.blueprints.service_config import backup_store
from tournament.models import Event, Player, Round, Seat, Table

NAME = st.text(st.characters(whitelist_categories=("L", "M", "N", "P", "S", "Zs")), min_size=1, max_size=14)
ACTION = st.one_of(
    st.tuples(st.just("paste"), st.lists(NAME, min_size=1, max_size=8)),
    st.tuples(st.just("plan"), st.one_of(st.none(), st.integers(1, 4)), st.booleans()),
    st.tuples(st.just("start")),
    st.tuples(st.just("results"), st.integers(0, 3), st.integers(0, 5), st.booleans()),
    st.tuples(st.just("close")),
    st.tuples(st.just("correct"), st.integers(0, 3), st.integers(0, 5)),
    st.tuples(st.just("status"), st.integers(0, 50), st.sampled_from(["withdrawn", "observer", "seated"])),
    st.tuples(st.just("late"), NAME, st.integers(0, 3)),
    st.tuples(st.just("rename"), st.integers(0, 50), NAME),
)

# A round's life, drawn more often so that examples reach played and corrected rounds.
ROUND = st.one_of(
    st.tuples(st.just("start")),
    st.tuples(st.just("results"), st.integers(0, 3), st.integers(1, 4), st.booleans()),
    st.tuples(st.just("close")),
)


def _state(app, event_id: int):
    with app.app_context():
        session = db.session()
        rounds = list(session.scalars(select(Round).where(Round.event_id == event_id).order_by(Round.number)))
        players = list(session.scalars(select(Player).where(Player.event_id == event_id).order_by(Player.id)))
        tables = list(session.scalars(select(Table.number).where(Table.event_id == event_id)))
        seats: dict[int, list[int]] = {}
        if rounds:
            for player_id, number in session.execute(
                    select(Seat.player_id, Table.number).join(Table, Seat.table_id == Table.id)
                    .where(Seat.round_id == rounds[-1].id)):
                seats.setdefault(number, []).append(player_id)
        return rounds, [(p.id, p.status) for p in players], sorted(tables), seats


def _results_form(seated: list[int], games: int, tricks: bool) -> dict:
    form = {}
    for game in range(games):
        winner = seated[game % len(seated)]
        form[f"games-{game}-winner"] = "" if tricks else str(winner)
        form[f"games-{game}-version"] = ""
        if tricks:
            form[f"games-{game}-s{winner}"] = "3"
            form[f"games-{game}-s{seated[(game + 1) % len(seated)]}"] = "1" if len(seated) > 1 else "3"
    return form


def _act(app, client, event_id: int, action: tuple) -> int:
    kind = action[0]
    base = f"/events/{event_id}"
    rounds, players, tables, seats = _state(app, event_id)
    current = rounds[-1] if rounds else None
    if kind == "paste":
        return client.post(f"{base}/players", data={"names": "\n".join(action[1])}).status_code
    if kind == "plan":
        data = {"tables": "" if action[1] is None else str(action[1])}
        if action[2]:
            data["even"] = "y"
        return client.post(f"{base}/tables/plan", data=data).status_code
    if kind == "start":
        return client.post(f"{base}/rounds/start").status_code
    if kind == "close" and current is not None:
        return client.post(f"{base}/rounds/{current.number}/close").status_code
    if kind in ("results", "correct") and seats:
        number = current.number if kind == "results" else max(1, current.number - 1)
        table = sorted(seats)[action[1] % len(seats)]
        games = action[2] if kind == "results" else 1
        form = _results_form(seats[table], games, kind == "results" and action[3])
        if kind == "correct":
            with app.app_context():
                page = client.get(f"{base}/rounds/{number}/tables/{table}").get_data(as_text=True)
            form["games-0-version"] = _first_version(page)
        return client.post(f"{base}/rounds/{number}/tables/{table}", data=form).status_code
    if kind == "status" and players:
        player_id = players[action[1] % len(players)][0]
        return client.post(f"{base}/players/{player_id}/status/{action[2]}",
                           data={"table": str(tables[0]) if tables else ""}).status_code
    if kind == "late" and tables:
        return client.post(f"{base}/players/late",
                           data={"name": action[1], "table": str(tables[action[2] % len(tables)])}).status_code
    if kind == "rename" and players:
        player_id = players[action[1] % len(players)][0]
        return client.post(f"{base}/players/{player_id}", data={"name": action[2]}).status_code
    return 0


def _first_version(page: str) -> str:
    marker = 'name="games-0-version" type="hidden" value="'
    start = page.find(marker)
    if start < 0:
        return ""
    start += len(marker)
    return page[start:page.index('"', start)]


def _without(document: dict, *keys: str) -> dict:
    return {key: value for key, value in document.items() if key not in keys}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(event_name=NAME, names=st.lists(NAME, min_size=3, max_size=14),
       plan=st.tuples(st.just("plan"), st.one_of(st.none(), st.integers(1, 3)), st.booleans()),
       actions=st.lists(st.one_of(ROUND, ACTION), max_size=16))
def test_every_event_the_pages_can_build_exports_imports_and_restores(app, organiser, event_name, names, plan,
                                                                      actions):
    created = organiser.post("/events", data={"name": event_name, "round_minutes": "7"})
    if created.status_code != 302:
        assert created.status_code == 400
        return
    event_id = int(created.headers["Location"].split("/events/")[1].split("/")[0])
    for action in [("paste", names), plan, *actions]:
        assert _act(app, organiser, event_id, action) < 500, action

    first = organiser.get(f"/events/{event_id}/export.json")
    assert first.status_code == 200
    raw = first.get_data()
    assert len(raw) <= app.config["MAX_CONTENT_LENGTH"]
    imported = organiser.post("/events/import", data={"file": (io.BytesIO(raw), "event.json")},
                              content_type="multipart/form-data")
    assert imported.status_code == 302, imported.get_data(as_text=True)[-800:]
    copy_id = int(imported.headers["Location"].rsplit("/", 1)[1])
    again = organiser.get(f"/events/{copy_id}/export.json").get_json()
    assert unmarked(again) == unmarked(json.loads(raw))

    with app.app_context():
        backup = backup_store(app).write(db.session(), db.session().get(Event, event_id))
    restored = organiser.post(f"/events/{event_id}/backups/{backup.name}/restore")
    assert restored.status_code == 302
    restored_doc = organiser.get(restored.headers["Location"] + "/export.json").get_json()
    assert _without(restored_doc, "exported_at", "event") == _without(json.loads(raw), "exported_at", "event")
