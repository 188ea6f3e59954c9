"""Every refusal a service raises is answered from the error itself: its status, its heading
(the organiser's and the phone's), and Retry-After when the server is busy. No page keeps a
mapping of its own, so a new error class answers the same everywhere."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import tournament.services
from tournament.services.errors import Conflict, DomainError, NotFound, TooMany


def _service_errors() -> list[type[DomainError]]:
    for module in pkgutil.iter_modules(tournament.services.__path__):
        importlib.import_module(f"tournament.services.{module.name}")
    found, todo = [], [DomainError]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    # Classes defined by tests (another module's fixtures) are not the app's.
    return sorted((c for c in found if c.__module__.startswith("tournament.")), key=lambda c: c.__qualname__)


ERRORS = _service_errors()
MESSAGE = "The reason, in words for the organiser <b>&</b>."


def _error(error_class) -> DomainError:
    """The error as a service raises it; a limit's refusal also says when to try again."""
    if issubclass(error_class, TooMany):
        return error_class(MESSAGE, retry_after=7)
    return error_class(MESSAGE)


def _raising(error_class):
    def view(**_kwargs):
        raise _error(error_class)
    return view


def test_every_service_error_is_found_including_the_three_kinds():
    assert {DomainError, NotFound, Conflict} <= set(ERRORS) and len(ERRORS) > 3


@pytest.mark.parametrize("error_class", ERRORS, ids=lambda c: c.__qualname__)
def test_each_service_error_answers_its_status_and_title_on_an_organiser_page(app, organiser, error_class):
    app.view_functions["organiser.accounts"] = _raising(error_class)
    response = organiser.get("/accounts")
    page = response.get_data(as_text=True)
    assert response.status_code == error_class.http_status
    assert f"<h1>{error_class.title}</h1>" in page and f"<title>{error_class.title}" in page
    assert "Nothing was changed." in page
    if _error(error_class).retry_after is not None:
        assert response.headers["Retry-After"] == str(_error(error_class).retry_after)


@pytest.mark.parametrize("error_class", ERRORS, ids=lambda c: c.__qualname__)
def test_each_service_error_answers_its_status_and_title_on_a_phone_page(app, client, error_class):
    app.view_functions["table.enter"] = _raising(error_class)
    response = client.get("/t/some-token")
    page = response.get_data(as_text=True)
    assert response.status_code == error_class.http_status
    assert f"<h1>{error_class.phone_title}</h1>" in page and f"<title>{error_class.phone_title}" in page
    assert "The reason, in words for the organiser &lt;b&gt;&amp;&lt;/b&gt;." in page
    if _error(error_class).retry_after is not None:
        assert response.headers["Retry-After"] == str(_error(error_class).retry_after)


@pytest.mark.parametrize("error_class", ERRORS, ids=lambda c: c.__qualname__)
def test_each_service_error_answers_its_status_and_title_on_any_other_page(app, client, error_class):
    app.view_functions["projector.show"] = _raising(error_class)
    response = client.get("/p/some-token")
    assert response.status_code == error_class.http_status
    assert f"<h1>{error_class.title}</h1>" in response.get_data(as_text=True)
    answer = client.get("/p/some-token", headers={"Accept": "application/json"})
    assert answer.status_code == error_class.http_status and answer.get_json() == {"error": MESSAGE}


def test_the_three_kinds_keep_their_words():
    def words(kind):
        return kind.http_status, str(kind.title), str(kind.phone_title)

    assert words(DomainError) == (400, "Not done", "Please check")
    assert words(NotFound) == (404, "Not found", "Link not valid")
    assert words(Conflict) == (409, "Changed meanwhile", "Not recorded")
