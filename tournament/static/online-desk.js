/* The organiser's online page: ask the feed whether anything changed at an online table and swap
   in the fragment the server drew (its names escaped there; nothing here builds HTML from
   strings). The feed answers 204 while the key the page holds is current. No words here: every
   text is in the fragment. */
(function () {
  "use strict";
  var live = document.querySelector("[data-online-live]");
  if (!live) { return; }
  var feed = live.getAttribute("data-feed");
  var key = live.getAttribute("data-key") || "";
  var every = parseInt(live.getAttribute("data-poll-ms"), 10) || 2000;

  function busy() {
    /* A button or link being used keeps its place: swapping it away would lose the press. */
    var active = document.activeElement;
    return Boolean(active) && active !== live && live.contains(active);
  }

  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var nodes = Array.prototype.map.call(fresh.body.childNodes, function (node) { return document.importNode(node, true); });
    live.replaceChildren.apply(live, nodes);
  }

  function check() {
    return fetch(feed + "?key=" + encodeURIComponent(key), { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.redirected) { window.location.reload(); return null; }
        return response.status === 200 ? response.json() : null;
      })
      .then(function (data) {
        if (data && typeof data.html === "string" && !busy()) {
          key = data.key;
          swap(data.html);
        }
      })
      .catch(function () { /* the laptop is the server: the next tick tries again */ });
  }
  /* Checked on each change the server pushes, and polled at its own pace even then: the key also
     moves with the online tables' play and with time (who is away), which the event's stream
     does not carry (static/push.js). */
  window.TournamentPush.follow({ path: live.getAttribute("data-push"), check: check, first: every, keepPace: true,
                                 every: function () { return document.hidden ? every * 3 : every; } });
})();
