"""The scorer pages (a table's phone and the organiser's), through the Flask test client with the
test game's scorer: a game is scored draw by draw, refused entries come back with the reason
beside the form, the results pages link each game to the scorer and warn about kept sheets."""

from __future__ import annotations

import html
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markupsafe import escape

from tests.app.helpers import page_text
from tests.conftest import count_queries, setup_event
from tests.corpus.names import ACCEPTED
from tests.scorer.conftest import card_event, stored
from tournament import db
from tournament.core.public_names import NamesShown
from tournament.models import Event
from tournament.services import rounds
from tournament.services.nicknames import set_names_shown


def _text(response) -> str:
    """The page as shown: its scripts' words (the i18n data block, the results form's sentences for
    its script) are not on the page."""
    shown = re.sub(r'<script type="application/json" id="i18n">.*?</script>', "", page_text(response), flags=re.S)
    shown = re.sub(r'\sdata-scores-[a-z]+="[^"]*"', "", shown)
    return html.unescape(shown)


def _score(client, card, table: int = 1, number: int = 1) -> str:
    return f"/t/{card.tokens[table]}/games/{number}/score"


def _organiser_score(card, table: int = 1, number: int = 1, round_number: int = 1) -> str:
    return f"/events/{card.event_id}/rounds/{round_number}/tables/{table}/games/{number}/score"


def _first(card, table: int = 1) -> tuple[str, int]:
    name = sorted(card.seated[table])[0]
    return name, card.seated[table][name]


def test_a_table_scores_a_whole_game_on_its_phone_and_is_told_when_it_is_over(client, card):
    name, pid = _first(card)
    for seen in range(3):
        response = client.post(_score(client, card), data={"seen": str(seen), "top": str(pid)})
        assert response.status_code == 302 and response.headers["Location"].endswith(_score(client, card))
    page = _text(client.get(_score(client, card)))
    assert f"Game 1 is over: {name} won 3 draws to 0." in page
    assert "Start game 2" in page and _score(client, card, number=2) in page
    assert "Add draw" not in page  # a finished game takes no more entries
    assert page.count("<tr>") == 1 + 3 + 1  # heading, one row per draw, totals


def test_the_phone_results_page_links_each_game_to_the_scorer_and_shows_a_kept_games_status(client, card):
    name, pid = _first(card)
    before = _text(client.get(f"/t/{card.tokens[1]}"))
    assert "Score game 1 draw by draw" in before and "Score draw by draw" in before
    client.post(_score(client, card), data={"seen": "0", "top": str(pid)})
    after = _text(client.get(f"/t/{card.tokens[1]}"))
    assert f"Kept on the scorer: {name} leads 1 draw to 0." in after and "Continue scoring" in after
    assert "Score game 2 draw by draw" in after


def test_a_resent_entry_is_answered_as_done_and_stored_once(client, card, app):
    _name, pid = _first(card)
    for _ in range(2):
        response = client.post(_score(client, card), data={"seen": "0", "top": str(pid)}, follow_redirects=True)
        assert response.status_code == 200
    assert "Draw 1 was already added — nothing changed." in _text(response)
    assert len(stored(app, card.event_id)[0]) == 1


def test_a_stale_page_is_refused_with_the_reason_beside_the_form_and_shows_the_sheet_as_it_is(client, card, app):
    _name, pid = _first(card)
    client.post(_score(client, card), data={"seen": "0", "top": str(pid)})
    other = card.seated[1][sorted(card.seated[1])[1]]
    response = client.post(_score(client, card), data={"seen": "0", "top": str(other)})
    assert response.status_code == 409
    page = _text(response)
    assert "Someone else changed game 1 meanwhile" in page and "data-entry-error" in page
    assert "Add draw 2" in page  # the form is for the entry after the one someone else added
    assert len(stored(app, card.event_id)[0]) == 1


