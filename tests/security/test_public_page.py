"""'Where do I sit' is open to anyone in the room: it shows this event's names and table numbers,
and nothing else — no link secrets, no results, no rule variants, no other event's players."""

from __future__ import annotations

import html
import re

from tests.fuzz.conftest import NAMES_A, NAMES_B
from tests.online.joining import found
from tournament import db
from tournament.games import DEFAULT, get
from tournament.models import Event

RULE_WORDS = re.compile(r"\b(hearts|diamonds|clubs|spades|trump|ace|highest|lowest)\b", re.I)
RESULT_WORDS = re.compile(r"\b(won|wins|games?|tricks?|rank\w*|points?|score\w*|moves?|up|down|tied?)\b|[▲▼●]", re.I)


def _pages(client, world):
    token = world.public_tokens[world.a]
    pages = {"pick": client.get(f"/s/{token}")}
    for player_id in world.player_ids[world.a]:
        pages[f"seat {player_id}"] = client.get(f"/s/{token}/{player_id}")
        pages[f"json {player_id}"] = client.get(f"/s/{token}/{player_id}.json")
    return pages


def _visible_text(html: str) -> str:
    """The words shown, less the name of the game the event plays (its title, not a result)."""
    return re.sub(r"<[^>]+>", " ", html).replace(get(DEFAULT).title, " ")


def test_where_do_i_sit_holds_no_link_secret_but_its_own(client, world):
    secrets = (world.table_tokens[world.a] + world.table_tokens[world.b] + list(world.projector_tokens.values())
               + [world.public_tokens[world.b]] + world.backup_names)
    for what, response in _pages(client, world).items():
        assert response.status_code == 200, what
        body = response.get_data(as_text=True)
        assert [s for s in secrets if s in body] == [], what


def test_where_do_i_sit_shows_no_results_rules_or_other_events(client, world):
    """Event A has a closed round with games won; none of it may show."""
    for what, response in _pages(client, world).items():
        body = response.get_data(as_text=True)
        text = _visible_text(body) if response.mimetype == "text/html" else body
        assert not RULE_WORDS.search(text), (what, RULE_WORDS.search(text))
        assert not RESULT_WORDS.search(text), (what, RESULT_WORDS.search(text))
        assert not [n for n in NAMES_B if n in body], what


def test_the_seat_feed_carries_exactly_name_table_round_label_and_whether_playing(client, world):
    for what, response in _pages(client, world).items():
        if what.startswith("json"):
            data = response.get_json()
            assert set(data) == {"name", "table", "round", "label", "note", "playing"}
            assert data["name"] in NAMES_A and isinstance(data["table"], int)


def test_a_search_finds_this_events_names_only(client, app, world):
    listed = []
    for typed in [*NAMES_A, *NAMES_B]:  # every name of both events, typed whole
        page = found(client, f"/s/{world.public_tokens[world.a]}", typed).get_data(as_text=True)
        listed += re.findall(r'<li><a href="[^"]+"><bdi>([^<]*)</bdi></a></li>', page)  # each name isolated
    with app.app_context():
        expected = sorted(p.name for p in db.session().get(Event, world.a).players)
    assert sorted(html.unescape(n) for n in listed) == expected


def test_another_events_player_is_not_found_through_this_events_link(client, world):
    token = world.public_tokens[world.a]
    for player_id in world.player_ids[world.b]:
        assert client.get(f"/s/{token}/{player_id}").status_code == 404
        assert client.get(f"/s/{token}/{player_id}.json").status_code == 404
