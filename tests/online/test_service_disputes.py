"""Disputed tricks at an online table: everyone sees who points where until they agree, and the
resolved dispute becomes a debrief note."""

from __future__ import annotations

from sqlalchemy import select

from tests.online.conftest import act, claim_all, online_event, start, state, tokens_at
from tournament import db
from tournament.models import AuditEntry, DebriefNote, Event
from tournament.services import audit, notes


def _one_trick(app, client, at):
    for _ in at:
        now = [state(app, t) for t in at]
        i = next(i for i, s in enumerate(now) if s["game"]["my_turn"])
        assert act(client, at[i], action="play", card=now[i]["game"]["playable"][0]).status_code == 200


def test_a_resolved_dispute_becomes_a_debrief_note_naming_the_cards_and_who_pointed_where(app, client):
    event_id = online_event(app, ["Ana", "Ben", "Cleo"], 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    _one_trick(app, client, at)
    trick = state(app, at[0])["game"]["trick"]
    assert act(client, at[0], action="point", index=0).status_code == 200
    assert act(client, at[1], action="point", index=1).status_code == 200
    answer = act(client, at[2], action="point", index=0).get_json()
    assert answer["game"]["stage"] == "dispute"
    with app.app_context():
        assert db.session().scalar(select(DebriefNote)) is None
    answer = act(client, at[1], action="point", index=0).get_json()
    assert answer["game"]["stage"] == "play" and answer["game"]["trick_number"] == 2
    with app.app_context():
        note = db.session().scalar(select(DebriefNote))
        assert (note.source, note.flag, note.table_number, note.round_number) == ("online", "disagreed", 1, 1)
        assert note.text.startswith("Trick 1: ")
        from tournament.games.five_tricks.table_play import card_from_code
        labels = [str(card_from_code(code)) for code in trick]
        assert " ".join(labels) in note.text
        assert f"Ana {labels[0]}" in note.text and f"Ben {labels[1]}" in note.text
        assert str(notes.sender(note.source, note.author)) == "online table"


def _disputed_trick(app, client) -> tuple[int, list[str]]:
    """Three players online, one trick played, and two of them pointing at different cards."""
    event_id = online_event(app, ["Ana", "Ben", "Cleo"], 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    _one_trick(app, client, at)
    for token, index in zip(at, (0, 1, 0), strict=True):
        act(client, token, action="point", index=index)
    return event_id, at


def test_in_a_disagreement_the_organisers_page_says_everyone_pointed_not_whom_it_waits_for(app, client, organiser):
    event_id, at = _disputed_trick(app, client)
    assert state(app, at[0])["game"]["stage"] == "dispute"
    page = organiser.get(f"/events/{event_id}/online").get_data(as_text=True)
    assert "Everyone has pointed, at different cards" in page
    assert "Waiting for" not in page


def test_the_organiser_skips_and_plays_for_an_absent_player_and_it_is_logged(app, client):
    from tournament.services.online import actions

    event_id = online_event(app, ["Ana", "Ben", "Cleo"], 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    turn = next(i for i, t in enumerate(at) if state(app, t)["game"]["my_turn"])
    before = len(state(app, at[turn])["game"]["hand"])
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        table_id = event.tables[0].id
        from tournament.services.online.claims import claim_by_token
        absent = claim_by_token(session, at[turn]).player_id
        actions.play_for(session, event, table_id, absent)
    assert len(state(app, at[turn])["game"]["hand"]) == before - 1
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        actions.skip(session, event, table_id, absent)
        logged = [a.action for a in session.scalars(select(AuditEntry).where(AuditEntry.actor == audit.ORGANISER))]
        assert "card played for player" in logged and "player skipped" in logged
    game = state(app, at[(turn + 1) % 3])["game"]
    assert game["trick"] and len(game["trick"]) == 1


def test_playing_for_a_player_whose_turn_it_is_not_is_refused_and_logs_nothing(app, client):
    import pytest

    from tests.online.conftest import rows
    from tournament.models import OnlineGame
    from tournament.services.errors import Conflict
    from tournament.services.online import actions
    from tournament.services.online.claims import claim_by_token

    event_id = online_event(app, ["Ana", "Ben", "Cleo"], 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    waiting = next(t for t in at if not state(app, t)["game"]["my_turn"])
    before = rows(app, AuditEntry, OnlineGame)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        with pytest.raises(Conflict, match="Nothing to do for that player now"):
            actions.play_for(session, event, event.tables[0].id, claim_by_token(session, waiting).player_id)
        session.rollback()
    assert rows(app, AuditEntry, OnlineGame) == before


def test_an_event_file_with_an_online_tables_note_exports_and_imports_again(app, client):
    from tournament.services import transfer

    event_id, at = _disputed_trick(app, client)
    act(client, at[1], action="point", index=0)
    with app.app_context():
        session = db.session()
        document = transfer.export_event(session, session.get(Event, event_id))
        assert [n["source"] for n in document["notes"]] == ["online"]
        copy = transfer.import_event(session, document, suffix=" (copy)")
        copied = session.scalar(select(DebriefNote).where(DebriefNote.event_id == copy.id))
        assert (copied.source, copied.flag, copied.author) == ("online", "disagreed", "")
