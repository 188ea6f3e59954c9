"""The organiser's room controls: phase timers, projector theme and chime, the table links
with their QR codes (revoke / regenerate), and the live feed of the round status board."""

from __future__ import annotations

from flask import Blueprint

from ..guards import require_organiser_login

bp = Blueprint("room", __name__)
require_organiser_login(bp)

from . import controls, links  # noqa: E402,F401  (views register on bp)
