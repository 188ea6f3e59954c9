/* "Where do I sit": filter the name list; on a player's page, poll for a new table after each round
   and read the new table out in a polite live region. Names reach the page only through textContent. */
(function () {
  "use strict";
  var POLL_MS = 2000;

  var filter = document.getElementById("name-filter");
  if (filter) {
    /* Letters compare as in the app's alphabetical order: case and accents ignored, and letters
       people type as two (ß, Æ, Œ, Þ) or without their stroke (Ø, Ł, Đ, dotless ı) match their
       plain spelling on both sides: "strasse" finds "Straße", "aerin" finds "Ærin". The
       collator then catches what the table below does not list. */
    var LETTERS = { "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "þ": "th", "ı": "i" };
    var fold = function (text) {
      return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
        .replace(/[ßæœøłđþı]/g, function (letter) { return LETTERS[letter]; }).normalize("NFC");
    };
    var same = new Intl.Collator("und", { sensitivity: "base", usage: "search" });
    var contains = function (text, wanted) {
      text = fold(text);
      wanted = fold(wanted);
      if (text.indexOf(wanted) !== -1) { return true; }
      for (var start = 0; start + wanted.length <= text.length; start++) {
        if (same.compare(text.substr(start, wanted.length), wanted) === 0) { return true; }
      }
      return false;
    };
    filter.addEventListener("input", function () {
      var wanted = filter.value.trim().normalize("NFC");
      document.querySelectorAll("#names li").forEach(function (item) {
        item.hidden = wanted !== "" && !contains(item.textContent.normalize("NFC"), wanted);
      });
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

  function poll() {
    var headers = {};
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(feed, { headers: headers, cache: "no-store" })
      .then(function (response) {
        if (response.status === 304 || !response.ok) { return null; }
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (data) { if (data) { show(data); } })
      .catch(function () { /* offline for a moment: try again on the next tick */ })
      .then(function () { setTimeout(poll, POLL_MS); });
  }
  poll();
})();
