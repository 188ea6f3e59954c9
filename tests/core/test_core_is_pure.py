"""The core must stay importable without any web or database library."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "tournament" / "core"
FORBIDDEN = ("flask", "werkzeug", "sqlalchemy", "wtforms", "alembic", "jinja2")
# The one library the core may use: the Unicode Collation Algorithm in pure Python, which
# defines alphabetical order (the tie rule). Anything else stays outside the core.
ALLOWED_OUTSIDE = frozenset({"pyuca"})

# The parent package ``tournament`` is the Flask app factory, so importing it would load Flask
# regardless of the core. The subprocess stands in an empty parent package so that only the
# core's own imports are measured.
PROBE = """
import importlib, json, pkgutil, sys, types
parent = types.ModuleType("tournament")
parent.__path__ = [sys.argv[1]]
sys.modules["tournament"] = parent
import tournament.core as core
names = ["tournament.core"] + [
    "tournament.core." + info.name for info in pkgutil.iter_modules(core.__path__)
]
for name in names:
    importlib.import_module(name)
print(json.dumps({"imported": names, "modules": sorted(sys.modules)}))
"""


def _core_modules() -> list[Path]:
    return sorted(CORE.glob("*.py"))


def test_importing_every_core_module_loads_no_web_or_db_library() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE, str(CORE.parent)],
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(result.stdout)
    assert len(report["imported"]) == len(_core_modules())
    loaded = [name for name in report["modules"] if name.split(".")[0].startswith(FORBIDDEN)]
    assert loaded == []


def test_the_core_imports_nothing_from_the_games_which_build_on_it() -> None:
    upward: list[str] = []
    for path in _core_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if (node.level == 0 and module.startswith("tournament.games")) or (
                        node.level >= 2 and module.split(".")[0] == "games"):
                    upward.append(f"{path.name}: {module}")
    assert upward == []


def test_core_modules_import_only_the_standard_library_the_collation_or_each_other() -> None:
    outside: list[str] = []
    for path in _core_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                roots = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                roots = [(node.module or "").split(".")[0]]
            else:
                continue
            outside += [f"{path.name}: {root}" for root in roots
                        if root not in sys.stdlib_module_names and root not in ALLOWED_OUTSIDE]
    assert outside == []


def test_every_core_module_states_its_invariants() -> None:
    missing = [
        path.name
        for path in _core_modules()
        if "Invariants:" not in (ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or "")
    ]
    assert missing == []


GAMES = CORE.parent / "games"
# The game seam's contract modules: nothing but the standard library and the package itself,
# anywhere in the file. A game's own module may load its web pieces inside a hook (see below).
SEAM_MODULES = ("__init__.py", "protocol.py", "registry.py", "five_tricks/__init__.py")

PROBE_GAMES = """
import importlib, json, sys, types
parent = types.ModuleType("tournament")
parent.__path__ = [sys.argv[1]]
sys.modules["tournament"] = parent
names = ["tournament.games", "tournament.games.protocol", "tournament.games.registry",
         "tournament.games.five_tricks", "tournament.games.five_tricks.game", "tournament.core.rounds"]
for name in names:
    importlib.import_module(name)
from tournament.games import Report, get
from tournament.games import settings as declared
from tournament.games.five_tricks.variants import SEED_VARIANTS
game = get("five-tricks")
variant = declared.from_json(game.settings, declared.to_json(game.settings, SEED_VARIANTS[0]))
declared.summary(game.settings, variant)
game.game_winners(variant, Report(scores={"Ana": 2, "Ben": 1}))
game.usual_games(4, 7)
print(json.dumps(sorted(sys.modules)))
"""


def test_the_game_seam_and_five_tricks_load_no_web_or_db_library_until_a_form_is_asked_for() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE_GAMES, str(CORE.parent)], capture_output=True, text=True, check=True
    )
    loaded = [name for name in json.loads(result.stdout) if name.split(".")[0].startswith(FORBIDDEN)]
    assert loaded == []


def _outside_imports(path: Path, nodes) -> list[str]:
    outside = []
    for node in nodes:
        if isinstance(node, ast.Import):
            roots = [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            roots = [(node.module or "").split(".")[0]]
        else:
            continue
        outside += [f"{path.name}: {root}" for root in roots if root not in sys.stdlib_module_names]
    return outside


def test_the_game_protocol_and_registry_import_only_the_standard_library() -> None:
    outside: list[str] = []
    for name in SEAM_MODULES:
        path = GAMES / name
        outside += _outside_imports(path, ast.walk(ast.parse(path.read_text(encoding="utf-8"))))
    assert outside == []


def test_five_tricks_imports_its_web_pieces_only_inside_the_hooks_that_return_them() -> None:
    path = GAMES / "five_tricks" / "game.py"
    top_level = ast.parse(path.read_text(encoding="utf-8")).body
    assert _outside_imports(path, top_level) == []
    relative_web = [node.module for node in top_level if isinstance(node, ast.ImportFrom) and node.level
                    and (node.module or "").split(".")[0] in ("blueprints", "services", "models")]
    assert relative_web == []


# Five Tricks' rules are held to the core's rule (standard library only, anywhere in the file).
FIVE_TRICKS_RULES = ("cards.py", "tricks.py", "variants.py", "generator.py", "sheets.py")


def test_five_tricks_rule_modules_import_only_the_standard_library() -> None:
    outside: list[str] = []
    for name in FIVE_TRICKS_RULES:
        path = GAMES / "five_tricks" / name
        outside += _outside_imports(path, ast.walk(ast.parse(path.read_text(encoding="utf-8"))))
    assert outside == []


PROBE_ORDER = """
import importlib, json, sys, types
parent = types.ModuleType("tournament")
parent.__path__ = [sys.argv[1]]
sys.modules["tournament"] = parent
importlib.import_module(sys.argv[2])
from tournament.games import get
from tournament.games.five_tricks.variants import SEED_VARIANTS
from tournament.games import settings as declared
assert declared.default_variants(get("five-tricks").settings, 1)[0] is SEED_VARIANTS[0]
print(json.dumps(sorted(sys.modules)))
"""


def test_the_core_and_the_games_import_in_any_order_without_a_web_or_db_library() -> None:
    for first in ("tournament.core", "tournament.core.rounds", "tournament.games",
                  "tournament.games.protocol", "tournament.games.five_tricks.game",
                  "tournament.games.five_tricks.sheets"):
        result = subprocess.run(
            [sys.executable, "-c", PROBE_ORDER, str(CORE.parent), first], capture_output=True, text=True
        )
        assert result.returncode == 0, f"{first}: {result.stderr}"
        loaded = [name for name in json.loads(result.stdout) if name.split(".")[0].startswith(FORBIDDEN)]
        assert loaded == [], first
