"""Every entry point of a name takes the corpus the same way: accepted names are stored clean
(NFC, trimmed, single spaces), refused ones answer 4xx with a message naming the problem and
change nothing. Never a 500. Each test walks the whole corpus and reports every entry that
went wrong, so one run shows the full picture."""

from __future__ import annotations

import pytest

from tests.corpus.names import ACCEPTED, CORPUS, REFUSED, SAME_NAME_PAIRS, Accepted
from tests.names.helpers import bare_event, counts, export_with_name, page_text, player_names, running_event, upload
from tournament import db
from tournament.models import Event, Player


def _check(label, response, outcome, before, after, stored_ok) -> str | None:
    """None when the entry point did what the corpus asks, else what went wrong."""
    if isinstance(outcome, Accepted):
        if response.status_code != 302:
            return f"{label}: expected to be accepted, got {response.status_code}"
        if not stored_ok():
            return f"{label}: not stored as {outcome.stored!r}"
        return None
    if response.status_code != 400:
        return f"{label}: expected 400, got {response.status_code}"
    if outcome.fragment not in page_text(response):
        return f"{label}: the message does not say {outcome.fragment!r}"
    if after != before:
        return f"{label}: something changed although refused"
    return None


def test_pasted_names_are_stored_clean_or_refused_naming_the_line_and_character(app, organiser):
    event_id = bare_event(app, ["Xavi"])
    wrong = []
    for label, (raw, outcome) in CORPUS.items():
        before = counts(app)
        response = organiser.post(f"/events/{event_id}/players", data={"names": f"Xavi B.\n{raw}\n"})
        stored = player_names(app, event_id)
        wrong.append(_check(label, response, outcome, before, counts(app),
                            lambda outcome=outcome, stored=stored: outcome.stored in stored and "Xavi B." in stored))
        if not isinstance(outcome, Accepted) and "longer than" not in outcome.fragment \
                and "Line 2" not in page_text(response):
            wrong.append(f"{label}: the message does not name line 2")
        with app.app_context():  # back to one player for the next entry
            db.session().query(Player).filter(Player.name != "Xavi").delete()
            db.session().commit()
    assert [w for w in wrong if w] == []


def test_a_pasted_list_names_every_refused_line_and_adds_nobody(app, organiser):
    event_id = bare_event(app, ["Xavi"])
    lines = [raw for raw, _ in ACCEPTED.values()] + [raw for raw, _ in REFUSED.values()]
    before = counts(app)
    response = organiser.post(f"/events/{event_id}/players", data={"names": "\n".join(lines)})
    assert response.status_code == 400
    text = page_text(response)
    for number, (_raw, fragment) in enumerate(REFUSED.values(), start=len(ACCEPTED) + 1):
        if "longer than" not in fragment:
            assert f"Line {number}" in text and fragment in text
    assert counts(app) == before


def test_every_accepted_name_of_the_corpus_joins_one_event_in_one_paste(app, organiser):
    event_id = bare_event(app, ["Xavi"])
    response = organiser.post(f"/events/{event_id}/players",
                              data={"names": "\n".join(raw for raw, _ in ACCEPTED.values())})
    assert response.status_code == 302, page_text(response)[:3000]
    assert sorted(player_names(app, event_id)) == sorted(["Xavi"] + [s for _, s in ACCEPTED.values()])


def test_lines_holding_only_invisible_characters_are_skipped_like_blank_ones(app, organiser):
    event_id = bare_event(app, ["Xavi"])
    response = organiser.post(f"/events/{event_id}/players", data={"names": "Yara\n\u200b\u2060\n\u2066\u2069\nZed"})
    assert response.status_code == 302
    assert sorted(player_names(app, event_id)) == ["Xavi", "Yara", "Zed"]


def test_names_that_only_look_different_to_the_machine_are_one_player(app, organiser):
    """"Ana", "A<ZWSP>na" and "<LRI>Ana<PDI>" used to become three players with identical buttons."""
    event_id = bare_event(app, ["Xavi"])
    response = organiser.post(f"/events/{event_id}/players", data={"names": "Ana\n\u2066Ana\u2069"})
    assert response.status_code == 400 and "more than once" in page_text(response)
    response = organiser.post(f"/events/{event_id}/players", data={"names": "Ana\nA\u200bna"})
    assert response.status_code == 400 and "U+200B" in page_text(response)
    assert player_names(app, event_id) == ["Xavi"]


