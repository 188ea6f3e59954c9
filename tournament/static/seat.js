/* "Where do I sit": find one's name as one types; on a player's page, follow the event for a new table after each round
   and read the new table out in a polite live region. Names reach the page only through textContent, or
   as the server escaped them in the search's answer (parsed inert by DOMParser). */
(function () {
  "use strict";
  var POLL_MS = 2000;

  /* The name search: the page works as a GET form; here the same request is sent as the pupil
     types and the matches and the status sentence (a live region) are taken from its answer,
     so the server alone decides what matches and nothing is listed before two letters. */
  var search = document.querySelector("form[data-find-name]");
  if (search) {
    var typed = search.querySelector("input[name=q]");
    var timer = null;
    var asked = 0;
    var find = function () {
      var url = search.action + "?q=" + encodeURIComponent(typed.value);
      var mine = ++asked;
      fetch(url, { cache: "no-store", headers: { "Accept": "text/html" } })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          if (html === null || mine !== asked) { return; }  // a later keystroke's answer wins
          var answer = new DOMParser().parseFromString(html, "text/html");
          ["names", "find-name-status"].forEach(function (id) {
            var fresh = answer.getElementById(id);
            var here = document.getElementById(id);
            if (fresh && here) { here.replaceChildren.apply(here, Array.from(fresh.childNodes)); }
          });
          history.replaceState(null, "", url);
        })
        .catch(function () { /* offline for a moment: the Find button still works */ });
    };
    typed.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(find, 250);
    });
  }

  var seat = document.querySelector(".seat[data-feed]");
  if (!seat) { return; }
  var feed = seat.getAttribute("data-feed");
  var etag = null;
  var number = document.getElementById("seat-number");
  var said = document.getElementById("seat-said");

  function show(data) {
    var table = data.table === null ? "–" : String(data.table);
    if (number.textContent !== table) {
      number.textContent = table;
      said.textContent = data.table === null ? data.label : t("your_table", { number: data.table });
      number.classList.remove("changed");
      void number.offsetWidth;  // restart the animation
      number.classList.add("changed");
    }
    document.getElementById("seat-name").textContent = data.name;
    document.getElementById("seat-label").textContent = data.label;
    document.getElementById("seat-note").textContent = data.note;
    seat.classList.toggle("over", data.over === true);
  }

  function check() {
    var headers = {};
    if (etag) { headers["If-None-Match"] = etag; }
    return fetch(feed, { headers: headers, cache: "no-store" })
      .then(function (response) {
        if (response.status === 304 || !response.ok) { return null; }
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (data) { if (data) { show(data); } })
      .catch(function () { /* offline for a moment: try again on the next tick */ });
  }
  // On each change the server pushes, or polled (static/push.js).
  window.TournamentPush.follow({ path: seat.getAttribute("data-push"), check: check,
                                 every: function () { return POLL_MS; } });
})();
