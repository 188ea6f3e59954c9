"""The accounts page: list, add, remove after a confirmation; never yourself, never the last one."""

from __future__ import annotations

import threading

from sqlalchemy import select

from tournament import db
from tournament.models import Organiser
from tournament.services import accounts


def _ids(app) -> dict[str, int]:
    with app.app_context():
        return {o.username: o.id for o in db.session().scalars(select(Organiser))}


def _login(app, username: str, password: str = "correct horse"):
    client = app.test_client()
    assert client.post("/login", data={"username": username, "password": password}).status_code == 302
    return client


def test_accounts_page_lists_usernames_escaped(app, organiser):
    with app.app_context():
        accounts.add_organiser(db.session(), "<b>Bo</b>", "long enough")
    page = organiser.get("/accounts").get_data(as_text=True)
    assert "&lt;b&gt;Bo&lt;/b&gt;" in page and "<b>Bo</b>" not in page
    assert "teacher" in page and "(you)" in page
    assert 'href="/accounts"' in organiser.get("/").get_data(as_text=True)  # the menu link


def test_adding_an_account_lets_it_log_in(app, organiser):
    reply = organiser.post("/accounts/add", data={"username": " Colleague ", "password": "long enough",
                                                   "confirm": "long enough"})
    assert reply.status_code == 302
    assert set(_ids(app)) == {"teacher", "Colleague"}
    _login(app, "Colleague", "long enough")


def test_adding_an_existing_username_is_refused_beside_the_field_and_keeps_its_password(app, organiser):
    reply = organiser.post("/accounts/add", data={"username": "teacher", "password": "another one",
                                                   "confirm": "another one"})
    page = reply.get_data(as_text=True)
    assert reply.status_code == 400
    assert "There is already an account named “teacher”" in page and 'value="teacher"' in page
    _login(app, "teacher")


def test_adding_a_username_with_a_control_character_is_refused_and_changes_nothing(app, organiser):
    reply = organiser.post("/accounts/add", data={"username": "a\u202eb", "password": "long enough",
                                                   "confirm": "long enough"})
    assert reply.status_code == 400
    assert "U+202E" in reply.get_data(as_text=True)
    assert set(_ids(app)) == {"teacher"}


def test_removing_an_account_asks_for_confirmation_first(app, organiser):
    with app.app_context():
        accounts.add_organiser(db.session(), "<i>colleague</i>", "long enough")
    colleague = _ids(app)["<i>colleague</i>"]
    page = organiser.get(f"/accounts/{colleague}/remove").get_data(as_text=True)
    assert "Remove the account “&lt;i&gt;colleague&lt;/i&gt;”?" in page
    assert set(_ids(app)) == {"teacher", "<i>colleague</i>"}
    assert organiser.post(f"/accounts/{colleague}/remove").status_code == 302
    assert set(_ids(app)) == {"teacher"}


def test_nobody_can_remove_their_own_account(app, organiser):
    with app.app_context():
        accounts.add_organiser(db.session(), "colleague", "long enough")
    me = _ids(app)["teacher"]
    assert organiser.get(f"/accounts/{me}/remove").status_code == 409
    reply = organiser.post(f"/accounts/{me}/remove")
    assert reply.status_code == 409
    assert "You cannot remove your own account" in reply.get_data(as_text=True)
    assert set(_ids(app)) == {"teacher", "colleague"}


def test_removing_an_unknown_account_is_a_404(app, organiser):
    assert organiser.post("/accounts/999/remove").status_code == 404


def test_two_organisers_removing_each_other_at_once_leave_one_account(app):
    for attempt in range(5):
        with app.app_context():
            session = db.session()
            for organiser in session.scalars(select(Organiser)):
                session.delete(organiser)
            session.commit()
            accounts.set_organiser(session, "ana", "correct horse")
            accounts.set_organiser(session, "bo", "correct horse")
        ids = _ids(app)
        ana, bo = _login(app, "ana"), _login(app, "bo")
        barrier = threading.Barrier(2)
        statuses = []

        def remove(client, target, barrier=barrier, statuses=statuses):
            barrier.wait()
            statuses.append(client.post(f"/accounts/{target}/remove").status_code)

        threads = [threading.Thread(target=remove, args=(ana, ids["bo"])),
                   threading.Thread(target=remove, args=(bo, ids["ana"]))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert len(_ids(app)) == 1, (attempt, statuses)
        assert len(statuses) == 2 and max(statuses) < 500, statuses


def test_the_last_account_cannot_be_removed(app, organiser):
    with app.app_context():
        session = db.session()
        me = session.scalar(select(Organiser))
        ghost = Organiser(id=me.id + 1, username="ghost", password_hash="x")  # acting account, already gone
        try:
            accounts.remove_organiser(session, ghost, me.id)
        except accounts.Conflict as error:
            assert "last organiser account" in str(error)
        else:
            raise AssertionError("the last account was removed")
    assert set(_ids(app)) == {"teacher"}
