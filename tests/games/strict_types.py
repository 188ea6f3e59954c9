"""One strict mypy run over every game package and every test file that states a game meets the
protocol: each such test reads its own files' findings from it, so the suite pays for mypy once
(the five files share an xdist group, so they land on one worker)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECKED = (
    ROOT / "tournament" / "core",
    ROOT / "tournament" / "games",
    ROOT / "tests" / "games" / "highest_card",
    ROOT / "tests" / "games" / "test_protocol_and_registry.py",
    ROOT / "tests" / "games" / "test_highest_card_game.py",
    ROOT / "tests" / "games" / "euchre" / "test_euchre_game.py",
    ROOT / "tests" / "games" / "elbows_up" / "test_game.py",
    ROOT / "tests" / "games" / "elevator" / "test_elevator_game.py",
)
Test = TypeVar("Test", bound=Callable[..., None])


def one_strict_run(test: Test) -> Test:
    """Marks a test that reads the shared strict run: one worker, and the SQLite pass only."""
    marked: Test = pytest.mark.no_database(pytest.mark.xdist_group("strict-mypy")(test))
    return marked


@dataclass(frozen=True)
class StrictReport:
    status: int
    output: str

    def findings_in(self, *paths: Path) -> list[str]:
        """mypy's lines about these files or folders (a test names the ones it vouches for)."""
        assert all(path in CHECKED or any(path.is_relative_to(c) for c in CHECKED) for path in paths), \
            "a file the shared run does not check"
        # mypy names a file relative to the working folder when it lies inside it.
        return [line for line in self.output.splitlines()
                if any(Path(line.split(":", 1)[0]).resolve().is_relative_to(path) for path in paths)]


def run_strict_mypy(cache_dir: Path) -> StrictReport:
    from mypy import api  # a test dependency: the check runs everywhere the suite runs

    # Findings only in the files named here: the rest of the package, which `make lint` checks,
    # is read for its types but not reported on, so this run stays about the rules and the games.
    out, err, status = api.run([
        "--config-file", str(ROOT / "mypy.ini"), "--strict", "--follow-imports=silent", "--cache-dir", str(cache_dir),
        "--no-error-summary", *(str(path) for path in CHECKED),
    ])
    # 2 is mypy failing to run at all (a bad option, a crash), never a finding: fail loudly.
    assert status in (0, 1), out + err
    return StrictReport(status, out + err)
