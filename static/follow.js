// A page that follows the data (the staff's dashboard, a player's board): each server-sent
// event carries the page's content again. What the content marks to be said (`data-say`: the
// alerts, the board and what waits for the player) goes to a status line that screen readers
// read when it changes: only what is new, and emptied again once read. A stream refused (the
// server's share of streams is taken) is not opened again: the page reloads itself every 30
// seconds instead, as it does without this script.
(function () {
  var box = document.getElementById("follow-content");
  if (!box || !window.EventSource) return;
  var said = document.getElementById("follow-said");

  // What the content marks to be said, part by part.
  function marked() {
    return Array.prototype.map.call(box.querySelectorAll("[data-say]"), function (e) {
      return e.textContent.replace(/\s+/g, " ").trim();
    });
  }

  // Says what is new since the last time: a sentence already said (the roll call's "you are
  // checked in", an alert still standing) is not said again at the next change.
  function say() {
    if (!said) return;
    var parts = marked();
    var fresh = parts.filter(function (p) { return p && before.indexOf(p) < 0; });
    before = parts;
    if (!fresh.length) return;
    said.textContent = fresh.join(" ");
    // Once read out, the status line is emptied: a screen reader going through the page
    // afterwards meets each sentence once, where it is shown, not a second time here.
    if (clear) window.clearTimeout(clear);
    clear = window.setTimeout(function () { said.textContent = ""; }, 5000);
  }
  var before = marked();
  var clear = null;

  var source = new EventSource(box.getAttribute("data-events"));
  source.addEventListener("update", function (event) {
    box.innerHTML = event.data;
    box.setAttribute("data-updates", String(Number(box.getAttribute("data-updates") || 0) + 1));
    say();
  });
  source.addEventListener("error", function () {
    if (source.readyState === EventSource.CLOSED) {
      window.setTimeout(function () { window.location.reload(); }, 30000);
    }
  });
})();
