// The manual's search: every page of the site, cut at its headings, is in
// search-index.js (written by make site); this matches the words typed
// against them in the browser, with no server.
(function () {
  "use strict";
  var input = document.getElementById("search");
  var list = document.getElementById("search-results");
  var index = window.relurlSearchIndex;
  if (!input || !list || !index) {
    return;
  }
  var root = document.body.getAttribute("data-root") || "";
  var sections = [];
  index.forEach(function (page) {
    page.sections.forEach(function (s) {
      sections.push({
        title: s.heading ? page.title + " › " + s.heading : page.title,
        href: root + page.url + (s.id ? "#" + s.id : ""),
        heading: (page.title + " " + s.heading).toLowerCase(),
        text: s.text.toLowerCase()
      });
    });
  });
  function search(query) {
    var words = query.toLowerCase().split(/\s+/).filter(function (w) { return w !== ""; });
    if (words.length === 0) {
      return [];
    }
    var hits = [];
    sections.forEach(function (s) {
      var score = 0;
      for (var i = 0; i < words.length; i++) {
        var inHeading = s.heading.indexOf(words[i]) >= 0;
        if (!inHeading && s.text.indexOf(words[i]) < 0) {
          return;
        }
        score += inHeading ? 10 : 1;
      }
      hits.push({ s: s, score: score });
    });
    hits.sort(function (a, b) { return b.score - a.score; });
    return hits.slice(0, 20);
  }
  input.addEventListener("input", function () {
    list.textContent = "";
    search(input.value).forEach(function (hit) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = hit.s.href;
      a.textContent = hit.s.title;
      li.appendChild(a);
      list.appendChild(li);
    });
  });
  // A link to a page with ?q=WORDS opens it with the search done.
  var q = new URLSearchParams(window.location.search).get("q");
  if (q) {
    input.value = q;
    input.dispatchEvent(new Event("input"));
  }
})();
