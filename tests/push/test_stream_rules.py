"""The stream route on the real server (`flask serve`'s waitress, CSRF on): what a screen that
follows an event is told, and when. Raw sockets, so every byte the hub sends is seen."""

from __future__ import annotations

from benchmarks.harness import Client
from tests.push.conftest import revision
from tests.push.phones import phone_of, send_a_game
from tests.push.streams import Stream, path_of, wait_until
from tournament import push


def port_of(server) -> int:
    return int(server.effective_port)


def test_a_phones_result_reaches_an_open_stream_as_the_events_new_revision(app, live_server, running):
    stream = Stream(port_of(live_server), path_of(app, running))
    try:
        assert stream.opened()
        assert stream.wait_for(lambda s: s.last == str(revision(app, running)))
        send_a_game(live_server.url, phone_of(app, running, 1))
        after = revision(app, running)
        assert stream.wait_for(lambda s: s.last == str(after))
        assert stream.head.startswith(b"HTTP/1.1 200") and b"text/event-stream" in stream.head
    finally:
        stream.close()


def test_a_double_tap_and_a_refused_form_send_nothing(app, live_server, running):
    phone = phone_of(app, running, 1)
    send_a_game(live_server.url, phone)
    stream = Stream(port_of(live_server), path_of(app, running))
    try:
        assert stream.opened()
        before = revision(app, running)
        assert stream.wait_for(lambda s: s.last == str(before))
        told = len(stream.messages)
        client = Client(live_server.url, timeout=30)
        try:
            page = client.get(f"/t/{phone.token}")
            from benchmarks.harness import phone_form

            # The same games again: nothing to write.
            form, _ = phone_form(page.text, winners=[phone.acked[1]])
            loser = next(p for p in phone.players if p != phone.acked[1])
            form.update({f"games-0-s{phone.acked[1]}": "3", f"games-0-s{loser}": "1"})
            assert client.post(f"/t/{phone.token}", form).status == 302
            # A winner who does not sit at the table: refused, nothing written.
            refused, _ = phone_form(page.text, winners=[phone.acked[1], 999_999])
            assert 400 <= client.post(f"/t/{phone.token}", refused).status < 500
        finally:
            client.close()
        assert revision(app, running) == before
        assert stream.quiet_for(0.5) == [] and len(stream.messages) == told
    finally:
        stream.close()


def test_a_stream_that_saw_an_older_revision_is_told_the_current_one_at_once(app, live_server, running):
    send_a_game(live_server.url, phone_of(app, running, 1))
    current = revision(app, running)
    behind = Stream(port_of(live_server), path_of(app, running), last_event_id=str(current - 1))
    up_to_date = Stream(port_of(live_server), path_of(app, running), last_event_id=str(current))
    try:
        assert behind.opened() and up_to_date.opened()
        assert behind.wait_for(lambda s: s.messages == [str(current)])
        up_to_date.quiet_for(0.5)
        assert up_to_date.messages == []
    finally:
        behind.close()
        up_to_date.close()


def test_a_stream_with_a_ticket_the_app_did_not_sign_gets_404_and_holds_nothing(app, live_server, running):
    hub = push.hub_of(app)
    good = path_of(app, running)
    for path in ("/push/forged", good[:-3] + "abc", "/push/" + "a" * 3000):
        stream = Stream(port_of(live_server), path)
        try:
            assert stream.answered() == 404, path
            assert stream.wait_for(lambda s: s.closed), "a refused stream is closed, not held"
        finally:
            stream.close()
    assert hub.open_streams() == 0


def test_a_ninth_stream_from_one_device_gets_429_while_the_laptop_is_not_capped(app, live_server, running):
    cap = app.config["STREAMS_PER_ADDRESS"]
    port = port_of(live_server)
    phone = [Stream(port, path_of(app, running), source="127.0.0.2") for _ in range(cap)]
    laptop = [Stream(port, path_of(app, running)) for _ in range(3 * cap)]
    try:
        assert all(stream.opened() for stream in phone + laptop)
        extra = Stream(port, path_of(app, running), source="127.0.0.2")
        assert extra.answered() == 429 and b"Too many live screens" in extra.body
        assert extra.wait_for(lambda s: s.closed)
        assert push.hub_of(app).open_streams() == 4 * cap
        # Another device has a cap of its own.
        other = Stream(port, path_of(app, running), source="127.0.0.3")
        assert other.opened()
        other.close()
    finally:
        for stream in phone + laptop:
            stream.close()


