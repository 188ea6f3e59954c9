"""`highest_card`: the test-only game registered for one test and removed afterwards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.games.highest_card import HIGHEST_CARD, HighestCard
from tournament.games import register, unregister


@pytest.fixture
def highest_card() -> Iterator[HighestCard]:
    register(HIGHEST_CARD)
    try:
        yield HIGHEST_CARD
    finally:
        unregister(HIGHEST_CARD.key)


@pytest.fixture(scope="session")
def strict_mypy(tmp_path_factory: pytest.TempPathFactory):
    from tests.games.strict_types import run_strict_mypy

    return run_strict_mypy(tmp_path_factory.mktemp("mypy-cache"))
