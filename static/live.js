// The projector view follows the results: each server-sent event carries the view's content
// again. It fits the screen without scrolling, whatever the field's size: one part at a time
// (the boards, the players by name with their board, the bracket, the standings), each cut into
// pages of as many rows as the screen holds, set side by side in as many columns as the
// screen's width allows for its longest row. A part marked `data-pages="1"` shows its first
// page only (the standings' leaders while a round is played); the bracket is a tree as tall as
// the screen, in the largest type that fits. The pages turn so that the whole cycle takes at most 30 seconds
// (between 5 and 8 seconds a page; `?every=N` sets N seconds a page). Without this script the
// page shows everything and reloads itself every 30 seconds (its noscript refresh).
(function () {
  var box = document.getElementById("live-content");
  if (!box) return;
  var asked = Number(new URLSearchParams(window.location.search).get("every"));
  var CYCLE = 30;
  var every = asked || 8;
  var timer = null;
  var pages = [];
  var at = 0;
  document.body.classList.add("paged");
  box.setAttribute("aria-live", "off");

  // A part's rows, in the order the server gave them (kept on the part: the pages move them
  // between columns).
  function rowsOf(section) {
    if (!section.liveRows) {
      section.liveRows = Array.prototype.slice.call(section.querySelectorAll("tbody tr"));
    }
    return section.liveRows;
  }

  // A part's table again as one table holding every row (the columns of an earlier layout
  // taken away).
  function gather(section) {
    var table = section.querySelector("table");
    if (!table) return null;
    var body = table.querySelector("tbody");
    rowsOf(section).forEach(function (r) { r.hidden = false; body.appendChild(r); });
    var columns = section.querySelector(".live-columns");
    if (columns) {
      columns.parentNode.insertBefore(table, columns);
      columns.parentNode.removeChild(columns);
    }
    table.style.width = "";
    return table;
  }

  // Lays a part's table out in `count` columns side by side: the table itself, then copies of
  // its head with bodies of their own (no ids: the copies are only for the eye).
  function columnsOf(section, table, count) {
    var holder = document.createElement("div");
    holder.className = "live-columns";
    table.parentNode.insertBefore(holder, table);
    holder.appendChild(table);
    var bodies = [table.querySelector("tbody")];
    for (var c = 1; c < count; c++) {
      var copy = document.createElement("table");
      copy.className = table.className;
      copy.setAttribute("aria-hidden", "true");
      copy.appendChild(table.querySelector("thead").cloneNode(true));
      var body = document.createElement("tbody");
      copy.appendChild(body);
      holder.appendChild(copy);
      bodies.push(body);
    }
    section.liveBodies = bodies;
  }

  // Cuts every part into pages of the rows that fit under its heading and above the footer,
  // in as many columns as its longest row allows.
  function layout() {
    pages = [];
    // The footer measured as it will be shown, with its pager's words in.
    var pagerNow = document.getElementById("live-pager");
    if (pagerNow) pagerNow.textContent = say("page", "Page {at} of {pages}.", { at: 99, pages: 99 });
    var sections = Array.prototype.slice.call(box.querySelectorAll(".live-page"));
    sections.forEach(function (s) { s.hidden = true; });
    sections.forEach(function (s) {
      s.hidden = false;
      var table = gather(s);
      if (!table) {
        fit(s);
        pages.push({ section: s, start: 0, end: 0 });
        s.hidden = true;
        return;
      }
      var rows = rowsOf(s);
      s.style.fontSize = "";
      s.classList.remove("wrapped");
      var wide = s.getBoundingClientRect().width;
      var gap = 32;
      var natural = naturalWidth(table);
      // Names are not cut: a part whose longest row is wider than the screen takes a smaller
      // type, down to 12 pixels; what is still too wide (two long names on a 1024-pixel
      // projector, a phone) wraps onto more lines. A part of several pages takes up to a fifth
      // smaller type for one more column where that spares a page.
      var size = parseFloat(window.getComputedStyle(s).fontSize);
      var scale = Math.max(Math.min(1, wide / natural), Math.min(1, 12 / size));
      var count = Math.max(1, Math.min(3, Math.floor((wide + gap) / (natural * scale + gap))));
      s.style.fontSize = size * scale + "px";
      if (natural * scale > wide + 1) s.classList.add("wrapped");
      var room = roomOf(s, table);
      var tall = rowHeight(rows);
      var down = Math.max(1, Math.floor(room / tall));
      var leaders = s.getAttribute("data-pages") === "1";
      var more = ((wide + gap) / (count + 1) - gap) / natural;
      if (count < 3 && !leaders && !s.classList.contains("wrapped") && more >= 0.8 * scale && more * size >= 12) {
        var down2 = Math.max(1, Math.floor(room / (tall * more / scale)));
        if (Math.ceil(rows.length / (down2 * (count + 1))) < Math.ceil(rows.length / (down * count))) {
          s.style.fontSize = size * more + "px";
          count += 1;
          room = roomOf(s, table);
          down = Math.max(1, Math.floor(room / rowHeight(rows)));
        }
      }
      // Up to a fifth smaller type (not below 12 pixels) where that spares a page: 20 boards
      // on one page rather than two of 10.
      var font = parseFloat(s.style.fontSize);
      if (!leaders && rows.length > down * count) {
        var pagesNow = Math.ceil(rows.length / (down * count));
        var wanted = Math.ceil(rows.length / (pagesNow - 1) / count);
        var factor = room / (wanted * rowHeight(rows));
        if (factor >= 0.8 && factor * font >= 12) {
          s.style.fontSize = font * factor + "px";
          room = roomOf(s, table);
          var again = Math.max(1, Math.floor(room / rowHeight(rows)));
          if (again >= wanted) down = again;
          else s.style.fontSize = font + "px";
        }
      }
      var body = table.querySelector("tbody");
      count = Math.max(1, Math.min(count, Math.ceil(rows.length / down)));
      var each = down * count;
      var last = leaders ? Math.min(rows.length, each) : rows.length;
      // Pages of even size: 19 boards are two pages of 10 and 9, not 16 and 3.
      if (!leaders && rows.length > each) {
        var pageCount = Math.ceil(rows.length / each);
        down = Math.ceil(Math.ceil(rows.length / pageCount) / count);
        each = down * count;
      }
      for (var start = 0; start < last || start === 0; start += each) {
        pages.push({ section: s, start: start, end: Math.min(start + each, last), down: down });
        if (last === 0) break;
      }
      if (count > 1) columnsOf(s, table, count);
      else s.liveBodies = [body];
      s.hidden = true;
    });
    var cycle = CYCLE / Math.max(pages.length, 1);
    every = asked || Math.max(5, Math.min(8, Math.floor(cycle)));
    var pager = document.getElementById("live-pager");
    if (pager) pager.setAttribute("data-every", String(every));
  }

  // The height the rows of a part may take: the screen's, less what is above them and what
  // comes under them (the footer, margins).
  function roomOf(section, table) {
    var body = table.querySelector("tbody");
    var top = body.getBoundingClientRect().top + window.scrollY;
    var tail = contentBottom() - body.getBoundingClientRect().bottom;
    return window.innerHeight - top - tail;
  }

  // Where the page's content ends, as the viewport sees it (the document is as tall as the
  // screen at least, its content may be shorter).
  function contentBottom() {
    return document.documentElement.getBoundingClientRect().bottom;
  }

  // The height a row takes: the tallest row's, or the rows' pitch where their borders add to
  // it.
  function rowHeight(rows) {
    var tall = 1;
    rows.forEach(function (r) { tall = Math.max(tall, r.getBoundingClientRect().height); });
    if (rows.length > 1) {
      var first = rows[0].getBoundingClientRect(), last = rows[rows.length - 1].getBoundingClientRect();
      tall = Math.max(tall, (last.bottom - first.top) / rows.length);
    }
    return tall;
  }

  // A table's width with every cell on one line, as wide as its longest row needs.
  function naturalWidth(table) {
    table.style.width = "max-content";
    table.style.tableLayout = "auto";
    var natural = table.getBoundingClientRect().width;
    table.style.width = "";
    table.style.tableLayout = "";
    return Math.max(natural, 1);
  }

  // A part without rows: the bracket takes the screen's height under its heading and the
  // largest type (from 6 to 48 pixels) with which every match still fits its place; anything
  // else is scaled down until it fits the screen.
  function fit(section) {
    section.style.zoom = "";
    var parts = section.querySelector(".tree-parts");
    var tree = parts && parts.querySelector(".tree");
    // On a phone the tree's rounds follow one another down the page, in the page's type.
    if (tree && window.getComputedStyle(tree).flexDirection === "column") return;
    if (parts) {
      parts.style.height = "";
      parts.style.fontSize = "";
      var box = parts.getBoundingClientRect();
      var tail = contentBottom() - box.bottom;
      var room = Math.max(120, window.innerHeight - (box.top + window.scrollY) - tail);
      parts.style.height = room + "px";
      var lo = 6, hi = 48;
      for (var i = 0; i < 12; i++) {
        var mid = (lo + hi) / 2;
        parts.style.fontSize = mid + "px";
        if (treeFits(parts)) lo = mid; else hi = mid;
      }
      parts.style.fontSize = lo + "px";
      return;
    }
    var tall = document.documentElement.scrollHeight;
    var wide = document.documentElement.scrollWidth;
    var scale = Math.min(1, window.innerHeight / tall, window.innerWidth / wide);
    if (scale < 1) section.style.zoom = String(Math.floor(scale * 100) / 100);
  }

  // Whether the bracket fits its height: no match taller than its place, nothing wider than
  // its column.
  function treeFits(parts) {
    if (parts.scrollWidth > parts.clientWidth + 1 || parts.scrollHeight > parts.clientHeight + 1) {
      return false;
    }
    var fits = true;
    parts.querySelectorAll(".tree-tie").forEach(function (tie) {
      var box = tie.querySelector(".tie-box");
      if (box && (box.offsetHeight > tie.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1)) {
        fits = false;
      }
    });
    parts.querySelectorAll(".tree-round h3, .tree-third").forEach(function (e) {
      if (e.scrollWidth > e.clientWidth + 1) fits = false;
    });
    return fits;
  }

  function show(k) {
    if (!pages.length) return;
    at = ((k % pages.length) + pages.length) % pages.length;
    var page = pages[at];
    pages.forEach(function (p) { p.section.hidden = p.section !== page.section; });
    var bodies = page.section.liveBodies || [];
    rowsOf(page.section).forEach(function (r, i) {
      var shown = i >= page.start && i < page.end;
      r.hidden = !shown;
      var column = shown ? Math.floor((i - page.start) / page.down) : 0;
      if (bodies[column] && r.parentNode !== bodies[column]) bodies[column].appendChild(r);
    });
    // A column with no row of this page is left out.
    bodies.forEach(function (b, c) {
      if (c > 0) b.parentNode.hidden = !b.querySelector("tr:not([hidden])");
    });
    var pager = document.getElementById("live-pager");
    if (pager) pager.textContent = say("page", "Page {at} of {pages}.", { at: at + 1, pages: pages.length });
  }

  function turn() {
    if (timer) window.clearInterval(timer);
    timer = window.setInterval(function () { show(at + 1); }, every * 1000);
  }

  // After new content, the same part and page as before (or the nearest).
  function refresh() {
    var before = pages[at];
    var id = before ? before.section.id : null;
    var nth = 0;
    if (before) {
      for (var i = 0; i < at; i++) if (pages[i].section === before.section) nth++;
    }
    var was = every;
    layout();
    var k = 0;
    for (var j = 0, seen = 0; j < pages.length; j++) {
      if (pages[j].section.id === id) {
        k = j;
        if (seen++ === nth) break;
      }
    }
    show(k);
    if (every !== was) turn();
  }

  layout();
  show(0);
  turn();
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
