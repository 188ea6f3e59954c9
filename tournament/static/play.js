/* An online player's page (templates/play/page.html).

   - Asks the state URL with the screen's key on each change the server pushes for the event
     and the player's table (static/push.js), or every poll_ms while no stream is live; 204
     means nothing changed. One request at a time; on errors it waits longer each time (up to
     10 s), says "reconnecting" and recovers by itself. A 404 (the name was released) stops
     and says why. A 429 (asked too often) waits as long as its Retry-After says, then asks on.
     The key names the player's table (revision.table.clock…): when it moves to another table,
     the page's stream for that table is read from the page and followed instead.
   - A new key brings the screen's HTML, drawn and escaped by the server. It is put in place
     node by node (`morph`): only what differs is changed, so the focused control and a screen
     reader's place stay when a seat comes or goes or a card is played. The chat line and the
     drawing pad sit outside #screen, so typing and drawing go on.
   - One polite live region outside the screen reads out each card played and trick taken
     (the screen's hidden .deal-news sentences not read out yet) and whose turn it is.
   - The pad comes as the strokes after the pad state this page names (padAt), or whole when the
     server does not know that state (strokes_since null). An answer extending a state this page
     no longer holds (another answer came in between) is not added: the next poll asks again.
   - Actions are POSTed as JSON with the page's CSRF token and a nonce made once per screen
     and action+argument, so a double tap or a resend is the same action to the server.
     The tapped control is disabled until the answer; a refusal's sentence shows in a live region.
   - Every word shown comes from the page (i18n.js); names are never put into HTML here. */
