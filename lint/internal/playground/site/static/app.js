// relurl playground: renders what the WebAssembly module's analyse(url, base, enable)
// reports (package playground's Report, as JSON). No framework, no build
// step; everything is built with DOM calls, never from HTML strings.
"use strict";

(function () {
  const RFC_BASE = "http://a/b/c/d;p?q#f";
  const DEFAULT = { url: "../../g;x?y#s", base: RFC_BASE };
  const EXAMPLES = [
    { label: "../../g;x?y#s", url: "../../g;x?y#s", base: RFC_BASE, title: "§5.1: two levels up, with params, query and fragment" },
    { label: "g", url: "g", base: RFC_BASE, title: "§5.1 Normal Examples" },
    { label: ";x", url: ";x", base: RFC_BASE, title: "§5.1: params alone keep the base path (RFC 3986 differs)" },
    { label: "../../../g", url: "../../../g", base: RFC_BASE, title: "§5.2: more \"..\" than levels" },
    { label: "http:g", url: "http:g", base: RFC_BASE, title: "§5.2: the loophole" },
    { label: "#s", url: "#s", base: RFC_BASE, title: "§5.1: a fragment alone" },
    { label: "http://a/%zz", url: "http://a/%zz", base: "", title: "a malformed escape" },
    { label: "http://a/b c?d^", url: "http://a/b c?d^", base: "", title: "a space and a national character" },
    { label: "http://a//b", url: "http://a//b", base: "", title: "the opaque form of absoluteURL" },
    { label: "./this:that", url: "./this:that", base: RFC_BASE, title: "§5.3: a colon in the first segment" },
  ];

  const $ = (id) => document.getElementById(id);
  const urlInput = $("url");
  const baseInput = $("base");
  const enableInput = $("enable");
  let analyse = null;
  let report = null;
  let pending = false;

  // h builds an element: h("td", {class: "x"}, child, "text", ...).
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className = v;
      else if (k === "text") el.textContent = v;
      else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      el.append(c instanceof Node ? c : String(c));
    }
    return el;
  }

  // Go quotes strings; the page shows component values the same way.
  function quote(s) {
    return JSON.stringify(s);
  }

  // byteMap maps UTF-8 byte offsets (what the library counts) to UTF-16
  // indexes (what the input element counts), and back. A lone surrogate
  // reaches Go as U+FFFD, three bytes.
  function byteMap(s) {
    const toIndex = [0];
    const toByte = [0];
    let b = 0;
    for (let i = 0; i < s.length; ) {
      const cp = s.codePointAt(i);
      const units = cp > 0xffff ? 2 : 1;
      const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      for (let k = 1; k <= n; k++) toIndex[b + k] = i + units;
      for (let k = 1; k < n; k++) toIndex[b + k] = i; // inside a character: its start
      for (let u = 1; u <= units; u++) toByte[i + u] = b + n;
      b += n;
      i += units;
    }
    return {
      index: (off) => toIndex[Math.max(0, Math.min(off, b))] ?? s.length,
      byte: (idx) => toByte[Math.max(0, Math.min(idx, s.length))] ?? b,
      length: b,
    };
  }

  // ---- the inputs' backdrops: highlights painted under the text ----

  const marks = { url: { hl: null, caret: null }, base: { hl: null, caret: null } };

  function paint(which) {
    const input = which === "url" ? urlInput : baseInput;
    const backdrop = input.parentElement.querySelector(".backdrop");
    const text = input.value;
    backdrop.textContent = "";
    if (text.length > 20000) return; // too long to paint usefully
    const map = byteMap(text);
    const ranges = [];
    const reading = report && (which === "url" ? report.url : report.base_url);
    if (reading) {
      for (const d of reading.diagnostics) ranges.push([d.offset, Math.max(d.end, d.offset + 1), "diag"]);
    }
    const m = marks[which];
    if (m.caret) ranges.push([m.caret[0], m.caret[1], "at-caret"]);
    if (m.hl) ranges.push([m.hl[0], Math.max(m.hl[1], m.hl[0]), "hl"]);
    // Cut the text at every boundary, in UTF-16 indexes.
    const cuts = new Set([0, text.length]);
    const r16 = ranges.map(([s, e, c]) => {
      const a = map.index(s), z = Math.max(map.index(e), a);
      cuts.add(a); cuts.add(z);
      return [a, z, c];
    });
    const points = [...cuts].filter((x) => x >= 0 && x <= text.length).sort((a, b) => a - b);
    for (let i = 0; i + 1 < points.length; i++) {
      const a = points[i], z = points[i + 1];
      const cls = r16.filter(([s, e]) => s <= a && z <= e && s < e).map(([, , c]) => c);
      backdrop.append(cls.length ? h("span", { class: [...new Set(cls)].join(" ") }, text.slice(a, z)) : text.slice(a, z));
    }
    // An empty highlight (an empty component) shows as a thin bar.
    if (m.hl && m.hl[0] === m.hl[1]) {
      const at = map.index(m.hl[0]);
      backdrop.textContent = "";
      backdrop.append(text.slice(0, at), h("span", { class: "hl" }, "\u200a"), text.slice(at));
    }
    backdrop.scrollLeft = input.scrollLeft;
  }

  function highlight(which, start, end) {
    marks.url.hl = null;
    marks.base.hl = null;
    if (which && start >= 0) marks[which].hl = [start, end];
    paint("url");
    paint("base");
  }

  function hoverable(el, which, start, end) {
    if (start < 0 || start === undefined) return el;
    const on = (ev) => { ev.stopPropagation(); highlight(which, start, end); };
    const off = () => highlight(null);
    el.addEventListener("mouseenter", on);
    el.addEventListener("mouseleave", off);
    el.addEventListener("focusin", on);
    el.addEventListener("focusout", off);
    return el;
  }

  // ---- rendering ----

  function render() {
    const url = urlInput.value, base = baseInput.value, enable = enableInput.value;
    let json;
    try {
      json = JSON.parse(analyse(url, base, enable));
    } catch (e) {
      showError("The module failed: " + e);
      return;
    }
    if (json.error) {
      showError(json.error);
      return;
    }
    report = json;
    $("status").textContent = "";
    const box = $("report");
    box.hidden = false;
    box.dataset.input = url; // what is shown, for tests to wait on
    box.dataset.base = base;
    box.dataset.enable = enable;
    $("enable-note").textContent = report.enable_error ? "Not turned on: " + report.enable_error + "." : "";
    renderVerdict();
    renderComponents();
    renderDiagnostics();
    renderTree($("tree"), report.url.tree, report.url.tree_note, "url", Infinity);
    renderTree($("ast"), report.url.ast, "", "url", 1);
    shownGrammar = null;
    renderResolution();
    renderReadings();
    marks.url.hl = marks.base.hl = null;
    updateCaret();
    paint("url");
    paint("base");
    updateHash();
  }

  function showError(msg) {
    const st = $("status");
    st.textContent = msg;
    st.classList.add("error");
  }

  function renderVerdict() {
    const r = report.url;
    const v = $("verdict");
    v.textContent = "";
    v.append(
      h("span", { class: "badge " + (r.valid ? "valid" : "invalid"), id: "verdict-badge" }, r.valid ? "valid" : "invalid"),
      h("span", { class: "badge form", id: "verdict-form" }, r.form),
      h("span", {}, r.valid ? "a URL under the §2.2 BNF" : "not a URL under the §2.2 BNF; the components are its §2.4 cut"),
    );
    if (report.base_url) {
      const b = report.base_url;
      v.append(h("span", { class: "sub" }, " · base: "),
        h("span", { class: "badge " + (b.valid && b.diagnostics.length === 0 ? "valid" : "invalid") },
          b.diagnostics.length === 0 ? "usable base" : "unusable base"));
    }
  }

  function valueCell(c) {
    if (c.name !== "path" && !c.present) return h("td", { class: "value" }, h("span", { class: "absent" }, "(absent)"));
    if (c.name === "path" && c.value === "") return h("td", { class: "value" }, h("span", { class: "absent" }, "(empty)"));
    return h("td", { class: "value" }, quote(c.value));
  }

  function renderComponents() {
    const body = $("components").tBodies[0];
    body.textContent = "";
    for (const c of report.url.components) {
      const bytes = c.present || c.name === "path" ? `[${c.start}, ${c.end})` : "";
      const row = h("tr", { class: "hoverable", tabindex: "0", "data-component": c.name },
        h("td", { class: "comp-name" }, c.name), valueCell(c), h("td", { class: "bytes" }, bytes));
      body.append(c.present || c.name === "path" ? hoverable(row, "url", c.start, c.end) : row);
    }
  }

  // ---- the manual: on the site (make site) the playground is at
  // playground/ beside docs/, and its links go to the site's pages; served
  // alone (relurl serve), to the repository's ----

  const RULES_MD = "https://github.com/relurl/relurl/blob/main/docs/rules.md";
  let manualRoot = null;

  function docHref(doc) {
    return manualRoot && doc && doc.startsWith(RULES_MD) ? manualRoot + "docs/rules.html" + doc.slice(RULES_MD.length) : doc;
  }

  function findManual() {
    fetch("../docs/rules.html", { method: "HEAD" }).then((r) => {
      if (!r.ok) return;
      manualRoot = "../";
      $("manual").href = manualRoot + "docs/playground.html";
      updateRuleLink();
      if (report) render();
    }).catch(() => {});
  }

  // The rule the link from the rules page turned on (enable=RULE): a
  // link back to its page.
  function updateRuleLink() {
    const id = enableInput.value.trim();
    const link = $("rule-link");
    const ok = /^[A-Za-z0-9_]+\/[A-Za-z0-9_-]+$/.test(id);
    link.hidden = !ok;
    if (ok) {
      link.href = docHref(RULES_MD + "#" + id.toLowerCase().replace("/", "-"));
      link.textContent = "Back to the rule " + id;
    }
  }

  function diagItem(d, which) {
    const li = h("li", { class: d.severity, tabindex: "0", "data-rule": d.rule },
      h("div", { class: "diag-head" },
        h("span", { class: "badge " + d.severity }, d.severity),
        h("a", { class: "rule", href: docHref(d.doc), title: d.summary || d.rule, target: manualRoot ? null : "_blank", rel: "noopener" }, d.rule),
        h("span", { class: "where" }, `in ${d.production}, bytes [${d.offset}, ${d.end})`),
        d.section ? h("span", { class: "where" }, "· " + d.section) : null),
      h("pre", { class: "caret" }, d.caret),
      h("p", { class: "msg" }, d.message),
      d.fix ? h("p", { class: "fix" }, d.fix) : null);
    return hoverable(li, which, d.offset, d.end);
  }

  function renderDiagnostics() {
    const ul = $("diagnostics");
    ul.textContent = "";
    const ds = report.url.diagnostics;
    if (ds.length === 0) ul.append(h("li", { class: "none" }, "No diagnostics: every rule of the catalog that applies is satisfied."));
    for (const d of ds) ul.append(diagItem(d, "url"));
    if (report.base_url && report.base_url.diagnostics.length) {
      ul.append(h("li", { class: "diag-input info" }, "The base URL:"));
      for (const d of report.base_url.diagnostics) ul.append(diagItem(d, "base"));
    }
  }

  // renderTree shows a tree of nodes {label, detail, start, end, children}
  // as nested <details>, every node hoverable.
  function renderTree(el, node, note, which, openDepth) {
    el.textContent = "";
    if (!node) {
      el.append(h("p", { class: "tree-note" }, note || "no tree"));
      return;
    }
    const build = (n, depth) => {
      const head = [h("span", { class: "node-label" }, n.label),
        n.detail ? h("span", { class: "node-detail" }, n.detail) : null,
        n.start >= 0 ? h("span", { class: "node-span" }, `[${n.start}, ${n.end})`) : null];
      let out;
      if (n.children && n.children.length) {
        const summary = h("summary", {}, head);
        out = h("details", { open: depth < openDepth, "data-start": n.start, "data-end": n.end, "data-label": n.label }, summary,
          n.children.map((c) => build(c, depth + 1)));
        hoverable(summary, which, n.start, n.end);
      } else {
        out = h("div", { class: "leaf", tabindex: "0", "data-start": n.start, "data-end": n.end, "data-label": n.label }, head);
        hoverable(out, which, n.start, n.end);
      }
      return out;
    };
    el.append(build(node, 0));
  }

  function renderResolution() {
    const el = $("resolution");
    el.textContent = "";
    const res = report.resolution;
    if (!res) {
      el.append(h("p", { class: "hint" }, "Give a base URL to see the reference resolved by the steps of §4, and the shortest reference back."));
      return;
    }
    if (!res.strict) el.append(h("p", { class: "note", id: "lenient-note" }, res.note));
    el.append(h("p", { class: "result" }, h("code", {}, quote(report.input)), " against ", h("code", {}, quote(report.base)), " resolves to ",
      h("output", { id: "result" }, res.result), h("span", { class: "badge form" }, res.form),
      h("span", { class: "sub" }, "decided by step " + res.decided)));
    const ol = h("ol", { class: "steps", id: "steps" });
    for (const s of res.steps) {
      ol.append(h("li", { class: s.decides ? "decides" : "", "data-step": s.id },
        h("span", { class: "step-id" }, "Step " + s.id),
        h("span", { class: "step-note" }, s.note, s.decides ? [" ", h("span", { class: "badge decides" }, "decides")] : null)));
    }
    el.append(ol);
    if (res.path) el.append(h("h3", {}, "Step 6, rule by rule"), renderStep6(res.path));
    if (res.base_note) el.append(h("p", { class: "hint" }, res.base_note));
    const rows = res.components.map((c) => {
      const from = c.origin === "base" ? report.base_url : c.origin === "reference" ? report.url : null;
      const src = from ? from.components.find((x) => x.name === c.name) : null;
      const row = h("tr", { class: "hoverable", tabindex: "0", "data-component": c.name },
        h("td", { class: "comp-name" }, c.name), valueCell(c),
        h("td", {}, h("span", { class: "origin " + c.origin.replace(" ", "-") }, "from " + c.origin)));
      return src && (src.present || src.name === "path") ? hoverable(row, c.origin === "base" ? "base" : "url", src.start, src.end) : row;
    });
    el.append(h("h3", {}, "Where each component of the result came from"));
    el.append(h("div", { class: "table-wrap" }, h("table", { class: "components", id: "result-components" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "component"), h("th", { scope: "col" }, "value"), h("th", { scope: "col" }, "came from"))),
      h("tbody", {}, rows))));
    if (res.relative !== null && res.relative !== undefined) {
      el.append(h("p", { class: "back" }, "The way back: the shortest reference from the base to the result is ",
        h("output", { id: "relative" }, quote(res.relative)), " (", h("code", {}, "resolve.Relative"), ")."));
    } else if (res.relative_error) {
      el.append(h("p", { class: "back" }, "No way back: " + res.relative_error));
    }
  }

  function renderStep6(p) {
    const rows = [h("tr", {}, h("td", { class: "step-id" }, "6"),
      h("td", { class: "rule-text" }, "The last segment of the base path is removed and the reference's path appended in its place: ",
        h("code", {}, quote(p.directory)), " + ", h("code", {}, quote(p.reference))),
      h("td", { class: "path", "data-stage": "merged" }, p.merged), h("td", {}))];
    for (const r of p.rules) {
      rows.push(h("tr", { "data-rule": r.id }, h("td", { class: "step-id" }, r.id), h("td", { class: "rule-text" }, r.rule),
        h("td", { class: "path", "data-stage": r.id }, r.path),
        h("td", { class: "removed" }, r.removed.length ? r.removed.map((x) => h("del", {}, x)) : h("span", { class: "unchanged" }, "no match"))));
    }
    if (p.kept_dot) {
      rows.push(h("tr", {}, h("td", { class: "step-id" }, "6"), h("td", { class: "rule-text" },
        "A relative path that would begin with an empty segment keeps a \".\" segment in front (relurl's decision)."),
      h("td", { class: "path" }, p.path), h("td", {})));
    }
    return h("div", { class: "table-wrap step6" }, h("table", { id: "step6" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "rule"), h("th", { scope: "col" }, "as §4 words it"),
        h("th", { scope: "col" }, "path after it"), h("th", { scope: "col" }, "removed"))),
      h("tbody", {}, rows)));
  }

  function renderReadings() {
    const el = $("readings");
    el.textContent = "";
    const rep = report.readings;
    const diverging = new Set();
    for (const d of rep.divergences) for (const p of d.components) diverging.add(p.component);
    const fields = ["url", "scheme", "net_loc", "userinfo", "host", "port", "path", "params", "query", "fragment"];
    const val = (rd, f) => {
      if (f === "url") return rd.url;
      return rd.components[f];
    };
    const cell = (v) => (v === null || v === undefined ? h("span", { class: "absent" }, "(absent)") : quote(v));
    const head = h("tr", {}, h("th", { scope: "col" }, ""), report.readers.map((n) => h("th", { scope: "col" }, n)));
    const rows = [h("tr", { "data-field": "verdict" }, h("th", { scope: "row" }, "verdict"), rep.readings.map((rd) =>
      h("td", { class: diverging.has("verdict") ? "diverge" : "" }, h("span", { class: "badge " + rd.verdict }, rd.verdict),
        rd.fixups.length ? h("div", { class: "sub" }, "repairs: " + rd.fixups.join(", ")) : null,
        rd.error ? h("div", { class: "sub" }, rd.error) : null)))];
    for (const f of fields) {
      const vs = rep.readings.map((rd) => val(rd, f));
      if (["userinfo", "host", "port"].includes(f) && vs.every((v) => v === null || v === undefined)) continue;
      const differ = diverging.has(f); // as package compare judges: "%20" and " " do not differ
      rows.push(h("tr", { "data-field": f }, h("th", { scope: "row" }, f),
        vs.map((v) => h("td", { class: differ ? "diverge" : "" }, cell(v)))));
    }
    el.append(h("div", { class: "table-wrap" }, h("table", { class: "readings", id: "readings-table" }, h("thead", {}, head), h("tbody", {}, rows))));
    if (rep.agree) {
      el.append(h("p", { class: "agree" }, "The three readings agree."));
      return;
    }
    const ul = h("ul", { class: "divergences", id: "divergences" });
    for (const d of rep.divergences) {
      const info = report.classes[d.class] || { name: d.class, description: "" };
      ul.append(h("li", { "data-class": d.class }, h("b", {}, info.name), ` (${d.class}) in `,
        d.components.map((p) => p.component).join(", "), ": ", info.description,
        d.rfc1808 ? [" RFC 1808 decides by ", h("i", {}, d.rfc1808), "."] : null));
    }
    el.append(h("p", {}, "Where they part (marked ≠ above):"), ul);
  }

  // ---- the grammar: the railroad diagram of the production under the caret ----

  // grammar.js (generated from grammar/rfc1808.bnf) gives each production
  // its rule, its diagram as data and, for a character production, its
  // characters.
  const GRAMMAR = globalThis.RELURL_GRAMMAR || null;
  const SVG_NS = "http://www.w3.org/2000/svg";
  let shownGrammar = null; // what the diagram shows, to draw it only when that changes

  // svgOf builds a diagram's SVG elements from its data.
  function svgOf(n) {
    const el = document.createElementNS(SVG_NS, n.tag);
    for (const [k, v] of Object.entries(n.attrs || {})) el.setAttribute(k, v);
    if (n.text) el.textContent = n.text;
    for (const c of n.children || []) el.append(svgOf(c));
    return el;
  }

  // The deepest node of the parse tree at byte off that is a production
  // of the BNF (the opaque alternative's run is not: its absoluteURL is).
  function innermostProduction(node, off) {
    if (!node || off < node.start || off >= node.end) return null;
    for (const c of node.children || []) {
      const hit = innermostProduction(c, off);
      if (hit) return hit;
    }
    return GRAMMAR.productions[node.label] ? node : null;
  }

  // What the input took through a node's production: the productions of
  // its children, and its own text, which the children do not cover (the
  // delimiters, and a leaf's characters). A tree exists only for a valid
  // URL, which is ASCII, so byte offsets index the text.
  function pathOf(node, text) {
    const names = new Set();
    let own = "", at = node.start;
    for (const c of node.children || []) {
      own += text.slice(at, c.start);
      if (GRAMMAR.productions[c.label]) names.add(c.label);
      else own += text.slice(c.start, c.end);
      at = c.end;
    }
    return { names, own: own + text.slice(at, node.end) };
  }

  // taken reports whether the input went through a box of the diagram: a
  // production a child matched, a character production one of whose
  // characters (or an escape) is in the node's own text, a literal there.
  function taken(box, path) {
    const name = box.getAttribute("data-name");
    if (name === null) {
      const lit = box.getAttribute("data-literal");
      return !!lit && path.own.includes(lit);
    }
    if (path.names.has(name)) return true;
    const p = GRAMMAR.productions[name];
    if (!p) return false;
    if (p.escape && /%[0-9A-Fa-f]{2}/.test(path.own)) return true;
    return !!p.chars && [...path.own].some((ch) => p.chars.includes(ch));
  }

  // renderGrammar draws the production of node (or the production name
  // when node is null) and marks the way node's text took through it.
  function renderGrammar(node, name, note) {
    if (!GRAMMAR) return;
    name = node ? node.label : name;
    const key = node ? `${node.label}@${node.start}-${node.end}` : name + "|" + note;
    if (key === shownGrammar) return;
    shownGrammar = key;
    const p = GRAMMAR.productions[name];
    const box = $("grammar-diagram");
    box.textContent = "";
    $("grammar-rule").textContent = p.text;
    const svg = svgOf(p.diagram);
    box.append(svg);
    let marked = 0;
    if (node) {
      const path = pathOf(node, report.input);
      for (const g of svg.querySelectorAll(".rr-nonterminal, .rr-terminal")) {
        if (taken(g, path)) {
          g.classList.add("taken");
          marked++;
        }
      }
    }
    for (const g of svg.querySelectorAll(".rr-nonterminal")) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "link");
      const show = () => renderGrammar(null, g.getAttribute("data-name"), "");
      g.addEventListener("click", show);
      g.addEventListener("keydown", (ev) => { if (ev.key === "Enter") show(); });
    }
    $("grammar-note").textContent = note !== undefined && note !== "" ? note : node
      ? `${name} matched ${quote(report.input.slice(node.start, node.end))} at bytes [${node.start}, ${node.end}); the ${marked} marked boxes are the way it took. Click a box for its production.`
      : `The production ${name}, as the BNF writes it. Move the caret in the input to come back to the way it took.`;
  }

  // renderGrammarAt draws the production under the caret (hit, from
  // caretIn), or the whole URL's without one.
  function renderGrammarAt(hit) {
    const r = report.url;
    if (!r.tree) {
      renderGrammar(null, "URL", "The reference parser does not read this input (" + (r.tree_note || "no tree") + "), so no way through the grammar is marked.");
      return;
    }
    renderGrammar((hit && innermostProduction(r.tree, hit.off)) || r.tree);
  }

  // ---- the caret: which component and production it is in ----

  function innermost(node, off) {
    if (!node || node.start < 0 || off < node.start || off >= node.end) return null;
    for (const c of node.children || []) {
      const hit = innermost(c, off);
      if (hit) return hit;
    }
    return node;
  }

  function pathTo(node, off, trail) {
    if (!node || off < node.start || off >= node.end) return false;
    trail.push(node.label);
    for (const c of node.children || []) if (pathTo(c, off, trail)) return true;
    return true;
  }

  function caretIn(which) {
    const input = which === "url" ? urlInput : baseInput;
    const info = $(which + "-caret");
    const reading = report && (which === "url" ? report.url : report.base_url);
    marks[which].caret = null;
    if (!reading || document.activeElement !== input) {
      info.textContent = "";
      return null;
    }
    const text = input.value;
    const map = byteMap(text);
    let off = map.byte(input.selectionStart ?? 0);
    if (map.length === 0) {
      info.textContent = "The empty string: a relativeURL (rel_path may be empty).";
      return null;
    }
    const at = off;
    if (off >= map.length) off = map.length - 1; // after the last byte: the last character
    const comp = reading.components.find((c) => (c.present || c.name === "path") && c.start <= off && off < c.end);
    const trail = [];
    if (reading.tree) pathTo(reading.tree, off, trail);
    info.textContent = "";
    info.append(`Caret at byte ${at}: `);
    if (comp) {
      info.append("in ", h("b", {}, comp.name));
      marks[which].caret = [comp.start, comp.end];
    } else {
      info.append("on a delimiter");
    }
    if (trail.length) info.append(", production ", h("b", { id: which + "-production" }, trail[trail.length - 1]), " (" + trail.join(" › ") + ")");
    return { comp, off };
  }

  function updateCaret() {
    document.querySelectorAll(".at-caret").forEach((e) => e.classList.remove("at-caret"));
    const hit = caretIn("url");
    caretIn("base");
    if (hit && hit.comp) {
      const row = $("components").querySelector(`tr[data-component="${hit.comp.name}"]`);
      if (row) row.classList.add("at-caret");
    }
    renderGrammarAt(hit);
    if (hit && report.url.tree) {
      const node = innermost(report.url.tree, hit.off);
      if (node) {
        const cands = $("tree").querySelectorAll(`[data-start="${node.start}"][data-end="${node.end}"]`);
        const el = [...cands].reverse().find((e) => e.dataset.label === node.label);
        if (el) el.classList.add("at-caret");
      }
    }
    paint("url");
    paint("base");
  }

  // ---- the permalink: #url=…&base=…&enable=… ----

  function encode(url, base, enable) {
    let s = "url=" + encodeURIComponent(url);
    if (base) s += "&base=" + encodeURIComponent(base);
    if (enable) s += "&enable=" + encodeURIComponent(enable);
    return "#" + s;
  }

  function decode(hash) {
    const out = {};
    for (const part of hash.replace(/^#/, "").split("&")) {
      const i = part.indexOf("=");
      if (i < 0) continue;
      try {
        out[part.slice(0, i)] = decodeURIComponent(part.slice(i + 1));
      } catch (e) {
        out[part.slice(0, i)] = part.slice(i + 1); // not percent-encoded as it should be: take it as it is
      }
    }
    return out;
  }

  function updateHash() {
    const hash = encode(urlInput.value, baseInput.value, enableInput.value);
    $("permalink").href = hash;
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  function fromHash() {
    const s = decode(location.hash);
    if (!("url" in s) && !("base" in s)) return false;
    urlInput.value = s.url || "";
    baseInput.value = s.base || "";
    enableInput.value = s.enable || "";
    updateRuleLink();
    return true;
  }

  // ---- wiring ----

  function schedule() {
    if (!analyse || pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      render();
    });
  }

  function setup() {
    const ex = $("examples");
    for (const e of EXAMPLES) {
      ex.append(h("button", { type: "button", title: e.title + (e.base ? " (base " + e.base + ")" : " (no base)"),
        onclick: () => { urlInput.value = e.url; baseInput.value = e.base; schedule(); urlInput.focus(); } },
      h("code", {}, e.label)));
    }
    enableInput.addEventListener("input", () => { updateRuleLink(); schedule(); });
    findManual();
    for (const input of [urlInput, baseInput]) {
      input.addEventListener("input", schedule);
      input.addEventListener("scroll", () => { input.parentElement.querySelector(".backdrop").scrollLeft = input.scrollLeft; });
      input.addEventListener("blur", () => report && updateCaret());
    }
    document.addEventListener("selectionchange", () => report && updateCaret());
    $("form").addEventListener("submit", (ev) => ev.preventDefault());
    window.addEventListener("hashchange", () => { if (fromHash()) schedule(); });
    $("copy").addEventListener("click", async () => {
      const link = location.href;
      try {
        await navigator.clipboard.writeText(link);
        $("copied").textContent = "Copied.";
      } catch (e) {
        $("copied").textContent = "Copy this: " + link;
      }
    });
    document.querySelectorAll("[data-expand], [data-collapse]").forEach((b) => b.addEventListener("click", () => {
      const id = b.dataset.expand || b.dataset.collapse;
      $(id).querySelectorAll("details").forEach((d) => { d.open = !!b.dataset.expand; });
    }));
    if (!fromHash()) {
      urlInput.value = DEFAULT.url;
      baseInput.value = DEFAULT.base;
    }
  }

  async function load() {
    if (!("WebAssembly" in globalThis)) throw new Error("this browser has no WebAssembly");
    const go = new Go();
    const resp = await fetch("relurl.wasm");
    if (!resp.ok) throw new Error("relurl.wasm: " + resp.status + " " + resp.statusText);
    let instance;
    try {
      ({ instance } = await WebAssembly.instantiateStreaming(resp.clone(), go.importObject));
    } catch (e) {
      // A server that sends the module under another type: compile it from its bytes.
      ({ instance } = await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject));
    }
    go.run(instance);
    if (typeof globalThis.analyse !== "function") throw new Error("the module did not define analyse");
    analyse = globalThis.analyse;
    const t = performance.getEntriesByName(resp.url)[0];
    if (t && t.decodedBodySize) {
      const mb = (n) => (n / 1048576).toFixed(1) + " MB";
      $("module-size").textContent = `${mb(t.decodedBodySize)}` + (t.encodedBodySize && t.encodedBodySize < t.decodedBodySize ? `, ${mb(t.encodedBodySize)} compressed` : "");
    }
  }

  setup();
  load().then(() => {
    document.documentElement.dataset.ready = "true";
    render();
  }, (err) => showError("The playground could not start: " + err.message));
})();
