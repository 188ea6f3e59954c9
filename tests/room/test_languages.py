"""Which language the phones, 'where do I sit' and the projector speak, and how a phone changes it.

Phones follow the browser, unless the visible switch set the ``lang`` cookie; when neither names
a language the app speaks, the event's language. The projector speaks the event's language
whatever the browser showing it prefers. Answers whose words depend on it say so (ETag, Vary)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlalchemy import update

from tests.room.conftest import start_round, tokens
from tournament import db
from tournament.blueprints.page_strings import STRINGS
from tournament.models import Event

STATIC = Path(__file__).resolve().parents[2] / "tournament" / "static"


def _set_language(app, event_id: int, code: str) -> None:
    """Changes the event's language the way a bare UPDATE would: without moving its revision."""
    with app.app_context():
        db.session().execute(update(Event).where(Event.id == event_id).values(language=code))
        db.session().commit()


def _html_lang(page: str) -> str:
    return re.search(r'<html lang="([^"]+)"', page).group(1)


def test_the_phone_follows_the_browsers_language(phone, app, running):
    page = phone.get(f"/t/{tokens(app, running)[1]}", headers={"Accept-Language": "de-AT,de;q=0.9"})
    text = page.get_data(as_text=True)
    assert _html_lang(text) == "de"
    assert "Ergebnisse senden" in text and "Send results" not in text
    assert {"Accept-Language", "Cookie"} <= set(page.vary)


def test_a_phone_whose_browser_names_no_language_of_ours_reads_the_events_language(phone, app, running):
    _set_language(app, running, "it")
    text = phone.get(f"/t/{tokens(app, running)[1]}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert _html_lang(text) == "it" and "Invia i risultati" in text


def test_the_switchs_cookie_beats_the_browser(phone, app, running):
    table = f"/t/{tokens(app, running)[1]}"
    answer = phone.get(f"/s/language/fr?next={table}")
    assert answer.status_code == 302 and answer.headers["Location"] == table
    assert "lang=fr" in answer.headers["Set-Cookie"]
    text = phone.get(table, headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert _html_lang(text) == "fr" and "Envoyer les résultats" in text


def test_the_language_switch_lists_every_language_in_its_own_words_outside_the_result_form(phone, app, running):
    text = phone.get(f"/t/{tokens(app, running)[1]}").get_data(as_text=True)
    switch = text[text.index('<nav class="lang-switch"'):text.index("</nav>")]
    for endonym in ("English", "Deutsch", "Français", "Español", "Italiano", "Português", "Nederlands"):
        assert f">{endonym}</a>" in switch
    form_start = text.index("<form")
    assert text.index('<nav class="lang-switch"') < form_start  # not inside the result form
    assert "next=/t/" in switch


@pytest.mark.parametrize("cookie", ["xx", "<script>alert(1)</script>", "de;fr", "zz-DE", ""])
def test_a_hostile_cookie_is_ignored(phone, app, running, cookie):
    phone.set_cookie("lang", cookie)
    text = phone.get(f"/t/{tokens(app, running)[1]}", headers={"Accept-Language": "nl"}).get_data(as_text=True)
    assert _html_lang(text) == "nl" and "<script>alert(1)" not in text


@pytest.mark.parametrize("code", ["xx", "de-evil", "<b>"])
def test_the_switch_sets_no_cookie_for_a_language_it_does_not_speak(phone, app, running, code):
    answer = phone.get(f"/s/language/{code}?next=/s/{tokens(app, running)['public']}")
    assert answer.status_code in (302, 404)
    assert "Set-Cookie" not in answer.headers


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/", "/\\evil.example",
                                    "javascript:alert(1)", "evil", ""])
def test_the_switch_returns_only_to_a_page_of_this_server(phone, target):
    answer = phone.get("/s/language/de", query_string={"next": target})
    assert answer.status_code == 302 and answer.headers["Location"] == "/"


