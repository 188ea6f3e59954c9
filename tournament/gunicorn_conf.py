"""gunicorn settings for a big hall: several worker processes on Linux against PostgreSQL.

`flask --app tournament serve --workers N` starts gunicorn with this module (`-c
python:tournament.gunicorn_conf`) and passes the choices through the environment:
TOURNAMENT_BIND ("host:port"), TOURNAMENT_WORKERS and TOURNAMENT_THREADS. What `flask serve`
guarantees with waitress, kept where gunicorn allows:

- a listen address chosen by the organiser (loopback only, or the room's network);
- threads in every worker (gthread), so a slow phone holds one thread, not a whole process;
- streams (`/push/`) held by one writer thread per worker, not by a request thread each;
- a thousand open connections per worker (phones and projectors keep theirs alive);
- bounded request lines and headers (a bigger one is refused with 400 before the app runs);
- startup's long-lived objects frozen out of the cyclic collector in every worker.

Not kept: waitress's per-address connection cap and its header deadline (`serving.py`) have no
gunicorn equivalent; gunicorn's `timeout` restarts a worker stuck in one request instead. Each
worker is its own process: its page caches follow `Event.revision` (see services/unit_of_work.py);
the rate limits' counts live in the database, shared by every worker (throttle_store.py).
"""

from __future__ import annotations

import gc
import os

bind = [os.environ.get("TOURNAMENT_BIND", "0.0.0.0:5000")]
workers = int(os.environ.get("TOURNAMENT_WORKERS", "2"))
# gthread, but stream requests leave the thread pool for the app's hub (push/gunicorn_worker.py).
worker_class = "tournament.push.gunicorn_worker.StreamingThreadWorker"
threads = int(os.environ.get("TOURNAMENT_THREADS", "16"))
# Open connections a worker keeps (gthread's limit); waitress's was 1000 for the whole server.
worker_connections = 1000
# A request that runs longer than this has a stuck worker: gunicorn replaces the process. A
# round close of a few hundred tables takes a few seconds on a busy laptop; 120 s is far above.
timeout = 120
graceful_timeout = 20
# Phones and projectors poll every second or so: a kept-alive connection saves a handshake.
keepalive = 10
# The same order of size as waitress's defaults for a request line and its headers.
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
# Each worker builds the app itself (no preload): database connections are never shared
# across a fork.
preload_app = False
proc_name = "tournament"
# gunicorn 25+ opens a control socket in the home folder; nothing here uses it, and two servers
# on one machine would fight over it. (Older versions ignore the name.)
control_socket_disable = True
accesslog = None
errorlog = "-"
loglevel = "info"


def post_worker_init(worker: object) -> None:
    """Once the worker has built the app: its long-lived objects leave the cyclic collector's
    scans, for shorter pauses during page rebuilds (as `flask serve` does); then the retention
    runs, and keeps running once a day."""
    gc.collect()
    gc.freeze()
    app = getattr(worker, "wsgi", None)
    if app is not None:
        from tournament import retention_clock

        # Every worker runs it; the day stored in the database lets only one of them erase.
        retention_clock.start(app)
        from tournament import push, serving
        from tournament.push.hub import MOST_STREAMS

        # Every worker hears the others' changes (its own it announces at their commit).
        push.listen(app)
        serving.room_for_descriptors(worker_connections + MOST_STREAMS + 100)
