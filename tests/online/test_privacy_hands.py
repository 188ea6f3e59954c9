"""What a device receives never shows another player's remaining cards, nor the cards set
aside, nor the deal's seed: every byte of every page, poll and action answer, for every player
of a table of five (five cards each, three aside) through a whole deal. The hands are computed
here from the engine's deal with the seed docs/online-play.md states, independently of the service."""

from __future__ import annotations

import json
import re

from sqlalchemy import select

from benchmarks.online_play import advance, deal_seed, joined, setup_online_event, stored_actions
from tests.online.conftest import allow_fast_polls
from tournament import db
from tournament.models import Event, OnlineGame

FIVE = ["Ana", "Ben", "Cleo", "Dan", "Eva"]
RANDOM_RUN = re.compile(rb"[A-Za-z0-9_-]{16,}")


def spellings(card) -> list[re.Pattern]:
    """Every way a page or a payload may write the card: its code ("7h", as the device sends
    it) and its label ("7♥", raw or JSON-escaped), not inside a longer word."""
    from tournament.games.five_tricks.cards import RANK_LABELS

    rank = RANK_LABELS[card.rank]
    forms = [f"{rank}{card.suit.value[0]}", f"{rank}{card.suit.symbol}",
             f"{rank}{json.dumps(card.suit.symbol)[1:-1]}", f"{rank}&#{ord(card.suit.symbol)};"]
    return [re.compile(rf"(?<![A-Za-z0-9]){re.escape(form)}(?![A-Za-z0-9])".encode()) for form in forms]


def plays_seen(body: bytes, total: int, seats: int) -> int:
    """How many cards had been played when this answer was built, from what it says itself."""
    try:
        game = json.loads(body).get("game")
    except (ValueError, AttributeError):
        return 0  # the first page: drawn before the bots played
    if not game:
        return 0
    if game["stage"] == "over":
        return total
    return (game["trick_number"] - 1) * seats + len(game["trick"])


def test_no_answer_to_any_player_shows_another_players_remaining_cards_or_the_aside(app, live_server):
    from tournament.games import table_engine
    from tournament.games.five_tricks import table_play

    with app.app_context():
        setup = setup_online_event(db.session(), FIVE, tables=1)
    allow_fast_polls(app)
    bots = joined(live_server.url, setup, "random", fastest_ms=20, keep_bodies=True)
    advance(bots, lambda: all(b.game() and b.game()["stage"] == "over" for b in bots))

    with app.app_context():
        deal = db.session().scalars(select(OnlineGame).where(OnlineGame.event_id == setup.event_id)).one()
        salt = db.session().get(Event, deal.event_id).deal_salt
        seed = deal_seed(app.config["SECRET_KEY"], salt, deal.event_id, deal.table_id, deal.round_id, deal.number,
                         deal.seats, deal.dealer, deal.seed_version)
        dealt = table_play.deal(seed, len(deal.seats), deal.dealer)
        order = [a.card for a in stored_actions(deal) if isinstance(a, table_engine.Play)]
    total = sum(len(hand) for hand in dealt.hands)
    assert len(order) == total and len(dealt.aside) == 3
    assert {code for bot in bots for code in bot.deals_over[1]["hand"]} == set(), "hands empty at the end"
    secrets = [seed.hex().encode(), seed.hex().upper().encode()]

    leaks = []
    checked = 0
    for bot in bots:
        seat = deal.seats.index(bot.player_id)
        for kind, status, body in bot.bodies:
            played = set(order[:plays_seen(body, total, len(deal.seats))])
            hidden = [c for other, hand in enumerate(dealt.hands) if other != seat for c in hand if c not in played]
            # Links, CSRF tokens and nonces are random runs of URL-safe characters in which "_4s-"
            # may occur by chance; a card is never written inside one.
            words = RANDOM_RUN.sub(b" ", body)
            for card in [*hidden, *dealt.aside]:
                if any(pattern.search(words) for pattern in spellings(card)):
                    where = "aside" if card in dealt.aside else "another hand"
                    leaks.append(f"{bot.name} {kind} {status}: {card} ({where}) in the answer")
            if any(secret in body for secret in secrets):
                leaks.append(f"{bot.name} {kind} {status}: the deal's seed in the answer")
            checked += 1
    assert leaks == []
    assert checked > 5 * 10  # every player's answers through the deal were looked at
