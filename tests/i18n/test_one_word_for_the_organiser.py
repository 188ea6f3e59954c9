"""The person who runs the event has one name on every page a pupil or the organiser reads."""

from pathlib import Path

from babel.messages.pofile import read_po

TEMPLATE = Path(__file__).resolve().parents[2] / "tournament" / "translations" / "messages.pot"


def test_no_page_calls_the_organiser_the_facilitator():
    with TEMPLATE.open("rb") as handle:
        catalogue = read_po(handle)
    said = [message.id for message in catalogue if message.id
            and "facilitator" in " ".join([message.id] if isinstance(message.id, str) else message.id).lower()]
    assert said == []
