"""One SIGKILL of `make crash` each: in the middle of the load, and in the middle of round closes."""

import random

from benchmarks.crash import kill_during_close, kill_during_load


def test_a_kill_during_the_load_keeps_every_confirmed_game_and_no_half_game(tmp_path, server_database):
    assert kill_during_load(tmp_path, server_database, phones=8, projectors=2, kills=1,
                            rng=random.Random(3), window=1.5) == []


def test_kills_during_round_closes_leave_either_the_whole_close_or_none_of_it(tmp_path, server_database):
    problems, _committed = kill_during_close(tmp_path, server_database, tables=30, closes=3, rng=random.Random(5))
    assert problems == []
