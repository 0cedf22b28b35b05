// Recording a game by tapping the pits of a board, as an alternative to typing the moves. Each
// tap is checked at once: the list so far is replayed by the service under the tournament's
// rules (POST /api/games/{id}/recording), which answers with the new board and the pits that may
// be played next; only those can be tapped. At the end of the game the result, the seeds and how
// it ended are filled in from the replay. Without JavaScript the moves are typed as before.
// A repair suggestion's "Use this list" puts the mended list in the sheet form, to be checked and
// sent; without this script the suggestion's own form sends it.
document.querySelectorAll("form.use-suggestion").forEach(function (suggestion) {
  suggestion.addEventListener("submit", function (event) {
    var target = document.querySelector("#sheet textarea[name=moves]");
    var mended = suggestion.querySelector("input[name=moves]");
    if (!target || !mended) return;
    event.preventDefault();
    target.value = mended.value;
    target.focus();
    var note = suggestion.querySelector(".used") || document.createElement("p");
    note.className = "used";
    note.setAttribute("role", "status");
    note.textContent = say("used", "This list is now in the form below: check it and send the sheet.");
    suggestion.appendChild(note);
  });
});

(function () {
  var form = document.querySelector("form[data-recorder]");
  if (!form || !window.fetch) return;
  var moves = form.querySelector("textarea[name=moves]");
  var game = form.getAttribute("data-recorder");
  var names = { south: form.getAttribute("data-south"), north: form.getAttribute("data-north") };
  if (!moves || !game) return;

  var recorded = [];
  var box = document.createElement("section");
  box.className = "recorder";
  box.hidden = true;
  box.setAttribute("aria-label", say("record", "Record by tapping the board"));
  var status = document.createElement("p");
  status.className = "recorder-status";
  status.setAttribute("aria-live", "polite");
  var north = document.createElement("p");
  north.className = "recorder-store";
  var grid = document.createElement("div");
  grid.className = "tapboard";
  var south = document.createElement("p");
  south.className = "recorder-store";
  var tools = document.createElement("p");
  tools.className = "row";
  var undo = document.createElement("button");
  undo.type = "button";
  undo.textContent = say("undo", "Undo the last move");
  undo.id = "tap-undo";
  var close = document.createElement("button");
  close.type = "button";
  close.className = "link";
  close.textContent = say("close", "Close the board");
  tools.appendChild(undo);
  tools.appendChild(close);
  box.appendChild(status);
  box.appendChild(north);
  box.appendChild(grid);
  box.appendChild(south);
  box.appendChild(tools);

  // North's row on top, f to a as South sees it; South's row below, A to F.
  var order = ["f", "e", "d", "c", "b", "a", "A", "B", "C", "D", "E", "F"];
  var index = { A: 0, B: 1, C: 2, D: 3, E: 4, F: 5, a: 6, b: 7, c: 8, d: 9, e: 10, f: 11 };
  var pits = {};
  order.forEach(function (letter) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "pit";
    b.setAttribute("data-pit", letter);
    b.addEventListener("click", function () { tap(letter); });
    grid.appendChild(b);
    pits[letter] = b;
  });

  var open = document.createElement("button");
  open.type = "button";
  open.id = "tap-open";
  open.textContent = say("record", "Record by tapping the board");
  var label = moves.closest("label") || moves;
  label.parentNode.insertBefore(open, label);
  label.parentNode.insertBefore(box, label);

  var legal = [];
  function draw(r) {
    legal = r.legal;
    order.forEach(function (letter) {
      var b = pits[letter];
      var seeds = r.board[index[letter]];
      var move = legal.filter(function (m) { return m.charAt(0) === letter; })[0];
      b.textContent = "";
      var count = document.createElement("span");
      count.className = "count";
      count.textContent = seeds;
      var name = document.createElement("span");
      name.className = "letter";
      name.textContent = letter;
      b.appendChild(count);
      b.appendChild(document.createTextNode(" "));
      b.appendChild(name);
      // The visible text ("4 c") starts the name screen readers give.
      b.setAttribute("aria-label", say("pit", "{seeds} {letter}: {seeds} seeds in pit {letter}", { seeds: seeds, letter: letter }) + (move ? "" : say("unplayable", ", cannot be played now")));
      b.disabled = !move;
      b.setAttribute("data-move", move || "");
    });
    north.textContent = say("store-north", "{name} (North) store: {seeds}", { name: names.north || say("north", "North"), seeds: r.stores[1] });
    south.textContent = say("store-south", "{name} (South) store: {seeds}", { name: names.south || say("south", "South"), seeds: r.stores[0] });
    undo.disabled = recorded.length === 0;
    moves.value = r.moves.join(" ");
    if (r.over) {
      var winner = r.over.winner;
      status.textContent = say("over", "Game over after {moves} moves: {reason}, {south}-{north}. The result, the seeds and the end are filled in on the form: check them and send the sheet.",
        { moves: Math.ceil(r.moves.length / 2), reason: say("reason-" + r.over.reason, r.over.reason), south: r.over.stores[0], north: r.over.stores[1] });
      fill("result", winner === "south" ? "south" : winner === "north" ? "north" : "draw");
      fill("south_seeds", String(r.over.stores[0]));
      fill("north_seeds", String(r.over.stores[1]));
      fill("end", "natural");
    } else {
      unfill();
      // Numbered as the paper sheet numbers moves: South's and North's sowing make one.
      var number = Math.floor(r.moves.length / 2) + 1;
      status.textContent = r.to_move === "south"
        ? say("move-south", "Move {number}: {name} (South) to move. Tap a pit.", { number: number, name: names.south || say("south", "South") })
        : say("move-north", "Move {number}: {name} (North) to move. Tap a pit.", { number: number, name: names.north || say("north", "North") });
    }
  }

  // What the end of the game filled in, with what each field held before: a move undone after
  // the end gives the fields back (those the player has not changed since).
  var filled = {};
  function fill(name, value) {
    var field = form.querySelector("[name=" + name + "]");
    if (!field) return;
    if (!(name in filled)) filled[name] = { before: field.value };
    field.value = value;
    filled[name].value = value;
  }
  function unfill() {
    Object.keys(filled).forEach(function (name) {
      var field = form.querySelector("[name=" + name + "]");
      if (field && field.value === filled[name].value) field.value = filled[name].before;
    });
    filled = {};
  }

  function ask(list) {
    return fetch("/api/games/" + game + "/recording", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ moves: list.join(" ") })
    }).then(function (answer) {
      return answer.json().then(function (body) {
        if (!answer.ok) throw new Error(body.error ? body.error.message : "the move was refused");
        return body;
      });
    });
  }

  // A tapped pit is disabled once the move is played (the other side moves next), and a
  // disabled button loses the keyboard's focus: it goes on to the first pit that may be played,
  // or to "Undo" once the game is over.
  function keepFocus() {
    var active = document.activeElement;
    if (active && box.contains(active) && !active.disabled) return;
    var next = grid.querySelector("button:not([disabled])") || (undo.disabled ? null : undo);
    if (next) next.focus();
  }

  function tap(letter) {
    var move = pits[letter].getAttribute("data-move");
    if (!move) return;
    recorded.push(move);
    ask(recorded).then(function (r) { draw(r); keepFocus(); }, function (e) {
      recorded.pop();
      status.textContent = say("not-recorded", "Not recorded: {error}", { error: e.message });
    });
  }

  undo.addEventListener("click", function () {
    if (recorded.length === 0) return;
    recorded.pop();
    ask(recorded).then(function (r) { draw(r); keepFocus(); }, function (e) { status.textContent = e.message; });
  });
  close.addEventListener("click", function () { box.hidden = true; open.hidden = false; open.focus(); });
  open.addEventListener("click", function () {
    // Start from what is typed when it replays; otherwise from the start of the game.
    var typed = moves.value.trim().split(/\s+/).filter(function (t) { return t.length > 0; });
    ask(typed).then(function (r) {
      recorded = r.moves.slice();
      return r;
    }, function () {
      recorded = [];
      return ask(recorded);
    }).then(function (r) {
      box.hidden = false;
      open.hidden = true;
      draw(r);
      var first = grid.querySelector("button:not([disabled])");
      if (first) first.focus();
    }, function (e) { status.textContent = e.message; box.hidden = false; });
  });
})();
