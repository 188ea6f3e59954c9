"""The roles tests reuse the fuzzing ground (two events, a database fingerprint) and add a
helper account beside its organiser "teacher"."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.fuzz.conftest import World, build_world, dump, fingerprint, restore
from tournament import db
from tournament.models import Organiser, Role
from tournament.services import accounts

HELPER = "sam"
HELPER_PASSWORD = "helper password"


def add_helper(app) -> int:
    with app.app_context():
        return accounts.add_organiser(db.session(), HELPER, HELPER_PASSWORD, Role.HELPER).id


@pytest.fixture
def world(app) -> World:
    """The fuzzing world with a helper account, its rows kept for `restore`."""
    built = build_world(app)
    add_helper(app)
    built.rows = dump(app)
    return built


def account_id(app, username: str) -> int:
    with app.app_context():
        found = db.session().scalar(select(Organiser.id).where(Organiser.username == username))
        assert found is not None
        return found


def logged_in(app, username: str):
    """A fresh client logged in as `username` (its session as the login page would write it)."""
    client = app.test_client()
    with client.session_transaction() as session:
        session["organiser_id"] = account_id(app, username)
        session["organiser_generation"] = 0
    return client


class Restorer:
    """Puts the world back after a request that changed it, so the next request meets it whole."""

    def __init__(self, app, world: World):
        self.app, self.world = app, world
        self.clean = fingerprint(app)

    def changed(self) -> list[str]:
        after = fingerprint(self.app)
        return sorted(name for name in after if after[name] != self.clean[name])

    def reset(self) -> None:
        if self.changed():
            restore(self.app, self.world)
