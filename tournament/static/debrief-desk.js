/* The organiser's debrief page: the projector's keys step the debrief here too, by pressing
   the page's own buttons (which name the step they show). Keys typed into the steps editor
   stay there. */
(function () {
  "use strict";
  var KEYS = { ArrowRight: "next", PageDown: "next", " ": "next", ArrowLeft: "previous", PageUp: "previous",
               Home: "first", Escape: "stop" };

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    if (target && target.closest && target.closest("input, textarea, select, button, a, summary")) { return; }
    var key = event.key;
    if (document.documentElement.dir === "rtl" && (key === "ArrowRight" || key === "ArrowLeft")) {
      key = key === "ArrowRight" ? "ArrowLeft" : "ArrowRight";
    }
    var action = KEYS[key];
    var button = action && document.querySelector('[data-debrief-key="' + action + '"]');
    // Before the debrief started, "next" and "first" start it; at the last step "next" does nothing.
    if (!button && (action === "next" || action === "first")) {
      button = document.querySelector('[data-debrief-key="start"]');
    }
    if (button) { event.preventDefault(); button.click(); }
  });
})();
