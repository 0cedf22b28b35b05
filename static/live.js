// The projector view follows the results: each server-sent event carries the view's content
// again. It fits the screen without scrolling, whatever the field's size: one part at a time
// (the boards, then the players by name with their board, then the standings), each cut into
// pages of as many rows as the screen holds, turning every few seconds (`?every=N` seconds;
// 8 by default). Without this script the page shows everything and reloads itself every 30
// seconds (its noscript refresh).
(function () {
  var box = document.getElementById("live-content");
  if (!box) return;
  var every = Number(new URLSearchParams(window.location.search).get("every")) || 8;
  var pages = [];
  var at = 0;
  document.body.classList.add("paged");
  box.setAttribute("aria-live", "off");

  function rowsOf(section) {
    return Array.prototype.slice.call(section.querySelectorAll("tbody tr"));
  }

  // Cuts every part into pages of the rows that fit under its heading and above the footer.
  function layout() {
    pages = [];
    var sections = Array.prototype.slice.call(box.querySelectorAll(".live-page"));
    sections.forEach(function (s) { s.hidden = true; });
    sections.forEach(function (s) {
      s.hidden = false;
      var rows = rowsOf(s);
      rows.forEach(function (r) { r.hidden = false; });
      var body = s.querySelector("tbody");
      var top = body ? body.getBoundingClientRect().top + window.scrollY : 0;
      var bottom = body ? body.getBoundingClientRect().bottom + window.scrollY : 0;
      // What comes under the rows (the footer, margins) must fit too.
      var tail = document.documentElement.scrollHeight - bottom;
      var room = window.innerHeight - top - tail;
      var start = 0;
      var used = 0;
      rows.forEach(function (r, i) {
        var h = r.getBoundingClientRect().height;
        if (used + h > room && i > start) {
          pages.push({ section: s, start: start, end: i });
          start = i;
          used = 0;
        }
        used += h;
      });
      pages.push({ section: s, start: start, end: rows.length });
      s.hidden = true;
    });
  }

  function show(k) {
    if (!pages.length) return;
    at = ((k % pages.length) + pages.length) % pages.length;
    var page = pages[at];
    pages.forEach(function (p) { p.section.hidden = p.section !== page.section; });
    rowsOf(page.section).forEach(function (r, i) {
      r.hidden = i < page.start || i >= page.end;
    });
    var pager = document.getElementById("live-pager");
    if (pager) pager.textContent = say("page", "Page {at} of {pages}.", { at: at + 1, pages: pages.length });
  }

  // After new content, the same part and page as before (or the nearest).
  function refresh() {
    var before = pages[at];
    var id = before ? before.section.id : null;
    var nth = 0;
    if (before) {
      for (var i = 0; i < at; i++) if (pages[i].section === before.section) nth++;
    }
    layout();
    var k = 0;
    for (var j = 0, seen = 0; j < pages.length; j++) {
      if (pages[j].section.id === id) {
        k = j;
        if (seen++ === nth) break;
      }
    }
    show(k);
  }

  layout();
  show(0);
  window.setInterval(function () { show(at + 1); }, every * 1000);
  window.addEventListener("resize", refresh);
  if (window.EventSource) {
    var source = new EventSource(box.getAttribute("data-events"));
    source.addEventListener("update", function (event) {
      box.innerHTML = event.data;
      refresh();
    });
    // A stream refused (the server's share of streams is taken) is not opened again: the page
    // reloads itself every 30 seconds instead, as it does without this script.
    source.addEventListener("error", function () {
      if (source.readyState === EventSource.CLOSED) {
        window.setTimeout(function () { window.location.reload(); }, 30000);
      }
    });
  }
})();
