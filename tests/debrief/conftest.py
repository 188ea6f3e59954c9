from __future__ import annotations

import pytest

from tests.debrief.views import ended_event, register


@pytest.fixture
def views(app, monkeypatch):
    """The test views registered for this test."""
    register(app, monkeypatch)


@pytest.fixture
def ended(app, organiser):
    """An event played to its end; `organiser` is logged in (created first, so it stays so)."""
    return ended_event(app)
