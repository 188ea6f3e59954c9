"""Every page that shows names, fed the whole accepted corpus: never a 500, markup only ever
escaped, names in NFC as stored, isolated, and every list in the one alphabetical order."""

from __future__ import annotations

import re

import pytest
from markupsafe import escape

from tests.conftest import setup_event
from tests.corpus.names import ACCEPTED
from tests.room.conftest import close_round, record_winner, seated, start_round, tokens
from tournament import db
from tournament.core.names import name_key
from tournament.core.public_names import NamesShown
from tournament.models import Event
from tournament.services.nicknames import set_names_shown

NAMES = [stored for _, stored in ACCEPTED.values()]
RAW_MARKUP = ("<script>alert(1)</script>", "<img src=x onerror=alert(1)>")


@pytest.fixture
def played(app):
    """The accepted corpus at tables, round 1 played (the alphabetically last wins at each
    table, so ties decide the rest) and closed, round 2 planned."""
    event_id = setup_event(app, NAMES, name="Klasse 9B — محمد & <i>co</i>")
    start_round(app, event_id)
    with app.app_context():
        count = len(db.session().get(Event, event_id).tables)
    for table in range(1, count + 1):
        at = sorted(seated(app, event_id, table), key=name_key)
        record_winner(app, event_id, table, [at[-1]])
    close_round(app, event_id)
    return event_id


def _pages(app, event_id) -> list[str]:
    with app.app_context():
        event = db.session().get(Event, event_id)
        player_ids = [p.id for p in event.players]
        table_count = len(event.tables)
    token = tokens(app, event_id)
    base = f"/events/{event_id}"
    pages = [f"{base}", f"{base}/players", f"{base}/tables", f"{base}/rounds", f"{base}/rounds/1",
             f"{base}/rounds/1/results", f"{base}/rounds/2", f"{base}/rounds/2/seats", f"{base}/standings",
             f"{base}/audit", f"{base}/room", f"{base}/room/tables", f"{base}/print", f"{base}/print/sheets",
             f"{base}/print/guide", f"{base}/print/signs", f"{base}/print/slips", f"{base}/print/all",
             f"{base}/rounds/1/tables/1", f"{base}/settings", "/",
             f"/p/{token['projector']}", f"/s/{token['public']}", f"/t/{token[1]}"]
    pages += [f"{base}/players/{pid}" for pid in player_ids]
    pages += [f"/s/{token['public']}/{pid}" for pid in player_ids[:5]]
    pages += [f"{base}/rounds/1/tables/{n}" for n in range(2, table_count + 1)]
    return pages


def test_no_page_showing_the_corpus_fails_or_lets_markup_through(app, organiser, played):
    problems = []
    for url in _pages(app, played):
        response = organiser.get(url, follow_redirects=True)
        body = response.get_data(as_text=True)
        if response.status_code != 200:
            problems.append(f"{url}: {response.status_code}")
        for markup in RAW_MARKUP:
            if markup in body:
                problems.append(f"{url}: raw {markup}")
    assert problems == []


def test_every_name_is_shown_isolated_and_escaped_on_the_pages_that_list_everyone(app, organiser, played):
    # The seat finder lists nobody up front (tests/privacy/test_class_list_not_public.py).
    for url in (f"/events/{played}/players", f"/events/{played}/standings",
                f"/events/{played}/rounds/2/seats", f"/events/{played}/tables"):
        body = organiser.get(url).get_data(as_text=True)
        missing = [name for name in NAMES if f"<bdi>{escape(name)}</bdi>" not in body]
        assert missing == [], url


def _order_on(body: str) -> list[str]:
    found = {name: body.index(f"<bdi>{escape(name)}</bdi>") for name in NAMES
             if f"<bdi>{escape(name)}</bdi>" in body}
    return sorted(found, key=found.get)


def test_lists_of_everyone_follow_the_alphabetical_order(app, organiser, played):
    shown = _order_on(organiser.get(f"/events/{played}/players").get_data(as_text=True))
    assert shown == sorted(NAMES, key=name_key)


def test_every_list_of_names_on_the_tables_page_uses_one_order(app, organiser):
    """The table lists, the move-player choice and the observers used three different orders;
    the seating wishes' two choices of players must follow the same one."""
    names = ["Zed", "Øystein", "Oscar", "Łukasz", "Lucas", "Æsa", "Adam", "Straße"]
    event_id = setup_event(app, names, tables=1)
    body = organiser.get(f"/events/{event_id}/tables").get_data(as_text=True)
    table_list = re.search(r"players?:</strong>(.*?)</p>", body, re.S).group(1)
    in_table = [n for n in sorted(names, key=lambda n: table_list.find(f"<bdi>{n}</bdi>"))]
    choices = [[o for o in re.findall(r"<option[^>]*>([^<]*)</option>", select) if o in names]
               for select in re.findall(r"<select.*?</select>", body, re.S)]
    choices = [choice for choice in choices if choice]
    expected = sorted(names, key=name_key)
    assert in_table == expected
    assert len(choices) == 3  # moving a player, and the wish's first and second player
    assert all(choice == expected for choice in choices)


def test_tie_lines_isolate_each_name(app, organiser, played):
    body = organiser.get(f"/events/{played}/rounds/1/results").get_data(as_text=True)
    ties = re.findall(r'<p class="tie-note">⚖ (.*?)</p>', body)
    assert ties
    for line in ties:
        # A sentence ending on a name that ends with a full stop ("Ben K.") ends on the name's own stop.
        assert re.fullmatch(r"(<bdi>[^<]*</bdi>(, | and )?)+ tied on .*ranks .*\.(</bdi>)?", line), line


def test_the_projector_feed_and_seat_finder_carry_names_exactly_as_stored(app, client, played):
    with app.app_context():  # the names as typed reach the room when the event shows full names
        set_names_shown(db.session(), played, NamesShown.FULL)
    token = tokens(app, played)
    feed = client.get(f"/p/{token['projector']}/feed.json").get_json()
    on_feed = {row["name"] for row in feed["standings"]}
    assert on_feed == set(NAMES)
    for table in feed["seating"]:
        assert table["players"] == sorted(table["players"], key=name_key)
    for table in feed["results"]:
        for line in table["ties"]:
            assert "\u202e" not in line and "\u2066" not in line


def test_the_standings_page_states_what_alphabetical_order_means(app, organiser, played):
    body = organiser.get(f"/events/{played}/standings").get_data(as_text=True)
    assert "Unicode Collation Algorithm" in body and "Ø with O" in body
