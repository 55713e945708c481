// mtgrules serve: results as you type, "/" to search, Enter to open the first result.
// Served as a file (the Content-Security-Policy allows no inline script); every page works
// without it.
"use strict";

(function () {
  function searchBox() {
    return document.getElementById("q");
  }

  // "/" focuses the search box (the search page's; elsewhere, the search page opens).
  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    event.preventDefault();
    var box = searchBox();
    if (box) {
      box.focus();
      box.select();
    } else {
      window.location.href = "/search";
    }
  });

  // The interface language changes as soon as it is chosen.
  var interfaceChoice = document.getElementById("ui-lang");
  if (interfaceChoice) {
    interfaceChoice.addEventListener("change", function () {
      interfaceChoice.form.submit();
    });
  }

  var form = document.getElementById("search");
  var results = document.getElementById("results");
  if (!form || !results) return;
  var box = searchBox();
  if (!document.querySelector("main :focus")) box.focus();
  var pending = null;
  var asked = 0;

  function address(base) {
    var query = new URLSearchParams(new FormData(form));
    return base + "?" + query.toString();
  }

  // The results block as the server renders it (the same template as without script), parsed
  // inertly: DOMParser runs no script and loads nothing.
  function update() {
    var ask = ++asked;
    fetch(address("/search/results"), { headers: { Accept: "text/html" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        if (html === null || ask !== asked) return;
        var parsed = new DOMParser().parseFromString(html, "text/html");
        results.replaceChildren.apply(results, Array.prototype.slice.call(parsed.body.childNodes));
        history.replaceState(null, "", address("/search"));
      })
      .catch(function () { /* the form still submits */ });
  }

  function soon() {
    clearTimeout(pending);
    pending = setTimeout(update, 120);
  }

  box.addEventListener("input", soon);
  form.addEventListener("change", soon);
  // Enter opens the first result of what the box holds now (asked again: the list shown may
  // be of fewer letters); with none, the search page shows why.
  form.addEventListener("submit", function (event) {
    if (!box.value.trim()) return;
    event.preventDefault();
    clearTimeout(pending);
    fetch(address("/api/search"), { headers: { Accept: "application/json" } })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        var first = answer.rule ? answer.rule.url : answer.hits && answer.hits.length ? answer.hits[0].url : null;
        window.location.href = first || address("/search");
      })
      .catch(function () { window.location.href = address("/search"); });
  });
})();
