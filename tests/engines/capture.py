"""What a page reports going wrong, seen from inside it, for engines whose driver cannot say.

WebKitWebDriver has no log endpoint and no BiDi, and Firefox's BiDi log does not carry CSP
violations. So a test-only WSGI middleware puts one `<script src>` first in every HTML page's
<head>; the script is served by the middleware itself from the same origin, so the app's
Content-Security-Policy (`script-src 'self'`, no inline script) stays exactly as it is.

It records, in sessionStorage (kept across the tab's navigations): console.error calls, uncaught
exceptions and rejections, resources that failed to load, and CSP violations. It cannot see
what the browser logs without a DOM event (a failed fetch() the page handles itself, network
warnings), errors in workers, or anything that happens before the first <head> element runs.
"""

from __future__ import annotations

import re

SCRIPT_PATH = "/__engine-errors.js"
_KEY = "__engine_errors"
_SCRIPT = f"""(function () {{
  var key = "{_KEY}";
  function add(kind, text) {{
    try {{
      var seen = JSON.parse(sessionStorage.getItem(key) || "[]");
      seen.push(kind + ": " + text);
      sessionStorage.setItem(key, JSON.stringify(seen));
    }} catch (e) {{}}
  }}
  var consoleError = console.error;
  console.error = function () {{
    add("console.error", Array.prototype.map.call(arguments, String).join(" "));
    return consoleError.apply(console, arguments);
  }};
  addEventListener("error", function (e) {{
    if (e.target && e.target !== window) {{ add("failed to load", e.target.src || e.target.href); }}
    else {{ add("uncaught", e.message); }}
  }}, true);
  addEventListener("unhandledrejection", function (e) {{
    add("unhandled rejection", e.reason && e.reason.message || e.reason);
  }});
  document.addEventListener("securitypolicyviolation", function (e) {{
    add("CSP violation", e.violatedDirective + " " + (e.blockedURI || ""));
  }});
}})();
""".encode()
_TAG = f'<script src="{SCRIPT_PATH}"></script>'.encode()
_HEAD = re.compile(rb"<head(?:\s[^>]*)?>", re.I)

# Read by the tests after each step.
READ_ERRORS = f'JSON.parse(sessionStorage.getItem("{_KEY}") || "[]")'


class ErrorCapture:
    """`app.wsgi_app = ErrorCapture(app.wsgi_app)`: adds the watching script to every HTML page."""

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        if environ.get("PATH_INFO") == SCRIPT_PATH:
            start_response("200 OK", [("Content-Type", "text/javascript; charset=utf-8"),
                                      ("Content-Length", str(len(_SCRIPT)))])
            return [_SCRIPT]
        answered = {}

        def keep(status, headers, exc_info=None):
            answered.update(status=status, headers=headers, exc_info=exc_info)
            return lambda data: None

        body_parts = self.wsgi_app(environ, keep)
        try:
            body = b"".join(body_parts)
        finally:
            if hasattr(body_parts, "close"):
                body_parts.close()
        headers = answered["headers"]
        content_type = next((v for k, v in headers if k.lower() == "content-type"), "")
        head = _HEAD.search(body) if content_type.startswith("text/html") else None
        if head:
            body = body[:head.end()] + _TAG + body[head.end():]
            headers = [(k, v) for k, v in headers if k.lower() != "content-length"]
            headers.append(("Content-Length", str(len(body))))
        start_response(answered["status"], headers, answered["exc_info"])
        return [body]
