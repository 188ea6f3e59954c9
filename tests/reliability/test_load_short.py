"""A few seconds of `make load`: phones send games while projectors poll the real server."""

from benchmarks.load import run_load


def test_phones_and_projectors_together_lose_and_duplicate_nothing(tmp_path, server_database):
    result = run_load(tmp_path, server_database, phones=10, projectors=3, seconds=5, interval=0.2)
    assert result.tally.errors == []
    assert result.problems == []
    assert result.games >= 10  # every phone got at least one submission through
    assert len(result.tally.latencies["projector poll"]) > 0
