"""A `next` the organiser's forms carry leads only to a path of this site, whatever a crafted
link puts there: browsers read a backslash as a slash and drop tabs and newlines."""

from __future__ import annotations

import pytest

from tournament.blueprints.links import local_path

OFFSITE = ["//evil.example/", "/\\evil.example", "/\\/evil.example", "/\t/evil.example", "/\n/evil.example",
           "https://evil.example/", "javascript:alert(1)", "evil.example", ""]


@pytest.mark.parametrize("target", OFFSITE)
def test_a_next_that_a_browser_would_read_as_another_site_is_refused(target):
    assert local_path(target) is None


def test_a_path_of_this_site_is_kept_with_its_query():
    assert local_path("/events/3/room?round=2#notes") == "/events/3/room?round=2#notes"


def test_logging_in_with_a_backslash_next_lands_on_the_events_list(app, client):
    from tournament import db
    from tournament.services import accounts

    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
        db.session().commit()
    answer = client.post("/login?next=/%5Cevil.example", data={"username": "teacher", "password": "correct horse"})
    assert answer.status_code == 302 and "evil" not in answer.location
