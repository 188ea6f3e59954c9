"""Default settings. `instance/config.py` and `TOURNAMENT_*` environment variables override them."""

from .core.limits import MAX_UPLOAD_BYTES

# Resolved against the instance folder when left as None (see db.database_url).
DATABASE_URL: str | None = None
# Honour X-Forwarded-* headers only when a reverse proxy is known to set them.
PROXY_FIX = False
# The largest event file (core.limits) plus room for the multipart form around it.
MAX_CONTENT_LENGTH = MAX_UPLOAD_BYTES + 64 * 1024
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
WTF_CSRF_TIME_LIMIT = None  # a form left open during a long round must still submit
MAX_NAME_LENGTH = 40
# Links and QR codes use this address (e.g. "http://192.168.1.20:5000") unless the organiser
# sets one on the Room page; None means: the address the server listens on, else a LAN guess.
PUBLIC_BASE_URL: str | None = None
# Host names the app answers to, as Werkzeug matches them ("laptop.local", ".example.org" for
# a domain and its subdomains). None answers any well-formed host: phones reach a laptop by an
# IP address or by whatever name the room's router gives it, unknown in advance. Malformed
# Host headers are refused (400) either way. See docs/links-and-hosts.md.
TRUSTED_HOSTS: list[str] | None = None
# `flask serve`: connections one client address may hold open (off with PROXY_FIX: every client
# is the proxy), seconds a connection has to send its request headers, and seconds it then has
# for the whole body. The largest upload (an 8 MiB event file) needs about 140 kB/s to finish
# in 60 s; a phone's form is a few hundred bytes.
CONNECTIONS_PER_ADDRESS = 64
REQUEST_HEADER_TIMEOUT = 10.0
# Live streams (push) one device may hold: a phone's table page, where-do-I-sit and an online
# game in a few tabs. Further streams are refused and their pages poll instead. The organiser's
# laptop (its projector tabs and boards) has no such cap.
STREAMS_PER_ADDRESS = 8
REQUEST_BODY_TIMEOUT = 60.0
# Screens also check their feed on a timer (every second or so without a live stream, every 30 s
# with one): the safety net for a network that cannot hold a stream or a change whose news was
# lost. False: they check only at load and when a change is pushed; tests use it to prove the
# push works, and a teacher may use it to quiet a network where every stream is known to hold.
UPDATES_POLL = True
# Tests only (ignored unless TESTING): render every page in this language, e.g. the pseudo-locale
# "ar-XB" to check the right-to-left layout. None: the pages' own language, English.
FORCE_PAGE_LANG: str | None = None
