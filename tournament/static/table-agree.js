/* A table's question (templates/table/_agree.html) follows the other devices of the table: on
   each change the server pushes (or polled, see static/push.js) it checks which games wait for
   the table's answer and, only when that changes, puts the fresh question block in place of this
   one. The results form around it is never touched, so taps
   not sent yet stay. Markup comes from the server's escaped page; none is built here. */
(function () {
  "use strict";
  var pollMs = 700;
  var etag = null;

  function block() { return document.querySelector("[data-agree]"); }

  function load() {
    return fetch(window.location.pathname + window.location.search, { cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-agree]");
        var current = block();
        if (fresh && current) { current.replaceWith(document.importNode(fresh, true)); }
      });
  }

  function check() {
    var current = block();
    if (!current) { return null; }
    var headers = {};
    if (etag) { headers["If-None-Match"] = etag; }
    return fetch(current.getAttribute("data-feed"), { headers: headers, cache: "no-store" })
      .then(function (response) {
        if (response.status === 304 || !response.ok) { return null; }
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (data) {
        if (!data) { return null; }
        if (data.poll_ms) { pollMs = data.poll_ms; }
        var shown = block();
        return shown && data.key !== shown.getAttribute("data-key") ? load() : null;
      })
      .catch(function () { /* offline for a moment: try again on the next tick */ });
  }
  // The block may come later, with the page the table moves to: the page's stream is the same.
  var start = block() || document.querySelector("[data-follow]");
  window.TournamentPush.follow({ path: start && start.getAttribute("data-push"), check: check,
                                 every: function () { return pollMs; } });
})();
