"""Whatever JSON a device sends to its action address, the answer is a sentence, never a
server error, and a refused action changes nothing."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.online.conftest import claim_all, online_event, rows, start
from tournament.models import DebriefNote, Event, Game, OnlineClock, OnlineGame, OnlineMessage

scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True),
                    st.text(max_size=30), st.sampled_from(["7h", "Ac", "yes", "ink", "abcdefgh123"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                      max_leaves=12)
actions = st.fixed_dictionaries(
    {"action": st.one_of(st.sampled_from(["play", "point", "deal", "chat", "gesture", "stroke", "clear"]), values)},
    optional={"nonce": st.one_of(st.text(max_size=70), values), "card": values, "index": values,
              "after": values, "text": values, "gesture": values, "points": values, "colour": values})


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=st.one_of(actions, values))
def test_any_json_action_is_answered_in_words_and_a_refusal_changes_nothing(app, body):
    if not hasattr(app, "_online_token"):
        event_id = online_event(app, ["Ana", "Ben", "Cleo"], 1)
        app._online_token = claim_all(app, event_id)["Ana"]
        start(app, event_id)
    client = app.test_client()
    models = (Game, OnlineGame, OnlineMessage, OnlineClock, DebriefNote, Event)
    before = rows(app, *models)
    response = client.post(f"/play/{app._online_token}/act", data=json.dumps(body), content_type="application/json")
    assert response.status_code < 500
    if response.status_code != 200:
        assert response.get_json()["error"]
        assert rows(app, *models) == before
