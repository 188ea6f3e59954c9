"""Every event deals from a salt of its own (`Event.deal_salt`), made when the event is: an
imported, restored or duplicated event never deals what the event it came from dealt, and the
salt is never read from a file nor written to one."""

from __future__ import annotations

import io
import json
import re

from tournament import db
from tournament.models import Event

SALT = re.compile(r"[0-9a-f]{32}")


def _salt(app, event_id: int) -> str:
    with app.app_context():
        return db.session().get(Event, event_id).deal_salt


def test_imported_and_duplicated_events_deal_from_a_salt_of_their_own_never_the_files(app, organiser, played):
    original = _salt(app, played)
    document = organiser.get(f"/events/{played}/export.json").get_json()
    assert original not in json.dumps(document) and "salt" not in json.dumps(document["event"])

    document["event"]["deal_salt"] = original  # a file carrying one: ignored, like an id
    upload = {"file": (io.BytesIO(json.dumps(document).encode()), "class.json")}
    imported = organiser.post("/events/import", data=upload, content_type="multipart/form-data")
    assert imported.status_code == 302, imported.get_data(as_text=True)
    imported_id = int(imported.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    copied = organiser.post(f"/events/{played}/duplicate")
    copy_id = int(copied.headers["Location"].rstrip("/").rsplit("/", 1)[1])

    salts = [original, _salt(app, imported_id), _salt(app, copy_id)]
    assert all(SALT.fullmatch(salt) for salt in salts) and len(set(salts)) == 3
