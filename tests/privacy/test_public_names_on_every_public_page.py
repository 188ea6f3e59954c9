"""With "first name and initial", no page the room sees shows a surname: the projector in every
phase and its debrief wall, every table's phone (who is here, the agree question, results, the
scorer), the online play screens, the printed personal links and the debrief's take-away.

The scan looks for each hidden surname (the last word of a corpus name of two words or more) as
a whole word in what each page says; a second test shows the same scan finding them when the
event shows full names, so it can fail."""

from __future__ import annotations

import html
import json
import re

import pytest

from tests.agreement.conftest import answer, send
from tests.conftest import setup_event
from tests.games.highest_card import HIGHEST_CARD
from tests.names.test_pages import NAMES
from tests.online.conftest import act, claim_all, online_event
from tests.room.conftest import close_round, record_winner, seated, start_round, tokens
from tests.scorer.conftest import card_event
from tournament import db
from tournament.core.names import name_key
from tournament.core.public_names import NamesShown
from tournament.games import register, unregister
from tournament.models import Event
from tournament.services import rounds
from tournament.services.corrections import correct_games
from tournament.services.debrief import state
from tournament.services.debrief.steps import steps_for
from tournament.services.games import GameEntry
from tournament.services.latest_round import latest_round
from tournament.services.round_data import load_round

# Surnames nobody would type by chance; two Anas whose initials are alike, and a name of three words.
UNUSUAL = ["Zoë Quarterbridge-Olumide", "Ana Quenneville", "Ana Quixwood", "María José Villalobos-Ytturralde"]
CLASS = NAMES + UNUSUAL
ONLINE_CLASS = ["Zoë Quarterbridge-Olumide", "Gil Ortiz", "Hana Sato", "Ana Quenneville"]


def surnames(names: list[str]) -> set[str]:
    """The words "first name and initial" hides: the last word of a name of two words or more,
    when it is a word of letters (an emoji or a bare initial hides nothing)."""
    return {words[-1] for words in (name.split() for name in names)
            if len(words) > 1 and len(words[-1]) > 2 and words[-1].replace("-", "").isalpha()}


