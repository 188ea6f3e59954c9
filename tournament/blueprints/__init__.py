"""Blueprints by audience: organiser (login), and later print, projector, table phones, api."""

from flask import Flask


def register_blueprints(app: Flask) -> None:
    from .organiser import bp as organiser

    app.register_blueprint(organiser)
