"""Nothing leaves the room: every kind of page (the a11y site's PAGES: organiser, projector,
phones, online, print and the notice), drawn in Chromium by the app's own server, asks only its
own server for anything, and every answer's Content-Security-Policy lets the browser ask no other
origin. A request elsewhere is recorded and never sent (the route aborts it)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from tests.a11y.test_axe_every_page import PAGES, _open, served  # noqa: F401  (served: the site's fixture)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("axe")]
# A page's own inline data (an SVG icon, a drawn QR code) is no request to anyone.
LOCAL_SCHEMES = ("data", "blob", "about")
# Directives that name where a page may fetch, send or be framed from.
FETCHING = ("default-src", "img-src", "style-src", "script-src", "connect-src", "font-src", "object-src",
            "media-src", "frame-src", "worker-src", "manifest-src", "form-action", "frame-ancestors", "base-uri")
SAFE_SOURCES = frozenset({"'self'", "'none'", "data:"})


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture(scope="module")
def recorded(served):  # noqa: F811
    """Every request and every document answer of the site's browser contexts, kept in order;
    a request to another origin is aborted after it is recorded."""
    found = {"requests": [], "documents": []}
    origins = {_origin(served["base"]), _origin(served["fresh"])}

    def route(request_route):
        found["requests"].append(request_route.request.url)
        if urlsplit(request_route.request.url).scheme in LOCAL_SCHEMES or \
                _origin(request_route.request.url) in origins:
            request_route.continue_()
        else:
            request_route.abort()

    def answered(response):
        if response.request.resource_type == "document":
            found["documents"].append((response.url, response.headers.get("content-security-policy")))

    contexts = {id(context): context for context in served["contexts"].values()}.values()
    for context in contexts:
        context.route("**/*", route)
        context.on("response", answered)
    yield found
    for context in contexts:
        context.unroute("**/*", route)
        context.remove_listener("response", answered)


def outside(urls: list[str], origin: str) -> list[str]:
    return [url for url in urls if urlsplit(url).scheme not in LOCAL_SCHEMES and _origin(url) != origin]


def csp_problems(policy: str | None) -> list[str]:
    """What in a Content-Security-Policy would let the browser reach another origin."""
    if not policy:
        return ["no Content-Security-Policy"]
    directives = {part.split()[0]: part.split()[1:] for part in (p.strip() for p in policy.split(";")) if part}
    problems = [] if "default-src" in directives else ["no default-src"]
    for name in FETCHING:
        problems += [f"{name} allows {source}" for source in directives.get(name, ()) if source not in SAFE_SOURCES]
    return problems


@pytest.mark.parametrize(("name", "path", "event", "reader"), PAGES, ids=[page[0] for page in PAGES])
def test_the_page_asks_only_its_own_server_and_its_policy_forbids_other_origins(served, recorded, name, path,  # noqa: F811
                                                                               event, reader):
    recorded["requests"].clear()
    recorded["documents"].clear()
    page, _ = _open(served, path, event, reader)
    page.close()
    origin = _origin(served["fresh"] if reader == "fresh" else served["base"])
    assert recorded["requests"], "no request was recorded"
    assert outside(recorded["requests"], origin) == []
    assert recorded["documents"]
    for url, policy in recorded["documents"]:
        assert csp_problems(policy) == [], url


def test_a_page_that_loads_from_elsewhere_is_caught(served, recorded):  # noqa: F811
    """The check can fail: a doctored page with no policy asking 192.0.2.1 (a documentation
    address, never routed) for an image is recorded, and the request never leaves."""
    recorded["requests"].clear()
    page = served["contexts"]["anyone"].new_page()
    try:
        page.set_content('<html lang="en"><head><title>Doctored</title></head><body>'
                         '<img src="http://192.0.2.1/pixel.png" alt=""></body></html>')
        page.wait_for_load_state("networkidle")
    finally:
        page.close()
    assert outside(recorded["requests"], _origin(served["base"])) == ["http://192.0.2.1/pixel.png"]


def test_a_policy_that_lets_another_origin_in_is_caught():
    assert csp_problems("default-src 'self'; img-src 'self' data:") == []
    assert csp_problems("default-src 'self'; img-src https://cdn.example") == ["img-src allows https://cdn.example"]
    assert csp_problems(None) == ["no Content-Security-Policy"]
    assert re.fullmatch(r"no default-src", csp_problems("img-src 'self'")[0])
