"""A reverse proxy that buffers: it hands a response to the browser only once the server has
sent all of it, as some school proxies do. A stream never ends, so none gets through; the
proxy notes when the browser gives up on a stream (closes it while still waiting for it)."""

from __future__ import annotations

import selectors
import socket
import threading


class BufferingProxy:
    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.stream_abandoned = threading.Event()  # the browser closed a stream it never got
        self._closing = False
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        self._closing = True
        self.listener.close()

    def _accept(self) -> None:
        while not self._closing:
            try:
                browser, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(browser,), daemon=True).start()

    def _serve(self, browser: socket.socket) -> None:
        with browser:
            request = self._read_request(browser)
            if request is None:
                return
            path = request.split(b" ", 2)[1].decode("latin-1")
            with socket.create_connection(("127.0.0.1", self.upstream_port)) as server:
                server.sendall(request)
                response = self._whole_response(browser, server)
            if response is None and path.startswith("/push/"):
                self.stream_abandoned.set()
            else:
                browser.sendall(response)

    @staticmethod
    def _read_request(browser: socket.socket) -> bytes | None:
        """The request, rewritten to one request per connection so that the server's end of
        its answer is the end of the connection."""
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = browser.recv(65536)
            if not chunk:
                return None
            data += chunk
        head, body = data.split(b"\r\n\r\n", 1)
        lines = [line for line in head.split(b"\r\n") if not line.lower().startswith((b"connection:", b"keep-alive:"))]
        length = next((int(line.split(b":", 1)[1]) for line in lines if line.lower().startswith(b"content-length:")), 0)
        while len(body) < length:
            chunk = browser.recv(65536)
            if not chunk:
                return None
            body += chunk
        return b"\r\n".join([*lines, b"Connection: close"]) + b"\r\n\r\n" + body

    @staticmethod
    def _whole_response(browser: socket.socket, server: socket.socket) -> bytes | None:
        """Everything the server sends until it closes; None if the browser left first."""
        response = b""
        with selectors.DefaultSelector() as selector:
            selector.register(server, selectors.EVENT_READ, "server")
            selector.register(browser, selectors.EVENT_READ, "browser")
            while True:
                for key, _ in selector.select():
                    chunk = key.fileobj.recv(65536)
                    if key.data == "server":
                        if not chunk:
                            return response
                        response += chunk
                    elif not chunk:
                        return None
