// RFC 1808 conformance adapter: Node.js's legacy url module (url.resolve,
// url.parse). Reads cases on standard input, one JSON object a line
// ({"input", "base"}), and writes a line describing the library, then one
// answer a line: the URL url.resolve gives (url.parse(input).href when the
// base is null) and url.parse's split of it, or {"error"}. See
// docs/conformance-data.md.
'use strict';
const url = require('url');
const readline = require('readline');

const out = [];
out.push(JSON.stringify({
  implementation: 'Node.js url (legacy)',
  version: process.versions.node,
  api: 'url.resolve, url.parse',
  validity: false, // it rejects almost nothing
  empty_components: true, // search and hash are null when absent
  params: false,
}));
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  const c = JSON.parse(line);
  try {
    const href = c.base === null ? url.parse(c.input).href : url.resolve(c.base, c.input);
    const p = url.parse(href);
    let netLoc = null;
    if (p.slashes && p.host !== null) {
      netLoc = (p.auth !== null ? p.auth + '@' : '') + p.host;
    } else if (p.slashes) {
      netLoc = '';
    }
    out.push(JSON.stringify({
      href,
      scheme: p.protocol === null ? null : p.protocol.slice(0, -1),
      net_loc: netLoc,
      path: p.pathname === null ? '' : p.pathname,
      query: p.search === null ? null : p.search.slice(1),
      fragment: p.hash === null ? null : p.hash.slice(1),
    }));
  } catch (e) {
    out.push(JSON.stringify({ error: String(e) }));
  }
});
rl.on('close', () => process.stdout.write(out.join('\n') + '\n'));
