"""RFC 1808 conformance adapter: Python's urllib.parse.

Reads cases on standard input, one JSON object a line ({"input", "base"}),
and writes a line describing the library, then one answer a line: the URL
urljoin gives (or urlparse(...).geturl() when the base is null) and
urlparse's split of it, or {"error"}. See docs/conformance-data.md.
"""
import json
import platform
import sys
import urllib.parse as up

print(json.dumps({
    "implementation": "Python urllib.parse",
    "version": platform.python_version(),
    "api": "urljoin, urlparse",
    "validity": False,          # it rejects almost nothing
    "empty_components": False,  # "" for both an absent and an empty component
    "params": True,             # urlparse splits the last segment's params
}))
for line in sys.stdin:
    case = json.loads(line)
    try:
        if case["base"] is None:
            href = up.urlparse(case["input"]).geturl()
        else:
            href = up.urljoin(case["base"], case["input"])
        p = up.urlparse(href)
        out = {"href": href, "scheme": p.scheme, "net_loc": p.netloc, "path": p.path,
               "params": p.params, "query": p.query, "fragment": p.fragment}
    except Exception as e:  # ValueError for a bad IPv6 address, and the like
        out = {"error": "%s: %s" % (type(e).__name__, e)}
    print(json.dumps(out))
