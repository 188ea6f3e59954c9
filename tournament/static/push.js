/* A page follows its event through a stream the server pushes (Server-Sent Events, see the
   `push` package): the stream says only that something changed, and the page's script then
   fetches its feed as it always did, so each feed's privacy rules stay on the server.

   TournamentPush.follow({ path, check, every, first, keepPace, safety }) runs `check` (one
   fetch of the feed; it may return a promise of the wait it asks for next, e.g. a backoff) at
   load, on every pushed change and on a timer: the script's own interval (`every()`) while no
   stream is live, a slow safety net while one is (SAFETY_MS, or `safety()`: a change missed
   while a stream was down cannot be replayed), or the script's interval anyway with
   `keepPace` (a feed that also moves with time).
   The page's state says which is in use: <html data-updates="push"> or "poll". With
   <html data-poll="off"> (the UPDATES_POLL setting) nothing runs on a timer but the retry
   of a check that failed.

   No stream's first bytes within READY_MS (a proxy that buffers the answer), a stream refused
   for good (204, 404, 429) or no EventSource: the page polls and tries a stream again every
   RETRY_MS. No heartbeat for SILENT_MS (the server beats every 15 s), or a page woken up,
   back online or restored from the back/forward cache without a live stream: it subscribes
   again at once and checks its feed. Every script of a page that follows one path shares one
   stream (a phone's table page runs two scripts; a device's streams are capped), and a browser
   holds at most SLOTS streams over all its tabs: the others poll. */
(function () {
  "use strict";
  var READY_MS = 5000;
  var RETRY_MS = 30000;
  var SILENT_MS = 40000;
  var SAFETY_MS = 30000;
  // A browser opens at most 6 connections to one server, whatever the tabs: streams take at
  // most this many, so a laptop with many tabs of the app can still load its pages.
  var SLOTS = 4;
  var root = document.documentElement;
  var timerPolls = root.getAttribute("data-poll") !== "off";
  var channels = {};

  function showState() {
    var paths = Object.keys(channels);
    if (!paths.length) { return; }
    var live = paths.every(function (path) { return channels[path].live; });
    root.setAttribute("data-updates", live ? "push" : "poll");
  }

  function Channel(path) {
    var self = this;
    var source = null;
    var readyTimer = null;
    var silentTimer = null;
    var retryTimer = null;
    var heardAt = 0;
    var last = null;  // the last state the stream told: a repeat is no change
    self.live = false;
    self.followers = [];

    function each(method) { self.followers.slice().forEach(function (follower) { follower[method](); }); }

    function setLive(live) {
      if (self.live === live) { return; }
      self.live = live;
      showState();
      each("plan");
    }

    function heard() {
      heardAt = Date.now();
      clearTimeout(silentTimer);
      silentTimer = setTimeout(reopen, SILENT_MS);
    }

    function shut() {
      clearTimeout(readyTimer);
      clearTimeout(silentTimer);
      clearTimeout(retryTimer);
      readyTimer = silentTimer = retryTimer = null;
      if (source) { source.close(); source = null; }
      if (release) { release(); release = null; }
    }

    function fallBack() {
      shut();
      setLive(false);
      retryTimer = setTimeout(open, RETRY_MS);
    }

    /* One of the browser's stream slots, shared by every tab (Web Locks; a page served to
       another device over plain http has none, and a phone rarely holds many tabs). */
    var release = null;
    var asking = 0;
    function withSlot(then) {
      if (!navigator.locks) { then(); return; }
      var asked = ++asking;
      var attempt = function (index) {
        if (asked !== asking) { return; }
        if (index >= SLOTS) { fallBack(); return; }
        navigator.locks.request("tournament-stream-" + index, { ifAvailable: true }, function (lock) {
          if (!lock) { attempt(index + 1); return null; }
          if (asked !== asking) { return null; }
          return new Promise(function (done) { release = done; then(); });
        });
      };
      attempt(0);
    }

    function open() {
      shut();
      if (!window.EventSource) { setLive(false); return; }
      withSlot(connect);
    }

    function connect() {
      source = new EventSource(self.path);
      readyTimer = setTimeout(fallBack, READY_MS);
      source.addEventListener("ready", function () {
        clearTimeout(readyTimer);
        readyTimer = null;
        heard();
        setLive(true);
        each("run");  // catch up with whatever changed while no stream was live
      });
      source.addEventListener("beat", heard);
      source.onmessage = function (message) {
        heard();
        if (message.data !== last) {
          last = message.data;
          each("run");
        }
      };
      source.onerror = function () {
        if (!source || source.readyState === EventSource.CLOSED) { fallBack(); return; }
        // The browser reconnects by itself (the stream's `retry`); meanwhile the page polls.
        setLive(false);
        if (!readyTimer) { readyTimer = setTimeout(fallBack, READY_MS); }
      };
    }

    function reopen() {
      open();
      each("run");
    }

    self.path = null;
    self.open = open;
    /* A phone that slept, a laptop whose lid was closed: its stream may be dead without an error. */
    self.wake = function () {
      if (!self.live || Date.now() - heardAt > SILENT_MS) { setLive(false); reopen(); }
    };
    self.pause = function () { asking += 1; shut(); setLive(false); };
  }

  function channelFor(path) {
    if (!channels[path]) {
      channels[path] = new Channel(path);
      channels[path].path = path;
      showState();
      channels[path].open();
    }
    return channels[path];
  }

  function Follower(channel, options) {
    var self = this;
    var timer = null;
    var running = false;
    var again = false;
    var stopped = false;

    self.plan = function (wait) {
      clearTimeout(timer);
      timer = null;
      // A wait the check asked for (a backoff, a 429's Retry-After) retries a check that failed.
      if (stopped || running || (!timerPolls && !wait)) { return; }
      var ms = wait ? wait : !channel || !channel.live || options.keepPace ? options.every()
        : options.safety ? options.safety() : SAFETY_MS;
      timer = setTimeout(self.run, ms);
    };

    self.run = function () {
      if (stopped) { return; }
      if (running) { again = true; return; }  // the answer on its way may predate the change
      clearTimeout(timer);
      timer = null;
      running = true;
      var done = function (wait) {
        running = false;
        if (again) { again = false; self.run(); } else { self.plan(typeof wait === "number" ? wait : 0); }
      };
      var result;
      try { result = options.check(); } catch (error) { result = null; }
      Promise.resolve(result).then(done, function () { done(0); });
    };

    self.stop = function () {
      stopped = true;
      clearTimeout(timer);
      if (channel) {
        channel.followers = channel.followers.filter(function (one) { return one !== self; });
        if (!channel.followers.length) { channel.pause(); delete channels[channel.path]; showState(); }
      }
    };

    if (channel) { channel.followers.push(self); }
    var first = options.first || 0;
    if (first && timerPolls) { timer = setTimeout(self.run, first); } else if (!first) { self.run(); }
  }

  function follow(options) {
    var channel = options.path ? channelFor(options.path) : null;
    var follower = new Follower(channel, options);
    return { now: follower.run, stop: follower.stop };
  }

  function wake() { Object.keys(channels).forEach(function (path) { channels[path].wake(); }); }

  document.addEventListener("visibilitychange", function () { if (!document.hidden) { wake(); } });
  window.addEventListener("online", wake);
  window.addEventListener("pageshow", function (event) { if (event.persisted) { wake(); } });
  // A page kept in the back/forward cache holds no stream; pageshow opens it again.
  window.addEventListener("pagehide", function (event) {
    if (event.persisted) { Object.keys(channels).forEach(function (path) { channels[path].pause(); }); }
  });

  window.TournamentPush = { follow: follow };
})();
