"""Nicknames on the organiser's pages: set or cleared one by one, refused with a sentence beside
the field, proposed for every player who has none; the Players page shows each real name and
the name the room sees."""

from __future__ import annotations

import re

from sqlalchemy import select

from tests.conftest import setup_event
from tournament import db
from tournament.core import nicknames as core_nicknames
from tournament.core.public_names import NamesShown
from tournament.models import AuditEntry, Event, Player
from tournament.services import nicknames

CLASS = ["Ana García", "Ana Gómez", "Bruno Keller", "Zoë Lindqvist"]


def _ids(app, event_id: int) -> dict[str, int]:
    with app.app_context():
        return {p.name: p.id for p in db.session().scalars(select(Player).where(Player.event_id == event_id))}


def _nicknames(app, event_id: int) -> dict[str, str | None]:
    with app.app_context():
        return {p.name: p.nickname for p in db.session().scalars(select(Player).where(Player.event_id == event_id))}


def _errors(response) -> list[str]:
    return re.findall(r'<small class="error"[^>]*>([^<]*)</small>', response.get_data(as_text=True))


def _post(client, event_id: int, player_id: int, nickname: str, back: str = "players"):
    return client.post(f"/events/{event_id}/players/{player_id}/nickname", data={"nickname": nickname, "back": back})


def _give(app, event_id: int, name: str, nickname: str) -> None:
    with app.app_context():
        nicknames.set_nickname(db.session(), event_id, _ids(app, event_id)[name], nickname)


def test_a_nickname_is_stored_cleaned_with_an_audit_line_naming_the_player(app, organiser):
    event_id = setup_event(app, CLASS, tables=1)
    response = _post(organiser, event_id, _ids(app, event_id)["Ana García"], "  Star\u00a0 Fish ", back="player")
    assert response.status_code == 302
    assert _nicknames(app, event_id)["Ana García"] == "Star Fish"
    with app.app_context():
        line = db.session().scalars(select(AuditEntry).where(AuditEntry.action == "nickname changed")).one()
        assert (line.subject, line.old_value, line.new_value) == ("Ana García", None, "Star Fish")


def test_a_blank_nickname_clears_it(app, organiser):
    event_id = setup_event(app, CLASS, tables=1)
    _give(app, event_id, "Bruno Keller", "Owl")
    assert _post(organiser, event_id, _ids(app, event_id)["Bruno Keller"], "   ").status_code == 302
    assert _nicknames(app, event_id)["Bruno Keller"] is None


def test_a_nickname_another_player_has_is_refused_beside_its_field_and_nothing_changes(app, organiser):
    event_id = setup_event(app, CLASS, tables=1)
    _give(app, event_id, "Ana García", "Étoile")
    response = _post(organiser, event_id, _ids(app, event_id)["Ana Gómez"], "ETOILE")
    assert response.status_code == 400
    assert _errors(response) == ["Ana García already has the nickname “Étoile”: choose another one."]
    assert 'value="ETOILE"' in response.get_data(as_text=True)  # the refused form comes back typed
    assert _nicknames(app, event_id)["Ana Gómez"] is None


def test_a_nickname_that_is_another_players_real_name_is_refused(app, organiser):
    event_id = setup_event(app, CLASS, tables=1)
    response = _post(organiser, event_id, _ids(app, event_id)["Ana Gómez"], "zoe lindqvist", back="player")
    assert response.status_code == 400
    assert _errors(response) == ["“zoe lindqvist” is the name of another player, Zoë Lindqvist: "
                                 "choose another nickname."]
    assert _nicknames(app, event_id)["Ana Gómez"] is None


def test_a_nickname_holding_an_invisible_character_is_refused(app, organiser):
    event_id = setup_event(app, CLASS, tables=1)
    response = _post(organiser, event_id, _ids(app, event_id)["Ana Gómez"], "Star\u200bFish")
    assert response.status_code == 400
    assert "invisible or control character" in _errors(response)[0]
    assert _nicknames(app, event_id)["Ana Gómez"] is None


def test_a_nickname_longer_than_the_name_limit_is_refused(app, organiser):
    event_id = setup_event(app, CLASS, tables=1)
    app.config["MAX_NAME_LENGTH"] = 10
    response = _post(organiser, event_id, _ids(app, event_id)["Ana Gómez"], "Fish" * 3)
    assert response.status_code == 400
    assert _errors(response) == ["A nickname has at most 10 characters."]
    assert _post(organiser, event_id, _ids(app, event_id)["Ana Gómez"], "Fish" * 2).status_code == 302


