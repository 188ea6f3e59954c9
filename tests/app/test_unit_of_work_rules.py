"""Who commits and who writes, read from the code: the unit of work is the one place a change is
committed, views and GET handlers never write, services never read the request, and the
database layer never guesses from the request how to begin a transaction. (The suite's requests
are also watched while they run: tests/unit_of_work_guard.py.)"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "tournament"
UNIT_OF_WORK = PACKAGE / "services" / "unit_of_work.py"
# The rate limiter's counters: Flask-Limiter's storage, on a driver connection of its own that
# never holds the app's rows (see its module), so not a change to anything the app shows.
OWN_CONNECTION = {PACKAGE / "throttle_store.py"}
WRITERS = {"event_change", "unit_of_work"}


def _modules(folder: Path = PACKAGE):
    for path in sorted(folder.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def _calls(node: ast.AST):
    for found in ast.walk(node):
        if isinstance(found, ast.Call):
            func = found.func
            yield func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)


def test_nothing_commits_outside_the_unit_of_work() -> None:
    committing = [f"{path.relative_to(PACKAGE)}" for path, tree in _modules()
                  if path != UNIT_OF_WORK and path not in OWN_CONNECTION and "commit" in set(_calls(tree))]
    assert committing == []


def _methods(decorator: ast.expr) -> set[str] | None:
    """The HTTP methods a route decorator registers; None for any other decorator."""
    if not isinstance(decorator, ast.Call) or not isinstance(decorator.func, ast.Attribute):
        return None
    kind = decorator.func.attr
    if kind in ("get", "post", "put", "patch", "delete"):
        return {kind.upper()}
    if kind != "route":
        return None
    for keyword in decorator.keywords:
        if keyword.arg == "methods" and isinstance(keyword.value, (ast.List, ast.Tuple)):
            return {element.value for element in keyword.value.elts if isinstance(element, ast.Constant)}
    return {"GET"}


def test_no_view_opens_a_unit_of_work_and_no_get_only_handler_writes() -> None:
    opening, writing = [], []
    for path, tree in _modules(PACKAGE / "blueprints"):
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            methods = [m for m in map(_methods, function.decorator_list) if m is not None]
            if not methods:
                continue
            calls = set(_calls(function))
            where = f"{path.relative_to(PACKAGE)}:{function.name}"
            if calls & WRITERS:
                opening.append(where)
            if set().union(*methods) <= {"GET", "HEAD"} and calls & {"add", "delete", "flush", "execute", "commit"}:
                writing.append(where)
    assert opening == [] and writing == []


def _flask_names(tree: ast.AST) -> set[str]:
    return {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module == "flask"
            for alias in node.names}


def test_services_receive_what_they_need_and_never_read_the_request_the_app_or_g() -> None:
    reading = {f"{path.relative_to(PACKAGE)}: {sorted(names)}" for path, tree in _modules(PACKAGE / "services")
               if (names := _flask_names(tree) & {"request", "current_app", "g", "session", "has_request_context"})}
    assert reading == set()


def test_the_database_layer_begins_transactions_without_reading_the_request() -> None:
    tree = ast.parse((PACKAGE / "db.py").read_text(encoding="utf-8"))
    assert _flask_names(tree) & {"request", "has_request_context"} == set()
    assert "blueprint" not in {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