def test_the_projector_speaks_the_events_language_whatever_the_browser_says(phone, app, running):
    _set_language(app, running, "fr")
    projector = tokens(app, running)["projector"]
    page = phone.get(f"/p/{projector}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert _html_lang(page) == "fr" and "Scannez avec votre téléphone" in page
    assert '"round_results": "Résultats du tour {number}"' in page
    feed = phone.get(f"/p/{projector}/feed.json", headers={"Accept-Language": "de"}).get_json()
    assert feed["seating"][0]["games_label"] == "0 partie"
    assert feed["timer"]["label"] == "Tour"


def test_the_projector_shows_a_change_of_the_events_language_even_before_the_revision_moves(phone, app, running):
    projector = tokens(app, running)["projector"]
    first = phone.get(f"/p/{projector}/feed.json")
    assert first.get_json()["seating"][0]["games_label"] == "0 games"
    _set_language(app, running, "nl")
    again = phone.get(f"/p/{projector}/feed.json", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 200 and again.get_json()["seating"][0]["games_label"] == "0 spellen"


def test_the_seat_jsons_etag_differs_per_language(phone, app, event_id):
    public = tokens(app, event_id)["public"]
    with app.app_context():
        player_id = db.session().get(Event, event_id).players[0].id
    url = f"/s/{public}/{player_id}.json"
    english = phone.get(url)
    german = phone.get(url, headers={"Accept-Language": "de", "If-None-Match": english.headers["ETag"]})
    assert german.status_code == 200 and german.headers["ETag"] != english.headers["ETag"]
    assert german.get_json()["label"] == "Dein Starttisch"
    assert {"Accept-Language", "Cookie"} <= set(german.vary)
    assert phone.get(url, headers={"Accept-Language": "de", "If-None-Match": german.headers["ETag"]}).status_code == 304


def test_where_do_i_sit_speaks_the_phones_language(phone, app, event_id):
    text = phone.get(f"/s/{tokens(app, event_id)['public']}", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "¿Dónde me siento?" in text and 'lang="es"' in text


def test_the_scripts_read_their_words_from_a_data_block_not_from_code(phone, app, running):
    text = phone.get(f"/t/{tokens(app, running)[1]}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    block = re.search(r'<script type="application/json" id="i18n">(.*?)</script>', text, re.S).group(1)
    assert '"sending": "Wird gesendet…"' in block
    known = {key for group in STRINGS.values() for key in group}
    for script in STATIC.glob("*.js"):
        source = script.read_text()
        for key in re.findall(r"\bt\(\"(\w+)\"", source):
            assert key in known, f"{script.name} asks for {key!r}, which no page sends"


def test_no_script_holds_an_english_sentence():
    sentence = re.compile(r'"([A-Z][a-z]+(?: [\w,.!?…\'’-]+)+|[^"]*\w[.!?…])"')
    for script in STATIC.glob("*.js"):
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", script.read_text(), flags=re.S)
        assert not sentence.findall(code), f"{script.name} holds English text"


def test_a_translation_cannot_end_the_data_block(app):
    from tournament.blueprints.page_strings import js_strings
    from tournament.core.i18n import T

    STRINGS["test"] = {"evil": T("</script><script>alert(1)</script>")}
    try:
        with app.test_request_context("/"):
            block = str(js_strings("test"))
    finally:
        del STRINGS["test"]
    assert block.count("</script>") == 1 and "\\u003c/script\\u003e" in block


def test_the_room_page_follows_the_organisers_browser(organiser, app, event_id):
    text = organiser.get(f"/events/{event_id}/room", headers={"Accept-Language": "pt"}).get_data(as_text=True)
    assert "Abrir o projetor" in text and "Guardar durações" in text


def test_phone_pages_start_round_in_german(phone, app, event_id):
    table = f"/t/{tokens(app, event_id)[1]}"
    waiting = phone.get(table, headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Gerade läuft keine Runde." in waiting
    start_round(app, event_id)
    assert "Runde 1" in phone.get(table, headers={"Accept-Language": "de"}).get_data(as_text=True)


def test_the_organisers_results_form_gets_its_scripts_words_too(organiser, app, running):
    page = organiser.get(f"/events/{running}/rounds/1/tables/1", headers={"Accept-Language": "nl"})
    text = page.get_data(as_text=True)
    assert "/static/i18n.js" in text and '"winner_of_game": "Winnaar van spel {number}"' in text


def test_the_refused_host_page_is_worded_in_the_browsers_language(phone):
    answer = phone.get("/", headers={"Host": "lap top.lan", "Accept-Language": "fr"})
    text = answer.get_data(as_text=True)
    assert answer.status_code == 400 and "Adresse non reconnue" in text and 'lang="fr"' in text
