"""A few seconds of the big-hall load: two gunicorn worker processes on PostgreSQL, phones
sending games while projectors poll. Each process keeps its own page caches; the database and
`Event.revision` are all they share."""

from __future__ import annotations

import pytest

from benchmarks.load import run_load

# Only the PostgreSQL pass collects these (see the `postgres` marker in tests/conftest.py).
pytestmark = [pytest.mark.postgres, pytest.mark.usefixtures("gunicorn_installed")]


def test_two_worker_processes_lose_and_duplicate_no_result(tmp_path, server_database):
    result = run_load(tmp_path, server_database, phones=8, projectors=4, seconds=5, interval=0.2,
                      workers=2, seats=4, threads=8)
    assert result.tally.errors == []
    assert result.problems == []
    assert result.games >= 8  # every phone got at least one submission through
    assert len(result.tally.latencies["projector poll"]) > 0


def test_every_worker_process_shows_every_saved_result_at_once(tmp_path, server_database):
    result = run_load(tmp_path, server_database, phones=6, projectors=2, seconds=3, interval=0.2,
                      workers=2, seats=4, threads=4)
    assert result.tally.errors == [] and result.problems == []
    # Fresh connections land on either process; each must serve the snapshot of the last save.
    assert len(result.feeds) >= 8
    assert {shown for _etag, shown in result.feeds} == {result.games}
    assert len({etag for etag, _shown in result.feeds}) == 1
