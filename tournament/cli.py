"""Command-line tools: `flask --app tournament db-upgrade | create-organiser | serve`."""

from __future__ import annotations

import socket

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


def lan_addresses() -> list[str]:
    """Best guess at the addresses phones on the same Wi-Fi can reach."""
    addresses: set[str] = set()
    try:
        # Connecting a UDP socket sends nothing; it only asks the OS which interface it would use.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            addresses.add(probe.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addresses.add(str(info[4][0]))
    except OSError:
        pass
    return sorted(a for a in addresses if not a.startswith("127."))


CONNECTION_LIMIT = 1000


@click.command("serve")
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on.")
@click.option("--port", default=5000, show_default=True, type=int)
@click.option("--threads", default=16, show_default=True, type=int)
@with_appcontext
def serve(host: str, port: int, threads: int) -> None:
    """Serve the app with waitress on the room's network and print where to open it."""
    import segno
    from waitress import serve as waitress_serve

    app = current_app._get_current_object()  # type: ignore[attr-defined]
    click.echo(f"On this laptop:   http://127.0.0.1:{port}/")
    lan = lan_addresses() if host in ("0.0.0.0", "::") else [host]
    for address in lan:
        click.echo(f"On phones (Wi-Fi): http://{address}:{port}/")
    if lan:
        segno.make(f"http://{lan[0]}:{port}/", error="l").terminal(compact=True)
    click.echo("Stop with Ctrl+C.")
    # Waitress accepts 100 connections by default; a lecture hall's phones plus projectors keep
    # more than that open, and the ones over the limit would wait for the others to go idle.
    waitress_serve(app, host=host, port=port, threads=threads, ident="tournament",
                   connection_limit=CONNECTION_LIMIT)
