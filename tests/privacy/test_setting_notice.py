"""The notice for the school, "What this app stores": it reads the laptop's settings live, any
account may read it, it is linked from the settings, and it reads in each of the seven languages."""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.conftest import setup_event
from tests.i18n.leftovers import texts
from tests.roles.conftest import add_helper, logged_in
from tournament import db
from tournament.core.public_names import NamesShown
from tournament.i18n.languages import TRANSLATED
from tournament.services import nicknames, retention

NEVER = "Events are never erased automatically on this laptop."


def _text(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)).split())


def _retain(app, value: str) -> None:
    with app.app_context():
        retention.set_retention(db.session(), value, datetime.now(UTC))


def test_the_notice_tells_how_long_events_are_kept_as_the_setting_is_now(app, organiser):
    _retain(app, "30")
    assert "Each event is erased 30 days after its last round, with its backups." in _text(organiser.get("/notice"))
    _retain(app, "never")
    page = _text(organiser.get("/notice"))
    assert NEVER in page and "days after its last round" not in page


def test_the_notice_names_what_each_events_room_shows(app, organiser):
    shown = setup_event(app, ["Ana García", "Ben Li", "Cleo Park"], name="Class 7A")
    setup_event(app, ["Dan Wu", "Eve Ng", "Fay Ho"], name="Class 7B")
    with app.app_context():
        nicknames.set_names_shown(db.session(), shown, NamesShown.NICKNAME)
    rows = re.findall(r"<tr><td>([^<]*)</td><td>([^<]*)</td></tr>", organiser.get("/notice").get_data(as_text=True))
    assert rows == [("Class 7B", "first name and initial (“María José G.”)"), ("Class 7A", "nicknames")]


@pytest.mark.skipif(os.name != "posix", reason="file permissions are POSIX's")
def test_the_notice_shows_the_instance_folders_actual_permissions(app, organiser):
    os.chmod(app.instance_path, 0o755)
    page = organiser.get("/notice").get_data(as_text=True)
    assert f"<code>{Path(app.instance_path)}</code>" in page
    assert "<code>0755</code>" in page and "other accounts of this laptop may read it" in page
    os.chmod(app.instance_path, 0o700)
    page = organiser.get("/notice").get_data(as_text=True)
    assert "<code>0755</code>" not in page and "<code>0700</code>" in page


def test_a_helper_account_may_read_the_notice(app):
    add_helper(app)
    assert logged_in(app, "sam").get("/notice").status_code == 200


def test_the_event_settings_and_the_accounts_page_link_to_the_notice(app, organiser):
    event_id = setup_event(app, ["Ana García", "Ben Li", "Cleo Park"])
    for path in (f"/events/{event_id}/settings", "/accounts"):
        assert 'href="/notice"' in organiser.get(path).get_data(as_text=True), path


def _sentences(app, client, language: str) -> set[str]:
    body = client.get("/notice", headers={"Accept-Language": language}).get_data(as_text=True)
    return {text for text in texts(body) if re.search(r"[A-Za-z]{3,}.*\s.*[A-Za-z]{3,}", text)}


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_notice_reads_in_each_language_with_no_english_sentence_left(app, organiser, language):
    setup_event(app, ["Ana García", "Ben Li", "Cleo Park"], name="Class 7A")
    _retain(app, "90")
    english = _sentences(app, organiser, "en") - {"Class 7A"}
    assert len(english) > 25
    left = english & _sentences(app, organiser, language)
    assert left == set()
