"""The organiser's pages. Every view needs a logged-in organiser, except first-run setup and login."""

from __future__ import annotations

from flask import Blueprint

from ..guards import require_organiser_login
from ..permissions import may

bp = Blueprint("organiser", __name__)
require_organiser_login(bp, frozenset({"organiser.setup", "organiser.login", "organiser.health"}))
bp.add_app_template_global(may, "may")

from . import (  # noqa: E402,F401  (views register on bp)
    accounts,
    agreement,
    audit,
    auth,
    debrief,
    debrief_trick,
    entry,
    events,
    nicknames,
    notes,
    notice,
    online,
    players,
    presence,
    refused,
    research,
    retention,
    rounds,
    scoring,
    standings,
    tables,
    tournament_end,
    transfer,
    wishes,
)