def test_an_entry_naming_nobody_at_the_table_is_refused_beside_the_form(client, card, app):
    response = client.post(_score(client, card), data={"seen": "0", "top": "999999"})
    assert response.status_code == 400
    assert "Not a valid choice" in _text(response) or "Draw 1:" in _text(response)
    assert stored(app, card.event_id) is None


@pytest.mark.parametrize("seen", ["", "x", "-1", "99999999"])
def test_a_missing_or_bad_seen_count_is_refused_and_changes_nothing(client, card, app, seen):
    _name, pid = _first(card)
    response = client.post(_score(client, card), data={"seen": seen, "top": str(pid)})
    assert response.status_code in (400, 409)
    assert stored(app, card.event_id) is None


def test_undo_on_the_phone_takes_back_the_last_entry(client, card, app):
    _name, pid = _first(card)
    client.post(_score(client, card), data={"seen": "0", "top": str(pid)})
    client.post(_score(client, card), data={"seen": "1", "top": str(pid)})
    response = client.post(_score(client, card), data={"seen": "2", "undo": "1"}, follow_redirects=True)
    assert "Draw 2 undone." in _text(response)
    assert len(stored(app, card.event_id)[0]) == 1


def test_a_phone_cannot_score_between_rounds(client, card, app):
    with app.app_context():
        rounds.close(db.session(), db.session().get(Event, card.event_id), 1)
    _name, pid = _first(card)
    response = client.post(_score(client, card), data={"seen": "0", "top": str(pid)})
    assert response.status_code == 409 and "No round is running now" in _text(response)
    assert client.get(_score(client, card)).status_code == 200  # the waiting page


def test_the_organiser_scores_from_the_table_results_page(organiser, card, app):
    name, pid = _first(card)
    results = _text(organiser.get(f"/events/{card.event_id}/rounds/1/tables/1"))
    assert "Score game 1 draw by draw" in results and _organiser_score(card) in results
    response = organiser.post(_organiser_score(card), data={"seen": "0", "top": str(pid)}, follow_redirects=True)
    assert response.status_code == 200 and "Draw 1 added." in _text(response)
    results = _text(organiser.get(f"/events/{card.event_id}/rounds/1/tables/1"))
    assert f"Kept on the scorer: {name} leads 1 draw to 0." in results
    assert "deletes the draw-by-draw scores kept for this game" in results


def test_the_organiser_corrects_a_closed_rounds_scored_game(organiser, card, app):
    _name, pid = _first(card)
    organiser.post(_organiser_score(card), data={"seen": "0", "top": str(pid)})
    with app.app_context():
        rounds.close(db.session(), db.session().get(Event, card.event_id), 1)
    page = _text(organiser.get(_organiser_score(card)))
    assert "you are correcting its results" in page
    response = organiser.post(_organiser_score(card), data={"seen": "1", "top": str(pid)}, follow_redirects=True)
    assert response.status_code == 200 and len(stored(app, card.event_id)[0]) == 2


def test_games_without_a_scorer_have_no_scorer_pages(client, organiser, app):
    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dan"], tables=1)
    with app.app_context():
        event = db.session().get(Event, event_id)
        rounds.start_round(db.session(), event)
        token = event.tables[0].token
    assert client.get(f"/t/{token}/games/1/score").status_code == 404
    assert organiser.get(f"/events/{event_id}/rounds/1/tables/1/games/1/score").status_code == 404
    for page in (_text(client.get(f"/t/{token}")), _text(organiser.get(f"/events/{event_id}/rounds/1/tables/1"))):
        assert "/score" not in page and " by hand" not in page and "Score game" not in page


