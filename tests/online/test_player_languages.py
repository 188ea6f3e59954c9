"""The player's pages in another language: rendered with every marked message pseudo-translated
(tests/i18n/pseudo.py), no screen of online play shows English but names and the few words
tests/i18n/leftovers.py allows. A failure names the screen and the text."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.i18n.conftest import PSEUDO_LANG, pseudo_app  # noqa: F401  (the fixture)
from tests.i18n.leftovers import leftovers, texts
from tests.online.conftest import act, allow_fast_polls, claim_all, online_event, start, tokens_at
from tests.room.conftest import close_round
from tournament import db
from tournament.models import Event
from tournament.services import timer

NAMES = ["Alejandra", "Bartholomew", "Chiamaka", "Dmitri"]
HEADERS = {"Accept-Language": PSEUDO_LANG}


def _english(html: str, what: str) -> None:
    found = leftovers(texts(html), [*NAMES, "Class 9B"], PSEUDO_LANG)
    if found:
        pytest.fail(f"{what} shows untranslated English:\n" + "\n".join(found), pytrace=False)


def _timer(app, event_id: int, phase: str) -> None:
    with app.app_context():
        session = db.session()
        timer.start(session.get(Event, event_id), phase, timer.now_utc())
        session.commit()


def test_every_online_screen_in_another_language_shows_no_untranslated_english(pseudo_app):  # noqa: F811
    app = pseudo_app
    allow_fast_polls(app)
    event_id = online_event(app, NAMES, 1)
    with app.app_context():
        public = db.session().scalar(select(Event.public_token).where(Event.id == event_id))
    client = app.test_client()
    _english(client.get(f"/s/{public}", headers=HEADERS).get_data(as_text=True), "the public page")
    _english(client.get(f"/s/{public}/play", headers=HEADERS).get_data(as_text=True), "the claim page")
    refused = client.post(f"/s/{public}/play", data={"player_id": "x"}, headers=HEADERS)
    assert refused.status_code == 400
    _english(refused.get_data(as_text=True), "a refused claim")
    tokens = claim_all(app, event_id)
    token = tokens["Alejandra"]

    def screen(what: str) -> None:
        page = client.get(f"/play/{token}", headers=HEADERS)
        assert page.status_code == 200 and f'<html lang="{PSEUDO_LANG}"' in page.get_data(as_text=True)
        _english(page.get_data(as_text=True), what)
        _english(client.get(f"/play/{token}/state?key=x", headers=HEADERS).get_json()["html"], what + " (poll)")

    screen("waiting")
    _timer(app, event_id, "study")
    screen("study")
    _timer(app, event_id, "practice")
    screen("practice")
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    assert act(client, at[1], action="gesture", gesture="yes").status_code == 200
    screen("tournament")
    close_round(app, event_id)
    screen("between rounds")
    gone = client.get("/play/no-such-token", headers=HEADERS)
    assert gone.status_code == 404
    _english(gone.get_data(as_text=True), "a link no longer valid")
