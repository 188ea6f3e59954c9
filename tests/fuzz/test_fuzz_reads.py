"""Every GET route, fuzzed in its address, its query string, its conditional-request header and
its cookies: never a 5xx, and a GET changes nothing, whatever it answers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.targets import cookie_header, query_string, url_for_rule
from tests.fuzz.test_fuzz_forms import FUZZ
from tournament import create_app


def _get_rules() -> dict[str, str]:
    app = create_app({"SECRET_KEY": "x", "DATABASE_URL": "sqlite://"})
    return {r.endpoint: r.rule for r in app.url_map.iter_rules() if "GET" in r.methods}


GET_RULES = _get_rules()
# Printable only: the test client (like any HTTP client) cannot send a newline in a header.
etags = st.one_of(st.just("*"), st.just('W/"x", "y"'), st.just('"' + "f" * 32 + '"'),
                  st.text(st.characters(min_codepoint=32, max_codepoint=255), max_size=80))


@pytest.mark.parametrize("endpoint", sorted(GET_RULES))
@FUZZ
@given(data=st.data())
def test_fuzzed_reads_never_fail_and_never_change_anything(world, probe, endpoint, data):
    url = data.draw(url_for_rule(GET_RULES[endpoint], world), label="url")
    query = data.draw(query_string(endpoint), label="query")
    headers = {"If-None-Match": data.draw(etags, label="etag")} if data.draw(st.booleans()) else {}
    cookie = data.draw(st.one_of(st.none(), cookie_header()), label="cookie")
    probe.get(url + query, logged_in=data.draw(st.booleans(), label="logged in"), headers=headers, cookie=cookie)
