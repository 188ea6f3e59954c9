"""No page shows English that the catalogue cannot translate: every page, rendered with every
marked message pseudo-translated (tests/i18n/pseudo.py), holds no English word but names, game
titles and the few words in leftovers.ALLOWED. A failure names the page and the text."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from flask import render_template_string

from tests.i18n.conftest import PSEUDO_LANG
from tests.i18n.leftovers import json_strings, leftovers, texts
from tests.i18n.pseudo import pseudo


@dataclass(frozen=True)
class Page:
    path: str                 # formatted with the world's fields
    # organiser: logged in, the browser asks for the language; print: logged in, the browser asks for
    # English and the sheet follows the event; screen: the projector, same; phone: no login, the browser asks.
    reader: str = "organiser"
    status: int = 200
    form: dict | None = None   # POSTed when given
    headers: tuple = ()
    fragment: bool = False     # a piece of a page (no <html> of its own)


E = "/events/{main}"
PAGES = {
    "login": Page("/login", reader="phone"),
    "index": Page("/"),
    "event": Page(E),
    "players": Page(E + "/players"),
    "players-refused": Page(E + "/players", status=400, form={"names": "Alejandra\nAlejandra"}),
    "player": Page(E + "/players/{player_id}"),
    "withdraw": Page(E + "/players/{player_id}/withdraw"),
    "tables": Page(E + "/tables"),
    "table-rules": Page(E + "/tables/1/rules"),
    "round-board": Page(E + "/rounds/2"),
    "round-results": Page(E + "/rounds/1/results"),
    "round-seats": Page("/events/{elevator}/rounds/2/seats"),
    "table-results": Page(E + "/rounds/2/tables/1"),
    "close-round": Page(E + "/rounds/2/close"),
    "standings": Page(E + "/standings"),
    "settings": Page(E + "/settings"),
    "backups": Page(E + "/backups"),
    "audit": Page(E + "/audit"),
    "accounts": Page("/accounts"),
    "notice": Page("/notice"),
    "import": Page("/events/import"),
    "organiser-refused": Page(E + "/players/999999", status=400),
    "score-game": Page("/events/{euchre}/rounds/1/tables/1/games/1/score"),
    "room": Page(E + "/room"),
    "debrief-trick-refused": Page(E + "/debrief/trick", status=400, form={"cards": "7h 9z"}),
    "room-links": Page(E + "/room/tables"),
    "print-index": Page(E + "/print"),  # the print menu is read on screen: the organiser's language
    "print-sheets-five-tricks": Page(E + "/print/sheets", reader="print"),
    "print-sheets-euchre": Page("/events/{euchre}/print/sheets", reader="print"),
    "print-sheets-elbows-up": Page("/events/{elbows_up}/print/sheets", reader="print"),
    "print-sheets-elevator": Page("/events/{elevator}/print/sheets", reader="print"),
    # Elevator UP's event is in English: its sheets are asked for in the language.
    "print-sheets-elevator-up": Page("/events/{elevator_up}/print/sheets?lang=" + PSEUDO_LANG, reader="print"),
    "print-slips": Page(E + "/print/slips", reader="print"),
    "print-signs": Page(E + "/print/signs", reader="print"),
    "print-guide": Page(E + "/print/guide", reader="print"),
    "print-everything-lang": Page("/events/{elevator_up}/print/all?lang=" + PSEUDO_LANG, reader="print"),
    "projector": Page("/p/{projector}", reader="screen"),
    "projector-feed": Page("/p/{projector}/feed.json", reader="screen"),
    "projector-after-close": Page("/p/{between_projector}", reader="screen"),
    "projector-feed-after-close": Page("/p/{between_projector}/feed.json", reader="screen"),
    "projector-debrief": Page("/p/{euchre_projector}", reader="screen"),
    "projector-feed-debrief": Page("/p/{euchre_projector}/feed.json", reader="screen"),
    "projector-debrief-fragment": Page("/p/{euchre_projector}/debrief", reader="screen", fragment=True),
    "debrief": Page("/events/{euchre}/debrief"),
    "debrief-refused": Page("/events/{euchre}/debrief/steps", status=400,
                            form={"steps-0-title": "", "steps-0-prompt": "Alejandra", "steps-0-position": "x",
                                  "steps-1-title": "Alejandra", "steps-1-position": "99"}),
    "print-debrief": Page("/events/{euchre}/print/debrief", reader="print"),
    "phone-entry": Page("/t/{table_1}", reader="phone"),
    "phone-entry-refused": Page("/t/{table_1}", reader="phone", status=400,
                                form={"round": "2", "games-0-winner": "999"}),
    "phone-score": Page("/t/{euchre_table_1}/games/1/score", reader="phone"),
    "phone-waiting": Page("/t/{waiting}", reader="phone"),
    "phone-refused": Page("/t/{waiting}", reader="phone", status=409, form={"round": "1"}),
    "public-pick": Page("/s/{public}", reader="phone"),
    "public-seat": Page("/s/{public}/{player_id}", reader="phone"),
    "public-seat-feed": Page("/s/{public}/{player_id}.json", reader="phone"),
    "public-seat-observer": Page("/s/{observer_public}/{observer_id}", reader="phone"),
    "public-note-refused": Page("/s/{observer_public}/{observer_id}/note", reader="phone", status=400,
                                form={"nonce": "n" * 16, "table": "99", "flag": "fun"}),
    "public-note-not-observer": Page("/s/{public}/{player_id}/note", reader="phone", status=403,
                                     form={"nonce": "n" * 16, "table": "1", "flag": "fun"}),
    "phone-note": Page("/t/{table_1}/note", reader="phone"),
    "phone-note-refused": Page("/t/{table_1}/note", reader="phone", status=400,
                               form={"nonce": "n" * 16, "text": "x" * 300}),
    "notes-feed": Page(E + "/debrief/notes.json"),
    "online": Page(E + "/online"),
    "online-refused": Page(E + "/online/tables", status=400, form={"referee-1": "y"}),
    "online-feed": Page(E + "/online/live.json?key="),
    "online-move-refused": Page(E + "/online/move", status=400, form={"player": "{player_id}", "table": "1"}),
    "online-release": Page(E + "/online/players/{player_id}/release"),
    "online-skip": Page(E + "/online/tables/1/players/{player_id}/skip"),
    "online-skip-refused": Page(E + "/online/tables/1/players/{player_id}/skip", status=409, form={}),
    "print-personal-links": Page(E + "/print/personal-links", reader="print"),
    "error-404": Page("/no/such/page", reader="phone", status=404),
    "error-405": Page("/logout", reader="phone", status=405),
    "error-400": Page("/logout", reader="phone", status=400, form={}, headers=(("X-Csrf-Check", "on"),)),
}


def _fields(world) -> dict:
    return {"main": world.main, "euchre": world.euchre, "player_id": world.player_id,
            "elbows_up": world.others["elbows-up"], "elevator": world.others["elevator"],
            "elevator_up": world.others["elevator-up"], "projector": world.links["projector"],
            "public": world.links["public"], "table_1": world.links[1], "euchre_table_1": world.euchre_links[1],
            "waiting": world.between_links[1], "between_projector": world.between_links["projector"],
            "observer_public": world.observer_links["public"], "observer_id": world.observer_id,
            "euchre_projector": world.euchre_links["projector"]}


def _client(app, world, reader: str):
    client = app.test_client()
    if reader in ("organiser", "print"):
        with client.session_transaction() as session:
            session["organiser_id"] = world.organiser_id
    return client


def _fetch(app, world, page: Page, monkeypatch):
    headers = dict(page.headers)
    if headers.pop("X-Csrf-Check", None):
        monkeypatch.setitem(app.config, "WTF_CSRF_ENABLED", True)  # a form sent without its token
    # The projector and sheets follow the event's language, whatever the browser asks for.
    headers["Accept-Language"] = "en" if page.reader in ("print", "screen") else PSEUDO_LANG
    client, path = _client(app, world, page.reader), page.path.format(**_fields(world))
    if page.form is None:
        return client.get(path, headers=headers)
    form = {key: value.format(**_fields(world)) for key, value in page.form.items()}
    return client.post(path, data=form, headers=headers)


def _read(response) -> list[str]:
    if response.mimetype == "application/json":
        # A fragment the server drew (a feed's "html") is read as the page it becomes.
        return [text for value in json_strings(response.get_json()) if value.strip()
                for text in (texts(value) if value.lstrip().startswith("<") else [value])]
    return texts(response.get_data(as_text=True))


@pytest.mark.parametrize("name", PAGES)
def test_a_page_in_another_language_shows_no_untranslated_english(pseudo_app, world, name, monkeypatch):
    page = PAGES[name]
    response = _fetch(pseudo_app, world, page, monkeypatch)
    assert response.status_code == page.status, response.get_data(as_text=True)[:500]
    if response.mimetype == "text/html" and not page.fragment:
        assert f'<html lang="{PSEUDO_LANG}"' in response.get_data(as_text=True), "the page is not in the language"
    found = leftovers(_read(response), world.words, PSEUDO_LANG)
    if found:
        pytest.fail(f"{name} ({page.path}) shows untranslated English:\n" + "\n".join(found), pytrace=False)


def test_the_first_visit_page_in_another_language_shows_no_untranslated_english(first_visit):
    found = leftovers(texts(first_visit), (), PSEUDO_LANG)
    if found:
        pytest.fail("setup (/setup) shows untranslated English:\n" + "\n".join(found), pytrace=False)


DATA_BLOCK = {"phase": "results", "hint": "Tap a winner"}


def test_the_scan_finds_an_unmarked_word_beside_translated_text_and_names(pseudo_app):
    translated, seat = pseudo("Round {n} results"), pseudo("Table {number}")  # a template the script fills
    page = f"""<html lang="de"><head><title>{translated}</title><style>.x{{}}</style></head><body>
      <p>{translated} <bdi>Alejandra</bdi> · Five Tricks · Deutsch · 22. Nov. 2026</p>
      <p>{translated}</p><button aria-label="Close">×</button>
      <script>const label = "not shown";</script>
      <script type="application/json">{json.dumps(DATA_BLOCK | {"title": translated, "seat": seat})}</script>
      <input type="submit" value="{pseudo('Send')}"><input type="text" value="typed by a person">
      <table><tr><td lang="en">game recorded</td><td>{pseudo('Round')} <span lang="de">{pseudo('Table')}</span></td>
      <td lang="en"><b>organiser</b></td><td>Forgotten</td></tr></table><p><code>flask serve</code> <kbd>F</kbd></p>
    </body></html>"""
    assert leftovers(texts(page), ["Alejandra"], PSEUDO_LANG) == ["'Close': Close", "'Tap a winner': Tap, winner",
                                                                  "'Forgotten': Forgotten"]


def test_a_rendered_page_with_an_unmarked_word_beside_a_translated_one_fails_the_scan(pseudo_app, world):
    page = """<!doctype html><html lang="{{ page_lang }}"><body><h1>{{ _("Not found") }}</h1>
      <p>{{ _("Link not valid") }}: Forgotten {{ player }}</p></body></html>"""
    with pseudo_app.test_request_context("/", headers={"Accept-Language": PSEUDO_LANG}):
        html = render_template_string(page, player="Alejandra")
    assert leftovers(texts(html), world.words, PSEUDO_LANG) == [
        f"'{pseudo('Link not valid')}: Forgotten Alejandra': Forgotten",
    ]


def test_a_placeholder_survives_the_pseudo_translation_as_written():
    assert pseudo("Round %(n)s of {count:,} at <b>table</b> {{x}} 100%%") == \
        "⟦Ŕöüñď %(n)s öƒ {count:,} áţ <b>ţáƀļé</b> {{ẋ}} 100%%⟧"


@pytest.mark.parametrize("template", ["debrief/_notes.html", "debrief/_notes_controls.html"])
def test_the_debrief_notes_partials_show_no_untranslated_english(pseudo_app, world, template):
    """The notes view (in the organiser's language on the desk) and its controls, with notes in it."""
    from flask import render_template

    from tournament import db
    from tournament.models import Event
    from tournament.services.debrief import notes as notes_view

    with pseudo_app.test_request_context(headers={"Accept-Language": PSEUDO_LANG}):
        session = db.session()
        event = session.get(Event, world.main)
        inner = render_template(template, view=notes_view.build(session, event), event=event)
    html = f'<html lang="{PSEUDO_LANG}"><body><div class="debrief desk">{inner}</div></body></html>'
    found = leftovers(texts(html), world.words, PSEUDO_LANG)
    assert "notes-item" in html or "debrief-notes-table" in html
    if found:
        pytest.fail(f"{template} shows untranslated English:\n" + "\n".join(found), pytrace=False)
@pytest.mark.parametrize("view_key", ["rules", "trick"])
@pytest.mark.parametrize("event_key", ["main", "euchre"])
def test_the_debrief_rules_and_trick_views_show_no_untranslated_english(pseudo_app, world, view_key, event_key):
    from tournament import db
    from tournament.models import Event
    from tournament.services.debrief import rules, trick

    with pseudo_app.test_request_context("/", headers={"Accept-Language": PSEUDO_LANG}):
        event = db.session().get(Event, getattr(world, event_key))
        view = (rules if view_key == "rules" else trick).build(db.session(), event)
        html = render_template_string(
            f'<html lang="{{{{ page_lang }}}}"><body><div class="debrief desk">'
            f'{{% include "debrief/_{view_key}.html" %}}'
            '{% if view_key == "trick" %}{% include "debrief/_trick_controls.html" %}{% endif %}</div></body></html>',
            view=view, event=event, view_key=view_key)
    found = leftovers(texts(html), world.words, PSEUDO_LANG)
    if found:
        pytest.fail(f"the debrief's {view_key} view shows untranslated English:\n" + "\n".join(found), pytrace=False)


@pytest.mark.parametrize("stage", [None, "play", "point", "dispute", "over"])
def test_the_online_tables_fragment_shows_no_untranslated_english(pseudo_app, world, stage):
    """Every stage, badge and button of an online table, drawn from hand-built watches."""
    from flask import render_template

    from tournament import db
    from tournament.games.five_tricks.cards import ACE, Card, Suit
    from tournament.games.five_tricks.replay import FIVE_TRICKS_TRICKS
    from tournament.models import Event
    from tournament.services.online.view_model import PlayedCard, SeatView, TableWatch

    names = ["Alejandra", "Bartholomew", "Chiamaka"]
    seats = tuple(SeatView(100 + i, name, False, i == 0, i == 1, 5 - i, i, i == 2, i == 2, i == 0,
                           0 if i == 0 else None) for i, name in enumerate(names))
    face = FIVE_TRICKS_TRICKS.face(Card(ACE, Suit.HEARTS))
    trick = (PlayedCard(100, names[0], face, tuple(names[:2]) if stage == "dispute" else (), False),)
    watch = TableWatch(1, 1, True, seats, stage, trick if stage else (), 2, 3, 4, stage == "dispute", 2,
                       tuple(names[1:]))
    with pseudo_app.test_request_context("/", headers={"Accept-Language": PSEUDO_LANG}):
        event = db.session().get(Event, world.main)
        inner = render_template("organiser/online_tables.html", event=event, watches=[watch],
                                claims={100: object()}, now=None, away_after=30, button=None,
                                playing=True)
    html = f'<html lang="{PSEUDO_LANG}"><body>{inner}</body></html>'
    assert "online-table" in html
    found = leftovers(texts(html), world.words, PSEUDO_LANG)
    if found:
        pytest.fail(f"the online tables ({stage}) show untranslated English:\n" + "\n".join(found), pytrace=False)