(function () {
  "use strict";
  var root = document.getElementById("play");
  if (!root) { return; }
  var screen = document.getElementById("screen");
  var connection = document.getElementById("play-connection");
  var alertBox = document.getElementById("play-alert");
  var stateUrl = root.getAttribute("data-state-url");
  var actUrl = root.getAttribute("data-act-url");
  var hereUrl = root.getAttribute("data-here-url");
  var csrf = root.getAttribute("data-csrf");
  var key = root.getAttribute("data-key");
  var pollMs = parseInt(root.getAttribute("data-poll-ms"), 10) || 2000;
  // While a deal shows, the key also moves every this often (who is away), which no stream tells.
  var awayMs = parseInt(root.getAttribute("data-away-ms"), 10) || 15000;
  var SAFETY_MS = 30000;
  var padAt = root.getAttribute("data-pad-at") || "";  // the pad state the strokes below are
  var SHOWN = parseInt(root.getAttribute("data-shown-strokes"), 10) || 300;  // the server's last strokes shown
  var MAX_WAIT = 10000;
  var MAX_RETRY_AFTER = 60000;
  var HERE_MS = 10000;      // how often the device says it is here (the server writes it no more often)
  var lastHere = 0;

  var nonces = {};          // "action:argument" -> nonce, for the screen with this key
  var heldFocus = null;     // the focused control disabled while its action is sent (focusKey)
  var epoch = 0;            // grows with every action answer: older poll answers are dropped
  var failures = 0;
  var stopped = false;
  var following = null;

  function newNonce() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function nonceFor(what) {
    if (!Object.prototype.hasOwnProperty.call(nonces, what)) { nonces[what] = newNonce(); }
    return nonces[what];
  }

  function say(box, text) { box.textContent = text || ""; }

  /* ---- the screen ---- */
  function focusKey(element) {
    if (!element || !screen.contains(element) || !element.getAttribute) { return null; }
    var parts = ["data-action", "data-card", "data-index", "data-gesture", "data-after"].map(function (name) {
      return element.getAttribute(name) || "";
    });
    return parts.join("|");
  }

  function refocus(wanted) {
    if (!wanted) { return false; }
    var controls = screen.querySelectorAll("[data-action]");
    for (var i = 0; i < controls.length; i++) {
      if (focusKey(controls[i]) === wanted && !controls[i].disabled) { controls[i].focus(); return true; }
    }
    return false;
  }

  /* The focused control went (a card just played): the keyboard goes on from the deal's
     sentence (whose turn it is) rather than from the top of the page. */
  function keepFocusNear() {
    var status = screen.querySelector("#deal-status") || screen.querySelector("h1");
    if (status) {
      if (!status.hasAttribute("tabindex")) { status.setAttribute("tabindex", "-1"); }
      status.focus();
    }
  }

  /* Two nodes are the same thing on both screens when they have the same kind and name: the
     tag and `data-k` (a seat, a card) or id. */
  function sameThing(a, b) {
    if (a.nodeType !== b.nodeType) { return false; }
    if (a.nodeType !== 1) { return true; }
    return a.tagName === b.tagName && (a.getAttribute("data-k") || a.id) === (b.getAttribute("data-k") || b.id);
  }

  function wantedAfter(node, wanted, i) {
    for (var j = i + 1; j < wanted.length; j++) { if (sameThing(node, wanted[j])) { return true; } }
    return false;
  }

  /* Make `from` (in the page) like `to` (parsed from the new HTML), changing only what differs. */
  function morph(from, to) {
    if (from.nodeType !== 1) {
      if (from.nodeValue !== to.nodeValue) { from.nodeValue = to.nodeValue; }
      return;
    }
    var i;
    for (i = from.attributes.length - 1; i >= 0; i--) {
      var name = from.attributes[i].name;
      // A <details> the player opened stays open.
      if (!to.hasAttribute(name) && !(name === "open" && from.tagName === "DETAILS")) { from.removeAttribute(name); }
    }
    for (i = 0; i < to.attributes.length; i++) {
      var attribute = to.attributes[i];
      if (from.getAttribute(attribute.name) !== attribute.value) { from.setAttribute(attribute.name, attribute.value); }
    }
    morphChildren(from, to);
  }

  function morphChildren(from, to) {
    var i;
    var wanted = Array.prototype.slice.call(to.childNodes);
    for (i = 0; i < wanted.length; i++) {
      var here = from.childNodes[i] || null;
      // A thing gone from the new screen is removed rather than its followers moved up past
      // it (moving a node takes the focus away from it).
      while (here && !sameThing(here, wanted[i])
             && (here.nodeType === 1 ? !wantedAfter(here, wanted, i) : wanted[i].nodeType === 1)) {
        var gone = here;
        here = here.nextSibling;
        from.removeChild(gone);
      }
      if (here && sameThing(here, wanted[i])) { morph(here, wanted[i]); continue; }
      var later = null;
      for (var node = here; node; node = node.nextSibling) {
        if (node.nodeType === 1 && sameThing(node, wanted[i])) { later = node; break; }
      }
      if (later) { from.insertBefore(later, here); morph(later, wanted[i]); }
      else { from.insertBefore(wanted[i].cloneNode(true), here); }
    }
    while (from.childNodes.length > wanted.length) { from.removeChild(from.lastChild); }
  }

  function apply(state) {
    if (!state || typeof state.key !== "string") { return; }
    if (typeof state.poll_ms === "number" && state.poll_ms > 0) { pollMs = state.poll_ms; }
    if (state.key === key) { return; }
    var focused = document.activeElement;
    var lost = !focused || focused === document.body;
    var wanted = focusKey(focused) || (lost ? heldFocus : null);
    key = state.key;
    nonces = {};
    var next = document.createElement("div");
    next.innerHTML = state.html;  // drawn and escaped by the server
    morphChildren(screen, next);
    if (!takeStrokes(state)) { key = ""; }
    root.setAttribute("data-key", key);
    followTable();
    var now = document.activeElement;
    if (wanted && (!now || !screen.contains(now) || now.disabled)) { refocus(wanted) || keepFocusNear(); }
    announceScreen();
    pending = pending.filter(function (line) { return !line.sent; });
    afterScreen();
  }

  /* The answer's strokes onto the pad this page holds; false when they extend a pad state it
     no longer holds (the strokes it lacks are then asked for again). */
  function takeStrokes(state) {
    var given = Array.isArray(state.strokes) ? state.strokes : [];
    if (typeof state.strokes_since !== "string") {
      strokes = given;
    } else if (state.strokes_since === padAt) {
      strokes = strokes.concat(given);
      if (strokes.length > SHOWN) { strokes = strokes.slice(strokes.length - SHOWN); }
    } else {
      return false;
    }
    padAt = typeof state.pad === "string" ? state.pad : "";
    return true;
  }

  /* A screen reader hears the new sentence of the deal (whose turn, pointing, the winner) or
     the move, once, even though the element carrying it was replaced. */
  var announce = document.getElementById("play-announce");
  var announced = "";
  var heard = {};  // data-k of the .deal-news sentences already read out
  function news() {
    var told = [];
    Array.prototype.forEach.call(screen.querySelectorAll(".deal-news [data-k]"), function (line) {
      var id = line.getAttribute("data-k");
      if (!heard[id]) { heard[id] = true; told.push(line.textContent.replace(/\s+/g, " ").trim()); }
    });
    return told;
  }
  function announceScreen() {
    var said = screen.querySelector("#deal-status, .move-text");
    var text = said ? said.textContent.replace(/\s+/g, " ").trim() : "";
    var told = news();
    if (text && text !== announced) { told.push(text); }
    if (announce && told.length) { announce.textContent = told.join(" "); }
    announced = text;
  }

  function afterScreen() {
    var shown = screen.querySelector(".screen");
    var pad = document.getElementById("pad");
    var chat = document.getElementById("chat");
    if (shown && pad) { pad.hidden = shown.getAttribute("data-pad") !== "1"; }
    if (shown && chat) { chat.hidden = shown.getAttribute("data-can-chat") !== "1"; }
    startClock();
    draw();
  }

  /* ---- the poll ---- */
  function failed() {
    failures += 1;
    say(connection, t("reconnecting"));
    return Math.min(MAX_WAIT, pollMs * Math.pow(2, failures));
  }

  /* How long a 429 asks to wait, in ms: its Retry-After (seconds), at least one poll interval. */
  function retryAfter(response) {
    var seconds = parseInt(response.headers.get("Retry-After"), 10);
    var wait = seconds > 0 ? seconds * 1000 : MAX_WAIT;
    return Math.max(pollMs, Math.min(MAX_RETRY_AFTER, wait));
  }

  function stop() {
    stopped = true;
    if (following) { following.stop(); }
  }

  function gone(response) {
    return response.json().then(function (body) {
      stop();
      say(connection, "");
      say(alertBox, body && body.error);
    }, stop);
  }

  /* Presence is a write of its own (a GET never writes): a small POST on load and then with the
     poll every HERE_MS. Best effort: a lost one is followed by the next. */
  function here() {
    if (stopped || !hereUrl) { return; }
    lastHere = Date.now();
    fetch(hereUrl, { method: "POST", cache: "no-store", headers: { "X-CSRFToken": csrf } })
      .catch(function () { lastHere = 0; });
  }

  function check() {
    if (stopped) { return null; }
    var started = epoch;
    var url = stateUrl + "?key=" + encodeURIComponent(key) + "&pad=" + encodeURIComponent(padAt);
    return fetch(url, { cache: "no-store", headers: { "Accept": "application/json" } })
      .then(function (response) {
        if (response.status === 404) { return gone(response); }
        if (response.status === 204) { return 0; }
        if (response.status === 429) { return retryAfter(response); }
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json().then(function (state) {
          if (started === epoch) { apply(state); }
          return 0;
        });
      })
      .then(function (wait) {
        if (failures) { failures = 0; say(connection, ""); }
        return wait;
      }, failed);
  }

  /* A key of a deal's screen has a fourth part: the time's bucket of who is away. */
  function safety() { return key.split(".").length > 3 ? awayMs : SAFETY_MS; }

  /* The table a key names ("revision.table.clock…"); its stream carries that table's clock. */
  function tableOf(someKey) { return String(someKey || "").split(".")[1] || ""; }
  var followedTable = tableOf(key);

  function follow(path) {
    if (following) { following.stop(); }
    following = window.TournamentPush.follow({ path: path, check: check, first: pollMs,
                                               every: function () { return pollMs; }, safety: safety });
  }

  /* Seated at another table: the page names the stream of the new one. */
  function followTable() {
    var table = tableOf(key);
    if (stopped || !key || table === followedTable) { return; }
    followedTable = table;
    fetch(window.location.pathname, { cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        var fresh = html && new DOMParser().parseFromString(html, "text/html").getElementById("play");
        var path = fresh && fresh.getAttribute("data-push");
        if (path && !stopped && tableOf(fresh.getAttribute("data-key")) === followedTable) {
          root.setAttribute("data-push", path);
          follow(path);
        } else {
          followedTable = "";  // not taken up (a busy server, another move meanwhile): the next key tries again
        }
      })
      .catch(function () { followedTable = ""; });
  }

  /* ---- actions ---- */
  /* `box`: where a refusal is said (the pad says its own). */
  function send(body, what, control, box) {
    box = box || alertBox;
    body.nonce = nonceFor(what);
    // A disabled button loses the focus: it gets it back when the answer comes, so the keyboard
    // goes on from where it was (or near it, when the answer takes the control away).
    var hadFocus = control && document.activeElement === control;
    if (hadFocus) { heldFocus = focusKey(control); }
    if (control) { control.disabled = true; control.setAttribute("aria-busy", "true"); }
    say(box, "");
    var release = function () {
      if (control) { control.disabled = false; control.removeAttribute("aria-busy"); }
      var lost = !document.activeElement || document.activeElement === document.body;
      if (hadFocus && lost && control.isConnected) { control.focus(); }
      if (hadFocus) { window.setTimeout(function () { heldFocus = null; }, 0); }
    };
    return fetch(actUrl + "?pad=" + encodeURIComponent(padAt), {
      method: "POST", cache: "no-store",
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().catch(function () { return null; }).then(function (answer) {
        epoch += 1;
        release();
        if (response.ok) {
          apply(answer);
          return true;
        }
        if (response.status === 404) { stop(); }
        say(box, answer && answer.error ? answer.error : t("not_sent"));
        if (response.status === 409 && following) { following.now(); }
        return false;
      });
    }, function () {
      release();
      say(box, t("not_sent"));
      return false;
    });
  }

  root.addEventListener("click", function (event) {
    var control = event.target.closest("[data-action]");
    if (!control || !root.contains(control) || control.disabled) { return; }
    var action = control.getAttribute("data-action");
    var body = { action: action };
    var argument = "";
    if (action === "play") { body.card = argument = control.getAttribute("data-card"); }
    else if (action === "point") { body.index = parseInt(control.getAttribute("data-index"), 10); argument = String(body.index); }
    else if (action === "deal") { body.after = parseInt(control.getAttribute("data-after"), 10); argument = String(body.after); }
    else if (action === "gesture") { body.gesture = argument = control.getAttribute("data-gesture"); }
    else if (action === "clear") {
      strokes = [];
      pending = [];
      padAt = "";  // the next answer brings the whole pad, cleared or not
      draw();
    } else { return; }
    send(body, action + ":" + argument, control);
  });

  var chat = document.getElementById("chat");
  if (chat) {
    chat.addEventListener("submit", function (event) {
      event.preventDefault();
      var input = document.getElementById("chat-text");
      var text = input.value.trim();
      if (!text) { return; }
      var button = chat.querySelector("button");
      send({ action: "chat", text: text }, "chat:" + text, button).then(function (sent) {
        if (sent && input.value.trim() === text) { input.value = ""; }
      });
    });
  }

  /* ---- the timer: counted down here from the seconds the screen was drawn with ---- */
  var clockTimer = null;
  function startClock() {
    window.clearInterval(clockTimer);
    var box = document.getElementById("play-timer");
    if (!box || box.getAttribute("data-running") !== "1") { return; }
    var endsAt = Date.now() + parseFloat(box.getAttribute("data-left")) * 1000;
    var clock = box.querySelector(".timer-clock");
    var tick = function () {
      var left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      if (left <= 0) {
        clock.textContent = t("time_up");
        box.classList.add("up");
        window.clearInterval(clockTimer);
        return;
      }
      clock.textContent = Math.floor(left / 60) + ":" + ("0" + (left % 60)).slice(-2);
    };
    tick();
    clockTimer = window.setInterval(tick, 1000);
  }

  /* ---- the drawing pad: points in 0..1000 on both axes, the same on every screen ---- */
  var canvas = document.getElementById("pad-canvas");
  var padNote = document.getElementById("pad-note");
  var strokes = [];
  var pending = [];          // lines drawn here and not yet in the server's answer
  var current = null;
  var MAX_POINTS = parseInt(root.getAttribute("data-max-points"), 10) || 400;  // the server's limit per stroke
  var COLOURS = { ink: "#111722", red: "#c21d1d", blue: "#1f5fbf", green: "#12783d" };
  try {
    strokes = JSON.parse(document.getElementById("play-strokes").textContent) || [];
  } catch (e) { strokes = []; }

  function line(context, points, colour) {
    if (!points.length) { return; }
    var sx = canvas.width / 1000, sy = canvas.height / 1000;
    context.strokeStyle = COLOURS[colour] || COLOURS.ink;
    context.lineWidth = 8;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.beginPath();
    context.moveTo(points[0][0] * sx, points[0][1] * sy);
    for (var i = 1; i < points.length; i++) { context.lineTo(points[i][0] * sx, points[i][1] * sy); }
    if (points.length === 1) { context.lineTo(points[0][0] * sx + 0.1, points[0][1] * sy); }
    context.stroke();
  }

  function draw() {
    if (!canvas) { return; }
    var context = canvas.getContext("2d");
    context.clearRect(0, 0, canvas.width, canvas.height);
    strokes.forEach(function (stroke) { line(context, stroke.points || [], stroke.colour); });
    pending.forEach(function (stroke) { line(context, stroke.points, stroke.colour); });
    if (current) { line(context, current.points, current.colour); }
  }

  function colour() {
    var chosen = document.querySelector("input[name='pad-colour']:checked");
    return chosen ? chosen.value : "ink";
  }

  function pointOf(event) {
    var box = canvas.getBoundingClientRect();
    var x = Math.round((event.clientX - box.left) / box.width * 1000);
    var y = Math.round((event.clientY - box.top) / box.height * 1000);
    return [Math.max(0, Math.min(1000, x)), Math.max(0, Math.min(1000, y))];
  }

  function finish() {
    if (!current) { return; }
    var stroke = current;
    current = null;
    if (stroke.points.length < 2) { draw(); return; }
    pending.push(stroke);
    stroke.nonce = newNonce();
    nonces["stroke:" + stroke.nonce] = stroke.nonce;
    send({ action: "stroke", points: stroke.points, colour: stroke.colour }, "stroke:" + stroke.nonce, null, padNote)
      .then(function () { stroke.sent = true; pending = pending.filter(function (one) { return one !== stroke; }); draw(); });
  }

  if (canvas) {
    canvas.addEventListener("pointerdown", function (event) {
      event.preventDefault();
      canvas.setPointerCapture(event.pointerId);
      current = { points: [pointOf(event)], colour: colour() };
      draw();
    });
    canvas.addEventListener("pointermove", function (event) {
      if (!current) { return; }
      var point = pointOf(event);
      var last = current.points[current.points.length - 1];
      if (Math.abs(point[0] - last[0]) + Math.abs(point[1] - last[1]) < 6) { return; }
      current.points.push(point);
      if (current.points.length >= MAX_POINTS) {
        var carry = { points: [point], colour: current.colour };
        finish();
        current = carry;
      }
      draw();
    });
    canvas.addEventListener("pointerup", finish);
    canvas.addEventListener("pointercancel", finish);
  }

  announced = (screen.querySelector("#deal-status, .move-text") || { textContent: "" }).textContent.replace(/\s+/g, " ").trim();
  news();  // what the first screen shows is not news
  // A phone woken up asks at once rather than after a long backed-off wait.
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && following) { following.now(); }
  });

  afterScreen();
  here();
  // Presence has a pace of its own: a pushed page asks for its state only when something changed.
  window.setInterval(function () {
    if (!stopped && Date.now() - lastHere >= HERE_MS) { here(); }
  }, HERE_MS / 5);
  follow(root.getAttribute("data-push"));
})();
