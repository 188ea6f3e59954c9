"""What neither the phone nor a change of setting may do to a table's answer: a dispute is only
ever settled by the organiser, and switching confirmations off leaves no question open."""

from __future__ import annotations

import pytest

from tests.agreement.conftest import agreement_of, answer, running_event, send
from tests.room.conftest import seated, tokens
from tournament import db
from tournament.models import Agreement, Event, TableAgreement
from tournament.services import events


@pytest.fixture
def phone(app):
    return app.test_client()


def test_a_disputed_game_stays_disputed_when_the_phone_sends_it_again_changed(app, phone):
    event_id = running_event(app)
    names = sorted(seated(app, event_id, 1))
    send(phone, app, event_id, 1, {1: names[0]})
    answer(phone, app, event_id, 1, 1, agree=False)
    send(phone, app, event_id, 1, {1: names[1]}, version={1: 1})
    assert agreement_of(app, event_id, 1, 1) is Agreement.DISPUTED


def test_switching_confirmations_off_withdraws_every_open_question_and_keeps_the_disputes(app, phone):
    event_id = running_event(app)
    send(phone, app, event_id, 1, {1: sorted(seated(app, event_id, 1))[0]})
    send(phone, app, event_id, 2, {1: sorted(seated(app, event_id, 2))[0]})
    answer(phone, app, event_id, 2, 1, agree=False)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        events.update_event(session, event, event.name, event.round_minutes, table_agreement=TableAgreement.OFF)
    assert agreement_of(app, event_id, 1, 1) is None
    assert agreement_of(app, event_id, 2, 1) is Agreement.DISPUTED
    page = phone.get(f"/t/{tokens(app, event_id)[1]}").get_data(as_text=True)
    assert "/games/1/agree" not in page


@pytest.mark.parametrize("value", ["²", "１", "٣"])
def test_a_digit_that_is_not_ascii_in_an_answer_is_refused_and_never_a_crash(app, phone, value):
    event_id = running_event(app)
    send(phone, app, event_id, 1, {1: sorted(seated(app, event_id, 1))[0]})
    url = f"/t/{tokens(app, event_id)[1]}"
    for response in (phone.post(f"{url}/games/1/agree", data={"round": "1", "version": value, "answer": "no"}),
                     phone.post(f"{url}/presence", data={"round": "1", "missing": value, "again": "1"})):
        assert response.status_code < 500
    assert agreement_of(app, event_id, 1, 1) is Agreement.ASKED


@pytest.mark.parametrize("action, value", [("game confirmed", "asked"), ("game disputed", "agreed"),
                                           ("dispute settled", "result kept"), ("dispute settled", "game removed"),
                                           ("seating wish added", "keep apart")])
def test_the_change_log_shows_each_fixed_value_these_changes_write_as_a_message_of_the_page(action, value):
    from tournament.core.i18n import Text
    from tournament.services import audit

    assert isinstance(audit.value_text(action, value), Text)
