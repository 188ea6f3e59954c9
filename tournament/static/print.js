// The print pages' "Print…" button (scripts must be files: the CSP forbids inline ones).
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) window.print();
});
