// The projector view follows the results: each server-sent event carries the view's content
// again. Without this script the page reloads itself every 30 seconds (its noscript refresh).
(function () {
  var box = document.getElementById("live-content");
  if (!box || !window.EventSource) return;
  var source = new EventSource(box.getAttribute("data-events"));
  source.addEventListener("update", function (event) {
    box.innerHTML = event.data;
  });
})();
