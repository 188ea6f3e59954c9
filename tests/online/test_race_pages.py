"""Devices opening their screens at the same instant, as a room does when the teacher says
"open your link now": every one gets its screen (never a refused "simultaneous change"), also
while a card is being played at the table. On SQLite a GET reads in a deferred transaction, so
a write inside it (the device's "last seen") must not depend on nobody else having written."""

from __future__ import annotations

from sqlalchemy import update

from benchmarks.online_play import joined, setup_online_event
from tests.online.conftest import allow_fast_polls
from tests.races.harness import fire
from tournament import db
from tournament.models import OnlineClaim

EIGHT = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hana"]
TRIES = 3


def never_seen(app, event_id: int) -> None:
    """As just after the claims: no device has been seen, so every first look writes."""
    with app.app_context():
        db.session().execute(update(OnlineClaim).where(OnlineClaim.event_id == event_id).values(seen_at=None))
        db.session().commit()


def test_eight_devices_opening_their_screens_at_once_all_get_them(app, live_server):
    allow_fast_polls(app)
    with app.app_context():
        setup = setup_online_event(db.session(), EIGHT, tables=2)
    bots = joined(live_server.url, setup)
    failures = []
    for number in range(TRIES):
        never_seen(app, setup.event_id)
        player = next(bot for bot in bots if bot.game()["my_turn"])
        card = player.game()["hand"][0]
        contenders = [lambda c, b=b: c.get(b.personal_path) for b in bots]
        contenders += [lambda c, b=b: c.get(f"{b.root['state-url']}?key=") for b in bots]
        tapper = player.twin()  # the card comes from the player's device on a connection of its own
        contenders.append(lambda _c, b=tapper, card=card: b.act("play", card=card))
        twins = [b.twin() for b in bots] + [tapper]
        clients = [b.client for b in bots] + [t.client for t in twins]
        replies = fire(clients, contenders)
        refused = [f"{'page' if i < 8 else 'poll' if i < 16 else 'play'} {r.status}"
                   for i, r in enumerate(replies) if r.status != 200]
        if refused:
            failures.append(f"try {number}: {refused}")
        for bot in bots:
            bot.poll()
        for twin in twins:
            twin.client.close()
    for bot in bots:
        bot.client.close()
    assert failures == []
