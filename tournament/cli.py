"""Command-line tools: `flask --app tournament db-upgrade | create-organiser | serve`."""

from __future__ import annotations

import gc

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

from . import db, migrate


def init_app(app: Flask) -> None:
    app.cli.add_command(db_upgrade)
    app.cli.add_command(create_organiser)
    app.cli.add_command(serve)


@click.command("db-upgrade")
@with_appcontext
def db_upgrade() -> None:
    """Create the database or bring it up to date with the latest migrations."""
    migrate.upgrade(db.engine())
    click.echo(f"Database is up to date ({db.engine().url.render_as_string(hide_password=True)}).")


@click.command("create-organiser")
@click.argument("username")
@click.password_option()
@with_appcontext
def create_organiser(username: str, password: str) -> None:
    """Create an organiser account, or reset the password of an existing one."""
    from .services import accounts

    created = accounts.set_organiser(db.session(), username, password)
    click.echo(f"Organiser {username!r} {'created' if created else 'password reset'}.")


@click.command("serve")
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on.")
@click.option("--port", default=5000, show_default=True, type=int)
@click.option("--threads", default=16, show_default=True, type=int)
@with_appcontext
def serve(host: str, port: int, threads: int) -> None:
    """Serve the app with waitress on the room's network and print where to open it."""
    import segno

    from . import serving
    from .blueprints.links import listening_bases
    from .hostnames import is_loopback

    app = current_app._get_current_object()  # type: ignore[attr-defined]
    # Links and QR codes name the address the server listens on (see blueprints/links.py).
    app.config["BIND_HOST"] = host
    app.config["BIND_PORT"] = port
    click.echo(f"On this laptop:   http://127.0.0.1:{port}/")
    phones = [] if is_loopback(host) else listening_bases(host, port)
    if not phones:
        click.echo("Phones cannot reach this server: it listens on this laptop only (use --host 0.0.0.0).")
    for base in phones:
        click.echo(f"On phones (Wi-Fi): {base}/")
    if phones:
        segno.make(phones[0] + "/", error="l").terminal(compact=True)
    click.echo("Stop with Ctrl+C.")
    server = serving.create_server(app, host=host, port=port, threads=threads, **serving.options_for(app.config))
    # Startup's long-lived objects leave the cyclic collector's scans: shorter pauses during rebuilds.
    gc.collect()
    gc.freeze()
    server.run()
