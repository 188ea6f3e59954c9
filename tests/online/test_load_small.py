"""Two online tables of four bot devices play a whole deal each through the real threaded
server: no error, and every ended deal is a game of the running round with the right winner."""

from __future__ import annotations

import pytest

from benchmarks.online_play import check_run, make_bots, play, recorded_winners, setup_online_event
from tournament import db

pytest.importorskip("tournament.services.online.actions", reason="online play's services are not in this tree")

EIGHT = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hana"]


def test_bots_at_two_online_tables_each_play_a_whole_deal_recorded_with_no_error(app, live_server):
    with app.app_context():
        setup = setup_online_event(db.session(), EIGHT, tables=2)
    bots = make_bots(live_server.url, setup, fastest_ms=40)
    for bot in bots:
        if bot.group == "2":
            bot.pointing = "random"  # disputes at one table, agreement at the other

    run = play(bots, deals=1, seconds=45)

    assert run.finished, f"deals ended per table: {[len(b.deals_over) for b in bots]}"
    with app.app_context():
        problems = check_run(db.session(), app.config["SECRET_KEY"], setup.event_id, run, closed=False)
        games = recorded_winners(db.session(), setup.event_id, 1)
    assert problems == []
    assert {table for table, _number in games} == {1, 2}
    requests = sum(len(bot.answers) for bot in bots)
    assert requests < 4000, f"{requests} requests for two deals"
