"""A deal nobody has played a card of is shuffled afresh when its seats change, and no event
ever deals what another event dealt, even when the database hands the new event the old ids.

Otherwise the pupils would know cards they were never dealt: a rename before the first card
moved every hand one seat on, and a withdrawal or a latecomer dealt the same deck again to
fewer or more seats. Hands are compared as the players' screens show them; whether a deal is
the same order of the deck dealt again is checked from the seed the service drew it from
(`tests/online/shuffles.py`)."""

from __future__ import annotations

import pytest
from sqlalchemy import select, update

from benchmarks.online_play import check_recorded
from tests.conftest import PG_URL
from tests.online.conftest import act, claim_all, online_event, play_out, start, state
from tests.online.shuffles import deck_order, one_shuffle_deals_both, shared_hands
from tournament import db
from tournament.core.names import name_key
from tournament.games import table_engine
from tournament.games.five_tricks import table_play
from tournament.games.five_tricks.table_play import FIVE_TRICKS_TABLE
from tournament.models import Event, OnlineClaim, OnlineGame, Player, PlayerStatus, Round, Seat, Table
from tournament.services import events, midevent, players, timer, transfer

FOUR = ["Ana", "Ben", "Cleo", "Dan"]
FIVE = [*FOUR, "Eva"]


@pytest.fixture
def drawn(monkeypatch):
    """The seeds the service draws deals from, newest last."""
    seeds: list[bytes] = []
    real = table_engine.deal

    def spy(rules, seed, players, dealer):
        seeds.append(seed)
        return real(rules, seed, players, dealer)

    monkeypatch.setattr(table_engine, "deal", spy)
    return seeds


def playing_order(app, event_id: int, practice: bool = False) -> list[str]:
    """The personal-link tokens of table 1's players in playing order (alphabetical)."""
    with app.app_context():
        session = db.session()
        table = session.scalar(select(Table.id).where(Table.event_id == event_id, Table.number == 1))
        if practice:
            found = session.scalars(select(Player).where(Player.home_table_id == table))
        else:
            round_id = session.scalar(select(Round.id).where(Round.event_id == event_id)
                                      .order_by(Round.number.desc()))
            found = session.scalars(select(Player).join(Seat, Seat.player_id == Player.id)
                                    .where(Seat.round_id == round_id, Seat.table_id == table))
        seated = sorted((p for p in found if p.status is PlayerStatus.SEATED), key=lambda p: name_key(p.name))
        tokens = dict(session.execute(select(OnlineClaim.player_id, OnlineClaim.token)).all())
        return [tokens[p.id] for p in seated]


def screens(app, tokens: list[str], drawn: list[bytes] | None = None) -> tuple[list[list[str]], tuple[str, ...] | None]:
    """The hands the players' screens show (seat order), and the order of the deck they were
    dealt from. Deal 1 before its first card: the first seat deals."""
    if drawn is not None:
        drawn.clear()
    games = [state(app, token)["game"] for token in tokens]
    assert all(g["deal"] == 1 and g["trick_number"] == 1 and not g["trick"] for g in games)
    order = deck_order(drawn[-1]) if drawn else None
    return [g["hand"] for g in games], order


def assert_fresh(old: list[list[str]], new: list[list[str]]) -> None:
    assert shared_hands(old, new) == set(), "a hand came back"
    assert not one_shuffle_deals_both(old, 0, new, 0), "the same deck dealt again"


def _practice(app, event_id: int) -> None:
    with app.app_context():
        session = db.session()
        timer.start(session.get(Event, event_id), "practice", timer.now_utc())
        session.commit()


def _player(session, event_id: int, name: str) -> Player:
    return session.scalar(select(Player).where(Player.event_id == event_id, Player.name == name))


def _rename(app, event_id: int) -> None:
    with app.app_context():
        session = db.session()
        midevent.rename(session, session.get(Event, event_id), _player(session, event_id, "Ana"), "Zed")


def _withdraw(app, event_id: int) -> None:
    with app.app_context():
        session = db.session()
        midevent.change_status(session, session.get(Event, event_id), _player(session, event_id, "Cleo"),
                               PlayerStatus.WITHDRAWN)


