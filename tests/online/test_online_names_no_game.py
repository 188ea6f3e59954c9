"""Online play reaches a game only through the seam (``game_of(event).table_play``): no module of
``services/online`` imports a game's own package, so another game plays online with no change
to the services."""

from __future__ import annotations

import ast
from pathlib import Path

TOURNAMENT = Path(__file__).resolve().parents[2] / "tournament"
GAME_PACKAGES = {path.parent.name for path in (TOURNAMENT / "games").glob("*/__init__.py")}


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports, written out from ``tournament`` (relative imports resolved)."""
    package = ["tournament", *path.relative_to(TOURNAMENT).parent.parts]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found |= {module} | {f"{module}.{alias.name}" for alias in node.names}
    return found


def test_no_module_of_online_play_imports_a_particular_game():
    assert {"five_tricks", "euchre"} <= GAME_PACKAGES
    naming = sorted(f"{path.name}: {module}" for path in (TOURNAMENT / "services" / "online").glob("*.py")
                    for module in _imported(path)
                    if module.startswith("tournament.games.") and module.split(".")[2] in GAME_PACKAGES)
    assert naming == []
