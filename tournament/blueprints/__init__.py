"""Blueprints by audience: organiser, print, projector, table phones, public, api."""

from flask import Flask


def register_blueprints(app: Flask) -> None:
    from .organiser import bp as organiser

    app.register_blueprint(organiser)
    from . import projector, public, room, table

    app.register_blueprint(projector.bp)
    app.register_blueprint(table.bp)
    app.register_blueprint(public.bp)
    app.register_blueprint(room.bp)
    from .print import bp as print_bp; app.register_blueprint(print_bp)  # noqa: E702
