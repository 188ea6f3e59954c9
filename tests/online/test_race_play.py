"""Races at an online table through the real threaded server: taps of one device, two players
of a table, and a card against the round's close. Each try starts from a fresh event; after it,
the database must show every 200's effect and nothing half done (the stored actions replay
through the engine), and no answer may be a 5xx."""

from __future__ import annotations

import json
import time

import pytest
from sqlalchemy import func, select

from benchmarks.online_play import advance, check_recorded, joined, replay_game, setup_online_event, stored_plays
from tests.online.conftest import allow_fast_polls
from tests.races.harness import ORGANISER, fire, organiser_client
from tournament import db
from tournament.models import Game, OnlineGame, Round, Table
from tournament.services import accounts

FOUR = ["Ana", "Ben", "Cleo", "Dan"]
TRIES = 4
CLOSED = "The round has closed"


def fresh_table(app, base: str, pointing: str = "led"):
    """One online table of four claimed bots, round 1 running."""
    with app.app_context():
        setup = setup_online_event(db.session(), FOUR, tables=1)
    allow_fast_polls(app)
    return setup, joined(base, setup, pointing, fastest_ms=20)


def deals(app, event_id: int) -> list[OnlineGame]:
    with app.app_context():
        session = db.session()
        found = list(session.scalars(select(OnlineGame).where(OnlineGame.event_id == event_id)
                                     .order_by(OnlineGame.number)))
        session.expunge_all()
        return found


def replays(app, deal: OnlineGame) -> list[str]:
    """Problems replaying the stored actions (half-done writes show up here)."""
    try:
        with app.app_context():
            table = db.session().get(Table, deal.table_id)
            replay_game(app.config["SECRET_KEY"], deal, table.variant if table.app_referees else None)
    except Exception as error:  # the engine refuses a sequence no single action could make
        return [f"the stored actions do not replay: {error}"]
    return []


def leader(bots):
    return next(bot for bot in bots if bot.game()["my_turn"])


def test_one_card_tapped_at_once_on_four_connections_of_a_device_is_played_once(app, live_server):
    failures = []
    for number in range(TRIES):
        setup, bots = fresh_table(app, live_server.url)
        player = leader(bots)
        card = player.game()["hand"][0]
        twins = [player.twin() for _ in range(4)]
        same_nonce = number % 2 == 0  # a double tap repeats the nonce; four tabs would not
        payloads = [{"action": "play", "card": card, "nonce": f"tap-try{number}-{0 if same_nonce else i}"}
                    for i in range(4)]
        replies = fire([t.client for t in twins],
                       [lambda _c, t=t, p=p: t.send_action(p) for t, p in zip(twins, payloads, strict=True)])
        statuses = [r.status for r in replies]
        problems = [f"status {s}" for s in statuses if s >= 500 or s not in (200, 400, 409)]
        if same_nonce and statuses != [200] * 4:
            problems.append(f"a resent tap must answer 200 each time, got {statuses}")
        if not same_nonce and statuses.count(200) != 1:
            problems.append(f"one of four taps with their own nonce plays, got {statuses}")
        for reply in replies:
            if reply.status == 200 and card not in json.loads(reply.body)["game"]["trick"]:
                problems.append("a 200 answer does not show the card on the table")
        deal = deals(app, setup.event_id)[0]
        if [c for _s, c in stored_plays(deal)] != [card]:
            problems.append(f"stored plays {stored_plays(deal)}, tapped {card} once")
        problems += replays(app, deal)
        if problems:
            failures.append(f"try {number}: {'; '.join(problems)}")
        for bot in bots + twins:
            bot.client.close()
    assert failures == []


def test_two_players_acting_at_once_in_turn_order_keep_the_turn_order(app, live_server):
    failures = []
    for number in range(TRIES):
        setup, bots = fresh_table(app, live_server.url)
        first = leader(bots)
        second = bots[(bots.index(first) + 1) % len(bots)]
        cards = [first.game()["hand"][0], second.game()["hand"][0]]
        replies = fire([first.client, second.client],
                       [lambda _c, b=first, c=cards[0]: b.act("play", card=c),
                        lambda _c, b=second, c=cards[1]: b.act("play", card=c)],
                       spread=0.02)
        statuses = [r.status for r in replies]
        stored = [c for _s, c in stored_plays(deals(app, setup.event_id)[0])]
        problems = []
        if statuses[0] != 200:
            problems.append(f"the player whose turn it was got {statuses[0]}")
        if statuses[1] == 200 and stored != cards:
            problems.append(f"both answered 200 but stored {stored}")
        elif statuses[1] == 409:
            if stored != cards[:1]:
                problems.append(f"the second was refused but stored {stored}")
            if "not your turn" not in json.loads(replies[1].body).get("error", ""):
                problems.append(f"the refusal says {replies[1].text[:120]!r}")
        elif statuses[1] != 200:
            problems.append(f"the second player got {statuses[1]}")
        problems += replays(app, deals(app, setup.event_id)[0])
        if problems:
            failures.append(f"try {number}: {'; '.join(problems)}")
        for bot in bots:
            bot.client.close()
    assert failures == []


