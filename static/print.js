// A "Print" button: the browser's print dialogue (no inline handler, which the
// Content-Security-Policy would refuse). Printed pages carry the reader's date and time.
document.querySelectorAll("button[data-print]").forEach(function (button) {
  button.addEventListener("click", function () { window.print(); });
});
function stampPrintedAt() {
  var now = new Date();
  var text = now.toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" }) +
    " at " + now.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  document.querySelectorAll("[data-printed-at]").forEach(function (el) { el.textContent = text; });
}
stampPrintedAt();
window.addEventListener("beforeprint", stampPrintedAt);
