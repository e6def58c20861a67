package compare

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Reader names one of the three readings.
type Reader uint8

// The readers, in the order of [Report.Readings].
const (
	// RFC1808 is this project: [validate] and [resolve], strictly, with the
	// §2.4 cut and the lenient §4 resolution of an input it rejects.
	RFC1808 Reader = iota
	// RFC3986 is Go's net/url: a lenient reading of RFC 3986, which accepts
	// much that RFC 3986's grammar does not and repairs it when it prints.
	RFC3986
	// WHATWG is the URL Standard that browsers follow, read by
	// github.com/nlnwa/whatwg-url.
	WHATWG
	numReaders
)

var readerIDs = [numReaders]string{"rfc1808", "rfc3986", "whatwg"}

var readerNames = [numReaders]string{
	"RFC 1808 (relurl)",
	"RFC 3986 (Go net/url, lenient)",
	"WHATWG URL Standard (github.com/nlnwa/whatwg-url)",
}

// String returns the reader's id: "rfc1808", "rfc3986" or "whatwg".
func (r Reader) String() string {
	if r < numReaders {
		return readerIDs[r]
	}
	return "Reader(" + strconv.Itoa(int(r)) + ")"
}

// Name says which standard the reader reads by, and with what.
func (r Reader) Name() string {
	if r < numReaders {
		return readerNames[r]
	}
	return r.String()
}

// MarshalText writes the reader's id.
func (r Reader) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// Verdict is what a reader made of its input.
type Verdict uint8

// The verdicts. The zero value is invalid.
const (
	// Accepted: the reader read the input as it is.
	Accepted Verdict = iota + 1
	// Repaired: the reader read the input after changing it (see
	// [Reading.FixUps]).
	Repaired
	// Rejected: the input is not a URL to this reader.
	Rejected
)

// String returns "accepted", "repaired" or "rejected".
func (v Verdict) String() string {
	switch v {
	case Accepted:
		return "accepted"
	case Repaired:
		return "repaired"
	case Rejected:
		return "rejected"
	}
	return "Verdict(" + strconv.Itoa(int(v)) + ")"
}

// MarshalText writes the verdict as [Verdict.String] does.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// Opt is a component that may be absent: Present records whether its
// delimiter was there, so that "a" (no query) and "a?" (an empty query)
// differ. It is written in JSON as a string, or null when absent.
type Opt struct {
	Value   string
	Present bool
}

func some(s string) Opt { return Opt{Value: s, Present: true} }

// String returns the value, or "(absent)".
func (o Opt) String() string {
	if !o.Present {
		return "(absent)"
	}
	return o.Value
}

// MarshalJSON writes the value as a JSON string, or null when absent.
func (o Opt) MarshalJSON() ([]byte, error) {
	if !o.Present {
		return []byte("null"), nil
	}
	return json.Marshal(o.Value)
}

// UnmarshalJSON reads a JSON string or null.
func (o *Opt) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*o = Opt{}
		return nil
	}
	o.Present = true
	return json.Unmarshal(b, &o.Value)
}

// Components is a URL mapped onto the six components of RFC 1808 §2.1,
// with the parts of the net_loc where a reader splits them.
//
// RFC 1808 does not split the net_loc: its UserInfo, Host and Port are
// absent. RFC 3986 and the URL Standard have no params: their Path is
// their path up to the first ";" of its last segment, and Params what
// follows that ";" (the view of RFC 2396 §3.3), so that "a;x/b" shows the
// params "x/b" under RFC 1808 and none under the others.
type Components struct {
	Scheme   Opt    `json:"scheme"`
	NetLoc   Opt    `json:"net_loc"`
	UserInfo Opt    `json:"userinfo"`
	Host     Opt    `json:"host"`
	Port     Opt    `json:"port"`
	Path     string `json:"path"`
	Params   Opt    `json:"params"`
	Query    Opt    `json:"query"`
	Fragment Opt    `json:"fragment"`
}

// Reading is one reader's reading of the input: its verdict, what it
// repaired, its components and the URL it reads (resolved against the
// base, when there is one).
type Reading struct {
	// Reader is who read it.
	Reader Reader `json:"reader"`
	// Verdict is accepted, repaired or rejected.
	Verdict Verdict `json:"verdict"`
	// Error says why the reader rejected the input; empty otherwise.
	Error string `json:"error,omitempty"`
	// FixUps lists the repairs detected, in the order of [FixUps]; empty
	// unless Verdict is Repaired.
	FixUps []FixUp `json:"fixups"`
	// Components are those of the URL read (and resolved); zero when the
	// reader produced no URL.
	Components Components `json:"components"`
	// URL is the URL read, resolved against the base when there is one, as
	// the reader prints it; absent when the reader produced no URL. RFC
	// 1808 always produces one: for an input it rejects, its §2.4 cut,
	// resolved by §4 without checks (relurl resolve --lenient).
	URL Opt `json:"url"`

	cause cause // why it rejected, for the classifier
}

// Part is one component in which the readings part, with each reader's
// value (null for a reader that has no such component or produced no URL).
type Part struct {
	// Component is "scheme", "net_loc", "path", "params", "query",
	// "fragment", or "verdict" when readers disagree on whether the input
	// is a URL at all (the values are then the verdicts).
	Component string `json:"component"`
	RFC1808   Opt    `json:"rfc1808"`
	RFC3986   Opt    `json:"rfc3986"`
	WHATWG    Opt    `json:"whatwg"`
}

