"""A few seconds of `python -m benchmarks.wall`: phones report while projectors poll as the page does.

No latency is asserted (a loaded CI machine would make that fail for nothing); what must hold is
that every result a phone was told was saved reaches every screen polling the feed."""

from benchmarks.wall import run_wall


def test_every_reported_result_reaches_every_polling_projector(tmp_path, server_database):
    result = run_wall(tmp_path, server_database, tables=6, projectors=4, results=4, every=0.3,
                      closed_rounds=1, grace=10.0)
    assert result.errors == []
    assert result.missing == []
    assert len(result.latencies) == 4
    assert all(screen.poll_ms == 250 for screen in result.screens)  # the round's interval, from the feed
