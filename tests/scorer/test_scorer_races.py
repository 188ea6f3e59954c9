"""Phones of one table scoring the same game at the same instant, against the real threaded
server: a double tap or a resent entry is stored once, a page that missed an entry is refused,
and the database holds exactly what the answers said."""

from __future__ import annotations

from tests.races.harness import phone_client, post_and_follow, race, succeeded
from tests.scorer.conftest import audit_lines, card_event, stored

TRIES = 8
PHONES = 4


def _post(path: str, form: dict):
    return lambda client: post_and_follow(client, path, {"csrf_token": client.token, **form})


def _phones(base: str, token: str):
    return [phone_client(base, token) for _ in range(PHONES)]


def test_the_same_entry_sent_by_several_phones_at_once_is_stored_once_and_all_are_told_done(
        app, live_server, highest_card):
    events = [card_event(app) for _ in range(TRIES)]
    phones = {}

    def prepare(number):
        card = events[number]
        phones[number] = _phones(live_server.url, card.tokens[1])
        return card

    def contenders(card):
        who = card.seated[1][sorted(card.seated[1])[0]]
        return [_post(f"/t/{card.tokens[1]}/games/1/score", {"seen": "0", "top": str(who)})] * PHONES

    def check(attempt):
        card = attempt.state
        problems = [f"phone {i} answered {r.status}" for i, r in enumerate(attempt.replies) if not succeeded(r)]
        sheet, _winners, version = stored(app, card.event_id)
        if len(sheet) != 1 or version != 1:
            problems.append(f"{len(sheet)} entries stored at version {version}")
        added = [line for line in audit_lines(app, card.event_id) if line[0] == "draw added"]
        if len(added) != 1:
            problems.append(f"{len(added)} audit lines for one draw")
        return problems

    _race(prepare, contenders, check, phones).assert_clean()


def test_phones_that_missed_an_entry_are_refused_while_the_current_ones_add_it_once(app, live_server, highest_card):
    events = [card_event(app) for _ in range(TRIES)]
    phones = {}

    def prepare(number):
        card = events[number]
        first, second, third = sorted(card.seated[1])
        phones[number] = _phones(live_server.url, card.tokens[1])
        reply = post_and_follow(phones[number][0], f"/t/{card.tokens[1]}/games/1/score",
                                {"csrf_token": phones[number][0].token, "seen": "0",
                                 "top": str(card.seated[1][first])})
        assert succeeded(reply)
        return card, card.seated[1][second], card.seated[1][third]

    def contenders(state):
        card, current, stale = state
        path = f"/t/{card.tokens[1]}/games/1/score"
        return [_post(path, {"seen": "1", "top": str(current)}), _post(path, {"seen": "1", "top": str(current)}),
                _post(path, {"seen": "0", "top": str(stale)}), _post(path, {"seen": "0", "top": str(stale)})]

    def check(attempt):
        card, current, _stale = attempt.state
        replies = attempt.replies
        problems = [f"a current phone answered {r.status}" for r in replies[:2] if not succeeded(r)]
        problems += [f"a stale phone answered {r.status}, not 409" for r in replies[2:] if r.status != 409]
        problems += ["a refusal does not say why" for r in replies[2:]
                     if r.status == 409 and "Someone else changed game 1 meanwhile" not in r.text]
        sheet, _winners, version = stored(app, card.event_id)
        if sheet != [sheet[0], {"top": str(current)}] or version != 2:
            problems.append(f"stored {sheet} at version {version}")
        return problems

    _race(prepare, contenders, check, phones).assert_clean()


def _race(prepare, contenders, check, phones):
    """`race` with each try's own phones (each opened its own event's table link)."""
    current = {}

    def prepare_try(number):
        state = prepare(number)
        current["phones"] = phones[number]
        return state

    def contenders_try(state):
        made = contenders(state)
        return [lambda _client, i=i, c=c: c(current["phones"][i]) for i, c in enumerate(made)]

    placeholders = [None] * PHONES
    return race(TRIES, placeholders, prepare_try, contenders_try, check, spread=0.01)
