// RFC 1808 conformance adapter: Node.js's WHATWG URL class (new URL(input,
// base)). Reads cases on standard input, one JSON object a line ({"input",
// "base"}), and writes a line describing the library, then one answer a
// line: the href and the URL's parts, or {"error"}. A null or empty base is
// no base. See docs/conformance-data.md.
'use strict';
const readline = require('readline');

const out = [];
out.push(JSON.stringify({
  implementation: 'Node.js URL (WHATWG)',
  version: process.versions.node,
  api: 'new URL(input, base)',
  validity: true,
  empty_components: false, // search and hash are "" when absent or empty
  params: false,
}));
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  const c = JSON.parse(line);
  try {
    const u = c.base === null || c.base === '' ? new URL(c.input) : new URL(c.input, c.base);
    const href = u.href;
    const rest = href.slice(u.protocol.length);
    let netLoc = null;
    if (rest.startsWith('//')) {
      const cred = u.username + (u.password !== '' ? ':' + u.password : '');
      netLoc = (cred !== '' ? cred + '@' : '') + u.host;
    }
    out.push(JSON.stringify({
      href,
      scheme: u.protocol.slice(0, -1),
      net_loc: netLoc,
      path: u.pathname,
      query: u.search.slice(1),
      fragment: u.hash.slice(1),
    }));
  } catch (e) {
    out.push(JSON.stringify({ error: String(e) }));
  }
});
rl.on('close', () => process.stdout.write(out.join('\n') + '\n'));
