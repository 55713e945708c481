// mtgrules serve: results as you type, "/" to search, Enter to open the first result.
// Served as a file (the Content-Security-Policy allows no inline script); every page works
// without it: the forms submit and the server answers.
"use strict";

(function () {
  function address(form, base) {
    return base + "?" + new URLSearchParams(new FormData(form)).toString();
  }

  // "/" focuses the search box (every page has one).
  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var box = document.getElementById("q");
    if (!box) return;
    event.preventDefault();
    box.focus();
    box.select();
  });

  // The interface language changes as soon as it is chosen.
  var interfaceChoice = document.getElementById("ui-lang");
  if (interfaceChoice) {
    interfaceChoice.addEventListener("change", function () {
      interfaceChoice.form.submit();
    });
  }

  var pending = null;

  // Enter opens the first result of what the box holds now (asked again: a list shown may be
  // of fewer letters); with none, the search page says why.
  Array.prototype.forEach.call(document.querySelectorAll("form.find"), function (form) {
    form.addEventListener("submit", function (event) {
      var box = form.querySelector("input[name=q]");
      if (!box || !box.value.trim()) return;
      event.preventDefault();
      clearTimeout(pending);
      fetch(address(form, "/api/search"), { headers: { Accept: "application/json" } })
        .then(function (response) { return response.json(); })
        .then(function (answer) {
          var first = answer.rule ? answer.rule.url : answer.hits && answer.hits.length ? answer.hits[0].url : null;
          window.location.href = first || address(form, "/search");
        })
        .catch(function () { window.location.href = address(form, "/search"); });
    });
  });

  // Results as one types, on the search page.
  var form = document.getElementById("search");
  var results = document.getElementById("results");
  if (!form || !results) return;
  var box = document.getElementById("q");
  if (!document.querySelector("main :focus")) box.focus();
  var asked = 0;

  // The results block as the server renders it (the template the page includes), parsed
  // inertly: DOMParser runs no script and loads nothing.
  function update() {
    var ask = ++asked;
    fetch(address(form, "/search/results"), { headers: { Accept: "text/html" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        if (ask !== asked) return;
        var parsed = new DOMParser().parseFromString(html, "text/html");
        results.replaceChildren.apply(results, Array.prototype.slice.call(parsed.body.childNodes));
        history.replaceState(null, "", address(form, "/search"));
      })
      .catch(function () { /* the form still submits */ });
  }

  function soon() {
    clearTimeout(pending);
    pending = setTimeout(update, 120);
  }

  box.addEventListener("input", soon);
  form.addEventListener("change", soon);
})();