def test_hostile_names_on_the_scorer_page_are_escaped_and_isolated(client, app, highest_card):
    # The corpus holds markup names already; at tables of 2 or 3 every name gets a column.
    names = [stored for _label, stored in ACCEPTED.values()]
    assert any("<script>" in name for name in names)
    card = card_event(app, names=names, tables=len(names) // 3)
    with app.app_context():  # every name as typed, the longest and most hostile form of it
        set_names_shown(db.session(), card.event_id, NamesShown.FULL)
    for table, seated in card.seated.items():
        for seen, (name, pid) in enumerate(sorted(seated.items())[:2]):
            response = client.post(_score(client, card, table), data={"seen": str(seen), "top": str(pid)})
            assert response.status_code == 302, (table, name)
        body = client.get(_score(client, card, table)).get_data(as_text=True)
        assert "<script>alert" not in body and "<img src=x" not in body
        for name in seated:
            assert f"<bdi>{escape(name)}</bdi>" in body, name
        phone = client.get(f"/t/{card.tokens[table]}").get_data(as_text=True)
        assert "<script>alert" not in phone and "Kept on the scorer" in phone


def test_statements_of_the_scorer_pages_do_not_grow_with_tables(client, organiser, app, highest_card):
    counts = []
    for tables in (3, 30):
        card = card_event(app, names=[f"Player {i:03}" for i in range(tables * 3)], tables=tables)
        for table in (1, tables):
            _name, pid = _first(card, table)
            client.post(_score(client, card, table), data={"seen": "0", "top": str(pid)})
        measured = []
        for url in (_score(client, card), f"/t/{card.tokens[1]}", _organiser_score(card),
                    f"/events/{card.event_id}/rounds/1/tables/1"):
            with count_queries(app) as statements:
                assert (organiser if url.startswith("/events") else client).get(url).status_code == 200
            measured.append(len(statements))
        counts.append(measured)
    assert counts[0] == counts[1], counts


@settings(max_examples=40, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_scorer_posts_never_fail_and_refusals_change_nothing(client, organiser, card, app, data):
    from tests.fuzz.conftest import encode_form
    from tests.fuzz.targets import hostile

    ids = [str(pid) for seated in card.seated.values() for pid in seated.values()]
    value = st.one_of(st.sampled_from(["0", "1", "2", "3", "", "-1", "1e3", *ids]), hostile)
    fields = data.draw(st.lists(st.tuples(st.sampled_from(["seen", "top", "undo", "csrf_token"]), value),
                                max_size=5), label="fields")
    number = data.draw(st.sampled_from([1, 2, 0, 41, 2**70]), label="game")
    url = data.draw(st.sampled_from([f"/t/{card.tokens[1]}/games/{number}/score",
                                     _organiser_score(card, number=number)]), label="url")
    before = stored(app, card.event_id), stored(app, card.event_id, 1, 2)
    sender = organiser if url.startswith("/events") else client
    response = sender.post(url, data=encode_form(fields), content_type="application/x-www-form-urlencoded")
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    if response.status_code >= 400:
        assert (stored(app, card.event_id), stored(app, card.event_id, 1, 2)) == before


def test_a_stale_entry_for_a_finished_game_still_says_why_it_was_refused(client, card, app):
    _name, pid = _first(card)
    for seen in range(3):
        client.post(_score(client, card), data={"seen": str(seen), "top": str(pid)})
    other = card.seated[1][sorted(card.seated[1])[1]]
    response = client.post(_score(client, card), data={"seen": "2", "top": str(other)})
    assert response.status_code == 409
    page = _text(response)
    assert "Someone else changed game 1 meanwhile" in page and "Game 1 is over" in page
    assert len(stored(app, card.event_id)[0]) == 3


def test_the_scorer_page_of_a_round_not_started_says_so_and_offers_no_form(organiser, card, app):
    with app.app_context():
        rounds.close(db.session(), db.session().get(Event, card.event_id), 1)  # round 2 is planned now
    response = organiser.get(_organiser_score(card, round_number=2))
    page = _text(response)
    assert response.status_code == 409 and "Round 2 has not started yet" in page
    assert 'name="seen"' not in response.get_data(as_text=True)
