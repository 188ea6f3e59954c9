// Rules editor: re-render the sheet preview on the server whenever a setting changes, so the
// preview always uses the same wording code as the printed sheets. The form's own fields are
// sent as they are (whatever the game's settings), without the CSRF token: a preview changes
// nothing.
(() => {
  const box = document.querySelector("[data-preview-url]");
  const form = box && document.querySelector(box.dataset.previewForm);
  if (!form) return;
  let pending = null;

  async function refresh() {
    const params = new URLSearchParams(new FormData(form));
    params.delete("csrf_token");
    params.set("table", box.dataset.table);
    pending?.abort();
    pending = new AbortController();
    box.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(`${box.dataset.previewUrl}?${params}`, { signal: pending.signal });
      if (response.ok) box.innerHTML = await response.text();
    } catch (error) {
      if (error.name !== "AbortError") throw error;
    } finally {
      box.removeAttribute("aria-busy");
    }
  }

  // Typing (the house rule) refreshes once the typing pauses, not on every key.
  let typing = null;
  form.addEventListener("change", refresh);
  form.addEventListener("input", (event) => {
    if (event.target.type !== "text") return;
    clearTimeout(typing);
    typing = setTimeout(refresh, 300);
  });
  refresh();
})();
