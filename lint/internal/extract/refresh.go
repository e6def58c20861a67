package extract

import (
	"strings"

	"github.com/relurl/relurl/lint/internal/htmlscan"
)

// whereRefresh names the place of a refresh URL.
const whereRefresh = "<meta http-equiv=refresh content>"

// isRefresh reports whether the attributes of the META tag sc has read
// hold http-equiv="refresh" (its value decoded, and matched without regard
// to ASCII case, as the HTML standard's pragma directives are; of a
// repeated http-equiv, the first).
func isRefresh(sc *htmlscan.Scanner) bool {
	for _, a := range sc.Attrs() {
		if a.Name == "http-equiv" {
			return strings.EqualFold(sc.Value(a), "refresh")
		}
	}
	return false
}

// refresh hands on the URL of the content attribute a of a
// <meta http-equiv="refresh"> tag at tagStart.
func (r *htmlReader) refresh(a rawAttr, tagStart int) {
	if !a.hasValue {
		return
	}
	t := r.value(a, tagStart)
	from, to, ok := refreshURL(t.s)
	if !ok {
		return
	}
	r.h.ref(Ref{URL: t.s[from:to], Map: t.mapOf(r.m, from, to, nil), Where: whereRefresh + r.whereSuffix,
		Base: r.base, Encodings: r.enc})
}

// asciiSpace is ASCII white space as the HTML standard's refresh parsing
// skips it (the Infra standard's: tab, line feed, form feed, carriage
// return, space).
const asciiSpace = " \t\n\f\r"

// refreshURL returns the span of the URL in the value of a refresh pragma
// ("5; url=http://a/"), by the HTML standard's shared declarative refresh
// steps: white space, a time of digits and dots, then white space and one
// ";" or ",", white space, an optional "url" (any case), white space, "=",
// white space, and an optional quote; the URL runs to the end, or to the
// same quote. ok is false when the value names no URL (a time alone, or a
// value the steps reject). Trailing white space is dropped, as the URL
// parser drops it and as HTML attributes holding URLs are trimmed.
func refreshURL(v string) (from, to int, ok bool) {
	skip := func(i int) int {
		for i < len(v) && strings.IndexByte(asciiSpace, v[i]) >= 0 {
			i++
		}
		return i
	}
	i := skip(0)
	digits := i
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	if i == digits && (i >= len(v) || v[i] != '.') {
		return 0, 0, false
	}
	for i < len(v) && (v[i] >= '0' && v[i] <= '9' || v[i] == '.') {
		i++
	}
	if i >= len(v) {
		return 0, 0, false
	}
	if strings.IndexByte(asciiSpace+";,", v[i]) < 0 {
		return 0, 0, false
	}
	i = skip(i)
	if i < len(v) && (v[i] == ';' || v[i] == ',') {
		i++
	}
	i = skip(i)
	if i >= len(v) {
		return 0, 0, false
	}
	// urlString is v[i:] unless "url" "=" follows, then what is after it.
	start := i
	j := i
	if len(v)-j >= 3 && strings.EqualFold(v[j:j+3], "url") {
		j = skip(j + 3)
		if j < len(v) && v[j] == '=' {
			start = skip(j + 1)
		}
	}
	end := len(v)
	if start < len(v) && (v[start] == '"' || v[start] == '\'') {
		q := v[start]
		start++
		if k := strings.IndexByte(v[start:], q); k >= 0 {
			end = start + k
		}
	}
	for end > start && strings.IndexByte(asciiSpace, v[end-1]) >= 0 {
		end--
	}
	return start, end, true
}
