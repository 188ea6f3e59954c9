"""A helper's pages draw no link or button to an action it would be refused (the 403 stays
the rule; this keeps the pages honest)."""

from __future__ import annotations

import html
import re
from urllib.parse import urlsplit

from werkzeug.exceptions import HTTPException

from tests.fuzz.conftest import valid_url
from tests.roles.conftest import HELPER, logged_in
from tests.security.conftest import organiser_rules
from tournament.blueprints.permissions import HELPER_MAY, ORGANISER_ONLY

TARGET = re.compile(r'(?:href|action|formaction)="([^"]+)"')


def _endpoint(adapter, target: str, method: str) -> str | None:
    path = urlsplit(html.unescape(target)).path
    try:
        return adapter.match(path, method=method)[0]
    except HTTPException:
        return None


def _urls(rule, world) -> set[str]:
    """The rule for event A (round 1 closed, round 2 planned) and event B (round 1 running)."""
    url = valid_url(rule, world)
    return {url, url.replace(f"/events/{world.a}/", f"/events/{world.b}/"),
            url.replace(f"/events/{world.a}/rounds/1", f"/events/{world.a}/rounds/2")}


def test_no_page_a_helper_may_open_links_or_posts_to_an_organiser_only_action(app, world):
    adapter = app.url_map.bind("localhost")
    client = logged_in(app, HELPER)
    checked, shown = 0, set()
    pages = [(rule, url) for rule in organiser_rules(app) if rule.endpoint in HELPER_MAY and "GET" in rule.methods
             for url in _urls(rule, world)]
    for rule, url in pages:
        response = client.get(url)
        if response.status_code != 200 or response.mimetype != "text/html":
            continue
        page = response.get_data(as_text=True)
        for target in TARGET.findall(page):
            for method in ("GET", "POST"):
                endpoint = _endpoint(adapter, target, method)
                if endpoint in ORGANISER_ONLY:
                    shown.add((rule.endpoint, endpoint))
        checked += 1
    assert not shown, "\n".join(map(str, sorted(shown)))
    assert checked > 20
