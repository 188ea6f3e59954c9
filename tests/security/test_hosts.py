"""Odd Host headers and other odd headers, sent as raw bytes to the real server: a 400 with a
page a person can read, never a 500, on every kind of route; well-formed hosts still work."""

from __future__ import annotations

import socket

import pytest

ROUTES = ["/", "/login", "/events/1/room", "/p/abc", "/t/abc/", "/static/app.css", "/no-such-page"]

BAD_HOSTS = {
    "label over 63 characters": b"a" * 64 + b".lan",
    "very long host": b"a." * 5000 + b"lan",
    "space": b"lap top.lan",
    "markup": b"<script>.lan",
    "comma (two Host headers merged)": b"laptop.lan, evil.example",
    "non-ASCII byte": b"ex\xe4mple.lan",
    "UTF-8 name not IDNA-encoded": "bücher.lan".encode(),
    "invalid IDNA label": b"xn--zz.lan",
    "empty label": b"foo..lan",
    "port not a number": b"laptop.lan:abc",
    "port out of range": b"192.168.1.5:99999",
    "unclosed IPv6 bracket": b"[::1:5000",
    "hyphen at label edge": b"-laptop.lan",
}

GOOD_HOSTS = [b"192.168.1.5:5000", b"laptop.local", b"[::1]:5000", b"my_laptop", b"xn--bcher-kva.lan", b"LAPTOP.LAN."]


def raw_request(server, path: str, headers: bytes) -> tuple[int, bytes, bytes]:
    """(status, header block, body) of one HTTP/1.1 request sent byte for byte."""
    with socket.create_connection(("127.0.0.1", int(server.effective_port)), timeout=10) as sock:
        sock.sendall(b"GET " + path.encode() + b" HTTP/1.1\r\n" + headers + b"Connection: close\r\n\r\n")
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), head, body


@pytest.mark.parametrize("path", ROUTES)
@pytest.mark.parametrize("host", BAD_HOSTS.values(), ids=BAD_HOSTS.keys())
def test_a_malformed_host_header_gets_a_readable_400_on_every_route(live_server, path, host):
    status, head, body = raw_request(live_server, path, b"Host: " + host + b"\r\n")
    assert status == 400
    assert b"text/html" in head and b"Content-Security-Policy" in head
    assert b"Address not recognised" in body and b"Open the link or QR code" in body
    assert host not in body


@pytest.mark.parametrize("host", GOOD_HOSTS)
def test_hosts_a_phone_may_use_on_a_lan_are_answered(live_server, host):
    status, _, _ = raw_request(live_server, "/login", b"Host: " + host + b"\r\n")
    assert status in {200, 302}


def test_a_host_outside_trusted_hosts_gets_a_readable_400_and_listed_ones_are_answered(app, live_server):
    app.config["TRUSTED_HOSTS"] = ["laptop.local", ".school.example"]
    for host in (b"laptop.local:5000", b"room12.school.example"):
        assert raw_request(live_server, "/login", b"Host: " + host + b"\r\n")[0] in {200, 302}
    for path in ROUTES:
        status, _, body = raw_request(live_server, path, b"Host: evil.example\r\n")
        assert status == 400 and b"Address not recognised" in body, path


@pytest.mark.parametrize("header", [
    b"Accept: */*;q=nonsense, application/json;q=2\r\n",
    b"Accept-Language: " + b"x" * 8000 + b"\r\n",
    b"Cookie: session=" + b"%" * 3000 + b"\r\n",
    b"Cookie: \xff\xfe=\x00\r\n",
    b"If-None-Match: " + b'"' * 500 + b"\r\n",
    b"X-Forwarded-Host: " + b"a" * 64 + b".lan\r\n",
    b"Content-Type: application/json; charset=\xff\r\n",
])
@pytest.mark.parametrize("path", ["/login", "/p/abc", "/static/app.css"])
def test_odd_other_headers_never_give_a_500(live_server, header, path):
    status, _, _ = raw_request(live_server, path, b"Host: 127.0.0.1\r\n" + header)
    assert status < 500


def test_the_error_page_renders_even_when_no_address_can_be_built(app, client):
    """The page for a host Werkzeug refuses itself (routing never starts)."""
    app.config["TRUSTED_HOSTS"] = ["laptop.local"]
    response = client.get("/events/1/room", headers={"Host": "other.lan"})
    assert response.status_code == 400
    assert 'href="/static/app.css"' in response.get_data(as_text=True)


@pytest.mark.parametrize("forwarded", [b"xn--zz.lan", b"a" * 64 + b".lan", b"lap top.lan"])
def test_behind_a_proxy_a_malformed_forwarded_host_gets_a_readable_400(tmp_path, forwarded):
    """The server `flask serve` starts with PROXY_FIX on."""
    import threading

    from tests.conftest import PG_URL
    from tournament import create_app, serving

    app = create_app({"TESTING": True, "SECRET_KEY": "x", "PROXY_FIX": True,
                      "DATABASE_URL": PG_URL or f"sqlite:///{tmp_path / 'proxy.sqlite3'}"})
    server = serving.create_server(app, host="127.0.0.1", port=0, threads=2, **serving.options_for(app.config))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        status, _, body = raw_request(server, "/static/app.css",
                                      b"Host: 127.0.0.1\r\nX-Forwarded-Host: " + forwarded + b"\r\n")
    finally:
        server.close()
        server.task_dispatcher.shutdown(timeout=5)
        thread.join(timeout=5)
    assert status == 400 and b"Address not recognised" in body
