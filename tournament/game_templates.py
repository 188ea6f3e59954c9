"""Templates a game brings in its own package, served to Jinja as ``games/<key>/<name>``.

Invariants:
- ``games/<key>/<name>`` is ``<name>`` in the ``template_folder`` of the game registered under
  ``<key>``, looked up when the template is loaded, so a game registered after the app was
  built (a test's) is found too; any other name is left to the app's own loader.
- An unknown key, a game without a folder or a name outside the folder is "template not
  found", never a file elsewhere on disk (Jinja's file loader refuses ``..``).
- Where Jinja checks cached templates (auto reload), one stays valid only while its file is
  unchanged and the key still names a game with the same folder.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from jinja2 import BaseLoader, ChoiceLoader, Environment, FileSystemLoader, TemplateNotFound

from .core.errors import RuleError
from .games import registry

if TYPE_CHECKING:
    from flask import Flask

PREFIX = "games/"


def _folder(key: str) -> Path | None:
    try:
        return registry.get(key).template_folder
    except RuleError:
        return None


class GameTemplateLoader(BaseLoader):
    def get_source(self, environment: Environment, template: str) -> tuple[str, str | None, Callable[[], bool] | None]:
        if not template.startswith(PREFIX) or template.count("/") < 2:
            raise TemplateNotFound(template)
        key, name = template[len(PREFIX):].split("/", 1)
        folder = _folder(key)
        if folder is None:
            raise TemplateNotFound(template)
        source, filename, file_uptodate = FileSystemLoader(folder).get_source(environment, name)

        def uptodate() -> bool:
            return _folder(key) == folder and (file_uptodate is None or file_uptodate())

        return source, filename, uptodate


def add_game_templates(app: Flask) -> None:
    """Let the app's templates include ``games/<key>/<name>`` after its own folder."""
    own = app.jinja_loader
    assert own is not None, "the app has its own template folder"
    app.jinja_loader = ChoiceLoader([own, GameTemplateLoader()])
