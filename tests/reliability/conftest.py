"""The short load and crash tests run the real LAN server in a subprocess. On PostgreSQL it gets a
database of its own on the same server, so it never meets the tables the other tests empty."""

from __future__ import annotations

import pytest

from tests.conftest import PG_URL, worker_database


@pytest.fixture
def server_database() -> str | None:
    """None means a SQLite file in the test's temporary folder."""
    if PG_URL is None:
        return None
    return worker_database(PG_URL, "tournament_reliability")


