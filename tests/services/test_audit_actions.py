"""The change log stores its actions in English and shows them in the page's language: one map
holds every action phrase the app writes; a phrase it does not know is shown as stored."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import setup_event
from tournament import db, games
from tournament.i18n.catalogues import compile_all
from tournament.services import audit
from tournament.services.lifecycle import _AUDIT

ROOT = Path(__file__).resolve().parents[2] / "tournament"


@pytest.fixture(autouse=True, scope="module")
def _compiled() -> None:
    compile_all(only_stale=True)


def _written_actions() -> set[str]:
    """Every action phrase a call of ``audit.log``, a unit of work's ``change.audit`` (or a local
    ``log`` helper) writes."""
    found: set[str] = set(_AUDIT.values())
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            # audit.log(session, event_id, actor, action, ...), change.audit(action, ...) or a local log(action, ...)
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if isinstance(node.func, ast.Attribute) and name == "log" and len(node.args) > 3:
                arg = node.args[3]
            elif name in ("log", "audit") and node.args:
                arg = node.args[0]
            else:
                continue
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.add(arg.value)
            elif isinstance(arg, ast.JoinedStr):  # f"{noun} added": one phrase per scorer's noun
                suffix = "".join(part.value for part in arg.values if isinstance(part, ast.Constant))
                found.update(f"{game.scorer.entry_noun}{suffix}" for game in games.all_games()
                             if game.scorer is not None)
    return found


def test_every_action_the_app_writes_to_the_log_has_its_translatable_message() -> None:
    written = _written_actions()
    assert {"game recorded", "round closed", "seat moved", "hand added", "deal undone"} <= written
    assert written <= set(audit.ACTIONS)
    assert all(message.msgid == phrase and message.context == "audit" for phrase, message in audit.ACTIONS.items())


def test_an_action_the_map_does_not_know_is_shown_as_stored() -> None:
    assert audit.action_text("table painted") == "table painted"


def test_an_actor_that_only_begins_like_a_table_phone_is_shown_as_stored() -> None:
    # An imported file may name any actor; one that starts like the app's own is still shown.
    assert audit.actor_text("phone, table ten") == "phone, table ten"
    assert audit.actor_text("online table by the window") == "online table by the window"


def test_the_change_log_shows_actions_in_german_and_subjects_as_stored(app, organiser) -> None:
    event_id = setup_event(app, ["Ana", "Ben", "Cy", "Dan"], tables=1)
    with app.app_context():
        audit.log(db.session(), event_id, audit.ORGANISER, "table painted", "table 1")
        db.session().commit()
    assert organiser.post(f"/events/{event_id}/rounds/start").status_code == 302
    page = organiser.get(f"/events/{event_id}/audit", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "<h1>Änderungsprotokoll</h1>" in page and "Runde gestartet" in page and "table painted" in page
    english = organiser.get(f"/events/{event_id}/audit").get_data(as_text=True)
    assert "<h1>Change log</h1>" in english and "round started" in english


def test_a_filter_that_is_not_a_number_is_refused_in_the_pages_language(app, organiser) -> None:
    event_id = setup_event(app, ["Ana", "Ben", "Cy"], tables=1)
    response = organiser.get(f"/events/{event_id}/audit?table=x", headers={"Accept-Language": "fr"})
    assert response.status_code == 400
    assert "Le filtre de table doit être un nombre." in response.get_data(as_text=True)
