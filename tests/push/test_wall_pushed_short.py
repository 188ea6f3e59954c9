"""A few seconds of `python -m benchmarks.wall --modes push`: projectors that never poll, only
fetch the feed when their stream says the event changed.

No latency is asserted (a loaded CI machine would make that fail for nothing); what must hold is
that every result a phone was told was saved reaches every screen through its stream alone."""

from benchmarks.wall import run_wall


def test_every_reported_result_reaches_every_projector_that_only_follows_its_stream(tmp_path):
    result = run_wall(tmp_path, None, tables=6, projectors=4, results=4, every=0.3, closed_rounds=1,
                      grace=10.0, mode="push")
    assert result.errors == []
    assert result.missing == []
    assert len(result.latencies) == 4
    for screen in result.screens:
        assert screen.messages >= 4  # at least one per result
        assert screen.polls == 1 + screen.messages  # the first load, then one fetch per message