def _latecomer(app, event_id: int) -> None:
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        late = midevent.add_late_player(session, event, "Fay", 1)
        from tournament.services.online import claims
        claims.claim(session, session.get(Event, event_id), late.id)


CHANGES = {"rename": (FOUR, _rename), "withdrawal": (FIVE, _withdraw), "latecomer": (FOUR, _latecomer)}


@pytest.mark.parametrize("change", list(CHANGES))
def test_changed_seats_before_the_first_card_are_dealt_a_fresh_shuffle(app, client, drawn, change):
    names, make = CHANGES[change]
    event_id = online_event(app, names, 1)
    claim_all(app, event_id)
    start(app, event_id)
    before, old_deck = screens(app, playing_order(app, event_id), drawn)
    make(app, event_id)
    after, new_deck = screens(app, playing_order(app, event_id), drawn)
    assert len(after) == {"rename": 4, "withdrawal": 4, "latecomer": 5}[change]
    assert shared_hands(before, after) == set()
    assert new_deck != old_deck, "the same order of the deck, dealt to the new seats"
    if change == "rename":  # four and four: the hands alone tell a re-dealt deck for certain
        assert not one_shuffle_deals_both(before, 0, after, 0)


@pytest.mark.parametrize("change", ["rename", "withdrawal"])
def test_changed_seats_before_the_first_practice_card_are_dealt_a_fresh_shuffle(app, client, drawn, change):
    names, _ = CHANGES[change]
    event_id = online_event(app, names, 1)
    claim_all(app, event_id)
    _practice(app, event_id)
    before, old_deck = screens(app, playing_order(app, event_id, practice=True), drawn)
    if change == "rename":
        _rename(app, event_id)
    else:
        with app.app_context():
            session = db.session()
            players.set_status(session, session.get(Event, event_id), _player(session, event_id, "Cleo"),
                               PlayerStatus.WITHDRAWN)
    after, new_deck = screens(app, playing_order(app, event_id, practice=True), drawn)
    assert len(after) == 4 and shared_hands(before, after) == set()
    assert new_deck != old_deck


def test_seats_changed_and_changed_back_before_the_first_card_deal_those_seats_their_own_hands_again(app, client):
    """In between the deal is another shuffle; back at the same seats each player gets the hand
    they saw before: nobody learns a card from their own hand coming back."""
    event_id = online_event(app, FOUR, 1)
    claim_all(app, event_id)
    start(app, event_id)
    order = playing_order(app, event_id)
    before, _ = screens(app, order)
    _rename(app, event_id)
    assert_fresh(before, screens(app, playing_order(app, event_id))[0])
    with app.app_context():
        session = db.session()
        midevent.rename(session, session.get(Event, event_id), _player(session, event_id, "Zed"), "Ana")
    assert screens(app, order)[0] == before


def _ids(app, event_id: int) -> tuple[int, int, int]:
    """The event's, its table's and its round's ids: what the seed's place is made of."""
    with app.app_context():
        session = db.session()
        return (event_id, session.scalar(select(Table.id).where(Table.event_id == event_id)),
                session.scalar(select(Round.id).where(Round.event_id == event_id)))


def _first_deal(app, event_id: int) -> tuple[list[list[str]], tuple[int, int, int]]:
    """Deal 1 of round 1 as its screens show it, and the ids of its place."""
    claim_all(app, event_id)
    start(app, event_id)
    hands, _ = screens(app, playing_order(app, event_id))
    return hands, _ids(app, event_id)


def test_an_event_deleted_and_made_again_deals_a_fresh_shuffle_on_the_same_ids(app, client):
    old, old_ids = _first_deal(app, online_event(app, FOUR, 1))
    with app.app_context():
        session = db.session()
        events.delete_event(session, session.get(Event, old_ids[0]))
    new, new_ids = _first_deal(app, online_event(app, FOUR, 1))
    if PG_URL is None:  # SQLite gives the newest row's ids again: the case that matters
        assert new_ids == old_ids
    assert_fresh(old, new)