def test_the_players_page_shows_the_real_name_and_the_name_the_room_sees(app, organiser):
    event_id = setup_event(app, CLASS, tables=1)
    _give(app, event_id, "Bruno Keller", "Owl")
    with app.app_context():
        nicknames.set_names_shown(db.session(), event_id, NamesShown.NICKNAME)
    rows = re.findall(r"<tr>\s*<td><a [^>]*><bdi[^>]*>([^<]*)</bdi></a></td>\s*<td><bdi[^>]*>([^<]*)</bdi></td>",
                      organiser.get(f"/events/{event_id}/players").get_data(as_text=True))
    assert rows == [("Ana García", "Ana Ga."), ("Ana Gómez", "Ana Gó."), ("Bruno Keller", "Owl"),
                    ("Zoë Lindqvist", "Zoë L.")]


def test_settings_and_players_pages_count_the_players_without_a_nickname_when_the_room_shows_nicknames(
        app, organiser):
    event_id = setup_event(app, CLASS, tables=1)
    _give(app, event_id, "Bruno Keller", "Owl")
    sentence = "3 players have no nickname: the room sees their first name and initial."
    assert sentence not in organiser.get(f"/events/{event_id}/settings").get_data(as_text=True)
    with app.app_context():
        nicknames.set_names_shown(db.session(), event_id, NamesShown.NICKNAME)
    for page in ("settings", "players"):
        body = organiser.get(f"/events/{event_id}/{page}").get_data(as_text=True)
        assert sentence in body
        assert "Propose nicknames" in body


def test_propose_fills_only_the_empty_nicknames_with_animals_in_the_events_language(app, organiser):
    event_id = setup_event(app, CLASS, tables=1)
    _give(app, event_id, "Bruno Keller", "Owl")
    with app.app_context():
        session = db.session()
        from tournament.services import events
        events.set_language(session, event_id, "de")
    response = organiser.post(f"/events/{event_id}/nicknames/propose", data={"back": "settings"})
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/events/{event_id}/settings")
    given = _nicknames(app, event_id)
    assert given["Bruno Keller"] == "Owl"
    proposed = [given[name] for name in ("Ana García", "Ana Gómez", "Zoë Lindqvist")]
    german = {word for word in _animal_words(app, "de")}
    assert all(nick and nick.rsplit(" ", 1)[0] in german for nick in proposed), proposed
    assert len(set(proposed)) == 3
    with app.app_context():
        line = db.session().scalars(select(AuditEntry).where(AuditEntry.action == "nicknames proposed")).one()
        assert line.new_value == "3"
    # Nothing is empty any more: a second proposal changes nothing.
    organiser.post(f"/events/{event_id}/nicknames/propose", data={"back": "players"})
    assert _nicknames(app, event_id) == given


def _animal_words(app, language: str) -> list[str]:
    from tournament.i18n import translate
    with app.test_request_context():
        words = [translate(animal, language) for animal in core_nicknames.ANIMALS]
    assert words != [animal.msgid for animal in core_nicknames.ANIMALS]
    return words


def test_a_new_event_made_on_the_page_shows_first_name_and_initial(app, organiser):
    response = organiser.post("/events", data={"name": "Class 5C", "planned_rounds": 4, "time_zone": "Europe/Berlin",
                                               "language": "en", "game": "five-tricks"})
    assert response.status_code == 302
    with app.app_context():
        assert db.session().scalars(select(Event)).one().names_shown is NamesShown.INITIAL


def test_the_settings_page_saves_the_names_shown_with_an_audit_line_and_says_what_it_changes(app, organiser):
    event_id = setup_event(app, CLASS, tables=1)
    page = organiser.get(f"/events/{event_id}/settings").get_data(as_text=True)
    assert "Your own pages always show both the real name and the name the room sees." in page
    assert "Ties are still decided by the alphabetical order of the real names" in page
    assert '<option selected value="initial">' in page
    form = {"name": "Class 9B", "round_minutes": 7, "planned_rounds": 4, "time_zone": "Europe/Berlin",
            "language": "en", "table_agreement": "ask"}
    assert organiser.post(f"/events/{event_id}/settings", data={**form, "names_shown": "everyone"}).status_code == 400
    assert organiser.post(f"/events/{event_id}/settings", data={**form, "names_shown": "full"}).status_code == 302
    with app.app_context():
        session = db.session()
        assert session.get(Event, event_id).names_shown is NamesShown.FULL
        line = session.scalars(select(AuditEntry).where(AuditEntry.action == "names shown in the room changed")).one()
        assert (line.old_value, line.new_value) == ("initial", "full")
    assert "full names" in organiser.get(f"/events/{event_id}/audit").get_data(as_text=True)
