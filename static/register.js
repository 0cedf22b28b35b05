// The player form's register: as the name, birth year and federation are typed, the register's
// suggestions (GET /api/persons/suggest, for the staff) are listed under the register number;
// choosing one fills the number in, and the person's birth year, gender, federation and club
// where those fields are still empty (what was typed stays). Nothing is linked until the form
// is saved.
(function () {
  var box = document.getElementById("register-suggestions");
  var number = document.getElementById("register-id");
  var form = box && box.closest("form");
  if (!box || !number || !form) return;
  var field = function (name) { return form.elements[name] ? form.elements[name].value.trim() : ""; };
  var timer = null;
  var asked = "";
  function show(suggestions) {
    box.textContent = "";
    if (!suggestions.length) return;
    var p = document.createElement("p");
    p.className = "hint";
    p.textContent = say("register-found", "In the register:");
    box.appendChild(p);
    var list = document.createElement("ul");
    suggestions.forEach(function (s) {
      var item = document.createElement("li");
      var button = document.createElement("button");
      button.type = "button";
      var who = s.id + " · " + s.name + (s.birth_year ? " (" + s.birth_year + ")" : "") +
        (s.federation ? " · " + s.federation : "");
      button.textContent = say("register-use", "Use {person}", { person: who });
      button.addEventListener("click", function () {
        number.value = s.id;
        [["birth_year", s.birth_year], ["gender", s.gender], ["federation", s.federation],
         ["club", s.club]].forEach(function (pair) {
          var input = form.elements[pair[0]];
          if (input && !input.value.trim() && pair[1]) input.value = pair[1];
        });
        p.textContent = say("register-chosen", "Register number {id} chosen.", { id: s.id });
        number.focus();
      });
      item.appendChild(button);
      item.appendChild(document.createTextNode(" — " + say("why-" + s.why, s.why)));
      list.appendChild(item);
    });
    box.appendChild(list);
  }
  function ask() {
    var query = new URLSearchParams({ name: field("name"), federation: field("federation") });
    if (/^\d{4}$/.test(field("birth_year"))) query.set("birth_year", field("birth_year"));
    if (/^\d+$/.test(number.value.trim())) query.set("id", number.value.trim());
    var q = query.toString();
    if (q === asked || field("name").length < 3) return;
    asked = q;
    fetch("/api/persons/suggest?" + q, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : { suggestions: [] }; })
      .then(function (body) { if (asked === q) show(body.suggestions || []); })
      .catch(function () {});
  }
  ["name", "birth_year", "federation"].forEach(function (name) {
    if (!form.elements[name]) return;
    form.elements[name].addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(ask, 300);
    });
  });
})();
