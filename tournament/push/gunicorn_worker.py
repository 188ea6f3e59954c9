"""gunicorn's threaded worker, handing stream requests to the app's hub instead of a thread.

A gthread worker runs every request in one of its threads until the response ends, so a stream
would hold a thread for as long as its screen stays open. Here a `/push/` request's socket
leaves gunicorn once its request is read: the hub's one writer thread keeps it, as in
`flask serve` (see `serving.GuardedChannel.adopt_stream`). It relies on gthread's own
`handle_request`/`finish_request` (hence the lower bound on gunicorn in pyproject.toml)."""

from __future__ import annotations

import socket
from typing import Any

from gunicorn.workers.gthread import ThreadWorker

from ..serving import from_this_machine
from . import tickets
from .hub import Hub

_HANDED_OVER = "_handed_to_push"


class StreamingThreadWorker(ThreadWorker):  # type: ignore[misc]  # gunicorn ships no types
    def handle_request(self, req: Any, conn: Any) -> Any:
        hub = getattr(self.wsgi, "extensions", {}).get("push")
        # Not over TLS (a certfile): the hub writes plain bytes to the socket.
        if (isinstance(hub, Hub) and not self.cfg.is_ssl and req.method == "GET"
                and req.path.startswith(tickets.PREFIX)):
            last_event_id = next((value for name, value in req.headers if name == "LAST-EVENT-ID"), None)
            client = conn.client[0] if isinstance(conn.client, tuple) else str(conn.client)
            # detach(): gunicorn's own socket object forgets the descriptor, so its closing
            # (which shuts a connection down) cannot end the stream.
            sock = socket.socket(fileno=conn.sock.detach())
            setattr(conn, _HANDED_OVER, True)
            hub.adopt(sock, req.path, last_event_id, client, from_this_machine(sock, client))
            return False
        return super().handle_request(req, conn)

    def finish_request(self, conn: Any, fs: Any) -> None:
        if getattr(conn, _HANDED_OVER, False):
            self.nr_conns -= 1
            return
        super().finish_request(conn, fs)
