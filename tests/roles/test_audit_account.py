"""The change log names the account that made each change; phones keep their table as actor
and name no account."""

from __future__ import annotations

from sqlalchemy import select

from tests.app.helpers import player_ids, winners_form
from tests.conftest import log_in_organiser, setup_event
from tests.roles.conftest import HELPER, add_helper, logged_in
from tournament import db
from tournament.models import AuditEntry, Event


def _lines(app, event_id: int) -> list[tuple[str, str, str | None]]:
    with app.app_context():
        return [(e.action, e.actor, e.account) for e in db.session().scalars(
            select(AuditEntry).where(AuditEntry.event_id == event_id).order_by(AuditEntry.id))]


def _phone_form(*winners: int) -> dict:
    data = {"round": "1"}
    for index, winner in enumerate(winners):
        data.update({f"games-{index}-number": str(index + 1), f"games-{index}-winner": str(winner),
                     f"games-{index}-version": ""})
    return data


def test_audit_lines_name_the_account_of_the_organiser_or_helper_and_no_account_for_a_phone(app, client):
    event_id = setup_event(app, ["Ana", "Ben", "Cy", "Dee"], tables=1)
    log_in_organiser(app, client)
    add_helper(app)
    helper = logged_in(app, HELPER)
    assert helper.post(f"/events/{event_id}/rounds/start").status_code == 302
    form = winners_form(app, event_id, ["Ana"])
    assert client.post(f"/events/{event_id}/rounds/1/tables/1", data=form).status_code == 302
    with app.app_context():
        token = db.session().get(Event, event_id).tables[0].token
    ids = player_ids(app, event_id)
    assert app.test_client().post(f"/t/{token}", data=_phone_form(ids["Ana"], ids["Ben"])).status_code == 302
    lines = _lines(app, event_id)
    assert ("round started", "organiser", HELPER) in lines
    assert ("game recorded", "organiser", "teacher") in lines
    assert ("game recorded", "phone, table 1", None) in lines


def test_the_change_log_page_shows_which_account_made_a_change(app, client):
    event_id = setup_event(app, ["Ana", "Ben", "Cy", "Dee"], tables=1)
    log_in_organiser(app, client)
    add_helper(app)
    logged_in(app, HELPER).post(f"/events/{event_id}/rounds/start")
    page = client.get(f"/events/{event_id}/audit").get_data(as_text=True)
    assert "<th>Account</th>" in page
    assert "<td>organiser</td><td><bdi>sam</bdi></td>" in page
