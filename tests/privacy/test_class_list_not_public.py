"""The class list is not public: where-do-I-sit and the online join page list nobody until two
letters are typed, then only the matching PUBLIC names, and a search sees nothing else."""

from __future__ import annotations

import re

from markupsafe import escape
from sqlalchemy import select

from tests.conftest import setup_event
from tests.corpus.names import ACCEPTED
from tests.online.conftest import online_event
from tournament import db
from tournament.core.name_search import search
from tournament.core.public_names import NamesShown
from tournament.models import Event, Player
from tournament.services.nicknames import set_names_shown, set_nickname
from tournament.services.online import claims
from tournament.services.public_names import room_names

# A new event shows "first name and initial".
CLASS = ["Ana García", "Ana Gómez", "Bruno Keller", "Zoë Lindqvist", "Xu"]
SURNAMES = ["García", "Gómez", "Keller", "Lindqvist"]
ASK = "Type at least two letters of your name, then tap it."
ONE_LETTER = "Type at least two letters: one letter is not enough to find your name."


def _text(response) -> str:
    return re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))


def _names_listed(response) -> list[str]:
    """The names the page offers to tap (links on the seat finder, buttons on the join page)."""
    body = response.get_data(as_text=True)
    listed = re.search(r'<ul class="names[^"]*" id="names">(.*?)</ul>', body, re.S)
    assert listed is not None
    items = re.findall(r"<li>(.*?)</li>", listed.group(1), re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", item).split()) for item in items]


def _pages(client, app, event_id: int) -> dict[str, str]:
    with app.app_context():
        token = db.session().get(Event, event_id).public_token
    return {"seat finder": f"/s/{token}", "join page": f"/s/{token}/play"}


def test_both_pages_name_nobody_until_two_letters_are_typed(app, client):
    event_id = online_event(app, CLASS, 1)
    for what, url in _pages(client, app, event_id).items():
        for typed in ("", "?q=", "?q=a", "?q=%20%20B%20"):
            response = client.get(url + typed)
            assert response.status_code == 200, (what, typed)
            assert _names_listed(response) == [], (what, typed)
            text = _text(response)
            assert not [n for n in ("Ana", "Bruno", "Zoë", "Xu") if n in text], (what, typed)
            assert (ASK if typed in ("", "?q=") else ONE_LETTER) in text, (what, typed)


def test_a_match_shows_the_public_name_and_never_the_surname(app, client):
    event_id = online_event(app, CLASS, 1)
    for what, url in _pages(client, app, event_id).items():
        response = client.get(url + "?q=ana")
        assert _names_listed(response) == ["Ana Ga.", "Ana Gó."], what
        assert "2 names found: tap yours." in _text(response), what
        body = response.get_data(as_text=True)
        assert not [s for s in SURNAMES if s in body or str(escape(s)) in body], what


def test_typing_part_of_a_hidden_surname_finds_nobody(app, client):
    event_id = online_event(app, CLASS, 1)
    for what, url in _pages(client, app, event_id).items():
        for typed in ("Garc", "gom", "Kel", "lindq", "Ana Garc"):
            response = client.get(url + "?q=" + typed)
            assert _names_listed(response) == [], (what, typed)
            assert f"No name contains “{typed}”." in _text(response), (what, typed)


def test_accents_and_case_are_ignored_and_a_one_letter_public_name_is_found_whole(app, client):
    event_id = online_event(app, ["Zoë Lindqvist", "Xu", "X Yilmaz"], 1)
    for what, url in _pages(client, app, event_id).items():
        assert _names_listed(client.get(url + "?q=ZOE")) == ["Zoë L."], what
        assert _names_listed(client.get(url + "?q=xu")) == ["Xu"], what
        # "X Yilmaz" shows as "X Y.": typing "x" alone is not enough to list it.
        assert _names_listed(client.get(url + "?q=x")) == [], what


def test_the_seat_page_and_its_feed_name_the_player_by_the_public_name(app, client):
    event_id = setup_event(app, CLASS, 1)
    with app.app_context():
        event = db.session().get(Event, event_id)
        token = event.public_token
        ana = db.session().scalar(select(Player.id).where(Player.name == "Ana García"))
    page = client.get(f"/s/{token}/{ana}").get_data(as_text=True)
    assert "Ana Ga." in page and "García" not in page
    assert client.get(f"/s/{token}/{ana}.json").get_json()["name"] == "Ana Ga."


def test_continue_as_shows_the_public_name(app, client):
    event_id = online_event(app, CLASS, 1)
    url = _pages(client, app, event_id)["join page"]
    with app.app_context():
        ana = db.session().scalar(select(Player.id).where(Player.name == "Ana García"))
    assert client.post(url, data={"player_id": ana, "q": "ana"}).status_code == 302
    page = client.get(url).get_data(as_text=True)
    assert "Continue as Ana Ga." in re.sub(r"<[^>]+>", "", page)
    assert "García" not in page


def test_a_refused_claim_comes_back_with_the_same_matches_and_the_public_name(app, client):
    event_id = online_event(app, CLASS, 1)
    url = _pages(client, app, event_id)["join page"]
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        ana = session.scalar(select(Player.id).where(Player.name == "Ana García"))
        claims.claim(session, event, ana)  # another device has it
    response = client.post(url, data={"player_id": ana, "q": "ana"})
    assert response.status_code == 409
    assert _names_listed(response) == ["Ana Ga. already playing Ana Ga. is already playing on another device. "
                                       "Ask the organiser to release the name if that was not you.", "Ana Gó."]
    assert "García" not in response.get_data(as_text=True)


def test_hostile_names_are_found_escaped_and_the_search_repeated_back_escaped(app, client):
    hostile = [stored for label, (_, stored) in ACCEPTED.items()
               if label in ("script tag", "attribute breakout", "apostrophe, ampersand and quotes")]
    event_id = online_event(app, [*hostile, "Ana García"], 1)
    with app.app_context():
        public = sorted(room_names(db.session().get(Event, event_id)).values())
    for what, url in _pages(client, app, event_id).items():
        for typed in ("script", "img src", "O'Brien", "<", "&"):
            body = client.get(url, query_string={"q": typed}).get_data(as_text=True)
            assert "<script>alert" not in body and "<img src=x" not in body, (what, typed)
        shown = {name: str(escape(name)) in client.get(url, query_string={"q": name}).get_data(as_text=True)
                 for name in public}
        assert all(shown.values()), (what, shown)
        body = client.get(url, query_string={"q": "<b>zz"}).get_data(as_text=True)
        assert "<b>zz" not in body and str(escape("<b>zz")) in body, what


def test_matches_follow_the_alphabetical_order_of_the_public_names_the_search_is_given():
    # The search never sees a real name, so its order cannot hint at a hidden surname.
    public = {1: "Zoe Bo", 2: "Bo", 3: "Émile Bo.", 4: "Amir"}
    assert search(public, "BO").matches == ((2, "Bo"), (3, "Émile Bo."), (1, "Zoe Bo"))


def test_every_corpus_name_is_found_on_the_seat_finder_by_its_public_name_isolated_and_escaped(app, client):
    event_id = setup_event(app, [stored for _, stored in ACCEPTED.values()])
    url = _pages(client, app, event_id)["seat finder"]
    with app.app_context():
        shown = room_names(db.session().get(Event, event_id))
    missing = []
    for name in shown.values():
        body = client.get(url, query_string={"q": name}).get_data(as_text=True)
        assert "<script>alert" not in body and "<img src=x" not in body, name
        missing += [name] if f"<bdi>{escape(name)}</bdi>" not in body else []
    assert missing == []


def test_with_nicknames_a_search_finds_the_nickname_and_never_the_real_first_name(app, client):
    event_id = online_event(app, CLASS, 1)
    with app.app_context():
        session = db.session()
        ana = session.scalar(select(Player.id).where(Player.name == "Ana García"))
        set_nickname(session, event_id, ana, "Otter 7")
        set_names_shown(session, event_id, NamesShown.NICKNAME)
    for what, url in _pages(client, app, event_id).items():
        assert _names_listed(client.get(url + "?q=otter")) == ["Otter 7"], what
        # Ana Gómez has no nickname: she keeps "first name and initial", alone now.
        assert _names_listed(client.get(url + "?q=ana")) == ["Ana G."], what
