"""Printed materials: rule sheets, tournament guide, table signs, score slips. Organiser only."""

from __future__ import annotations

from flask import Blueprint

from ..guards import require_organiser_login

bp = Blueprint("print", __name__)
require_organiser_login(bp)

from . import debrief, filters, house_rule, pages, personal_links, views  # noqa: E402,F401  (they register on bp)
