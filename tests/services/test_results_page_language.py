"""A round's results page shows the core's notes (ties, who stays and why) in the page's
language, with every player's name exactly as typed and isolated."""

from __future__ import annotations

import pytest

from tests.app.helpers import winners_form
from tests.conftest import setup_event
from tournament.i18n.catalogues import compile_all


@pytest.fixture(autouse=True, scope="module")
def _compiled() -> None:
    compile_all(only_stale=True)


def test_a_tie_on_the_results_page_reads_in_german_with_the_names_isolated(app, organiser) -> None:
    event_id = setup_event(app, ["Ana", "Ben", "Cy"], tables=1)
    assert organiser.post(f"/events/{event_id}/rounds/start").status_code == 302
    form = winners_form(app, event_id, ["Ana", "Ben"])
    assert organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=form).status_code == 302
    assert organiser.post(f"/events/{event_id}/rounds/1/close").status_code == 302
    page = organiser.get(f"/events/{event_id}/rounds/1/results",
                         headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert ("<bdi>Ana</bdi> und <bdi>Ben</bdi> haben Gleichstand mit 1 Spiel; "
            "die alphabetische Reihenfolge setzt <bdi>Ana</bdi> vor <bdi>Ben</bdi>.") in page
    assert "<bdi>Ana</bdi> würde aufsteigen, aber Tisch 1 ist der einzige Tisch, bleibt also." in page
