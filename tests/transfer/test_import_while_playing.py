"""A large import must not stall the room: phones of another event keep sending results while
it runs, on the real threaded server, and none is refused (how long they wait: the import
benchmark, `python -m benchmarks.import_file`)."""

from __future__ import annotations

import http.client
import json
import threading
import time
import uuid

from benchmarks.harness import Client, phone_form
from benchmarks.import_file import maximum_document
from tests.conftest import setup_event
from tournament import db
from tournament.models import Event
from tournament.services import accounts, rounds

# Before the import became one short write transaction a phone waited the whole import (18 s
# for a 4.9 MB file) and was then refused.


def _multipart(fields: dict[str, str], filename: str, content: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
             for k, v in fields.items()]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"\r\n'
                 "Content-Type: application/json\r\n\r\n".encode() + content + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def test_phones_of_another_event_keep_sending_results_while_a_big_file_imports(app, live_server):
    event_id = setup_event(app, [f"Player {n:02d}" for n in range(20)], tables=5)
    with app.app_context():
        session = db.session()
        accounts.set_organiser(session, "teacher", "correct horse")
        event = session.get(Event, event_id)
        rounds.start_round(session, event)
        tokens = [t.token for t in event.tables]
    raw = json.dumps(maximum_document(), ensure_ascii=False, separators=(",", ":")).encode()

    organiser = Client(live_server.url, timeout=120)
    organiser.login("teacher", "correct horse")
    body, content_type = _multipart({"csrf_token": organiser.get("/events/import").csrf()}, "big.json", raw)
    outcome: dict = {}

    def run_import() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", live_server.effective_port, timeout=120)
        cookie = "; ".join(f"{k}={v}" for k, v in organiser.cookies.items())
        connection.request("POST", "/events/import", body=body,
                           headers={"Content-Type": content_type, "Cookie": cookie})
        outcome["status"] = connection.getresponse().status
        connection.close()

    importer = threading.Thread(target=run_import)
    phones = [Client(live_server.url) for _ in tokens]
    forms = [phone_form(phone.get(f"/t/{token}").text)[0] for phone, token in zip(phones, tokens, strict=True)]
    replies: list[tuple[int, float]] = []
    importer.start()
    shift = 0
    while importer.is_alive() or shift < 2 * len(tokens):
        index = shift % len(tokens)
        page = phones[index].get(f"/t/{tokens[index]}")
        form, _ = phone_form(page.text, shift=shift)
        started = time.perf_counter()
        reply = phones[index].post(f"/t/{tokens[index]}", form)
        replies.append((reply.status, time.perf_counter() - started))
        shift += 1
    importer.join(timeout=120)

    assert outcome.get("status") == 302, outcome
    assert forms and len(replies) >= 2 * len(tokens)
    assert [status for status, _ in replies if status != 302] == []
    print(f"slowest phone answer during the import: {max(seconds for _, seconds in replies):.2f} s")
