/* A table's results form (organiser page and table phone), two conveniences; the server
   applies the same rules without this script.
   1. When the form says scores decide over ticks (data-scores-say and data-scores-overrule,
      the game's own sentences in the page's language, "{name}" left to fill; set only for a
      game whose typed scores replace the tick, so a preview can never cause a refusal), the
      winner they imply is ticked and named under the game while scores are typed: the highest score; on equal scores the player listed first, as the page lists
      players in the tie rule's alphabetical order. The server applies the game's own rule.
   2. "More game rows" adds a row in the page, so winners already ticked stay ticked. */
(function () {
  "use strict";

  function impliedWinner(game) {
    var best = null;
    game.querySelectorAll("input[data-score-of]").forEach(function (input) {
      var value = input.value.trim();
      if (!/^\d+$/.test(value)) { return; }
      var count = parseInt(value, 10);
      var name = input.getAttribute("data-name");
      if (count > 0 && (best === null || count > best.count)) {  // strictly more: ties keep the first
        best = { id: input.getAttribute("data-score-of"), name: name, count: count, tied: [name] };
      } else if (best !== null && count === best.count) {
        best.tied.push(name);
      }
    });
    return best;
  }

  function listed(names) {
    var lang = document.documentElement.lang || "en";
    if (window.Intl && Intl.ListFormat) { return new Intl.ListFormat(lang, { type: "conjunction" }).format(names); }
    return names.join(", ");
  }

  function filled(sentence, name, names) {
    return sentence.replace(/\{(name|names)\}/g, function (_match, key) { return key === "name" ? name : names; });
  }

  function showImplied(game, tick, words) {
    var note = game.querySelector("[data-implied]");
    var best = impliedWinner(game);
    if (!note) { return; }
    if (best === null) { note.hidden = true; note.textContent = ""; return; }
    var radio = game.querySelector('input[type=radio][value="' + best.id + '"]');
    if (tick && radio) { radio.checked = true; }
    var ticked = game.querySelector("input[type=radio]:checked");
    note.hidden = false;
    if (ticked && ticked !== radio) {
      note.textContent = filled(words.overrule, best.name);
      note.className = "implied warning";
    } else {
      var said = best.tied.length > 1 && words.tie ? words.tie : words.say;
      note.textContent = filled(said, best.name, listed(best.tied));
      note.className = "implied";
    }
  }

  function wire(game, words) {
    if (!words) { return; }
    game.addEventListener("input", function (event) {
      if (event.target.hasAttribute("data-score-of")) { showImplied(game, true, words); }
    });
    game.addEventListener("change", function (event) {
      if (event.target.type === "radio") { showImplied(game, false, words); }
    });
    showImplied(game, false, words);
  }

  function renumber(node, index, number) {
    var prefix = /^games-\d+-/;
    node.querySelectorAll("[name], [id], label[for]").forEach(function (el) {
      ["name", "id", "for"].forEach(function (attribute) {
        var value = el.getAttribute(attribute);
        if (value && prefix.test(value)) { el.setAttribute(attribute, value.replace(prefix, "games-" + index + "-")); }
      });
    });
    node.querySelectorAll("[data-game-number]").forEach(function (el) { el.textContent = String(number); });
    var group = node.querySelector("[role=radiogroup]");
    if (group) { group.setAttribute("aria-label", window.t("winner_of_game", { number: number })); }
    var hidden = node.querySelector('input[name$="-number"]');
    if (hidden) { hidden.value = String(number); }
  }

  function wireForms(root) {
    root.querySelectorAll("form[data-results-form]").forEach(function (form) {
      var rows = form.querySelector("[data-rows]");
      var template = form.querySelector("template[data-row-template]");
      var button = form.querySelector("[data-add-rows]");
      var max = parseInt(form.getAttribute("data-max-rows"), 10) || 40;
      var words = form.hasAttribute("data-scores-say") ? {
        say: form.getAttribute("data-scores-say"), overrule: form.getAttribute("data-scores-overrule"),
        tie: form.getAttribute("data-scores-tie")
      } : null;
      rows.querySelectorAll("[data-game]").forEach(function (game) { wire(game, words); });
      if (!template || !button) { return; }
      button.addEventListener("click", function (event) {
        event.preventDefault();
        var games = rows.querySelectorAll("[data-game]");
        if (games.length >= max) { return; }
        var index = 0, number = 0;
        rows.querySelectorAll('input[name$="-number"]').forEach(function (input) {
          var match = /^games-(\d+)-/.exec(input.name);
          if (match) { index = Math.max(index, parseInt(match[1], 10) + 1); }
          number = Math.max(number, parseInt(input.value, 10) || 0);
        });
        var game = template.content.querySelector("[data-game]").cloneNode(true);
        renumber(game, index, Math.max(number, games.length) + 1);
        rows.appendChild(game);
        wire(game, words);
        if (games.length + 1 >= max) { button.hidden = true; }
        var first = game.querySelector("input[type=radio]");
        if (first) { first.focus(); }
      });
    });
  }

  wireForms(document);
  // A new round's form, put in place by the table phone's table-follow.js.
  document.addEventListener("phone:page", function (event) { wireForms(event.detail); });
})();
