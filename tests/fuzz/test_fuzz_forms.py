"""Every form route, fuzzed: random and hostile values, missing, repeated and unknown fields,
ids of the other event, hostile cookies. The rules: never a 5xx, and a refused request (4xx) changes no row.
CSRF is off here (as in the `app` fixture) so that the values reach the validation code;
tests/security checks the tokens themselves."""

from __future__ import annotations

import io
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz.conftest import Probe, World, dump
from tests.fuzz.targets import FORM_FIELDS, cookie_header, form_fields, hostile, query_string, url_for_rule
from tournament.web import JSON_ENDPOINTS

# Raise for a deeper search: FUZZ_EXAMPLES=500 .venv/bin/python -m pytest tests/fuzz
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "20"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large, HealthCheck.filter_too_much])
# Reachable without a login; fuzzed both ways.
ANONYMOUS_FORMS = {"organiser.login", "organiser.logout", "organiser.setup", "table.enter", "table.note", "table.agree",
                   "public.note"}
SPECIAL = {"organiser.import_event", "organiser.setup"}


def rule_of(app, endpoint: str) -> str:
    rules = [r.rule for r in app.url_map.iter_rules() if r.endpoint == endpoint and "POST" in r.methods]
    assert len(rules) == 1, (endpoint, rules)
    return rules[0]


@pytest.mark.parametrize("endpoint", sorted(set(FORM_FIELDS) - SPECIAL))
@FUZZ
@given(data=st.data())
def test_fuzzed_form_posts_never_fail_and_refusals_change_nothing(app, world, probe, endpoint, data):
    url = data.draw(url_for_rule(rule_of(app, endpoint), world), label="url")
    query = data.draw(query_string(endpoint), label="query")
    fields = data.draw(form_fields(endpoint, world), label="fields")
    logged_in = data.draw(st.booleans(), label="logged in") if endpoint in ANONYMOUS_FORMS else True
    cookie = data.draw(st.one_of(st.none(), cookie_header()), label="cookie")
    probe.post(url, fields, query=query, logged_in=logged_in, cookie=cookie)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | hostile,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(hostile, inner, max_size=3),
    max_leaves=8,
)


@FUZZ
@given(data=st.data(), document=json_values, filename=st.one_of(st.just("event.json"), hostile))
def test_fuzzed_event_file_uploads_never_fail_and_refusals_change_nothing(probe, data, document, filename):
    raw = data.draw(st.one_of(st.binary(max_size=300), st.just(json.dumps(document).encode())), label="file")
    fields = data.draw(form_fields("organiser.import_event", probe.world), label="fields")
    def plain(text: str) -> str:  # the test client cannot put a lone surrogate into a multipart body
        return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")

    body = {plain(k): plain(v) for k, v in fields}
    body["file"] = (io.BytesIO(raw), plain(filename))
    probe.send("POST", "/events/import", data=body, content_type="multipart/form-data")


@FUZZ
@given(fields=form_fields("organiser.setup", World(a=0, b=0, player_ids={0: []})))
def test_fuzzed_first_run_setup_never_fails_and_refusals_change_nothing(app, fields):
    empty = World(a=0, b=0, player_ids={0: []}, rows=dump(app))
    Probe(app, empty).post("/setup", fields, logged_in=False)


@pytest.mark.parametrize("endpoint", sorted(set(FORM_FIELDS) - JSON_ENDPOINTS))
@settings(FUZZ, max_examples=max(3, EXAMPLES // 4))
@given(data=st.data(), document=json_values)
def test_json_bodies_are_refused_with_415_on_every_form_route_and_change_nothing(app, world, probe, endpoint,
                                                                                  data, document):
    """The app's forms are HTML forms; a JSON body used to reach Flask-WTF as form data and
    crash the view when a field held a list, a number or an object."""
    url = data.draw(url_for_rule(rule_of(app, endpoint), world), label="url")
    response = probe.send("POST", url, data=json.dumps(document), content_type="application/json")
    assert response.status_code == 415
