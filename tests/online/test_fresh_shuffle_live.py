"""Through the real threaded server: the organiser renames a player, withdraws one and seats a
latecomer before anyone has played a card, and after each change every player's screen shows
a hand from a fresh shuffle, never one that was on a screen before, nor the same deck dealt
again (`tests/online/shuffles.py`)."""

from __future__ import annotations

import itertools

from sqlalchemy import select

from benchmarks.bots import Bot
from benchmarks.online_play import joined, setup_online_event
from tests.online.conftest import allow_fast_polls
from tests.online.shuffles import one_shuffle_deals_both
from tests.races.harness import ORGANISER, organiser_client
from tournament import db
from tournament.core.names import name_key
from tournament.models import Player
from tournament.services import accounts

FIVE = ["Ana", "Ben", "Cleo", "Dan", "Eva"]


def hands_on_screens(bots: list[Bot], names: list[str]) -> list[list[str]]:
    """Each player's hand as their screen shows it, in playing order (alphabetical), deal 1
    before its first card."""
    by_name = {bot.name: bot for bot in bots}
    hands = []
    for name in sorted(names, key=name_key):
        bot = by_name[name]
        bot.poll_now()
        game = bot.game()
        assert game is not None and game["deal"] == 1 and not game["trick"], (name, game)
        hands.append(game["hand"])
    return hands


def test_changed_seats_before_the_first_card_show_a_fresh_shuffle_on_every_screen(app, live_server):
    allow_fast_polls(app)
    with app.app_context():
        accounts.set_organiser(db.session(), *ORGANISER)
        setup = setup_online_event(db.session(), FIVE, tables=1)
        ids = dict(db.session().execute(select(Player.name, Player.id)
                                        .where(Player.event_id == setup.event_id)).all())
    bots = joined(live_server.url, setup)
    organiser = organiser_client(live_server.url)
    event = f"/events/{setup.event_id}"
    seen = [hands_on_screens(bots, FIVE)]

    page = organiser.get(f"{event}/players/{ids['Ana']}")
    assert organiser.post(f"{event}/players/{ids['Ana']}", {"csrf_token": page.csrf(), "name": "Zed"}).status == 302
    for bot in bots:
        bot.name = "Zed" if bot.name == "Ana" else bot.name
    seen.append(hands_on_screens(bots, ["Ben", "Cleo", "Dan", "Eva", "Zed"]))

    page = organiser.get(f"{event}/players/{ids['Cleo']}/withdraw")
    assert organiser.post(f"{event}/players/{ids['Cleo']}/status/withdrawn",
                          {"csrf_token": page.csrf()}).status == 302
    seen.append(hands_on_screens(bots, ["Ben", "Dan", "Eva", "Zed"]))

    page = organiser.get(f"{event}/players")
    assert organiser.post(f"{event}/players/late",
                          {"csrf_token": page.csrf(), "name": "Fay", "table": "1"}).status == 302
    with app.app_context():
        fay = db.session().scalar(select(Player.id).where(Player.event_id == setup.event_id, Player.name == "Fay"))
    latecomer = Bot(live_server.url, "Fay", player_id=fay, public_token=setup.public_token)
    latecomer.join()
    bots.append(latecomer)
    seen.append(hands_on_screens(bots, ["Ben", "Dan", "Eva", "Fay", "Zed"]))

    shown = [frozenset(hand) for hands in seen for hand in hands]
    assert len(set(shown)) == len(shown), "a hand came back on a screen"
    for before, after in itertools.pairwise(seen):
        assert not one_shuffle_deals_both(before, 0, after, 0), "the same deck dealt to the new seats"
    assert [b.errors() for b in bots] == [[]] * len(bots)
    for bot in bots:
        bot.client.close()
    organiser.close()
