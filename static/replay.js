// Arrow keys step through the replay (the links work without this script too).
document.addEventListener("keydown", function (event) {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLSelectElement) {
    return;
  }
  var link = null;
  if (event.key === "ArrowLeft") link = document.getElementById("prev");
  if (event.key === "ArrowRight") link = document.getElementById("next");
  if (link) {
    event.preventDefault();
    window.location.href = link.href;
  }
});
