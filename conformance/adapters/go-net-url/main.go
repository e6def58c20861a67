// Command go is the RFC 1808 conformance adapter for Go's net/url
// (url.Parse, URL.ResolveReference, URL.String). It reads cases on
// standard input, one JSON object a line ({"input", "base"}), and writes a
// line describing the library, then one answer a line: the URL String
// prints and its parts, or {"error"}. A null or empty base is no base. See
// docs/conformance-data.md.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"runtime"
	"strings"
)

type testCase struct {
	Input string  `json:"input"`
	Base  *string `json:"base"`
}

type answer struct {
	Href     *string `json:"href,omitempty"`
	Scheme   *string `json:"scheme,omitempty"`
	NetLoc   *string `json:"net_loc,omitempty"`
	Path     *string `json:"path,omitempty"`
	Query    *string `json:"query,omitempty"`
	Fragment *string `json:"fragment,omitempty"`
	Error    string  `json:"error,omitempty"`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 64<<20)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	check(enc.Encode(map[string]any{
		"implementation":   "Go net/url",
		"version":          runtime.Version(),
		"api":              "url.Parse, URL.ResolveReference, URL.String",
		"validity":         true,
		"empty_components": false, // an empty fragment is no fragment
		"params":           false,
	}))
	for in.Scan() {
		var c testCase
		check(json.Unmarshal(in.Bytes(), &c))
		check(enc.Encode(answerOf(c)))
	}
	check(in.Err())
	check(out.Flush())
}

func answerOf(c testCase) answer {
	u, err := url.Parse(c.Input)
	if err != nil {
		return answer{Error: err.Error()}
	}
	if c.Base != nil && *c.Base != "" {
		b, err := url.Parse(*c.Base)
		if err != nil {
			return answer{Error: "base: " + err.Error()}
		}
		u = b.ResolveReference(u)
	}
	href := u.String()
	a := answer{Href: &href, Scheme: some(u.Scheme), Path: some(u.EscapedPath())}
	if u.Opaque != "" {
		a.Path = some(u.Opaque)
	}
	if u.Scheme == "" {
		a.Scheme = nil
	}
	if strings.HasPrefix(strings.TrimPrefix(href, u.Scheme+":"), "//") {
		nl := u.Host
		if u.User != nil {
			nl = u.User.String() + "@" + nl
		}
		a.NetLoc = &nl
	}
	if u.RawQuery != "" || u.ForceQuery {
		a.Query = some(u.RawQuery)
	}
	if u.Fragment != "" {
		a.Fragment = some(u.EscapedFragment())
	}
	return a
}

func some(s string) *string { return &s }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "adapter:", err)
		os.Exit(1)
	}
}
