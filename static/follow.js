// A page that follows the data (the staff's dashboard, a player's board): each server-sent
// event carries the page's content again. What the content marks to be said (`data-say`: the
// alerts, the board and what waits for the player) goes to a status line that screen readers
// read when it changes. A stream refused (the server's share of streams is taken) is not
// opened again: the page reloads itself every 30 seconds instead, as it does without this
// script.
(function () {
  var box = document.getElementById("follow-content");
  if (!box || !window.EventSource) return;
  var said = document.getElementById("follow-said");

  function say() {
    if (!said) return;
    var parts = Array.prototype.map.call(box.querySelectorAll("[data-say]"), function (e) {
      return e.textContent.replace(/\s+/g, " ").trim();
    });
    var text = parts.join(" ");
    if (said.textContent !== text) said.textContent = text;
  }

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