def test_an_event_exported_deleted_and_imported_deals_a_fresh_shuffle(app, client):
    old, old_ids = _first_deal(app, online_event(app, FOUR, 1))
    assert play_out(client, app, playing_order(app, old_ids[0]))["game"]["recorded_as"] == 1
    with app.app_context():
        session = db.session()
        event = session.get(Event, old_ids[0])
        document = transfer.export_event(session, event)
        events.delete_event(session, event)
        imported = transfer.import_event(session, document).id
    tokens = claim_all(app, imported)
    assert len(tokens) == 4
    new, _ = screens(app, playing_order(app, imported))  # the file holds game 1, not the deal
    if PG_URL is None:
        assert _ids(app, imported) == old_ids
    assert_fresh(old, new)


def test_every_stored_deal_replays_from_the_seed_of_its_own_seats(app, client):
    """Deals written under changing seats: each is drawn again from its row (its seats, dealer,
    number, round, table) and its event, as online-play.md states the seed, independently of the
    service, and its stored actions replay to the game it was recorded as."""
    event_id = online_event(app, FIVE, 1)
    claim_all(app, event_id)
    start(app, event_id)
    _rename(app, event_id)
    order = playing_order(app, event_id)
    assert play_out(client, app, order)["game"]["recorded_as"] == 1
    assert act(client, order[0], action="deal", after=1).status_code == 200  # deal 2, written with no card
    _withdraw(app, event_id)  # deal 2 goes on with Cleo sitting out
    order = playing_order(app, event_id)
    assert play_out(client, app, order)["game"]["recorded_as"] == 2
    assert act(client, order[1], action="deal", after=2).status_code == 200
    _latecomer(app, event_id)  # deal 3 was written for four: deal 4 seats five
    order = playing_order(app, event_id)
    assert play_out(client, app, order)["game"]["recorded_as"] == 3
    with app.app_context():
        session = db.session()
        stored = list(session.scalars(select(OnlineGame).order_by(OnlineGame.number)))
        assert [(g.number, len(g.seats), g.recorded_as) for g in stored] == [
            (1, 5, 1), (2, 5, 2), (3, 4, None), (4, 5, 3)]
        assert check_recorded(session, app.config["SECRET_KEY"], event_id, 1, closed=False) == []


def test_a_deal_stored_before_seats_were_part_of_the_seed_goes_on_from_the_seed_it_was_dealt_from(app, client):
    """A deal written by the app before the event's salt and the seats entered the seed
    (`seed_version` null, as the migration leaves it) is replayed from its old seed: the card
    played stays on the table and every hand stays the one dealt."""
    from tournament.services.online import seed

    event_id = online_event(app, FOUR, 1)
    claim_all(app, event_id)
    start(app, event_id)
    order = playing_order(app, event_id)
    with app.app_context():
        session = db.session()
        table = session.scalar(select(Table.id).where(Table.event_id == event_id))
        round_id = session.scalar(select(Round.id).where(Round.event_id == event_id))
        ids = session.scalars(select(OnlineClaim.player_id)).all()
        seats = sorted(ids, key=lambda pid: name_key(session.get(Player, pid).name))
        dealt = table_play.deal(seed.legacy_seed(app.config["SECRET_KEY"], event_id, table, round_id, 1), 4, 0)
        led = dealt.hands[1][0]
        first = table_engine.action_to_json(FIVE_TRICKS_TABLE, table_engine.Play(1, led))
        session.add(OnlineGame(event_id=event_id, table_id=table, round_id=round_id, number=1, seats=seats, dealer=0,
                               actions=[{**first, "nonce": "old-1",
                                         "by": seats[1]}]))
        session.flush()
        session.execute(update(OnlineGame).values(seed_version=None))  # as the migration leaves it
        session.commit()
    games = [state(app, token)["game"] for token in order]
    assert games[0]["deal"] == 1 and games[0]["trick"] == [table_play.card_code(led)]
    codes = [[table_play.card_code(c) for c in hand if c != led] for hand in dealt.hands]
    assert [sorted(g["hand"]) for g in games] == [sorted(hand) for hand in codes]
