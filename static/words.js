// The page's words for its scripts: `<script type="application/json" id="words">`, drawn from
// the message files in the page's language, each message with `{name}` slots. Loaded before the
// scripts that speak; the English words they give stand in when the page has none.
var WORDS = (function () {
  var element = document.getElementById("words");
  try { return element ? JSON.parse(element.textContent) : {}; } catch (e) { return {}; }
})();

function say(key, english, values) {
  var text = WORDS[key] || english;
  Object.keys(values || {}).forEach(function (k) { text = text.split("{" + k + "}").join(values[k]); });
  return text;
}
