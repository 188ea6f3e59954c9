"""The organiser's online page: every online table as it plays, never a hand; the feed; the
organiser's help for a player (release, skip, play for, move); personal links."""

from __future__ import annotations

import html
import re

from sqlalchemy import select

from tests.app.helpers import shown_text
from tests.conftest import count_queries
from tests.online.conftest import act, claim_all, deal_hands, online_event, start, state, tokens_at
from tournament import db
from tournament.games.five_tricks.replay import FIVE_TRICKS_TRICKS
from tournament.models import AuditEntry, OnlineClaim, Player, Round, Seat, Table

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal"]


def _round_id(app, event_id: int) -> int:
    with app.app_context():
        return db.session().scalar(select(Round.id).where(Round.event_id == event_id).order_by(Round.number.desc()))


def _play_one(client, app, at: list[str]) -> str:
    """The player whose turn it is plays their first card; returns its code."""
    turn = next(t for t in at if state(app, t)["game"]["my_turn"])
    code = state(app, turn)["game"]["playable"][0]
    assert act(client, turn, action="play", card=code).status_code == 200
    return code


def _marks(card) -> list[str]:
    face = FIVE_TRICKS_TRICKS.face(card)
    return [f"{face.rank}{face.symbol}", f'"{face.code}"', f">{face.code}<"]


def _table_parts(text: str) -> dict[int, str]:
    """Each online table's card of the page, by table number (the page draws one per table)."""
    parts = re.split(r'(?=<section class="card online-table[^"]*" data-table=")', text)
    return {int(re.match(r'<section class="card online-table[^"]*" data-table="(\d+)"', part).group(1)): part
            for part in parts if part.startswith('<section class="card online-table')}


