"""Five Tricks / Barnga tournament manager."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask
from flask_wtf import CSRFProtect

from . import config as default_config
from . import db
from .private_files import private_dir, private_file, secure_tree

csrf = CSRFProtect()
PROJECT_ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """App factory: defaults, then `instance/config.py`, then `TOURNAMENT_*` environment
    variables (or `test_config` instead of both); then extensions and blueprints. Creates no
    tables: `flask --app tournament db-upgrade` (run by `make run`) owns the schema."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=os.environ.get("TOURNAMENT_INSTANCE_PATH") or str(PROJECT_ROOT / "instance"),
        template_folder=str(PROJECT_ROOT / "templates"),
    )
    app.config.from_object(default_config)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("TOURNAMENT")
        if os.environ.get("DATABASE_URL") and not app.config.get("DATABASE_URL"):
            app.config["DATABASE_URL"] = os.environ["DATABASE_URL"]
    else:
        app.config.update(test_config)
    # Before anything writes there: the folder holds the database, the key and the backups.
    private_dir(Path(app.instance_path))
    secure_tree(Path(app.instance_path))
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret_key(Path(app.instance_path))

    if app.config["PROXY_FIX"]:
        from werkzeug.middleware.proxy_fix import ProxyFix

        # Flask documents wrapping its WSGI callable by assigning over the method.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1, x_prefix=1)  # type: ignore[method-assign]

    from . import push  # changes pushed to the screens (before db: its sessions carry the hub)
    push.init_app(app)
    db.init_app(app)
    csrf.init_app(app)
    from . import throttle  # failed-login limits
    throttle.init_app(app)
    from . import i18n  # the page's language and the catalogues
    i18n.init_app(app)

    from . import cli, game_templates, name_display, text_direction, web
    from .blueprints import register_blueprints

    game_templates.add_game_templates(app)

    web.init_app(app)
    name_display.init_app(app)
    text_direction.init_app(app)
    from .core.wording import plural
    from .games import game_of
    from .games.card_words import spoken as spoken_card
    app.add_template_filter(plural, "plural")
    # Every page names the event's game from the one place that knows it.
    app.add_template_global(game_of, "game_of")
    app.add_template_global(spoken_card, "spoken_card")  # "ace of spades" for screen readers
    from .games.settings import summary_of
    app.add_template_global(summary_of, "rules_summary")  # a table's rules in one line
    from .services.rounds import round_label_of
    app.add_template_global(round_label_of, "round_label")  # "Round 2 of 4", from the one place
    register_blueprints(app)
    cli.init_app(app)
    return app


def _instance_secret_key(instance: Path) -> str:
    """Generated once and kept in the instance folder, so logins survive a restart."""
    key_file = instance / "secret_key"
    if not key_file.exists():
        private_file(key_file).write_text(secrets.token_hex(32))
    return key_file.read_text().strip()
