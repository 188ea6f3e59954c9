"""The security tests reuse the fuzzing ground: two events, one mid-tournament, and a database
fingerprint to prove a refused request changed nothing."""

from tests.fuzz.conftest import world  # noqa: F401  (fixture)

ORGANISER_BLUEPRINTS = {"organiser", "print", "room"}
# Reachable without the organiser's login, each for a reason. A new route must be added here
# or be organiser-only, else test_every_route_is_organiser_only_or_listed_as_public fails.
PUBLIC_ENDPOINTS = {
    "organiser.setup": "first run, closed once an account exists",
    "organiser.login": "the login itself",
    "organiser.health": "liveness check, says nothing but ok",
    "static": "CSS and JS",
    "projector.show": "projector token",
    "projector.feed": "projector token",
    "projector.debrief_fragment": "projector token; a view revealing the rules only once revealed",
    "projector.present": "projector token and its presenter key (signed under the app's key)",
    "projector.present_step": "projector token and its presenter key; CSRF token of the page's session",
    "projector.present_stop": "projector token and its presenter key; CSRF token of the page's session",
    "public.pick": "where-do-I-sit token",
    "public.seat": "where-do-I-sit token",
    "public.seat_feed": "where-do-I-sit token",
    "public.language": "the phones' language switch: sets the lang cookie, reads and writes nothing else",
    "table.enter": "table token",
    "table.score": "table token (a game on the scorer)",
    "table.note": "table token (a note for the organiser, as the table)",
    "table.follow": "table token (what the open phone page follows)",
    "table.agree": "table token (the table's answer about one of its own games in the running round)",
    "table.asking": "table token (which of its games wait for the table's answer)",
    "table.presence_answer": "table token (who is at its own table in the running round)",
    "public.note": "where-do-I-sit token; stores a note only for a player who is observing",
    "play.act": "personal link token; acts only for that player at their own online table",
    "play.page": "personal link token; that player's own screen (their hand, nobody else's)",
    "play.state": "personal link token; the same screen as JSON, polled",
    "play.here": "personal link token; marks only that player present at their own online table",
    "public.claim": "where-do-I-sit token; lists the playing names and claims a free one for this device",
    "push.unavailable": "a stream the app's server did not take over: answers 204, reads and writes nothing",
}


def organiser_rules(app):
    return [r for r in app.url_map.iter_rules()
            if r.endpoint.split(".")[0] in ORGANISER_BLUEPRINTS and r.endpoint not in PUBLIC_ENDPOINTS]
