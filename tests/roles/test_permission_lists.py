"""Every endpoint behind the organiser login is decided: a helper may use it, or it is an
organiser's only, never both and never neither."""

from __future__ import annotations

from tests.security.conftest import organiser_rules
from tournament.blueprints.permissions import GENERIC, HELPER_MAY, ORGANISER_ONLY
from tournament.core.i18n import Text


def test_every_protected_endpoint_is_either_helper_may_or_organiser_only(app):
    protected = {rule.endpoint for rule in organiser_rules(app)}
    lists = HELPER_MAY | set(ORGANISER_ONLY)
    assert not protected - lists, f"decide these in tournament/blueprints/permissions.py: {protected - lists}"
    assert not lists - protected, f"no such protected endpoint: {lists - protected}"


def test_no_endpoint_is_both_helper_may_and_organiser_only():
    assert not HELPER_MAY & set(ORGANISER_ONLY)


def test_every_organiser_only_refusal_is_a_sentence_naming_the_helper_and_the_way_out():
    for endpoint, sentence in {**ORGANISER_ONLY, "(any other)": GENERIC}.items():
        assert isinstance(sentence, Text), endpoint
        english = sentence.english()
        assert english.startswith("A helper account cannot ") and english.endswith(" Ask an organiser."), endpoint


def test_the_issue_s_forbidden_actions_are_organiser_only():
    forbidden = {"organiser.delete_event", "organiser.import_event", "organiser.restore_backup",
                 "organiser.duplicate_event", "organiser.accounts", "organiser.add_account",
                 "organiser.remove_account", "organiser.set_account_role", "organiser.table_rules",
                 "organiser.table_plan", "organiser.debrief_reveal", "organiser.export_json",
                 "organiser.export_json_gz"}
    assert forbidden <= set(ORGANISER_ONLY)


def test_the_issue_s_helper_actions_are_allowed_to_helpers():
    allowed = {"organiser.table_results", "organiser.score_game", "organiser.start_round",
               "organiser.close_round", "room.timer_action", "room.room_page", "room.table_links",
               "organiser.round_board", "organiser.event", "organiser.logout"}
    assert allowed <= HELPER_MAY
