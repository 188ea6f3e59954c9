"""Blueprints by audience: organiser (and its print and room pages), projector, table phones, public,
online players."""

from flask import Flask


def register_blueprints(app: Flask) -> None:
    from . import moments, play, projector, public, push_fallback, room, table
    from .organiser import bp as organiser
    from .print import bp as print_bp

    for blueprint in (organiser, print_bp, room.bp, projector.bp, table.bp, public.bp, play.bp, push_fallback.bp):
        app.register_blueprint(blueprint)
    moments.init_app(app)
