"""A login session ends for good: a copied cookie stops working after logout, after a
password reset and after 'log out everywhere else'; the guard costs one query."""

from __future__ import annotations

from tests.conftest import count_queries
from tournament import db
from tournament.models import Organiser
from tournament.services import accounts


def _login(app, username: str = "teacher", password: str = "correct horse"):
    client = app.test_client()
    reply = client.post("/login", data={"username": username, "password": password})
    assert reply.status_code == 302, reply.get_data(as_text=True)
    return client


def _copy(app, client):
    """A second browser holding the same session cookie (as if copied)."""
    thief = app.test_client()
    cookie = client.get_cookie("session")
    thief.set_cookie("session", cookie.value)
    return thief


def _logged_in(client) -> bool:
    return client.get("/").status_code == 200


def _account(app) -> None:
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")


def test_copied_session_cookie_stops_working_after_logout(app):
    _account(app)
    client = _login(app)
    thief = _copy(app, client)
    assert _logged_in(thief)
    client.post("/logout")
    assert not _logged_in(client)
    assert not _logged_in(thief)
    assert thief.get("/").location.startswith("/login")


def test_password_reset_ends_every_session_of_the_account(app):
    _account(app)
    thief = _copy(app, _login(app))
    assert _logged_in(thief)
    with app.app_context():
        assert accounts.set_organiser(db.session(), "teacher", "a new password") is False
    assert not _logged_in(thief)
    assert _logged_in(_login(app, password="a new password"))


def test_log_out_everywhere_else_ends_other_sessions_and_keeps_this_one(app):
    _account(app)
    here = _login(app)
    laptop = _login(app)
    thief = _copy(app, here)
    reply = here.post("/accounts/logout-others")
    assert reply.status_code == 302
    assert _logged_in(here)
    assert not _logged_in(thief)
    assert not _logged_in(laptop)


def test_sessions_of_other_accounts_survive_a_logout(app):
    _account(app)
    with app.app_context():
        accounts.add_organiser(db.session(), "colleague", "long enough")
    teacher, colleague = _login(app), _login(app, "colleague", "long enough")
    teacher.post("/logout")
    assert _logged_in(colleague)


def test_removed_account_is_logged_out_at_once(app):
    _account(app)
    with app.app_context():
        accounts.add_organiser(db.session(), "colleague", "long enough")
        colleague_id = db.session().query(Organiser).filter_by(username="colleague").one().id
    teacher, colleague = _login(app), _login(app, "colleague", "long enough")
    assert teacher.post(f"/accounts/{colleague_id}/remove").status_code == 302
    assert not _logged_in(colleague)


def test_login_guard_checks_the_session_generation_with_one_query(app):
    _account(app)
    client = _login(app)
    with count_queries(app) as statements:
        assert client.get("/health").status_code == 200
    assert len(statements) == 1 and "organisers" in statements[0]
