"""A tie on a public screen is ranked by the real names and worded with the names the room sees:
when those (nicknames) read in another order, the sentence says the order is the real names'."""

from __future__ import annotations

from tests.conftest import setup_event
from tests.room.conftest import close_round, record_winner, start_round, tokens
from tournament import db
from tournament.core.public_names import NamesShown
from tournament.models import Event
from tournament.services.debrief import timeline
from tournament.services.nicknames import set_names_shown, set_nickname

# Cem wins; Ana and Ben tie on no game and the real names' order sends Ben down.
CLASS = {"Ana Zimmermann": "Zebra 7", "Ben Abbott": "Ant 3", "Cem Yilmaz": "Owl 5"}


def _tied(app, shown: NamesShown) -> tuple[int, list[str], list[str]]:
    """Round 1 closed; the projector's tie sentences and the debrief timeline's."""
    event_id = setup_event(app, list(CLASS), tables=1)
    with app.app_context():
        session = db.session()
        for player in session.get(Event, event_id).players:
            set_nickname(session, event_id, player.id, CLASS[player.name])
        set_names_shown(session, event_id, shown)
    start_round(app, event_id)
    record_winner(app, event_id, 1, ["Cem Yilmaz"])
    close_round(app, event_id)
    feed = app.test_client().get(f"/p/{tokens(app, event_id)['projector']}/feed.json").get_json()
    with app.app_context():
        session = db.session()
        items = timeline.build(session, session.get(Event, event_id)).items
        on_timeline = [str(item.text) for item in items if item.kind == timeline.TIE]
    return event_id, feed["results"][0]["ties"], on_timeline


def test_a_tie_between_nicknames_says_the_real_names_order_ranks_them_and_shows_no_real_name(app):
    _event, ties, on_timeline = _tied(app, NamesShown.NICKNAME)
    assert ties == ["Zebra 7 and Ant 3 tied on 0 games; the alphabetical order of their real names ranks "
                    "Zebra 7 above Ant 3."]
    # The timeline keeps the real names until the wall shows it (the projector scan's concern).
    assert on_timeline and all("of their real names ranks" in line for line in on_timeline)


def test_a_tie_between_names_that_read_in_order_keeps_the_usual_sentence(app):
    _event, ties, _timeline = _tied(app, NamesShown.INITIAL)
    assert ties == ["Ana Z. and Ben A. tied on 0 games; alphabetical order ranks Ana Z. above Ben A."]
