"""Seating wishes on the table plan: listed, refused with a sentence, removed, honoured by the
home tables, and the ones that cannot be honoured said with why."""

from __future__ import annotations

import html
import re

from sqlalchemy import func, select

from tests.app.helpers import player_ids
from tests.conftest import setup_event
from tournament import db
from tournament.models import AuditEntry, Player, SeatingWish

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


def _text(response) -> str:
    return html.unescape(re.sub(r"</?bdi>", "", response.get_data(as_text=True)))


def _add(client, event_id: int, ids: dict[str, int], first: str, second: str, kind: str):
    return client.post(f"/events/{event_id}/tables/wishes",
                       data={"wish-first": ids[first], "wish-second": ids[second], "wish-kind": kind})


def _wishes(app, event_id: int) -> list[tuple[str, int, int]]:
    with app.app_context():
        return [(w.kind.value, w.first_player_id, w.second_player_id) for w in db.session().scalars(
            select(SeatingWish).where(SeatingWish.event_id == event_id).order_by(SeatingWish.id))]


def _wish_ids(app, event_id: int) -> list[int]:
    with app.app_context():
        return list(db.session().scalars(select(SeatingWish.id).where(SeatingWish.event_id == event_id)))


def _home(app, event_id: int) -> dict[str, int | None]:
    with app.app_context():
        return {p.name: p.home_table.number if p.home_table else None
                for p in db.session().scalars(select(Player).where(Player.event_id == event_id))}


def _log(app, event_id: int) -> list[tuple[str, str, str | None, str | None]]:
    with app.app_context():
        return [(a.action, a.subject, a.old_value, a.new_value) for a in db.session().scalars(
            select(AuditEntry).where(AuditEntry.event_id == event_id).order_by(AuditEntry.id))
            if "wish" in a.action]


