"""A screen's presence ("last seen", which shows who is away) is a write of its own: the page's
script POSTs a beacon; opening the page and polling it only read."""

from __future__ import annotations

import ast
from pathlib import Path

from sqlalchemy import select, update

from tests.online.conftest import claim_all, online_event, start
from tournament import db
from tournament.models import OnlineClaim

BLUEPRINTS = Path(__file__).resolve().parents[2] / "tournament" / "blueprints"


def _seen(app, token: str):
    with app.app_context():
        return db.session().scalar(select(OnlineClaim.seen_at).where(OnlineClaim.token == token))


def _never_seen(app) -> None:
    with app.app_context():
        db.session().execute(update(OnlineClaim).values(seen_at=None))
        db.session().commit()


def test_opening_the_players_page_and_polling_it_mark_nobody_present(app, client):
    event_id = online_event(app, ["Ana", "Ben"], 1)
    token = claim_all(app, event_id)["Ana"]
    start(app, event_id)
    _never_seen(app)
    assert client.get(f"/play/{token}").status_code == 200
    assert client.get(f"/play/{token}/state?key=").status_code == 200
    assert _seen(app, token) is None


def test_the_pages_beacon_marks_the_device_present_and_the_page_sends_it(app, client):
    event_id = online_event(app, ["Ana", "Ben"], 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    _never_seen(app)
    page = client.get(f"/play/{tokens['Ana']}").get_data(as_text=True)
    assert f'data-here-url="/play/{tokens["Ana"]}/here"' in page
    answer = client.post(f"/play/{tokens['Ana']}/here")
    assert answer.status_code == 204
    assert _seen(app, tokens["Ana"]) is not None
    assert _seen(app, tokens["Ben"]) is None


def test_a_beacon_from_a_link_no_longer_held_is_refused_with_the_sentence(app, client):
    answer = client.post("/play/no-such-link-at-all/here")
    assert answer.status_code == 404
    assert "open the event's link and pick your name again" in answer.get_json()["error"]


def _get_views(tree: ast.Module):
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        for decorator in node.decorator_list:
            call = decorator if isinstance(decorator, ast.Call) else None
            name = call.func.attr if call is not None and isinstance(call.func, ast.Attribute) else None
            methods = next((k.value for k in call.keywords if k.arg == "methods"), None) if call else None
            listed = ast.literal_eval(methods) if methods is not None else None
            if name == "get" or (name == "route" and (listed is None or "GET" in listed)):
                yield node


def test_no_get_handler_of_the_players_pages_commits():
    committing = []
    for path in sorted((BLUEPRINTS / "play").glob("*.py")):
        for view in _get_views(ast.parse(path.read_text(encoding="utf-8"))):
            calls = [n for n in ast.walk(view) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)]
            if any(call.func.attr in ("commit", "touch") for call in calls):
                committing.append(f"{path.name}:{view.name}")
    assert committing == []
