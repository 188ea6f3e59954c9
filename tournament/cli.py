"""Command-line tools: `flask --app tournament db-upgrade | create-organiser | serve`."""

from __future__ import annotations

import gc
import os
import sys

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

from . import db, migrate


def init_app(app: Flask) -> None:
    app.cli.add_command(db_upgrade)
    app.cli.add_command(create_organiser)
    app.cli.add_command(serve)
    app.cli.add_command(erase_expired)


@click.command("db-upgrade")
@with_appcontext
def db_upgrade() -> None:
    """Create the database or bring it up to date with the latest migrations."""
    _compile_translations()
    # Writes as a change of no single event does: while the server runs, it waits for the lock.
    with db.write_transaction(None):
        migrate.upgrade(db.engine())
    click.echo(f"Database is up to date ({db.engine().url.render_as_string(hide_password=True)}).")


def _compile_translations() -> None:
    """The path without make: an edited or freshly checked-out .po is compiled before serving."""
    from .i18n.catalogues import compile_all

    for mo in compile_all(only_stale=True):
        click.echo(f"Compiled {mo.parent.parent.name} translations.")


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
@click.option("--threads", default=16, show_default=True, type=int, help="Threads (per worker process).")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Worker processes. More than 1 runs gunicorn: Linux or macOS, PostgreSQL only.")
@with_appcontext
def serve(host: str, port: int, threads: int, workers: int) -> None:
    """Serve the app on the room's network and print where to open it: waitress in this
    process, or with --workers N gunicorn with N processes (a big hall)."""
    import segno

    from . import serving
    from .blueprints.links import listening_bases
    from .hostnames import is_loopback

    app = current_app._get_current_object()  # type: ignore[attr-defined]
    _compile_translations()
    if workers > 1:
        refusal = several_processes_refusal(db.database_url(app), sys.platform)
        if refusal:
            raise click.UsageError(refusal)
    _hold_the_database(app, host, port)
    # Links and QR codes name the address the server listens on (see blueprints/links.py).
    app.config["BIND_HOST"] = host
    app.config["BIND_PORT"] = port
    click.echo(f"On this laptop:   http://127.0.0.1:{port}/")
    phones = [] if is_loopback(host) else listening_bases(host, port)
    if not phones:
        click.echo("Phones cannot reach this server: it listens on this laptop only. "
                   "Start it with `HOST=0.0.0.0 make run` (or `flask serve --host 0.0.0.0`).")
    for base in phones:
        click.echo(f"On phones (Wi-Fi): {base}/")
    if phones:
        segno.make(phones[0] + "/", error="l").terminal(compact=True)
    click.echo("Stop with Ctrl+C.")
    if workers > 1:
        _exec_gunicorn(app, host, port, threads, workers)
    server = serving.create_server(app, host=host, port=port, threads=threads, **serving.options_for(app.config))
    from . import retention_clock

    retention_clock.start(app)  # erases what is past the retention now, then once a day
    # Startup's long-lived objects leave the cyclic collector's scans: shorter pauses during rebuilds.
    gc.collect()
    gc.freeze()
    server.run()


@click.command("erase-expired")
@with_appcontext
def erase_expired() -> None:
    """Erase the events (and backups) past the retention setting now, as the server does daily."""
    from . import retention_clock

    app = current_app._get_current_object()  # type: ignore[attr-defined]
    run = retention_clock.step(app, force=True)
    assert run is not None  # forced: it always runs
    click.echo(f"Events erased: {len(run.events)}. Backup files erased: {run.backups}.")


def _hold_the_database(app: Flask, host: str, port: int) -> None:
    """An SQLite file is served by one process at a time (see one_server): held until the
    command ends, however it ends. PostgreSQL welcomes several."""
    from . import one_server

    database = db.sqlite_file(db.database_url(app))
    if database is None:
        return
    try:
        held = click.get_current_context().with_resource(one_server.serving(database, host, port))
    except one_server.AlreadyServed as refused:
        raise click.ClickException(str(refused)) from None
    if not held:
        click.echo(f"Could not lock {one_server.lock_path(database)}: make sure no other server "
                   "uses this database.", err=True)


def several_processes_refusal(url: str, platform: str) -> str | None:
    """Why `serve --workers N` (N > 1) cannot run here; None when it can.

    Several processes share nothing but the database: SQLite's single write lock would make
    them queue for one another (slower than one process), and gunicorn does not run on Windows."""
    from sqlalchemy.engine import make_url

    if platform == "win32":
        return "Several worker processes need gunicorn, which does not run on Windows; leave out --workers."
    if make_url(url).get_backend_name() != "postgresql":
        return ("Several worker processes need a PostgreSQL database (set DATABASE_URL to "
                "postgresql+psycopg://...); with SQLite, leave out --workers.")
    return None


def gunicorn_command(app: Flask, host: str, port: int, threads: int, workers: int) -> tuple[list[str], dict[str, str]]:
    """The gunicorn command line and environment `serve --workers N` replaces itself with. The
    workers build the app from the environment, so it names the database and the listen
    address the links are built from, exactly as this process resolved them."""
    bound = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    env = dict(os.environ, TOURNAMENT_BIND=bound, TOURNAMENT_WORKERS=str(workers),
               TOURNAMENT_THREADS=str(threads), TOURNAMENT_DATABASE_URL=db.database_url(app),
               TOURNAMENT_INSTANCE_PATH=app.instance_path,
               TOURNAMENT_BIND_HOST=host, TOURNAMENT_BIND_PORT=str(port))
    command = [sys.executable, "-m", "gunicorn", "--config", "python:tournament.gunicorn_conf",
               "tournament:create_app()"]
    return command, env


def _exec_gunicorn(app: Flask, host: str, port: int, threads: int, workers: int) -> None:
    try:
        import gunicorn  # noqa: F401
    except ImportError:
        raise click.UsageError("gunicorn is not installed: pip install 'gunicorn>=23'.") from None
    command, env = gunicorn_command(app, host, port, threads, workers)
    db.engine().dispose()
    sys.stdout.flush()
    # The same process id: whoever started `flask serve` stops gunicorn's master with SIGTERM.
    os.execve(command[0], command, env)
