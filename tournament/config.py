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
