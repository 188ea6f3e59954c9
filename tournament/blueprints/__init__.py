"""Blueprints by audience: organiser, print, projector, table phones, public, api."""

from flask import Flask


def register_blueprints(app: Flask) -> None:
    from .organiser import bp as organiser

    app.register_blueprint(organiser)
    from .print import bp as print_bp; app.register_blueprint(print_bp)  # noqa: E702
