/* Table phone: show that the results are on their way; the server makes a second submit harmless,
   this only spares the captain a confusing double tap. */
(function () {
  "use strict";
  function wire(root) {
    root.querySelectorAll("form[data-once]").forEach(function (form) {
      form.addEventListener("submit", function () {
        var button = form.querySelector("[data-send]") || form.querySelector("button[type=submit]");
        if (!button) { return; }
        var label = button.textContent;
        button.textContent = window.t("sending");
        setTimeout(function () { button.disabled = true; }, 0);
        // If the network drops, let the captain try again.
        setTimeout(function () { button.disabled = false; button.textContent = label; }, 8000);
      });
    });
  }
  wire(document);
  // A new round's form, put in place by table-follow.js, is wired like the first one.
  document.addEventListener("phone:page", function (event) { wire(event.detail); });
})();