@pytest.mark.parametrize("first, second", SAME_NAME_PAIRS)
def test_names_the_alphabetical_order_cannot_tell_apart_are_the_same_name(app, organiser, first, second):
    event_id = bare_event(app, [first])
    response = organiser.post(f"/events/{event_id}/players", data={"names": second})
    assert response.status_code == 400 and "Already in this event" in page_text(response)
    assert player_names(app, event_id) == [first]


def test_latecomer_names_are_stored_clean_or_refused(app, organiser):
    event_id = running_event(app)
    wrong = []
    for label, (raw, outcome) in CORPUS.items():
        before = counts(app)
        response = organiser.post(f"/events/{event_id}/players/late", data={"name": raw, "table": "1"})
        stored = player_names(app, event_id)
        wrong.append(_check(label, response, outcome, before, counts(app),
                            lambda outcome=outcome, stored=stored: outcome.stored in stored))
    assert [w for w in wrong if w] == []


def test_renamed_players_are_stored_clean_or_refused(app, organiser):
    event_id = running_event(app)
    with app.app_context():
        player_id = next(p.id for p in db.session().get(Event, event_id).players if p.name == "Xavi")
    wrong = []
    for label, (raw, outcome) in CORPUS.items():
        before_names = sorted(player_names(app, event_id))
        before = counts(app)
        response = organiser.post(f"/events/{event_id}/players/{player_id}", data={"name": raw})
        stored = player_names(app, event_id)
        wrong.append(_check(label, response, outcome, before, counts(app),
                            lambda outcome=outcome, stored=stored: outcome.stored in stored))
        if not isinstance(outcome, Accepted) and sorted(stored) != before_names:
            wrong.append(f"{label}: the name changed although refused")
    assert [w for w in wrong if w] == []


def test_imported_names_are_stored_clean_or_refused_naming_their_place(app, organiser):
    wrong = []
    for label, (raw, outcome) in CORPUS.items():
        document = export_with_name(app, raw)
        before = counts(app)
        response = upload(organiser, document)

        def stored_ok(outcome=outcome):
            with app.app_context():
                imported = db.session().query(Event).filter_by(name="Imported").one()
                return [p.name for p in imported.players] == [outcome.stored]

        if not isinstance(outcome, Accepted):
            if "players[0].name" not in page_text(response):
                wrong.append(f"{label}: the message does not name players[0].name")
            if outcome.fragment == "U+0000":  # the file check names it as a character that cannot be stored
                outcome = type(outcome)("cannot be stored")
            if "longer than" in outcome.fragment:
                outcome = type(outcome)("at most 40 are allowed")
        wrong.append(_check(label, response, outcome, before, counts(app), stored_ok))
        with app.app_context():
            db.session().query(Event).delete()
            db.session().commit()
    assert [w for w in wrong if w] == []


def test_event_names_are_stored_clean_or_refused(app, organiser):
    wrong = []
    for label, (raw, outcome) in CORPUS.items():
        if not isinstance(outcome, Accepted) and "longer than" in outcome.fragment:
            outcome = Accepted(raw)  # an event name may have 120 characters
        before = counts(app)
        response = organiser.post("/events", data={"name": raw, "round_minutes": "7"})

        def stored_ok(outcome=outcome):
            with app.app_context():
                return db.session().query(Event).one().name == outcome.stored

        wrong.append(_check(label, response, outcome, before, counts(app), stored_ok))
        with app.app_context():
            db.session().query(Event).delete()
            db.session().commit()
    assert [w for w in wrong if w] == []


def test_settings_refuse_an_event_name_with_a_direction_character_and_keep_the_old_one(app, organiser):
    event_id = bare_event(app, ["Xavi"], name="Class 9B")
    response = organiser.post(f"/events/{event_id}/settings", data={"name": "Class\u202e 9B", "round_minutes": "7"})
    assert response.status_code == 400 and "U+202E" in page_text(response)
    with app.app_context():
        assert db.session().get(Event, event_id).name == "Class 9B"


def test_an_imported_log_entry_with_a_direction_character_is_refused_naming_its_place(app, organiser):
    import json

    document = json.loads(export_with_name(app, "Xavi"))
    document["audit"] = [{"at": "2026-01-01T09:00:00Z", "actor": "organiser", "action": "player renamed",
                          "round": None, "table": None, "subject": "Xa\u202evi", "old": None, "new": None}]
    before = counts(app)
    response = upload(organiser, json.dumps(document).encode())
    assert response.status_code == 400
    assert "audit[0].subject" in page_text(response) and "U+202E" in page_text(response)
    assert counts(app) == before