def test_the_online_page_shows_no_card_of_any_hand(app, organiser):
    event_id = online_event(app, NAMES, 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    played: dict[int, set[str]] = {}
    for number in (1, 2):
        at = tokens_at(app, event_id, tokens, number)
        played[number] = {_play_one(organiser, app, at), _play_one(organiser, app, at)}
    page = organiser.get(f"/events/{event_id}/online").get_data(as_text=True)
    feed = organiser.get(f"/events/{event_id}/online/live.json?key=").get_json()["html"]
    # Outside the tables' cards no card is drawn at all.
    for text in (page, feed):
        outside = re.sub(r'<section class="card online-table.*?</section>', "", text, flags=re.S)
        assert not re.search(r"[♠♥♦♣]", outside)
    round_id = _round_id(app, event_id)
    for text in (page, feed):
        parts = _table_parts(text)
        assert sorted(parts) == [1, 2]
        for number, part in parts.items():
            deal = deal_hands(app, event_id, number, round_id, 1, 4)
            for card in [c for hand in deal.hands for c in hand] + list(deal.aside):
                face = FIVE_TRICKS_TRICKS.face(card)
                if face.code in played[number]:  # on the table for everyone to see
                    assert f"{face.rank}{face.symbol}" in part
                    continue
                for mark in _marks(card):
                    assert mark not in part, (number, face.code, mark)
    assert "Deal 1 · trick 1" in page


def test_the_feed_answers_204_while_nothing_changed_and_the_fragment_after_a_card(app, organiser):
    event_id = online_event(app, NAMES, 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    page = organiser.get(f"/events/{event_id}/online").get_data(as_text=True)
    key = html.unescape(re.search(r'data-key="([^"]+)"', page).group(1))
    assert organiser.get(f"/events/{event_id}/online/live.json", query_string={"key": key}).status_code == 204
    _play_one(organiser, app, tokens_at(app, event_id, tokens, 1))
    fresh = organiser.get(f"/events/{event_id}/online/live.json", query_string={"key": key})
    assert fresh.status_code == 200
    data = fresh.get_json()
    assert data["key"] != key and "<html" not in data["html"] and "Table 1" in data["html"]


def test_the_online_page_and_its_feed_need_the_organisers_login(app, organiser):
    event_id = online_event(app, NAMES, 2)
    anonymous = app.test_client()
    for url in (f"/events/{event_id}/online", f"/events/{event_id}/online/live.json",
                f"/events/{event_id}/print/personal-links"):
        response = anonymous.get(url)
        assert response.status_code in (302, 401, 403), url
        assert "/login" in response.headers.get("Location", "/login"), url


def _claim_token(app, player_id: int) -> str | None:
    with app.app_context():
        return db.session().scalar(select(OnlineClaim.token).where(OnlineClaim.player_id == player_id))


def _player_id(app, event_id: int, name: str) -> int:
    with app.app_context():
        return db.session().scalar(select(Player.id).where(Player.event_id == event_id, Player.name == name))


def test_releasing_a_name_makes_its_old_link_404(app, organiser, client):
    event_id = online_event(app, NAMES, 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    ana = _player_id(app, event_id, "Ana")
    confirm = organiser.get(f"/events/{event_id}/online/players/{ana}/release")
    assert confirm.status_code == 200 and "Release Ana's name?" in shown_text(confirm)
    assert _claim_token(app, ana) == tokens["Ana"]  # asking is not releasing
    response = organiser.post(f"/events/{event_id}/online/players/{ana}/release")
    assert response.status_code == 302
    assert _claim_token(app, ana) is None
    gone = act(client, tokens["Ana"], action="gesture", gesture="yes")
    assert gone.status_code == 404
    assert "This link is no longer yours" in gone.get_json()["error"]
    with app.app_context():
        assert db.session().scalar(select(AuditEntry.subject).where(AuditEntry.action == "claim released")) == "Ana"


def test_skip_makes_the_absent_player_sit_out_the_rest_of_the_deal(app, organiser):
    event_id = online_event(app, NAMES, 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    turn = next(t for t in at if state(app, t)["game"]["my_turn"])
    name = next(n for n, t in tokens.items() if t == turn)
    player = _player_id(app, event_id, name)
    url = f"/events/{event_id}/online/tables/1/players/{player}/skip"
    assert organiser.get(url).status_code == 200  # the confirmation, nothing done
    assert state(app, turn)["game"]["my_turn"]
    assert organiser.post(url).status_code == 302
    mine = state(app, turn)["game"]
    assert not mine["my_turn"] and mine["playable"] == []  # no turn, nothing to play: sits out the deal
    assert sum(state(app, t)["game"]["my_turn"] for t in at) == 1  # the next player plays now
    page = organiser.get(f"/events/{event_id}/online").get_data(as_text=True)
    assert "sits out this deal" in page
    with app.app_context():
        assert db.session().scalar(select(AuditEntry.subject).where(AuditEntry.action == "player skipped")) == name


def test_play_for_plays_the_absent_players_first_playable_card(app, organiser):
    event_id = online_event(app, NAMES, 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    turn = next(t for t in at if state(app, t)["game"]["my_turn"])
    before = state(app, turn)["game"]
    first = before["playable"][0]
    player = _player_id(app, event_id, next(n for n, t in tokens.items() if t == turn))
    assert organiser.post(f"/events/{event_id}/online/tables/1/players/{player}/play-for").status_code == 302
    after = state(app, turn)["game"]
    assert after["trick"][-1] == first and first not in after["hand"]
    assert len(after["hand"]) == len(before["hand"]) - 1


def test_skip_or_play_for_a_player_not_at_that_table_is_refused_and_changes_nothing(app, organiser):
    event_id = online_event(app, NAMES, 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at_two = tokens_at(app, event_id, tokens, 2)
    name = next(n for n, t in tokens.items() if t == at_two[0])
    player = _player_id(app, event_id, name)
    for url in (f"/events/{event_id}/online/tables/1/players/{player}/play-for",
                f"/events/{event_id}/online/tables/1/players/{player}/skip",
                f"/events/{event_id}/online/tables/9/players/{player}/skip",
                f"/events/{event_id}/online/tables/1/players/999999/skip",
                f"/events/{event_id}/online/players/999999/release"):
        response = organiser.post(url)
        assert 400 <= response.status_code < 500, url
        assert 'class="flash flash-error"' in response.get_data(as_text=True), url
    with app.app_context():
        assert db.session().scalar(select(AuditEntry.id).where(AuditEntry.action.in_(
            ("player skipped", "card played for player", "claim released")))) is None


def _seat_table(app, event_id: int, name: str) -> int:
    with app.app_context():
        session = db.session()
        latest = session.scalar(select(Round.id).where(Round.event_id == event_id).order_by(Round.number.desc()))
        return session.scalar(select(Table.number).join(Seat, Seat.table_id == Table.id).join(Player)
                              .where(Seat.round_id == latest, Player.name == name))


def test_moving_a_player_changes_the_home_table_before_round_one_and_is_refused_while_a_round_runs(app, organiser):
    event_id = online_event(app, NAMES, 2)
    ana = _player_id(app, event_id, "Ana")
    with app.app_context():
        home = db.session().get(Player, ana).home_table.number
    other = 3 - home
    assert organiser.post(f"/events/{event_id}/online/move", data={"player": ana, "table": other}).status_code == 302
    with app.app_context():
        assert db.session().get(Player, ana).home_table.number == other
    start(app, event_id)
    response = organiser.post(f"/events/{event_id}/online/move", data={"player": ana, "table": home})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Round 1 is running: its seats stay as they are." in page
    assert re.search(f'<option selected value="{ana}">', page)  # the refused form comes back filled in
    assert _seat_table(app, event_id, "Ana") == other


def test_personal_links_are_made_by_a_post_and_printed_with_each_players_link(app, organiser):
    event_id = online_event(app, NAMES, 2)
    page = organiser.get(f"/events/{event_id}/print/personal-links")
    assert page.status_code == 200
    with app.app_context():
        assert db.session().scalar(select(OnlineClaim.token)) is None  # showing the page makes nothing
    assert "Make 8 personal links" in page.get_data(as_text=True)
    assert organiser.post(f"/events/{event_id}/print/personal-links").status_code == 302
    printed = organiser.get(f"/events/{event_id}/print/personal-links").get_data(as_text=True)
    with app.app_context():
        tokens = dict(db.session().execute(select(Player.name, OnlineClaim.token).join(OnlineClaim)).all())
    assert len(tokens) == 8
    for name, token in tokens.items():
        assert name in printed and f"/play/{token}" in printed
    assert printed.count("<svg") >= 8
    again = organiser.post(f"/events/{event_id}/print/personal-links")
    assert again.status_code == 400 and "already" in again.get_data(as_text=True)
    with app.app_context():
        made = db.session().scalar(select(AuditEntry.new_value).where(AuditEntry.action == "personal links made"))
    assert made == "8"


def test_personal_links_never_reach_anyone_without_the_organisers_login(app, organiser, client):
    event_id = online_event(app, NAMES, 2)
    organiser.post(f"/events/{event_id}/print/personal-links")
    with app.app_context():
        token = db.session().scalar(select(OnlineClaim.token))
    anonymous = app.test_client()
    for method, url in (("get", f"/events/{event_id}/print/personal-links"),
                        ("post", f"/events/{event_id}/print/personal-links"),
                        ("get", f"/events/{event_id}/online"),
                        ("get", f"/events/{event_id}/online/live.json")):
        response = getattr(anonymous, method)(url)
        assert response.status_code in (302, 401, 403), url
        assert token not in response.get_data(as_text=True)
    with app.app_context():
        assert db.session().query(OnlineClaim).count() == 8  # the anonymous POST made nothing


def _statements(app, organiser, url: str) -> int:
    with count_queries(app) as statements:
        response = organiser.get(url)
    assert response.status_code == 200, url
    return len(statements)


def test_the_online_page_and_its_feed_cost_the_same_statements_for_2_and_8_online_tables(app, organiser):
    counts = []
    for tables in (2, 8):
        event_id = online_event(app, [f"P{tables}-{i:02}" for i in range(tables * 4)], tables)
        tokens = claim_all(app, event_id)
        start(app, event_id)
        for number in range(1, tables + 1):
            _play_one(organiser, app, tokens_at(app, event_id, tokens, number))
        counts.append((_statements(app, organiser, f"/events/{event_id}/online"),
                       _statements(app, organiser, f"/events/{event_id}/online/live.json?key=")))
    assert counts[0] == counts[1], counts


def test_between_rounds_the_page_offers_no_skip_or_play_for_on_the_closed_rounds_deals(app, organiser):
    event_id = online_event(app, NAMES, 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    _play_one(organiser, app, tokens_at(app, event_id, tokens, 1))
    running = organiser.get(f"/events/{event_id}/online").get_data(as_text=True)
    assert "/play-for" in running and "/skip" in running
    assert organiser.post(f"/events/{event_id}/rounds/1/close").status_code == 302
    between = organiser.get(f"/events/{event_id}/online").get_data(as_text=True)
    assert "/play-for" not in between and "/skip" not in between
    assert "/release" in between  # a name can still be freed


HOSTILE = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "Zoë \"quoted\" & co", "محمد", "Ana", "Ben"]


def test_player_names_are_escaped_on_the_online_page_its_feed_and_the_personal_links(app, organiser):
    event_id = online_event(app, HOSTILE, 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    _play_one(organiser, app, tokens_at(app, event_id, tokens, 1))
    organiser.post(f"/events/{event_id}/print/personal-links")
    script = _player_id(app, event_id, HOSTILE[0])
    bodies = [organiser.get(f"/events/{event_id}/online").get_data(as_text=True),
              organiser.get(f"/events/{event_id}/online/live.json?key=").get_json()["html"],
              organiser.get(f"/events/{event_id}/print/personal-links").get_data(as_text=True),
              organiser.get(f"/events/{event_id}/online/players/{script}/release").get_data(as_text=True)]
    for body in bodies:
        for raw in HOSTILE[:2]:
            assert raw not in body
    assert all("&lt;script&gt;alert(1)&lt;/script&gt;" in body for body in bodies)


def test_before_practice_the_page_waits_for_no_first_card_and_in_practice_it_does(app, organiser):
    from tournament.models import Event
    from tournament.services import timer

    event_id = online_event(app, NAMES, 2)
    page = organiser.get(f"/events/{event_id}/online").get_data(as_text=True)
    assert "No deal yet." in page and "Waiting for" not in page
    with app.app_context():
        session = db.session()
        timer.start(session.get(Event, event_id), "practice", timer.now_utc())
        session.commit()
    assert "Waiting for" in organiser.get(f"/events/{event_id}/online").get_data(as_text=True)
