// The replay viewer: steps through the game without reloading the page (the arrow keys, Home
// and End, the previous and next buttons, the slider, the move list). Every board comes with the
// page (#replay-data); without this script the links and the slider's form load each ply.
(function () {
  var data = document.getElementById("replay-data");
  var board = document.getElementById("replay-board");
  if (!data || !board) return;
  var boards = JSON.parse(data.textContent);
  var last = boards.length - 1;
  var label = document.getElementById("ply-label");
  var slider = document.getElementById("ply-slider");
  var go = document.getElementById("slider-go");
  var list = document.getElementById("move-list");
  var links = list ? list.querySelectorAll("a[data-ply]") : [];
  var shown = slider ? Number(slider.value) : last;

  // Buttons in place of the previous and next links.
  function button(id, text, step) {
    var old = document.getElementById(id) || null;
    var b = document.createElement("button");
    b.type = "button";
    b.id = id;
    b.textContent = text;
    b.addEventListener("click", function () { show(shown + step); });
    var stepper = label.parentNode;
    if (old) {
      stepper.replaceChild(b, old);
    } else {
      // The end of the game reached: a span stands where the link would be.
      var spans = stepper.querySelectorAll("span");
      var placeholder = step < 0 ? spans[0] : spans[spans.length - 1];
      if (placeholder && placeholder !== label) stepper.replaceChild(b, placeholder);
      else stepper.appendChild(b);
    }
    return b;
  }
  var prev = button("prev", "◀ previous", -1);
  var next = button("next", "next ▶", 1);
  if (go) go.hidden = true;

  function show(ply, quiet) {
    ply = Math.max(0, Math.min(last, ply));
    shown = ply;
    var b = boards[ply];
    for (var i = 0; i < 12; i++) {
      var count = board.querySelector('[data-pit="' + i + '"]');
      var circle = board.querySelector('[data-pit-circle="' + i + '"]');
      if (count) { count.textContent = b.pits[i]; count.setAttribute("fill", b.colours[i][1]); }
      if (circle) {
        circle.setAttribute("fill", b.colours[i][0]);
        circle.setAttribute("stroke", b.origin === i ? "#fff" : "#3a2410");
      }
    }
    var south = board.querySelector('[data-store="south"]');
    var north = board.querySelector('[data-store="north"]');
    if (south) south.textContent = b.stores[0];
    if (north) north.textContent = b.stores[1];
    var svg = board.querySelector("svg");
    if (svg) svg.setAttribute("aria-label", say("board-after", "Board after {label}: South's pits {south}, North's pits {north}; stores {stores-south} and {stores-north}.",
      { label: b.label, south: b.pits.slice(0, 6).join(", "), north: b.pits.slice(6).join(", "), "stores-south": b.stores[0], "stores-north": b.stores[1] }));
    label.textContent = b.label;
    if (slider) slider.value = ply;
    prev.disabled = ply === 0;
    next.disabled = ply === last;
    for (var k = 0; k < links.length; k++) {
      var current = Number(links[k].getAttribute("data-ply")) === ply;
      links[k].classList.toggle("current", current);
      if (current) links[k].setAttribute("aria-current", "step");
      else links[k].removeAttribute("aria-current");
    }
    // A page read from a disk or a static site keeps its address as it is.
    if (!quiet && window.history && history.replaceState && !board.hasAttribute("data-static")) {
      history.replaceState(null, "", "?ply=" + ply + "#replay");
    }
  }

  if (slider) slider.addEventListener("input", function () { show(Number(slider.value)); });
  // The move list, and the moves the endgame tables mark (#lost), step without a reload.
  var marked = document.querySelectorAll("#lost a[data-ply]");
  var steps = Array.prototype.slice.call(links).concat(Array.prototype.slice.call(marked));
  for (var k = 0; k < steps.length; k++) {
    steps[k].addEventListener("click", function (event) {
      event.preventDefault();
      show(Number(this.getAttribute("data-ply")));
    });
  }
  document.addEventListener("keydown", function (event) {
    var t = event.target;
    if (t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement ||
        (t instanceof HTMLInputElement && t.type !== "range")) {
      return;
    }
    if (t === slider) return; // the slider moves itself, and says so through "input"
    var to = null;
    if (event.key === "ArrowLeft") to = shown - 1;
    if (event.key === "ArrowRight") to = shown + 1;
    var inside = document.getElementById("replay").contains(t);
    if (inside && event.key === "Home") to = 0;
    if (inside && event.key === "End") to = last;
    if (to !== null) {
      event.preventDefault();
      show(to);
    }
  });
  show(shown, true);
})();
