"""Two online tables of four bot devices play a whole deal each through the real threaded
server: no error, and every ended deal is a game of the running round with the right winner."""

from __future__ import annotations

from benchmarks.online_play import check_run, joined, make_bots, play, recorded_winners, setup_online_event
from tests.online.conftest import allow_fast_polls
from tournament import db

EIGHT = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hana"]


def test_bots_at_two_online_tables_each_play_a_whole_deal_recorded_with_no_error(app, live_server):
    with app.app_context():
        setup = setup_online_event(db.session(), EIGHT, tables=2)
    allow_fast_polls(app)
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


def test_a_card_played_at_one_table_reaches_the_other_players_there_at_their_next_poll(app, live_server):
    """Each device's poll key follows its own table's clock, whatever other tables do."""
    with app.app_context():
        setup = setup_online_event(db.session(), EIGHT, tables=2)
    bots = joined(live_server.url, setup)
    for table in ("1", "2"):  # one card at each table, so both tables' clocks exist
        at_table = [bot for bot in bots if bot.group == table]
        for bot in at_table:
            bot.poll()
        player = next(bot for bot in at_table if bot.game()["my_turn"])
        card = player.game()["hand"][0]
        assert player.act("play", card=card).status == 200
        for other in at_table:
            if other is not player:
                assert other.poll() is not None, f"table {table}: {other.name}'s poll said nothing changed"
                assert other.game()["trick"] == [card]
    for bot in bots:
        bot.client.close()
