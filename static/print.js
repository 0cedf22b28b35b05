// A "Print" button: the browser's print dialogue (no inline handler, which the
// Content-Security-Policy would refuse). Printed pages carry the date and time they are printed
// at, in the page's language and as its other moments are written (not the printing browser's
// way).
// A button naming a part of the page (`data-print="adjudicated"`) prints that part alone: the
// page is marked while the dialogue is open, and the style sheet hides the rest.
document.querySelectorAll("button[data-print]").forEach(function (button) {
  button.addEventListener("click", function () {
    var part = button.getAttribute("data-print");
    if (part) document.body.setAttribute("data-printing", part);
    window.print();
  });
});
window.addEventListener("afterprint", function () { document.body.removeAttribute("data-printing"); });
// The moment in UTC, written as the page writes every moment: its pattern's slots filled.
function stampPrintedAt() {
  var now = new Date();
  var two = function (n) { return (n < 10 ? "0" : "") + n; };
  document.querySelectorAll("[data-printed-at]").forEach(function (el) {
    var day = now.getUTCDate();
    var pattern = el.getAttribute(day === 1 ? "data-pattern-first" : "data-pattern");
    var months;
    try { months = JSON.parse(el.getAttribute("data-months")); } catch (e) { months = null; }
    if (!pattern || !months) return;
    var slots = {
      day: String(day), month: months[now.getUTCMonth()], year: String(now.getUTCFullYear()),
      hour: String(now.getUTCHours()), hh: two(now.getUTCHours()), minute: two(now.getUTCMinutes())
    };
    el.textContent = pattern.replace(/\{(day|month|year|hour|hh|minute)\}/g, function (_, k) { return slots[k]; });
  });
}
stampPrintedAt();
window.addEventListener("beforeprint", stampPrintedAt);
