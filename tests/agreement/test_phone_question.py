"""After the captain sends a result, the table's phone asks the table to agree on it; another
player's tap confirms or disputes it, once, while the round runs."""

from __future__ import annotations

from tests.agreement.conftest import (
    agreement_of,
    answer,
    audit_actions,
    notes_of,
    question,
    running_event,
    send,
)
from tests.app.helpers import page_text
from tests.room.conftest import close_round, record_winner, seated, tokens
from tournament.models import Agreement, TableAgreement


def test_a_result_sent_by_the_phone_shows_the_question_with_the_result_in_big_letters(app, phone):
    event_id = running_event(app)
    a = sorted(seated(app, event_id, 1))[0]
    text = page_text(send(phone, app, event_id, 1, {1: a}))
    assert agreement_of(app, event_id, 1, 1) is Agreement.ASKED
    assert "Game 1: does the table agree?" in text
    assert f'<p class="agree-result">{a} won.</p>' in text
    assert "✓ We agree" in text and "✗ We don't" in text


def test_we_agree_confirms_the_game_and_the_change_log_says_which_table_confirmed(app, phone):
    event_id = running_event(app)
    send(phone, app, event_id, 1, {1: sorted(seated(app, event_id, 1))[0]})
    text = page_text(answer(phone, app, event_id, 1, 1, agree=True))
    assert agreement_of(app, event_id, 1, 1) is Agreement.AGREED
    assert "Thank you: game 1 is confirmed." in text and "does the table agree?" not in text
    assert ("phone, table 1", "game confirmed", "game 1") in audit_actions(app, event_id)


def test_we_dont_disputes_the_game_and_leaves_a_lightning_note_with_the_result_as_sent(app, phone):
    event_id = running_event(app)
    a = sorted(seated(app, event_id, 1))[0]
    send(phone, app, event_id, 1, {1: a})
    text = page_text(answer(phone, app, event_id, 1, 1, agree=False))
    assert agreement_of(app, event_id, 1, 1) is Agreement.DISPUTED
    assert "Game 1 is marked as disputed. The organiser will come and settle it." in text
    assert notes_of(app, event_id) == [("disagreed", f"Game 1 as it was sent: {a} won.", 1)]
    assert ("phone, table 1", "game disputed", "game 1") in audit_actions(app, event_id)


def test_a_double_tap_is_one_answer_and_one_note(app, phone):
    event_id = running_event(app)
    send(phone, app, event_id, 1, {1: sorted(seated(app, event_id, 1))[0]})
    fields = question(phone.get(f"/t/{tokens(app, event_id)[1]}").get_data(as_text=True), 1)
    answer(phone, app, event_id, 1, 1, agree=False, fields=fields)
    again = page_text(answer(phone, app, event_id, 1, 1, agree=False, fields=fields))
    assert "Game 1: your answer was already received." in again
    assert len(notes_of(app, event_id)) == 1
    assert [a for a in audit_actions(app, event_id) if a[1] == "game disputed"] == [
        ("phone, table 1", "game disputed", "game 1")]
    fields_yes = dict(fields)
    answer(phone, app, event_id, 1, 1, agree=True, fields=fields_yes)
    answer(phone, app, event_id, 1, 1, agree=True, fields=fields_yes)
    assert agreement_of(app, event_id, 1, 1) is Agreement.DISPUTED  # a dispute is never lost to a late "yes"


def test_a_second_device_of_the_table_sees_the_pending_question(app, phone):
    event_id = running_event(app)
    send(phone, app, event_id, 1, {1: sorted(seated(app, event_id, 1))[0]})
    second = app.test_client()
    page = second.get(f"/t/{tokens(app, event_id)[1]}").get_data(as_text=True)
    assert question(page, 1)["version"] == "1"
    answer(second, app, event_id, 1, 1, agree=True)
    assert agreement_of(app, event_id, 1, 1) is Agreement.AGREED
    assert "does the table agree?" not in phone.get(f"/t/{tokens(app, event_id)[1]}").get_data(as_text=True)


def test_the_second_devices_poll_changes_when_a_question_is_asked_and_answered(app, phone):
    event_id = running_event(app)
    feed = f"/t/{tokens(app, event_id)[1]}/agree.json"
    before = phone.get(feed).get_json()["key"]
    send(phone, app, event_id, 1, {1: sorted(seated(app, event_id, 1))[0]})
    asked = phone.get(feed).get_json()["key"]
    answer(phone, app, event_id, 1, 1, agree=True)
    assert len({before, asked, phone.get(feed).get_json()["key"]}) == 2 and before != asked


def test_an_answer_after_the_close_says_the_round_is_closed_and_shows_the_tables_page(app, phone):
    event_id = running_event(app)
    send(phone, app, event_id, 1, {1: sorted(seated(app, event_id, 1))[0]})
    fields = question(phone.get(f"/t/{tokens(app, event_id)[1]}").get_data(as_text=True), 1)
    close_round(app, event_id)
    response = answer(phone, app, event_id, 1, 1, agree=True, fields=fields)
    text = page_text(response)
    assert response.status_code == 200
    assert "Round 1 is closed, so the table&#39;s answer is no longer needed" in text
    assert agreement_of(app, event_id, 1, 1) is Agreement.ASKED


def test_an_answer_to_a_result_changed_since_asks_again_with_the_new_result(app, phone):
    event_id = running_event(app)
    a, b, _c = sorted(seated(app, event_id, 1))
    send(phone, app, event_id, 1, {1: a})
    stale = question(phone.get(f"/t/{tokens(app, event_id)[1]}").get_data(as_text=True), 1)
    send(phone, app, event_id, 1, {1: b}, version={1: 1})
    text = page_text(answer(phone, app, event_id, 1, 1, agree=True, fields=stale))
    assert "Game 1 changed since this screen was shown. Check the result again." in text
    assert f'<p class="agree-result">{b} won.</p>' in text
    assert agreement_of(app, event_id, 1, 1) is Agreement.ASKED


def test_with_confirmation_off_the_phone_asks_nothing(app, phone):
    event_id = running_event(app, TableAgreement.OFF)
    text = page_text(send(phone, app, event_id, 1, {1: sorted(seated(app, event_id, 1))[0]}))
    assert agreement_of(app, event_id, 1, 1) is None
    assert "does the table agree?" not in text


def test_a_result_the_organiser_enters_asks_the_table_nothing(app, phone):
    event_id = running_event(app)
    record_winner(app, event_id, 1, [sorted(seated(app, event_id, 1))[0]])
    assert agreement_of(app, event_id, 1, 1) is None
    assert "does the table agree?" not in phone.get(f"/t/{tokens(app, event_id)[1]}").get_data(as_text=True)