def tricks_recorded(app, event_id: int) -> int:
    from tournament.models import GameResult

    with app.app_context():
        return db.session().scalar(
            select(func.coalesce(func.sum(GameResult.score), 0)).join(Game, GameResult.game_id == Game.id)
            .join(Round, Game.round_id == Round.id).where(Round.event_id == event_id))


def last_action_of_trick_two(bots, refereed: bool, number: int):
    """Bring the table to the last action of trick 2 and return (its bot, the action): on a
    table the app referees, the fourth card (the app takes the trick at once); else the fourth
    pointing at the led card (the players agree, the trick is taken)."""
    if refereed:
        advance(bots, lambda: any(b.game()["trick_number"] == 2 and len(b.game()["trick"]) == 3 for b in bots))
        for bot in bots:
            bot.poll()
        last = next(b for b in bots if b.game()["my_turn"])
        return last, ("play", {"card": last.game()["playable"][0]})
    advance(bots, lambda: any(b.game()["stage"] == "point" and b.game()["trick_number"] == 2 for b in bots))
    for bot in bots:
        bot.poll()
    last = bots[number % 4]
    for bot in bots:
        if bot is not last:
            assert bot.step() == "point"
    return last, ("point", {"index": 0})


# How late the close leaves after the action, per try: at once (the close often wins the lock)
# to later than an action usually takes (the action wins), so both outcomes are usually met.
CLOSE_LATE = (0.0, 0.03, 0.1, 0.5)


def late_post(client, path: str, token: str, late: float):
    time.sleep(late)
    return client.post(path, {"csrf_token": token})


@pytest.mark.parametrize("refereed", [False, True], ids=["pointing", "card under referee"])
def test_the_last_action_of_a_trick_racing_the_round_close_counts_in_the_recorded_game_or_is_refused(
        app, live_server, refereed):
    """The last action of trick 2 takes that trick: accepted (200), the recorded game has 2
    tricks; refused with the closed-round sentence, it has 1. Never anything between."""
    with app.app_context():
        accounts.set_organiser(db.session(), *ORGANISER)
    organiser = organiser_client(live_server.url)
    failures, outcomes = [], []
    for number in range(TRIES):
        with app.app_context():
            setup = setup_online_event(db.session(), FOUR, tables=1, referees=refereed)
        allow_fast_polls(app)
        bots = joined(live_server.url, setup, fastest_ms=20)
        last, (action, arguments) = last_action_of_trick_two(bots, refereed, number)
        path = f"/events/{setup.event_id}/rounds/1/close"
        token = organiser.get(path).csrf()
        replies = fire([last.client, organiser],
                       [lambda _c, b=last, action=action, arguments=arguments: b.act(action, **arguments),
                        lambda c, path=path, token=token, late=CLOSE_LATE[number]: late_post(c, path, token, late)])
        problems = []
        if replies[1].status != 302:
            problems.append(f"the close answered {replies[1].status}")
        tricks = tricks_recorded(app, setup.event_id)
        if replies[0].status == 200:
            outcomes.append("counted")
            if tricks != 2:
                problems.append(f"the {action} was answered 200 but the recorded game has {tricks} tricks")
        elif replies[0].status == 409 and CLOSED in json.loads(replies[0].body).get("error", ""):
            outcomes.append("refused")
            if tricks != 1:
                problems.append(f"the {action} was refused but the recorded game has {tricks} tricks")
        else:
            problems.append(f"the {action} got {replies[0].status}: {replies[0].text[:160]}")
        with app.app_context():
            problems += check_recorded(db.session(), app.config["SECRET_KEY"], setup.event_id, 1, closed=True)
        problems += replays(app, deals(app, setup.event_id)[0])
        if problems:
            failures.append(f"try {number}: {'; '.join(problems)}")
        for bot in bots:
            bot.client.close()
    organiser.close()
    assert failures == [], f"outcomes {outcomes}"


def test_four_players_asking_for_the_next_deal_at_once_start_exactly_one(app, live_server):
    failures = []
    for number in range(2):
        setup, bots = fresh_table(app, live_server.url)
        advance(bots, lambda bots=bots: all(b.game()["stage"] == "over" for b in bots))
        replies = fire([b.client for b in bots],
                       [lambda _c, b=b: b.act("deal", after=1) for b in bots])
        statuses = [r.status for r in replies]
        problems = [f"status {s}" for s in statuses if s not in (200, 409)]
        if 200 not in statuses:
            problems.append(f"nobody started the next deal: {statuses}")
        numbers = [d.number for d in deals(app, setup.event_id)]
        if numbers != [1, 2]:
            problems.append(f"deals stored {numbers}, one next deal wanted")
        shown = {json.loads(r.body)["game"]["deal"] for r in replies if r.status == 200}
        if shown != {2}:
            problems.append(f"the 200 answers show deals {shown}")
        if problems:
            failures.append(f"try {number}: {'; '.join(problems)}")
        for bot in bots:
            bot.client.close()
    assert failures == []