def leaks(pages: dict[str, str], names: list[str]) -> dict[str, list[str]]:
    """Page -> the hidden surnames it shows, as whole words."""
    found = {}
    for url, text in pages.items():
        shown = sorted(s for s in surnames(names) if re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", text))
        if shown:
            found[url] = shown
    return found


def _text(response) -> str:
    assert response.status_code == 200, (response.request.path, response.status_code)
    if response.is_json:
        return json.dumps(response.get_json(), ensure_ascii=False)
    return html.unescape(response.get_data(as_text=True))


def _projector(app, client, event_id: int, pages: dict[str, str], phase: str) -> None:
    token = tokens(app, event_id)["projector"]
    pages[f"projector {phase}"] = _text(client.get(f"/p/{token}/feed.json"))


def _phones(app, client, event_id: int, pages: dict[str, str], phase: str) -> None:
    for number, token in tokens(app, event_id).items():
        if isinstance(number, int):
            pages[f"phone of table {number}, {phase}"] = _text(client.get(f"/t/{token}"))


def classroom_pages(app, organiser, shown: NamesShown | None = None) -> dict[str, str]:
    """Every public page of a played tournament of the corpus, by a description of it."""
    client = app.test_client()
    event_id = setup_event(app, CLASS, name="Klasse 9B")
    if shown is not None:
        _show(app, event_id, shown)
    pages: dict[str, str] = {}
    token = tokens(app, event_id)
    pages["projector page"] = _text(client.get(f"/p/{token['projector']}"))
    _projector(app, client, event_id, pages, "home")
    start_round(app, event_id)
    _phones(app, client, event_id, pages, "who is here")
    with app.app_context():
        tables = len(db.session().get(Event, event_id).tables)
    # Table 1 sends one game for the table to confirm; the others report the alphabetically last
    # as winner, so ties in the real names' order decide every other place.
    at_one = sorted(seated(app, event_id, 1), key=name_key)
    send(client, app, event_id, 1, {1: at_one[0]})
    _phones(app, client, event_id, pages, "asking")
    answer(client, app, event_id, 1, 1, agree=True)
    for table in range(2, tables + 1):
        record_winner(app, event_id, table, [sorted(seated(app, event_id, table), key=name_key)[-1]])
    _projector(app, client, event_id, pages, "round")
    _phones(app, client, event_id, pages, "round 1")
    close_round(app, event_id)
    _correct(app, event_id, UNUSUAL[0])  # the debrief's timeline shows a correction as the log wrote it
    _projector(app, client, event_id, pages, "results")
    start_round(app, event_id)
    _phones(app, client, event_id, pages, "round 2")
    with app.app_context():
        session = db.session()
        rounds.end_now(session, session.get(Event, event_id))
    _projector(app, client, event_id, pages, "ended")
    _phones(app, client, event_id, pages, "over")
    with app.app_context():
        count = len(steps_for(db.session().get(Event, event_id)))
    for index in range(count):
        with app.app_context():
            session = db.session()
            state.show_step(session, session.get(Event, event_id), index)
        pages[f"debrief wall, step {index + 1}"] = _text(client.get(f"/p/{token['projector']}/debrief"))
    pages["take-away"] = _text(organiser.get(f"/events/{event_id}/print/debrief"))
    return pages


def online_pages(app, organiser, shown: NamesShown | None = None) -> dict[str, str]:
    """The online table's screens of every player, and their printed personal links."""
    event_id = online_event(app, ONLINE_CLASS, tables=1)
    if shown is not None:
        _show(app, event_id, shown)
    start_round(app, event_id)
    links = claim_all(app, event_id)
    client = app.test_client()
    for link in links.values():  # every player's gesture, shown under her name on every screen
        assert act(client, link, action="gesture", gesture="wait").status_code == 200
    pages = {f"play screen of {name}": _text(client.get(f"/play/{link}")) for name, link in links.items()}
    with app.app_context():
        assert latest_round(db.session(), db.session().get(Event, event_id)).number == 1
    pages["personal links"] = _text(organiser.get(f"/events/{event_id}/print/personal-links"))
    return pages


@pytest.fixture
def scoring_game():
    """The test-only game scored entry by entry (tests.scorer), registered for one test."""
    register(HIGHEST_CARD)
    yield
    unregister(HIGHEST_CARD.key)


def scorer_pages(app, organiser, shown: NamesShown | None = None) -> dict[str, str]:
    """A game scored entry by entry on each table's phone: the scorer page and the results form."""
    card = card_event(app, names=ONLINE_CLASS, tables=2)
    if shown is not None:
        _show(app, card.event_id, shown)
    client, pages = app.test_client(), {}
    for table, seated_here in card.seated.items():
        url = f"/t/{card.tokens[table]}/games/1/score"
        for seen, pid in enumerate(sorted(seated_here.values())):
            assert client.post(url, data={"seen": str(seen), "top": str(pid)}).status_code == 302
        pages[f"scorer of table {table}"] = _text(client.get(url))
        pages[f"phone of table {table}"] = _text(client.get(f"/t/{card.tokens[table]}"))
    return pages


def _correct(app, event_id: int, name: str) -> None:
    """After round 1 closed, a game 2 is added at ``name``'s table, won by ``name``."""
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, event_id), 1)
        table = next(t for t in data.tables if name in {p.name for p in data.seated_at(t)})
        winner = next(p for p in data.seated_at(table) if p.name == name)
        correct_games(session, data, table, [GameEntry(2, None, frozenset({winner.id}), None)])


def _show(app, event_id: int, shown: NamesShown) -> None:
    from tournament.services.nicknames import set_names_shown

    with app.app_context():
        set_names_shown(db.session(), event_id, shown)


def test_no_page_the_room_sees_shows_a_surname_with_first_name_and_initial(app, organiser, scoring_game):
    pages = classroom_pages(app, organiser)
    assert leaks(pages, CLASS) == {}
    assert leaks(online_pages(app, organiser), ONLINE_CLASS) == {}
    assert leaks(scorer_pages(app, organiser), ONLINE_CLASS) == {}
    # The public names are there instead, the alike Anas told apart.
    assert "Zoë Q." in pages["projector ended"] and "Ana Que." in pages["projector ended"]
    assert "Ana Qui." in pages["projector ended"]


@pytest.mark.parametrize("pages_of, names", [(classroom_pages, CLASS), (online_pages, ONLINE_CLASS),
                                             (scorer_pages, ONLINE_CLASS)])
def test_the_surname_scan_finds_the_surnames_when_the_event_shows_full_names(app, organiser, scoring_game,
                                                                            pages_of, names):
    found = leaks(pages_of(app, organiser, NamesShown.FULL), names)
    assert {surname for shown in found.values() for surname in shown} == surnames(names)