// Value returns the reader's value.
func (p Part) Value(r Reader) Opt {
	switch r {
	case RFC1808:
		return p.RFC1808
	case RFC3986:
		return p.RFC3986
	case WHATWG:
		return p.WHATWG
	}
	return Opt{}
}

// Divergence is a class of difference between the readings, with the
// components in which they part.
type Divergence struct {
	// Class is the kind of divergence.
	Class Class `json:"class"`
	// Decides is the RFC 1808 production or §4 step that decides the RFC
	// 1808 reading.
	Decides string `json:"rfc1808"`
	// Parts are the components where the readings part, in the order of
	// §2.1.
	Parts []Part `json:"components"`
}

// String says the class and the components, for messages.
func (d Divergence) String() string {
	s := d.Class.String() + " in"
	for i, p := range d.Parts {
		if i > 0 {
			s += ","
		}
		s += " " + p.Component
	}
	return s
}

// Report is the three readings of one URL, or of one reference against a
// base, and their divergences. Its JSON form has stable field names:
// input, base (null without one), agree, readings, divergences.
type Report struct {
	// Input is the URL or reference read.
	Input string `json:"input"`
	// Base is the base it was resolved against; absent when read alone.
	Base Opt `json:"base"`
	// Agree is true when there are no divergences.
	Agree bool `json:"agree"`
	// Readings holds the readings in the order RFC1808, RFC3986, WHATWG.
	Readings [numReaders]Reading `json:"readings"`
	// Divergences lists the divergences, in the order of the class table.
	Divergences []Divergence `json:"divergences"`
}

// Reading returns the reader's reading.
func (r *Report) Reading(rd Reader) *Reading { return &r.Readings[rd] }

// FixUp is a repair a reader applied to its input before or while reading
// it; [FixUps] is the table.
type FixUp uint8

// The fix-ups a reader may apply, as far as they can be told from its
// input and output.
const (
	FixTabNewline FixUp = iota + 1
	FixTrim
	FixBackslash
	FixSlashes
	FixSchemeCase
	FixHostCase
	FixHostDecoded
	FixIDNA
	FixIPAddress
	FixDefaultPort
	FixEmptyPort
	FixCredentials
	FixPercentEncoded
	FixDotSegments
	FixPathSlash
	FixDotSlash
	FixEmptyFragment
	FixFileHost
	FixDriveLetter
	FixOther
	numFixUps
)

// FixUpInfo is one row of the fix-up table.
type FixUpInfo struct {
	FixUp       FixUp  `json:"-"`
	ID          string `json:"id"`
	Description string `json:"description"`
}

var fixups = [numFixUps]FixUpInfo{
	{0, "", ""},
	{FixTabNewline, "tab-newline-removed", "ASCII tabs and newlines removed"},
	{FixTrim, "c0-space-trimmed", "leading and trailing C0 controls and spaces removed"},
	{FixBackslash, "backslash-as-slash", `"\" read as "/" (a special scheme)`},
	{FixSlashes, "slashes-ignored", `the host read after a number of slashes other than "//" (a special scheme)`},
	{FixSchemeCase, "scheme-lowercased", "the scheme written in lower case"},
	{FixHostCase, "host-lowercased", "the host written in lower case"},
	{FixHostDecoded, "host-percent-decoded", "percent-encoded octets of the host decoded"},
	{FixIDNA, "idna", "the host mapped to ASCII by IDNA (UTS #46)"},
	{FixIPAddress, "ip-canonicalised", "an IPv4 number or IPv6 address written in canonical form"},
	{FixDefaultPort, "default-port-removed", "the scheme's default port removed"},
	{FixEmptyPort, "empty-port-removed", `an empty port and its ":" removed`},
	{FixCredentials, "credentials-removed", `an empty user name or password and its ":" or "@" removed`},
	{FixPercentEncoded, "percent-encoded", "characters percent-encoded"},
	{FixDotSegments, "dot-segments-removed", `"." and ".." segments removed`},
	{FixPathSlash, "path-slash-added", `the empty path of a special URL written "/"`},
	{FixDotSlash, "dot-slash-added", `"./" written before a first segment holding ":"`},
	{FixEmptyFragment, "empty-fragment-dropped", `an empty fragment and its "#" dropped`},
	{FixFileHost, "file-host-localhost", `the host "localhost" of a file URL removed`},
	{FixDriveLetter, "drive-letter", `a Windows drive letter normalised ("C|" to "C:")`},
	{FixOther, "other", "the URL printed differs from the input in a way not listed here"},
}

// FixUps returns the fix-up table.
func FixUps() []FixUpInfo { return append([]FixUpInfo(nil), fixups[1:]...) }

// String returns the fix-up's id.
func (f FixUp) String() string {
	if f > 0 && f < numFixUps {
		return fixups[f].ID
	}
	return fmt.Sprintf("FixUp(%d)", uint8(f))
}

// Description says what the fix-up does.
func (f FixUp) Description() string {
	if f > 0 && f < numFixUps {
		return fixups[f].Description
	}
	return ""
}

// MarshalText writes the fix-up's id.
func (f FixUp) MarshalText() ([]byte, error) { return []byte(f.String()), nil }