def test_a_pair_listed_to_keep_apart_is_stored_once_smaller_id_first_and_logged(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    ids = player_ids(app, event_id)
    response = _add(organiser, event_id, ids, "Dan", "Ana", "apart")
    assert response.status_code == 302
    assert "Dan and Ana are on the list to sit apart." in _text(organiser.get(response.headers["Location"]))
    assert _wishes(app, event_id) == [("apart", *sorted((ids["Ana"], ids["Dan"])))]
    assert _log(app, event_id) == [("seating wish added", "Dan, Ana", None, "keep apart")]


def test_the_same_player_twice_is_refused_beside_the_second_choice_and_nothing_is_stored(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    ids = player_ids(app, event_id)
    response = _add(organiser, event_id, ids, "Ana", "Ana", "together")
    assert response.status_code == 400
    page = _text(response)
    assert re.search(r'<div class="field has-error">\s*<label for="wish-second">.*?Choose two different players\.',
                     page, re.S)
    assert re.search(rf'<option selected value="{ids["Ana"]}">Ana</option>', page)  # the form comes back filled in
    assert _wishes(app, event_id) == []


def test_a_pair_already_listed_is_refused_in_either_order(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    ids = player_ids(app, event_id)
    assert _add(organiser, event_id, ids, "Ana", "Ben", "together").status_code == 302
    response = _add(organiser, event_id, ids, "Ben", "Ana", "together")
    assert response.status_code == 400
    assert "Ben and Ana are already listed to sit together." in _text(response)
    assert len(_wishes(app, event_id)) == 1


def test_a_pair_cannot_be_both_apart_and_together(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    ids = player_ids(app, event_id)
    assert _add(organiser, event_id, ids, "Ana", "Ben", "together").status_code == 302
    response = _add(organiser, event_id, ids, "Ana", "Ben", "apart")
    assert response.status_code == 400
    assert ("Ana and Ben are listed to sit together; a pair cannot be both together and apart. "
            "Remove that wish first.") in _text(response)
    assert _wishes(app, event_id) == [("together", *sorted((ids["Ana"], ids["Ben"])))]


def test_a_removed_wish_is_off_the_list_and_logged_and_removing_it_again_is_a_conflict(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    ids = player_ids(app, event_id)
    _add(organiser, event_id, ids, "Ana", "Ben", "apart")
    [wish_id] = _wish_ids(app, event_id)
    assert organiser.post(f"/events/{event_id}/tables/wishes/{wish_id}/remove").status_code == 302
    assert _wishes(app, event_id) == []
    assert _log(app, event_id)[-1] == ("seating wish removed", "Ana, Ben", "keep apart", None)
    again = organiser.post(f"/events/{event_id}/tables/wishes/{wish_id}/remove")
    assert again.status_code == 409 and "That wish was removed meanwhile." in _text(again)


def test_making_the_plan_honours_the_wishes(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    ids = player_ids(app, event_id)
    for first, second, kind in (("Ana", "Ben", "together"), ("Ben", "Cleo", "together"), ("Ana", "Dan", "apart"),
                                ("Eve", "Fay", "apart")):
        assert _add(organiser, event_id, ids, first, second, kind).status_code == 302
    for _ in range(5):  # each plan is a new shuffle
        assert organiser.post(f"/events/{event_id}/tables/plan", data={"tables": 2, "sheets": "classic"}
                              ).status_code == 302
        home = _home(app, event_id)
        assert home["Ana"] == home["Ben"] == home["Cleo"] != home["Dan"]
        assert home["Eve"] != home["Fay"]
        assert sorted(list(home.values()).count(table) for table in (1, 2)) == [4, 4]
    page = _text(organiser.get(f"/events/{event_id}/tables"))
    assert page.count("honoured") == 4 and "not honoured" not in page


def test_the_plan_page_says_which_wishes_it_could_not_honour_and_why(app, organiser):
    event_id = setup_event(app, NAMES[:4], tables=1)
    ids = player_ids(app, event_id)
    _add(organiser, event_id, ids, "Ana", "Ben", "apart")
    organiser.post(f"/events/{event_id}/tables/plan", data={"tables": 1, "sheets": "classic"})
    page = _text(organiser.get(f"/events/{event_id}/tables"))
    assert "Keep Ana and Ben apart." in page and "not honoured" in page
    assert "Ana and Ben cannot sit apart: there is only one table." in page
    assert "From round 2 the rules decide who moves; wishes only place the first round." in page


def test_a_wish_newer_than_the_plan_asks_for_the_plan_again_until_it_is_made(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    ids = player_ids(app, event_id)
    home = _home(app, event_id)
    first = next(name for name in NAMES if home[name] == 1)
    second = next(name for name in NAMES if home[name] == 2)
    _add(organiser, event_id, ids, first, second, "together")
    page = _text(organiser.get(f"/events/{event_id}/tables"))
    assert "The home tables were made before this wish, or a player was moved by hand" in page
    organiser.post(f"/events/{event_id}/tables/plan", data={"tables": 2, "sheets": "classic"})
    assert _home(app, event_id)[first] == _home(app, event_id)[second]
    assert "made before this wish" not in _text(organiser.get(f"/events/{event_id}/tables"))


def test_no_wish_is_added_once_the_tournament_has_started(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    ids = player_ids(app, event_id)
    assert organiser.post(f"/events/{event_id}/rounds/start").status_code == 302
    response = _add(organiser, event_id, ids, "Ana", "Ben", "apart")
    assert response.status_code == 400
    assert "The tournament has started: wishes only place the first round" in _text(response)
    with app.app_context():
        assert db.session().scalar(select(func.count()).select_from(SeatingWish)) == 0


def test_a_removed_player_takes_their_wishes_along_and_the_plan_page_still_shows(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    ids = player_ids(app, event_id)
    _add(organiser, event_id, ids, "Ana", "Ben", "apart")
    _add(organiser, event_id, ids, "Cleo", "Dan", "together")
    assert organiser.post(f"/events/{event_id}/players/{ids['Ana']}/remove").status_code == 302
    assert _wishes(app, event_id) == [("together", *sorted((ids["Cleo"], ids["Dan"])))]
    page = organiser.get(f"/events/{event_id}/tables")
    assert page.status_code == 200 and "Keep Cleo and Dan together." in _text(page)
