"""What the fuzzer found, pinned as plain examples so they fail at once if the fix goes away."""

from __future__ import annotations

import pytest

from tests.fuzz.conftest import Probe, fingerprint


@pytest.fixture
def probe_500(app, world):
    """A crash shows as the 500 a user would get, so the test can assert on the status."""
    app.config["PROPAGATE_EXCEPTIONS"] = False
    return Probe(app, world)


HUGE = "9" * 400  # beyond a float: wtforms' NumberRange converted it and overflowed


@pytest.mark.parametrize("path, fields", [
    ("/events", {"name": "X", "round_minutes": HUGE}),
    ("/events/{a}/settings", {"name": "X", "round_minutes": HUGE}),
    ("/events/{a}/tables/plan", {"tables": HUGE}),
    ("/events/{a}/room/durations", {"study_minutes": HUGE, "practice_minutes": "1", "round_minutes": "1"}),
    ("/events/{a}/print/settings", {"paper_size": "a4", "sheet_copies": HUGE}),
    ("/events/{b}/rounds/1/tables/1", {"games-0-winner": "", "games-0-s{player}": HUGE}),
])
def test_numbers_too_long_for_any_field_are_refused_and_change_nothing(app, probe_500, world, path, fields):
    player = world.seated_at_first_table(world.b)
    before = fingerprint(app)
    response = probe_500.client().post(path.format(a=world.a, b=world.b),
                                       data={k.format(player=player): v for k, v in fields.items()})
    assert response.status_code in {302, 400}  # the room page refuses with a flash and a redirect
    assert fingerprint(app) == before


@pytest.mark.parametrize("path", [
    "/events/{big}", "/events/{a}/players/{big}", "/events/{a}/rounds/{big}", "/events/{a}/rounds/1/tables/{big}",
    "/s/{public}/{big}", "/s/{public}/{big}.json",
])
def test_ids_beyond_a_database_integer_are_404(probe_500, world, path):
    url = path.format(big=2**63, a=world.a, public=world.public_tokens[world.a])
    assert probe_500.get(url).status_code == 404


def test_a_number_beyond_a_database_integer_in_a_form_is_refused(probe_500, world):
    fields = [("player", str(2**63)), ("table", "1")]
    assert probe_500.post(f"/events/{world.a}/rounds/2/seats", fields).status_code == 400


@pytest.mark.parametrize("digit", ["²", "٣", "½"])
def test_digits_that_are_not_ascii_are_refused_as_not_a_number(probe_500, world, digit):
    """str.isdigit() accepts '²', which int() then refuses."""
    b = world.b
    token = world.table_tokens[b][0]
    phone = probe_500.post(f"/t/{token}", [("round", "1"), ("games-0-number", "1"), ("games-0-winner", digit)],
                           logged_in=False)
    assert phone.status_code == 400
    for url in (f"/events/{b}/audit?round={digit}", f"/events/{b}/print/slips?round={digit}",
                f"/events/{b}/print/all?round={digit}",
                f"/events/{b}/print/preview?ace=high&wins=highest&trump=&table={digit}"):
        assert probe_500.get(url).status_code == 400, url


def test_a_json_body_is_refused_with_415(probe_500, world):
    response = probe_500.send("POST", "/events", json=[1])
    assert response.status_code == 415


@pytest.mark.parametrize("path", ["/p/{t}", "/p/{t}/feed.json", "/s/{t}", "/s/{t}/1", "/s/{t}/1.json", "/t/{t}"])
@pytest.mark.parametrize("token", ["%00", "a%00b", "%F0%9D%95%8F", "x" * 65])
def test_a_link_token_that_cannot_be_ours_is_404(probe_500, path, token):
    """PostgreSQL answered a NUL in the token with an error (500) instead of finding no row."""
    assert probe_500.get(path.format(t=token), logged_in=False).status_code == 404
    if path == "/t/{t}":
        assert probe_500.post(path.format(t=token), [("round", "1")], logged_in=False).status_code == 404


@pytest.mark.parametrize("value", ['"\\000"', '"a\\000b"', "x" * 65, "%00", '"\\303\\251"'])
def test_a_remembered_claim_cookie_that_cannot_be_ours_offers_nothing(probe_500, world, value):
    """The claim page's "Continue as…" looked the cookie up after checking only its length, and
    PostgreSQL answered the NUL that `"\\000"` decodes to with an error (500)."""
    client, headers = probe_500.cookie_client(f"online_play={value}", logged_in=False)
    for method in ("GET", "POST"):
        response = client.open(f"/s/{world.public_tokens[world.a]}/play", method=method, headers=headers)
        assert response.status_code in {200, 400}, method
        assert "Continue as" not in response.get_data(as_text=True)
