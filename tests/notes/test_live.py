"""Double taps against the real threaded server, CSRF on: every form sent many times at once is
exactly one note, and every successful answer has its note."""

from __future__ import annotations

import re
import threading

from benchmarks.harness import Client
from tests.notes.conftest import stored

FORMS = 12   # phones, each sending its form
TAPS = 4     # times each form is sent at the same instant


def _form(phone: Client, path: str) -> dict:
    page = phone.get(path).text
    form = page[page.index("data-note-form"):]
    return {"csrf_token": re.search(r'name="csrf_token" value="([^"]*)"', form).group(1),
            "nonce": re.search(r'name="nonce" value="([^"]+)"', form).group(1)}


def test_many_double_taps_against_the_real_server_make_exactly_one_note_each(app, live_server, room):
    # Sixteen taps per table link in an instant: this measures one note per form, not the
    # per-sender limit (tests/notes/test_throttle.py).
    app.config["NOTE_LIMIT_PER_SENDER"] = "1000 per minute"
    phones = []
    for n in range(FORMS):
        phone = Client(live_server.url)
        path = f"/t/{room[n % 3 + 1]}/note"
        phones.append((phone, path, {**_form(phone, path), "flag": "disagreed", "text": f"form {n}"}))
    answers: list[tuple[str, int]] = []
    start = threading.Barrier(FORMS * TAPS)

    def tap(phone, path, data):
        tab = Client(live_server.url)  # each tap on its own connection, with the phone's cookie
        tab.cookies = dict(phone.cookies)
        start.wait()
        answers.append((data["nonce"], tab.post(path, data).status))
        tab.close()

    threads = [threading.Thread(target=tap, args=phone) for phone in phones for _ in range(TAPS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    notes = stored(app, room["event"])
    assert len(answers) == FORMS * TAPS
    assert {status for _nonce, status in answers} <= {302, 409}, answers
    assert sorted(n.nonce for n in notes) == sorted(data["nonce"] for _s, _u, data in phones)
    answered = {nonce for nonce, status in answers if status == 302}
    assert answered <= {n.nonce for n in notes}  # every 2xx/3xx has its note
    assert sorted(n.text for n in notes) == sorted(f"form {n}" for n in range(FORMS))
