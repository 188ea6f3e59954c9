/* Projector: fetches the feed (conditional GET with ETag) on each change the server pushes, or
   polls it (static/push.js), and renders the current phase.
   Player names are untrusted: they only ever reach the page through textContent.
   The countdown is computed from the server's end time and the server clock sent with every
   answer, so every screen shows the same time whatever its own clock says. */
(function () {
  "use strict";
  var t = window.t;

  var pollMs = 700;         // until the feed says otherwise (its "poll_ms", set per phase)
  var SLIDE_MS = 12000;
  // Tables (and standings rows) per page: 10 tables of 6 fit a 16:9 screen; when long names
  // wrap, or tie notes run long, and a page no longer fits (no text may shrink below the wall's
  // least size), the page shows fewer, one step at a time.
  var PER_PAGE = [10, 6, 4, 3, 2, 1];
  var STANDINGS_PER_PAGE = [24, 16, 12, 8, 4];
  var fit = { cards: 0, standings: 0 };  // the step of each ladder that fits this screen and phase

  var feedUrl = document.body.getAttribute("data-feed");
  var fragmentUrl = document.body.getAttribute("data-fragment");
  // Present only when an organiser opened this page logged in: then keys step the debrief.
  var stepUrl = document.body.getAttribute("data-step-url");
  var stopUrl = document.body.getAttribute("data-stop-url");
  var csrf = document.body.getAttribute("data-csrf");
  var fragmentKey = null;   // which step, revision and view the stage's fragment is for
  var fragment = null;      // that fragment's markup (the server's, names escaped there)
  var etag = null;
  var snap = null;
  var offset = 0;           // server clock minus this device's clock, in ms
  var slides = [];
  var slideIndex = 0;
  var slideStarted = Date.now();
  var holding = false;
  var lastLeft = null;
  var audio = null;

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }

  function $(id) { return document.getElementById(id); }

  function chunk(items, size) {
    var pages = [];
    for (var i = 0; i < items.length; i += size) { pages.push(items.slice(i, i + size)); }
    return pages.length ? pages : [[]];
  }

  function gridFor(count) {
    var cols = count <= 4 ? Math.max(count, 1) : count <= 6 ? 3 : count <= 8 ? 4 : 5;
    // Four to a page because more did not fit: two by two keeps each card wide enough for a name.
    if (PER_PAGE[fit.cards] === 4 && count > 2) { cols = 2; }
    var grid = el("div", "grid");
    // Fewer tables to a page because names wrap: names keep the size they had ten to a page.
    if (fit.cards) { grid.setAttribute("data-fit", fit.cards); }
    grid.setAttribute("data-cols", cols);
    grid.setAttribute("data-rows", Math.ceil(Math.max(count, 1) / cols));
    return grid;
  }

  function seatingCard(table, withReports, wide) {
    var card = el("section", "card");
    var title = el("h2");
    title.appendChild(el("span", null, t("table", { number: table.number })));
    if (withReports) {
      var reported = table.games > 0;
      if (reported) { card.classList.add("reported"); }
      title.appendChild(el("span", "badge", reported ? "✓ " + (wide ? table.games_label : table.games) : t("waiting")));
    }
    card.appendChild(title);
    // A table that disputed a result: the room sees it is being settled (no names, no result).
    if (withReports && table.settling) {
      card.classList.add("settling");
      card.appendChild(el("p", "settling", "⚡ " + table.settling));
    }
    var list = el("ul");
    if (!table.players.length) { list.appendChild(el("li", "empty", "—")); }
    table.players.forEach(function (name) { list.appendChild(el("li", null, name)); });
    card.appendChild(list);
    return card;
  }

  function escapeRegExp(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

  /* A sentence with each player's name in its own <bdi>, so a right-to-left name cannot
     reverse the words and numbers around it (the same rule as the pages' "names_in"). */
  function withNames(sentence, names) {
    var p = el("p");
    var wanted = names.filter(Boolean).slice().sort(function (a, b) { return b.length - a.length; });
    if (!wanted.length) { p.textContent = sentence; return p; }
    var pattern = new RegExp("(?<![\\p{L}\\p{N}_])(" + wanted.map(escapeRegExp).join("|") + ")(?![\\p{L}\\p{N}_])", "gu");
    var last = 0;
    var match;
    while ((match = pattern.exec(sentence)) !== null) {
      if (match.index > last) { p.appendChild(document.createTextNode(sentence.slice(last, match.index))); }
      p.appendChild(el("bdi", null, match[0]));
      last = match.index + match[0].length;
    }
    if (last < sentence.length) { p.appendChild(document.createTextNode(sentence.slice(last))); }
    return p;
  }

  var ARROWS = { up: "▲", down: "▼", stay: "●", out: "○" };

  function resultCard(table) {
    var card = el("section", "card results");
    card.appendChild(el("h2", null, t("table", { number: table.number })));
    var grid = el("table");
    var head = el("tr");
    [[t("player"), "who"], [t("games"), "games"], [t("to_table"), "to"]].forEach(function (h) {
      var th = el("th", h[1], h[0]);
      th.setAttribute("scope", "col");
      head.appendChild(th);
    });
    grid.appendChild(el("thead")).appendChild(head);
    var body = grid.appendChild(el("tbody"));
    table.rows.forEach(function (row) {
      var item = el("tr", row.winner ? "winner" : null);
      item.appendChild(el("td", "who")).appendChild(el("bdi", null, row.name));
      item.appendChild(el("td", "games", row.games));
      item.appendChild(el("td", "move " + row.direction,
        ARROWS[row.direction] + " " + (row.to === null ? t("out") : row.to)));
      body.appendChild(item);
    });
    card.appendChild(grid);
    // The server's words: tables that reported no game, moves that differ from the ranking, ties.
    var notes = (table.notes || []).concat(table.ties);
    if (notes.length) {
      var ties = el("div", "ties");
      var names = table.rows.map(function (row) { return row.name; });
      notes.forEach(function (text) { ties.appendChild(withNames(text, names)); });
      card.appendChild(ties);
    }
    return card;
  }

  function cardsSlide(title, tables, makeCard) {
    return { title: title, kind: "cards", render: function () {
      var grid = gridFor(tables.length);
      var wide = Number(grid.getAttribute("data-cols")) < 5;
      tables.forEach(function (table) { grid.appendChild(makeCard(table, wide)); });
      return grid;
    } };
  }

  function standingsTable(rows, start) {
    var table = el("table");
    var head = el("tr");
    [["#", "rank"], [t("player"), "who"], [t("games"), ""], [t("rounds"), ""], [t("top_table"), ""]].forEach(function (h) {
      head.appendChild(el("th", h[1], h[0]));
    });
    table.appendChild(head);
    rows.forEach(function (row, i) {
      var tr = el("tr");
      tr.appendChild(el("td", "rank", start + i + 1));
      tr.appendChild(el("td", "who", row.name));
      tr.appendChild(el("td", null, row.games));
      tr.appendChild(el("td", null, row.rounds));
      tr.appendChild(el("td", null, row.highest === null ? "–" : row.highest));
      table.appendChild(tr);
    });
    return table;
  }

  function standingsSlide(rows, start) {
    return { title: t("standings"), kind: "standings", render: function () {
      var wrap = el("div", "standings");
      var half = Math.ceil(rows.length / 2);
      wrap.appendChild(standingsTable(rows.slice(0, half), start));
      if (rows.length > half) { wrap.appendChild(standingsTable(rows.slice(half), start + half)); }
      return wrap;
    } };
  }

  function messageSlide(title, text) {
    return { title: title, render: function () { return el("div", "message", text); } };
  }

  /* A debrief step: its prompt big, its view (a fragment the server draws) under it. */
  function debriefSlide(step) {
    return { title: step.title, render: function () {
      var wrap = el("div", "debrief-step" + (step.view ? " with-view" : ""));
      wrap.appendChild(el("p", "debrief-prompt", step.prompt));
      if (step.view && fragment !== null) {
        var holder = el("div", "debrief-holder");
        holder.innerHTML = fragment;
        wrap.appendChild(holder);
      }
      return wrap;
    } };
  }

  function loadFragment(step) {
    var key = step.index + ":" + step.revision + ":" + step.view;
    if (key === fragmentKey) { return; }
    fragmentKey = key;
    fragment = null;
    if (!step.view) { return; }
    fetch(fragmentUrl + "?rev=" + step.revision, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (fragmentKey === key && html !== null) { fragment = html; showSlide(); }
      })
      .catch(function () { fragmentKey = null; });
  }

  /* The tournament is over: the final standings under the server's sentence that says so. */
  function endedSlides(data) {
    var size = STANDINGS_PER_PAGE[fit.standings];
    return chunk(data.standings, size).map(function (page, i) {
      return { title: data.over, kind: "standings", render: function () {
        var wrap = el("div", "ended");
        wrap.appendChild(el("h2", "final-title", data.final));
        wrap.appendChild(standingsSlide(page, i * size).render());
        return wrap;
      } };
    });
  }

  function buildSlides(data) {
    var list = [];
    var perPage = PER_PAGE[fit.cards];
    var standingsPerPage = STANDINGS_PER_PAGE[fit.standings];
    if (data.phase === "debrief") {
      loadFragment(data.debrief);
      return [debriefSlide(data.debrief)];
    }
    if (data.phase === "ended") { return endedSlides(data); }
    if (data.phase === "home") {
      var title = data.timer && data.timer.phase !== "round" ? data.timer.label : t("home_tables");
      if (!data.seating.length) { return [messageSlide(title, t("plan_not_ready"))]; }
      chunk(data.seating, perPage).forEach(function (page) { list.push(cardsSlide(title, page, function (t) { return seatingCard(t, false); })); });
    } else if (data.phase === "round") {
      chunk(data.seating, perPage).forEach(function (page) {
        list.push(cardsSlide(data.round_label, page, function (t, wide) { return seatingCard(t, true, wide); }));
      });
    } else {
      chunk(data.results, perPage).forEach(function (page) {
        list.push(cardsSlide(t("round_results", { number: data.round }), page, resultCard));
      });
      if (data.seating) {
        chunk(data.seating, perPage).forEach(function (page) {
          list.push(cardsSlide(t("round_seating", { number: data.next_round }), page, function (t) { return seatingCard(t, false); }));
        });
      }
      chunk(data.standings, standingsPerPage).forEach(function (page, i) {
        list.push(standingsSlide(page, i * standingsPerPage));
      });
    }
    return list;
  }

  function showSlide() {
    var slide = slides[slideIndex];
    var stage = $("stage");
    stage.textContent = "";
    stage.appendChild(slide.render());
    $("slide-title").textContent = slide.title;
    var pager = $("pager");
    pager.textContent = "";
    if (snap && snap.phase === "debrief") {
      for (var i = 1; i <= snap.debrief.count; i++) { pager.appendChild(el("span", i === snap.debrief.number ? "on" : null)); }
    } else if (slides.length > 1) {
      slides.forEach(function (_s, i) { pager.appendChild(el("span", i === slideIndex ? "on" : null)); });
      if (holding) { pager.appendChild(el("em", null, " " + t("paused_pages"))); }
    }
  }

  /* Every page drawn once, off the wall's time: while one does not fit, all pages of its kind
     take fewer tables (or rows). Only when the feed changes or the window is resized. */
  function fitSlides() {
    var stage = $("stage");
    var ladders = { cards: PER_PAGE, standings: STANDINGS_PER_PAGE };
    for (var i = 0; i < slides.length; i++) {
      var kind = slides[i].kind;
      if (!ladders[kind] || fit[kind] >= ladders[kind].length - 1) { continue; }
      stage.textContent = "";
      stage.appendChild(slides[i].render());
      if (overflowing(stage)) {
        fit[kind] += 1;
        slides = buildSlides(snap);
        i = -1;
      }
    }
  }

  function overflowing(stage) {
    if (stage.scrollHeight > stage.clientHeight + 1) { return true; }
    return Array.prototype.some.call(stage.querySelectorAll(".card"), function (card) {
      return card.scrollHeight > card.clientHeight + 1 || card.scrollWidth > card.clientWidth + 1;
    });
  }

  function goTo(index) {
    slideIndex = (index + slides.length) % slides.length;
    slideStarted = Date.now();
    showSlide();
  }

  function update(data) {
    var phaseChanged = !snap || snap.phase !== data.phase || snap.round !== data.round;
    if (phaseChanged) { fit = { cards: 0, standings: 0 }; }
    snap = data;
    document.documentElement.className = "theme-" + (data.theme === "light" ? "light" : "dark");
    document.body.classList.toggle("debrief-phase", data.phase === "debrief");
    $("event-name").textContent = data.event;
    slides = buildSlides(data);
    fitSlides();
    if (phaseChanged || slideIndex >= slides.length) { slideIndex = 0; slideStarted = Date.now(); }
    showSlide();
    tick();
  }

  function secondsLeft(timer) {
    if (!timer) { return null; }
    if (!timer.running) { return timer.left; }
    return Math.max(0, (timer.ends_at - (Date.now() + offset)) / 1000);
  }

  function clock(seconds) {
    var whole = Math.ceil(seconds);
    var m = Math.floor(whole / 60);
    var s = whole % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function tick() {
    var box = $("timer");
    var timer = snap && snap.timer;
    var visible = timer && (timer.phase !== "round" || snap.phase === "round");
    box.hidden = !visible;
    if (visible) {
      var left = secondsLeft(timer);
      var up = left <= 0;
      $("timer-label").textContent = timer.running ? timer.label : t("timer_paused", { label: timer.label });
      $("timer-clock").textContent = up ? t("time_up") : clock(left);
      box.classList.toggle("paused", !timer.running);
      box.classList.toggle("time-up", up);
      document.body.classList.toggle("time-up", up);
      if (up && lastLeft !== null && lastLeft > 0 && snap.chime) { chime(); }
      lastLeft = left;
    } else {
      document.body.classList.remove("time-up");
      lastLeft = null;
    }
    if (!holding && slides.length > 1 && Date.now() - slideStarted > SLIDE_MS) { goTo(slideIndex + 1); }
  }

  function chime() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      [0, 0.45, 0.9].forEach(function (at) {
        var osc = audio.createOscillator();
        var gain = audio.createGain();
        var start = audio.currentTime + at;
        osc.frequency.value = 880;
        gain.gain.setValueAtTime(0.0001, start);
        gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.4);
        osc.connect(gain).connect(audio.destination);
        osc.start(start);
        osc.stop(start + 0.42);
      });
    } catch (e) { /* no audio on this device: the colour change still shows */ }
  }

  function setStatus(text, offline) {
    var status = $("status");
    status.textContent = text;
    status.classList.toggle("offline", !!offline);
  }

  function check() {
    var sent = Date.now();
    var headers = {};
    if (etag) { headers["If-None-Match"] = etag; }
    return fetch(feedUrl, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        var serverTime = Number(response.headers.get("X-Server-Time"));
        if (serverTime) { offset = serverTime - (sent + Date.now()) / 2; }
        if (response.status === 404) { throw new Error("gone"); }
        if (response.status === 304) { return null; }
        if (!response.ok) { throw new Error("HTTP " + response.status); }
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (data) {
        setStatus("", false);
        if (data) {
          if (data.poll_ms > 0) { pollMs = data.poll_ms; }
          update(data);
        }
      })
      .catch(function (error) {
        setStatus(error.message === "gone" ? t("link_replaced") : t("reconnecting"), true);
      });
  }

  /* The organiser's keys in the debrief: the step is kept on the server, so every screen
     follows; the request names the step wanted, so a key pressed twice shows it once. */
  function send(url, step) {
    var body = "csrf_token=" + encodeURIComponent(csrf) + (step ? "&step=" + step : "");
    fetch(url, { method: "POST", credentials: "same-origin", body: body,
                 headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json" } })
      .then(function () { etag = null; following.now(); })
      .catch(function () { setStatus(t("reconnecting"), true); });
  }

  function debriefKey(event, forward, back) {
    if (!stepUrl || event.altKey || event.ctrlKey || event.metaKey) { return false; }
    // Home starts the debrief only between rounds: a key pressed by chance while a round runs
    // must not take the room's screen away (and a step may reveal every table's rules).
    var step = snap && snap.phase === "debrief" ? snap.debrief : null;
    var between = snap && snap.phase === "results";
    if (event.key === "Home" && (step || between)) { send(stepUrl, 1); return true; }
    if (!step) { return false; }
    if (event.key === forward || event.key === "PageDown" || event.key === " ") {
      if (step.number < step.count) { send(stepUrl, step.number + 1); }
    } else if (event.key === back || event.key === "PageUp") {
      if (step.number > 1) { send(stepUrl, step.number - 1); }
    } else if (event.key === "Escape") {
      send(stopUrl, null);
    } else {
      return false;
    }
    return true;
  }

  document.addEventListener("keydown", function (event) {
    if (!slides.length) { return; }
    // The arrow pointing the way the page reads goes forward: right in English, left in Arabic.
    var rtl = document.documentElement.dir === "rtl";
    var forward = rtl ? "ArrowLeft" : "ArrowRight";
    var back = rtl ? "ArrowRight" : "ArrowLeft";
    if (debriefKey(event, forward, back)) { event.preventDefault(); return; }
    // Nobody else steps the debrief; F (full screen) works for everyone.
    if (snap && snap.phase === "debrief" && event.key !== "f" && event.key !== "F") { return; }
    if (event.key === forward || event.key === "PageDown") { goTo(slideIndex + 1); }
    else if (event.key === back || event.key === "PageUp") { goTo(slideIndex - 1); }
    else if (event.key === " ") { holding = !holding; slideStarted = Date.now(); showSlide(); event.preventDefault(); }
    else if (event.key === "f" || event.key === "F") {
      if (document.fullscreenElement) { document.exitFullscreen(); } else { document.documentElement.requestFullscreen(); }
    }
  });
  // Another size (leaving a window for full screen) may fit more, or fewer, to a page.
  window.addEventListener("resize", function () {
    if (!snap) { return; }
    fit = { cards: 0, standings: 0 };
    slides = buildSlides(snap);
    fitSlides();
    slideIndex = 0;
    showSlide();
  });
  // Browsers allow sound only after a click on the page.
  document.addEventListener("click", function () {
    if (snap && snap.chime && !audio) {
      try { audio = new (window.AudioContext || window.webkitAudioContext)(); } catch (e) { audio = null; }
    }
  });

  setInterval(tick, 200);
  var following = window.TournamentPush.follow({ path: document.body.getAttribute("data-push"), check: check,
                                                 every: function () { return pollMs; } });
})();
