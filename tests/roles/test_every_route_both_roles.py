"""Every organiser-side route, found in the URL map, asked for by both roles with every method
it takes: a helper gets a 403 with the sentence on an organiser-only route and nothing changes;
a helper is never refused on a route it may use; an organiser is never refused with a 403."""

from __future__ import annotations

import html

from tests.fuzz.conftest import valid_url
from tests.roles.conftest import HELPER, Restorer, logged_in
from tests.security.conftest import organiser_rules
from tournament.blueprints.permissions import HELPER_MAY, ORGANISER_ONLY

FORM = {"name": "Intruder", "tables": "2"}


def _requests(app, world, endpoints):
    for rule in sorted(organiser_rules(app), key=lambda r: r.endpoint):
        if rule.endpoint in endpoints:
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                yield rule, method, valid_url(rule, world)


def test_a_helper_gets_403_with_the_sentence_and_changes_nothing_on_every_organiser_only_route(app, world):
    restorer = Restorer(app, world)
    checked = 0
    for rule, method, url in _requests(app, world, set(ORGANISER_ONLY)):
        response = logged_in(app, HELPER).open(url, method=method, data=FORM)
        assert response.status_code == 403, (method, url, response.status_code)
        assert ORGANISER_ONLY[rule.endpoint].english() in html.unescape(response.get_data(as_text=True)), (method, url)
        assert not restorer.changed(), (method, url, restorer.changed())
        checked += 1
    assert checked > 60


def test_a_helper_is_never_refused_with_403_on_a_route_it_may_use(app, world):
    restorer = Restorer(app, world)
    checked = 0
    for _rule, method, url in _requests(app, world, HELPER_MAY):
        response = logged_in(app, HELPER).open(url, method=method, data=FORM)
        assert response.status_code != 403, (method, url, response.get_data(as_text=True)[:500])
        restorer.reset()
        checked += 1
    assert checked > 25


def test_an_organiser_is_never_refused_with_403_on_any_route(app, world):
    restorer = Restorer(app, world)
    checked = 0
    for _rule, method, url in _requests(app, world, HELPER_MAY | set(ORGANISER_ONLY)):
        response = logged_in(app, "teacher").open(url, method=method, data=FORM)
        assert response.status_code != 403, (method, url, response.get_data(as_text=True)[:500])
        restorer.reset()
        checked += 1
    assert checked > 90
