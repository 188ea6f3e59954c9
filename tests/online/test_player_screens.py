"""A player's screen drawn from hand-built views: what each phase shows and hides, names
escaped, the device's own hand only."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from tests.conftest import setup_event
from tournament import db
from tournament.blueprints.play.payload import state_payload
from tournament.core.i18n import T
from tournament.games.protocol import CardFace
from tournament.models import Event, OnlineClaim, Table
from tournament.services.online.view_model import (
    NO_PAD,
    CardView,
    GameView,
    MessageView,
    MoveView,
    PadLine,
    PadView,
    PlayedCard,
    PlayerView,
    SeatView,
)
from tournament.services.timer import TimerView

EVIL = '<img src=x onerror="alert(1)">Zoë'
SUITS = {"h": ("hearts", "♥", True), "d": ("diamonds", "♦", True), "c": ("clubs", "♣", False),
         "s": ("spades", "♠", False)}


def face(code: str) -> CardFace:
    suit, symbol, red = SUITS[code[-1]]
    return CardFace(rank=code[:-1], suit=suit, symbol=symbol, red=red, code=code)


def seat(pid: int, name: str, **kw) -> SeatView:
    values = dict(player_id=pid, name=name, me=False, dealer=False, turn=False, cards_left=5, tricks=0, away=False,
                  skipped=False, pointed=False, choice=None)
    values.update(kw)
    return SeatView(**values)


def deal(stage="play", hand=("7h", "As", "Kd"), trick=(), my_turn=True, practice=False, **kw) -> GameView:
    seats = (seat(1, EVIL, me=True, turn=my_turn and stage == "play", cards_left=len(hand)),
             seat(2, "Ben", dealer=True), seat(3, "Cleo", turn=not my_turn and stage == "play"),
             seat(4, "Dan", away=True))
    values = dict(number=2, practice=practice, referee=False, stage=stage, seats=seats,
                  trick=tuple(PlayedCard(i + 2, n, face(c), (), False) for i, (n, c) in enumerate(trick)),
                  trick_number=3, tricks_in_deal=7, hand=tuple(CardView(face(c), True) for c in hand),
                  my_turn=my_turn, my_choice=None, last_trick=(), last_taker=None,
                  waiting_for=() if my_turn else ("Cleo",), winner=None, recorded_as=None)
    values.update(kw)
    return GameView(**values)


def player(phase="tournament", game=None, **kw) -> PlayerView:
    values = dict(key="7.3.12.1000", phase=phase, player_id=1, name=EVIL, table_number=3,
                  where=T("Table {number}", number=3), online=True,
                  round_number=1 if phase in ("tournament", "between") else None,
                  timer=TimerView("round", 900, 612.4, True, datetime(2026, 11, 22, 18, tzinfo=UTC)),
                  sheet_table=None, game=game, can_chat=phase == "practice", messages=(), pad=NO_PAD, move=None,
                  notice=None)
    values.update(kw)
    return PlayerView(**values)


def render(app, view: PlayerView, path: str = "/play/no-such-token/state") -> dict:
    with app.test_request_context(path):
        return state_payload(view)


def test_the_payload_has_the_devices_keys_and_polls_fast_during_a_deal(app):
    payload = render(app, player(game=deal()))
    assert set(payload) == {"key", "phase", "poll_ms", "html", "pad", "strokes_since", "strokes", "game"}
    assert payload["poll_ms"] == 400 and payload["key"] == "7.3.12.1000" and payload["phase"] == "tournament"
    assert render(app, player(phase="waiting"))["poll_ms"] == 2000


@pytest.mark.parametrize("phase", ["waiting", "study", "practice", "tournament", "between", "ended", "not_playing"])
def test_a_players_name_is_escaped_on_every_screen(app, phase):
    game = deal() if phase in ("practice", "tournament") else None
    move = MoveView("▲", T("You move up to table {n}.", n=2), 2) if phase in ("between", "ended") else None
    html = render(app, player(phase=phase, game=game, move=move))["html"]
    assert "<img" not in html and "&lt;img src=x" in html


def test_a_device_receives_its_own_hand_and_only_counts_of_the_others(app):
    payload = render(app, player(game=deal(hand=("7h", "As"), trick=(("Ben", "Qc"),), my_turn=False)))
    assert payload["game"]["hand"] == ["7h", "As"] and payload["game"]["trick"] == ["Qc"]
    html = payload["html"]
    assert html.count('data-action="play"') == 2
    assert "5 cards" in html  # the others: a count, never a card


def test_cards_are_tappable_only_on_the_players_turn(app):
    mine = render(app, player(game=deal(my_turn=True)))["html"]
    theirs = render(app, player(game=deal(my_turn=False)))["html"]
    assert 'data-card="7h">' in mine and 'data-card="7h" disabled>' in theirs
    assert "Cleo</bdi> plays now." in theirs


def test_the_tournament_shows_no_rule_sheet_and_no_chat_but_gestures(app):
    chat = MessageView("chat", "Ben", "hello", None, False)
    html = render(app, player(game=deal(), messages=(chat,)))["html"]
    assert "rule-sheet" not in html and 'data-can-chat="0"' in html and 'data-pad="1"' in html
    assert 'data-gesture="yes"' in html


def test_practice_shows_the_chat_and_the_deal(app):
    chat = MessageView("chat", EVIL, "<b>hi</b>", None, True)
    html = render(app, player(phase="practice", game=deal(practice=True), messages=(chat,)))["html"]
    assert 'data-can-chat="1"' in html and "&lt;b&gt;hi&lt;/b&gt;" in html and "Practice deal 2" in html


def test_a_gesture_shows_by_its_senders_seat(app):
    wave = MessageView("gesture", "Ben", "👍", T("Yes"), False)
    html = render(app, player(game=deal(), messages=(wave,)))["html"]
    seat_html = html.split("Ben</bdi>", 1)[1].split("</li>", 1)[0]
    assert "👍" in seat_html


def test_pointing_makes_the_trick_tappable(app):
    trick = (("Ben", "Qc"), ("Cleo", "Kc"), ("Dan", "2c"))
    html = render(app, player(game=deal(stage="point", trick=trick)))["html"]
    assert html.count('data-action="point"') == 3 and "Which card took the trick?" in html


def test_a_dispute_shows_everyones_choice_and_the_players_own(app):
    game = deal(stage="dispute", trick=(("Ben", "Qc"), ("Cleo", "Kc")), my_choice=1)
    game = replace(game, trick=(replace(game.trick[0], votes=("Ben",)), replace(game.trick[1], votes=(EVIL, "Cleo"))))
    html = render(app, player(game=game))["html"]
    assert "Pointed at by <bdi>Ben</bdi>" in html and 'aria-pressed="true"' in html and "your choice" in html
    assert "Pointed at by <bdi>&lt;img" in html


def test_the_deal_over_names_the_winner_and_offers_the_next_deal(app):
    game = deal(stage="over", hand=(), winner="Ben", recorded_as=4)
    html = render(app, player(game=game))["html"]
    assert "Ben</bdi> wins the deal!" in html and "Recorded as game 4 of this round." in html
    assert 'data-action="deal" data-after="2"' in html


def test_between_rounds_the_screen_shows_the_move_and_the_next_table(app):
    view = player(phase="between", move=MoveView("▼", T("You move down to table {n}.", n=4), 4), table_number=4)
    html = render(app, view)["html"]
    assert "move-down" in html and "▼" in html and "Go to table 4" in html and "data-action" not in html


def test_strokes_reach_the_canvas_as_points(app):
    drawn = PadView("3.1.0", (PadLine(8, 1, "[[0,0],[1000,500]]", "red"), PadLine(9, 2, "[[5,5],[6,6]]", "ink")), 4)
    assert render(app, player(game=deal(), pad=drawn))["strokes"] == [
        {"points": [[0, 0], [1000, 500]], "colour": "red", "mine": True},
        {"points": [[5, 5], [6, 6]], "colour": "ink", "mine": False}]


def test_the_timer_counts_from_the_events_timer(app):
    html = render(app, player(game=deal()))["html"]
    assert 'data-left="612.4"' in html and "10:13" in html


def test_study_shows_the_home_tables_rule_sheet(app):
    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dan"], tables=1)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        table = session.query(Table).filter_by(event_id=event_id).one()
        table.house_rule = "No <b>talking</b>"
        session.add(OnlineClaim(player_id=event.players[0].id, event_id=event_id, token="t" * 32))
        session.commit()
    html = render(app, player(phase="study", sheet_table=1), "/play/" + "t" * 32 + "/state")["html"]
    assert "rule-sheet" in html and "No &lt;b&gt;talking&lt;/b&gt;" in html


def test_a_rounds_countdown_shows_only_while_the_round_runs(app):
    between = player(phase="between", move=MoveView("●", T("You stay at table {n}.", n=3), 3))
    assert "play-timer" not in render(app, between)["html"]
    study = player(phase="study", timer=TimerView("study", 600, 300, True, datetime(2026, 11, 22, 18, tzinfo=UTC)))
    assert "play-timer" in render(app, study)["html"]


def test_a_player_at_a_table_in_the_room_is_sent_there_without_pad_or_gestures(app):
    html = render(app, player(online=False, table_number=5))["html"]
    assert "Go to table 5" in html and 'data-pad="0"' in html and "data-gesture" not in html
