"""An organiser adds accounts with a role and changes roles; the last organiser always stays
one; a helper has its own account page and no other."""

from __future__ import annotations

import html

import pytest
from sqlalchemy import select

from tests.conftest import log_in_organiser
from tests.roles.conftest import HELPER, account_id, add_helper, logged_in
from tournament import db
from tournament.models import Organiser, Role
from tournament.services import accounts
from tournament.services.errors import Conflict


def _role(app, username: str) -> Role:
    with app.app_context():
        return db.session().scalar(select(Organiser.role).where(Organiser.username == username))


def test_the_first_account_at_setup_is_an_organiser(app, client):
    client.post("/setup", data={"username": "anna", "password": "long enough", "confirm": "long enough"})
    assert _role(app, "anna") is Role.ORGANISER


def test_an_organiser_adds_a_helper_account_with_its_role(app, organiser):
    response = organiser.post("/accounts/add", data={"username": "sam", "password": "helper password",
                                                     "confirm": "helper password", "role": "helper"})
    assert response.status_code == 302
    assert _role(app, "sam") is Role.HELPER


def test_an_organiser_makes_a_helper_an_organiser_and_back(app, organiser):
    helper = add_helper(app)
    assert organiser.post(f"/accounts/{helper}/role", data={"role": "organiser"}).status_code == 302
    assert _role(app, HELPER) is Role.ORGANISER
    assert organiser.post(f"/accounts/{helper}/role", data={"role": "helper"}).status_code == 302
    assert _role(app, HELPER) is Role.HELPER


def test_the_last_organiser_cannot_become_a_helper_and_the_refusal_is_beside_the_field(app, organiser):
    add_helper(app)
    me = account_id(app, "teacher")
    response = organiser.post(f"/accounts/{me}/role", data={"role": "helper"})
    assert response.status_code == 409
    page = html.unescape(response.get_data(as_text=True))
    assert "The last organiser account cannot become a helper" in page
    assert f'<select aria-label="Role of teacher" id="account-{me}-role"' in page
    assert page.index("The last organiser account cannot become a helper") > page.index(f'id="account-{me}-role"')
    assert _role(app, "teacher") is Role.ORGANISER


def test_the_last_organiser_rule_holds_in_the_service_too(app):
    with app.app_context():
        session = db.session()
        only = accounts.add_organiser(session, "anna", "long enough")
        with pytest.raises(Conflict):
            accounts.set_role(session, only, only.id, Role.HELPER)
        assert session.get(Organiser, only.id).role is Role.ORGANISER


def test_a_helper_cannot_remove_an_organiser_even_through_the_service(app):
    with app.app_context():
        session = db.session()
        anna = accounts.add_organiser(session, "anna", "long enough")
        sam = accounts.add_organiser(session, "sam", "long enough", Role.HELPER)
        with pytest.raises(Conflict):
            accounts.remove_organiser(session, sam, anna.id)
        assert session.get(Organiser, anna.id) is not None


def test_a_helper_has_its_own_account_page_with_language_and_other_devices_only(app, client):
    log_in_organiser(app, client)
    add_helper(app)
    helper = logged_in(app, HELPER)
    page = helper.get("/account").get_data(as_text=True)
    assert "Log out everywhere else" in page and "Language of these pages" in page
    assert "Add an account" not in page and 'href="/accounts"' not in page
    response = helper.post("/accounts/language", data={"language": "de"})
    assert response.status_code == 302 and response.location.endswith("/account")
    assert helper.get("/accounts").status_code == 403


def test_a_helper_sees_no_link_to_the_accounts_page_and_an_organiser_does(app, client):
    log_in_organiser(app, client)
    add_helper(app)
    assert 'href="/accounts"' in client.get("/").get_data(as_text=True)
    assert 'href="/accounts"' not in logged_in(app, HELPER).get("/").get_data(as_text=True)
