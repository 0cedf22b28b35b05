// A "Print" button: the browser's print dialogue (no inline handler, which the
// Content-Security-Policy would refuse).
document.querySelectorAll("button[data-print]").forEach(function (button) {
  button.addEventListener("click", function () { window.print(); });
});
