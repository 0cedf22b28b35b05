// The sign-in page's search: the list of names keeps only those that hold what is typed
// (accents and case aside), as the search form does without this script.
(function () {
  var input = document.getElementById("find-name");
  var list = document.getElementById("player-list");
  var status = document.getElementById("find-status");
  var form = document.getElementById("find-form");
  if (!input || !list || !status || !form) return;
  var everyone = Array.prototype.map.call(list.options, function (o) {
    return { value: o.value, name: o.textContent };
  });
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function show() {
    var typed = fold(input.value.trim());
    var chosen = list.value;
    var found = everyone.filter(function (p) { return fold(p.name).indexOf(typed) >= 0; });
    var shown = found.length > 0 ? found : everyone;
    list.textContent = "";
    shown.forEach(function (p) {
      var o = document.createElement("option");
      o.value = p.value;
      o.textContent = p.name;
      o.selected = p.value === chosen;
      list.appendChild(o);
    });
    if (found.length === 1) list.value = found[0].value;
    if (!typed) status.textContent = "";
    else if (found.length === 0) status.textContent = say("none-found", "No name holds “{search}”: here is the whole list.", { search: input.value.trim() });
    else {
      var one = window.Intl && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang).select(found.length) === "one" : found.length === 1;
      status.textContent = one
        ? say("found-one", "1 name with “{search}”.", { search: input.value.trim() })
        : say("found-other", "{count} names with “{search}”.", { count: found.length, search: input.value.trim() });
    }
  }
  input.addEventListener("input", show);
  form.addEventListener("submit", function (event) { event.preventDefault(); show(); list.focus(); });
})();
