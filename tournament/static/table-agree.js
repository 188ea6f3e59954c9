/* A table's question (templates/table/_agree.html) follows the other devices of the table: it
   polls which games wait for the table's answer and, only when that changes, puts the fresh
   question block in place of this one. The results form around it is never touched, so taps
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

  function poll() {
    var current = block();
    if (!current) { setTimeout(poll, pollMs); return; }
    var headers = {};
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(current.getAttribute("data-feed"), { headers: headers, cache: "no-store" })
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
      .catch(function () { /* offline for a moment: try again on the next tick */ })
      .then(function () { setTimeout(poll, pollMs); });
  }
  poll();
})();
