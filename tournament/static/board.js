/* Organiser's round status board and the Room page: when a table reports (from a phone or another
   browser), fetch the board again and swap in its live parts. The feed is checked on each change
   the server pushes, or polled (static/push.js). The swapped nodes were escaped by the server's
   templates; nothing here builds HTML from strings. */
(function () {
  "use strict";
  var POLL_MS = 1500;
  var source = document.querySelector("[data-live]");
  if (!source) { return; }
  var feed = source.getAttribute("data-live");
  var etag = null;

  function refresh() {
    return fetch(window.location.href, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) { return response.ok && !response.redirected ? response.text() : null; })
      .then(function (html) {
        if (html === null) { window.location.reload(); return; }
        var fresh = new DOMParser().parseFromString(html, "text/html");
        document.querySelectorAll("[data-live-part]").forEach(function (part) {
          var replacement = fresh.querySelector('[data-live-part="' + part.getAttribute("data-live-part") + '"]');
          if (replacement) { part.replaceWith(document.importNode(replacement, true)); }
        });
      });
  }

  function check() {
    var headers = {};
    if (etag) { headers["If-None-Match"] = etag; }
    return fetch(feed, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 304 || !response.ok) { return null; }
        var first = etag === null;
        etag = response.headers.get("ETag");
        return first ? null : refresh();
      })
      .catch(function () { /* the laptop is the server: a failed poll is retried on the next tick */ });
  }
  window.TournamentPush.follow({ path: source.getAttribute("data-push"), check: check,
                                 every: function () { return POLL_MS; } });
})();
