"""A confirmation holds only the result it confirmed; the event's setting chooses whether the
phone asks, and whether the close lists what the tables did not confirm (it never blocks)."""

from __future__ import annotations

from tests.agreement.conftest import agreement_of, answer, running_event, send
from tests.app.helpers import event_row, page_text, player_ids
from tests.room.conftest import seated
from tournament.models import Agreement, TableAgreement


def test_a_correction_that_changes_nothing_keeps_the_confirmation(app, phone):
    event_id = running_event(app)
    a = sorted(seated(app, event_id, 1))[0]
    send(phone, app, event_id, 1, {1: a})
    answer(phone, app, event_id, 1, 1, agree=True)
    send(phone, app, event_id, 1, {1: a}, version={1: 1})
    assert agreement_of(app, event_id, 1, 1) is Agreement.AGREED


def test_a_phone_correction_that_changes_the_result_asks_the_table_again(app, phone):
    event_id = running_event(app)
    a, b, _c = sorted(seated(app, event_id, 1))
    send(phone, app, event_id, 1, {1: a})
    answer(phone, app, event_id, 1, 1, agree=True)
    text = page_text(send(phone, app, event_id, 1, {1: b}, version={1: 1}))
    assert agreement_of(app, event_id, 1, 1) is Agreement.ASKED
    assert f'<p class="agree-result">{b} won.</p>' in text


def test_the_organiser_changing_a_confirmed_result_makes_it_the_organisers(app, organiser, phone):
    event_id = running_event(app)
    a, b, _c = sorted(seated(app, event_id, 1))
    send(phone, app, event_id, 1, {1: a})
    answer(phone, app, event_id, 1, 1, agree=True)
    organiser.post(f"/events/{event_id}/rounds/1/tables/1",
                   data={"games-0-number": "1", "games-0-version": "1",
                         "games-0-winner": str(player_ids(app, event_id)[b])})
    assert agreement_of(app, event_id, 1, 1) is None


def test_the_close_lists_unconfirmed_and_disputed_games_when_the_event_asks_to_be_warned(app, organiser, phone):
    event_id = running_event(app, TableAgreement.WARN)
    send(phone, app, event_id, 1, {1: sorted(seated(app, event_id, 1))[0]})
    answer(phone, app, event_id, 1, 1, agree=False)
    send(phone, app, event_id, 2, {1: sorted(seated(app, event_id, 2))[0]})
    send(phone, app, event_id, 3, {1: sorted(seated(app, event_id, 3))[0]})
    answer(phone, app, event_id, 3, 1, agree=True)
    text = page_text(organiser.get(f"/events/{event_id}/rounds/1/close"))
    assert "2 results were not confirmed by their tables:" in text
    assert "Table 1, game 1: disputed" in text and "Table 2, game 1: not confirmed" in text
    assert "Table 3, game 1" not in text
    closed = organiser.post(f"/events/{event_id}/rounds/1/close", follow_redirects=True)
    assert "Round 1 closed." in page_text(closed)


def test_the_close_lists_disputes_but_not_unconfirmed_games_when_the_event_only_asks(app, organiser, phone):
    event_id = running_event(app, TableAgreement.ASK)
    send(phone, app, event_id, 1, {1: sorted(seated(app, event_id, 1))[0]})
    assert "not confirmed" not in page_text(organiser.get(f"/events/{event_id}/rounds/1/close"))
    answer(phone, app, event_id, 1, 1, agree=False)
    text = page_text(organiser.get(f"/events/{event_id}/rounds/1/close"))
    assert "1 result was not confirmed by its table:" in text and "Table 1, game 1: disputed" in text


def test_the_settings_page_chooses_whether_phones_results_are_confirmed(app, organiser):
    event_id = running_event(app)
    page = page_text(organiser.get(f"/events/{event_id}/settings"))
    assert "Results sent by phones" in page and '<option selected value="ask">' in page
    event = event_row(app, event_id)
    organiser.post(f"/events/{event_id}/settings", data={
        "name": event.name, "round_minutes": event.round_minutes, "planned_rounds": event.planned_rounds,
        "time_zone": event.time_zone, "language": event.language, "table_agreement": "warn"})
    assert event_row(app, event_id).table_agreement is TableAgreement.WARN
    refused = organiser.post(f"/events/{event_id}/settings", data={
        "name": event.name, "round_minutes": event.round_minutes, "planned_rounds": event.planned_rounds,
        "time_zone": event.time_zone, "language": event.language, "table_agreement": "sometimes"})
    assert refused.status_code == 400 and event_row(app, event_id).table_agreement is TableAgreement.WARN