def test_a_stream_whose_device_closed_it_is_dropped(app, live_server, running):
    hub = push.hub_of(app)
    streams = [Stream(port_of(live_server), path_of(app, running), source="127.0.0.2") for _ in range(5)]
    assert all(stream.opened() for stream in streams)
    assert hub.open_streams() == 5
    for stream in streams[:3]:
        stream.close()
    assert wait_until(lambda: hub.open_streams() == 2, 5)
    for stream in streams[3:]:
        stream.close()
    assert wait_until(lambda: hub.open_streams() == 0, 5)
    # Its address's places are free again.
    again = [Stream(port_of(live_server), path_of(app, running), source="127.0.0.2")
             for _ in range(app.config["STREAMS_PER_ADDRESS"])]
    try:
        assert all(stream.opened() for stream in again)
    finally:
        for stream in again:
            stream.close()


def test_an_open_stream_hears_a_heartbeat_every_few_moments(app, live_server, running):
    push.hub_of(app).heartbeat = 0.2
    stream = Stream(port_of(live_server), path_of(app, running))
    try:
        assert stream.opened()
        assert stream.wait_for(lambda s: s.beats >= 3, 5)
    finally:
        stream.close()


def test_beyond_the_servers_most_streams_even_the_laptop_is_refused(app, live_server, running):
    hub = push.hub_of(app)
    hub.most_streams = 6
    port = port_of(live_server)
    held = [Stream(port, path_of(app, running)) for _ in range(6)]
    try:
        assert all(stream.opened() for stream in held)
        extra = Stream(port, path_of(app, running))
        assert extra.answered() == 429 and extra.wait_for(lambda s: s.closed)
        assert hub.open_streams() == 6
    finally:
        for stream in held:
            stream.close()


def test_a_closing_server_closes_its_streams_and_a_new_one_serves_the_app_again(app, running):
    from tests.attack.guarded import start, stop

    hub = push.hub_of(app)
    server, thread = start(app)
    first = Stream(int(server.effective_port), path_of(app, running))
    try:
        assert first.opened()
    finally:
        stop(server, thread)
    assert first.wait_for(lambda s: s.closed), "the screen is told the stream ended, so it reconnects"
    assert hub.open_streams() == 0
    server, thread = start(app)
    second = Stream(int(server.effective_port), path_of(app, running))
    try:
        assert second.opened()
        assert hub.open_streams() == 1
        send_a_game(f"http://127.0.0.1:{server.effective_port}", phone_of(app, running, 1))
        after = str(revision(app, running))
        assert second.wait_for(lambda s: s.last == after)
    finally:
        second.close()
        stop(server, thread)


def test_a_stream_whose_device_stopped_reading_is_dropped_as_its_heartbeats_pile_up(app, running):
    """A phone gone to sleep or out of range reads nothing: its heartbeats fill the connection's
    buffers, and the hub lets it go instead of keeping its bytes for ever. (Small buffers on
    both ends, and a heartbeat every millisecond, make that seconds instead of hours.)"""
    import socket

    from tests.attack.guarded import start, stop

    hub = push.hub_of(app)
    hub.heartbeat = 0.001
    server, thread = start(app)
    server.socket.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)  # the accepted ones inherit it
    asleep = socket.socket()
    asleep.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    try:
        asleep.bind(("127.0.0.2", 0))
        asleep.connect(("127.0.0.1", int(server.effective_port)))
        asleep.sendall(b"GET " + path_of(app, running).encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert wait_until(lambda: hub.open_streams() == 1, 5)
        assert wait_until(lambda: hub.open_streams() == 0, 20)
    finally:
        asleep.close()
        stop(server, thread)


def test_a_stream_request_no_server_loop_took_over_is_told_there_is_no_stream_here(app, client, running):
    """The development server or a pipelined request reaches the app itself: 204, which tells
    EventSource to stop trying, so the page polls instead."""
    response = client.get(path_of(app, running))
    assert response.status_code == 204 and response.data == b""
    assert push.hub_of(app).open_streams() == 0
