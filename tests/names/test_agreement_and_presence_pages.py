"""The corpus through the table's answer and who is here: a corpus player wins a game the table
disputes, another is reported missing and marked absent, and every page that then shows them
answers 200 with markup only ever escaped."""

from __future__ import annotations

from tests.agreement.conftest import answer, send
from tests.conftest import setup_event
from tests.names.test_pages import NAMES, RAW_MARKUP
from tests.presence.conftest import answer as report
from tests.room.conftest import seated, start_round, tokens
from tournament.core.names import name_key


def test_a_disputed_corpus_winner_and_a_corpus_absentee_never_fail_a_page_or_let_markup_through(app, organiser):
    event_id = setup_event(app, NAMES, name="Klasse 9B — محمد & <i>co</i>")
    start_round(app, event_id)
    phone = app.test_client()
    at = sorted(seated(app, event_id, 1).items(), key=lambda item: name_key(item[0]))
    (winner, _winner_id), (_missing, missing_id) = at[0], at[-1]
    report(phone, app, event_id, 1, [missing_id])
    assert organiser.post(f"/events/{event_id}/rounds/1/players/{missing_id}/absent").status_code == 302
    send(phone, app, event_id, 1, {1: winner})
    answer(phone, app, event_id, 1, 1, agree=False)
    base, token = f"/events/{event_id}", tokens(app, event_id)
    problems = []
    for url in (f"{base}/rounds/1", f"{base}/rounds/1/tables/1/games/1/settle", f"{base}/rounds/1/close",
                f"{base}/room", f"{base}/audit", f"{base}/debrief", f"{base}/standings", f"/t/{token[1]}",
                f"/p/{token['projector']}/feed.json", f"{base}/debrief/notes.json"):
        response = organiser.get(url, follow_redirects=True)
        body = response.get_data(as_text=True)
        if response.status_code != 200:
            problems.append(f"{url}: {response.status_code}")
        if not url.endswith(".json"):  # a feed carries names as data; its page writes them as text
            problems += [f"{url}: raw {markup}" for markup in RAW_MARKUP if markup in body]
    assert problems == []
