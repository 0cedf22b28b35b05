// A "Print" button: the browser's print dialogue (no inline handler, which the
// Content-Security-Policy would refuse). Printed pages carry the date and time they are printed
// at, in the page's language (not the printing browser's).
document.querySelectorAll("button[data-print]").forEach(function (button) {
  button.addEventListener("click", function () { window.print(); });
});
function stampPrintedAt() {
  var lang = document.documentElement.lang || "en";
  var text = new Date().toLocaleString(lang, { dateStyle: "long", timeStyle: "short" });
  document.querySelectorAll("[data-printed-at]").forEach(function (el) { el.textContent = text; });
}
stampPrintedAt();
window.addEventListener("beforeprint", stampPrintedAt);
