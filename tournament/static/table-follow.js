/* A table's phone page follows the event: on each change the server pushes (or polled, see
   static/push.js) it checks the table's key (the running round and who sits at the table) and,
   only when that key changes, puts the page the table should show now in place of this one,
   without a reload. Taps not sent yet for the running round never meet a new key, so
   they stay. Names reach the page as the server escaped them; no markup is built here. */
(function () {
  "use strict";
  var pollMs = 700;  // until the feed says otherwise
  var etag = null;

  function marker() { return document.querySelector("[data-follow]"); }

  function adopt(fresh) {
    // A page's own scripts and styles (the waiting page has no form scripts): add the ones missing.
    fresh.head.querySelectorAll("script[src], link[rel=stylesheet]").forEach(function (node) {
      var attribute = node.tagName === "SCRIPT" ? "src" : "href";
      var url = node.getAttribute(attribute);
      if (document.head.querySelector(node.tagName + "[" + attribute + '="' + url + '"]')) { return; }
      var copy = document.createElement(node.tagName);
      if (node.tagName === "SCRIPT") { copy.src = url; } else { copy.rel = "stylesheet"; copy.href = url; }
      document.head.appendChild(copy);
    });
  }

  function replace(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var main = document.querySelector("main");
    var next = fresh.querySelector("main");
    if (!main || !next || !next.querySelector("[data-follow]")) { return; }
    // A note being written is for the organiser, not for one round: it stays as it is.
    var note = main.querySelector("#note");
    var place = next.querySelector("#note");
    if (note && place) { place.replaceWith(note); }
    main.replaceChildren.apply(main, Array.prototype.slice.call(next.childNodes));
    document.title = fresh.title;
    document.dispatchEvent(new CustomEvent("phone:page", { detail: main }));
    adopt(fresh);
  }

  function load() {
    return fetch(window.location.pathname + window.location.search, { cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) { if (html) { replace(html); } });
  }

  function check() {
    var follow = marker();
    if (!follow) { following.stop(); return null; }
    var headers = {};
    if (etag) { headers["If-None-Match"] = etag; }
    return fetch(follow.getAttribute("data-feed"), { headers: headers, cache: "no-store" })
      .then(function (response) {
        if (response.status === 304 || !response.ok) { return null; }
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (data) {
        if (!data) { return null; }
        if (data.poll_ms) { pollMs = data.poll_ms; }
        return data.key === follow.getAttribute("data-key") ? null : load();
      })
      .catch(function () { /* offline for a moment: try again on the next tick */ });
  }
  var start = marker();
  if (!start) { return; }
  var following = window.TournamentPush.follow({ path: start.getAttribute("data-push"), check: check,
                                                 every: function () { return pollMs; } });
})();
