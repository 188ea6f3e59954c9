"""Finding one's name on the public pages, which list nobody until part of a name is typed:
the one way every test reaches a name on the join page (`/s/<public>/play`) or the seat finder
(`/s/<public>`). `shown` is the name as the room sees it (a new event shows "first name and
initial": "Ana" stays "Ana", "Ana García" becomes "Ana G.")."""

from __future__ import annotations


def search(page, shown: str) -> None:
    """Type the name in the page's search box and send it (works with and without JavaScript)."""
    box = page.locator("#find-name")
    box.fill(shown)
    with page.expect_navigation():
        box.press("Enter")


def join_as(page, shown: str) -> None:
    """On the join page: find the name and tap its button to play on this device."""
    search(page, shown)
    page.locator("#names").get_by_role("button", name=shown, exact=True).click()


def pick(page, shown: str) -> None:
    """On the seat finder: find the name and tap it to see where they sit."""
    search(page, shown)
    page.locator("#names").get_by_role("link", name=shown, exact=True).click()


def found(client, url: str, shown: str):
    """The join page or the seat finder as a phone sees it after typing ``shown``."""
    return client.get(url, query_string={"q": shown})


def search_on_engine(phone, shown: str) -> None:
    """`search` for the WebKit and Firefox phones of tests/engines (their own small API): send
    the form and wait for the answer's page, not the one the live search may have filled."""
    phone.type("#find-name", shown)
    phone.evaluate("window.searching = true, document.querySelector('form[data-find-name]').requestSubmit(), 0")
    phone.wait_for("!window.searching && document.readyState === 'complete' && document.querySelector('#names li')")
