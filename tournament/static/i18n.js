/* The page's words for its scripts: the server translates them into the page's language and
   puts them in the <script type="application/json" id="i18n"> block (page_strings.py).
   t("round", {number: 3}) fills {number}; a key the page did not send reads as itself. */
(function () {
  "use strict";
  var strings = null;
  window.t = function (key, params) {
    if (strings === null) {
      var block = document.getElementById("i18n");
      try { strings = block ? JSON.parse(block.textContent) : {}; } catch (e) { strings = {}; }
    }
    var text = Object.prototype.hasOwnProperty.call(strings, key) ? strings[key] : key;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return params && Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole;
    });
  };
})();
