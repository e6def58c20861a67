package fix

// Reason says, by a stable id, why a finding has no automatic fix. The
// finding's own one-line detail says it for that finding; [Reasons] is the
// table of ids and what each means.
type Reason string

// The reasons, in the order of [Reasons].
const (
	// Manual: the rule has no mechanical fix: its catalog fix needs the
	// author's choice, or would change where the link goes.
	Manual Reason = "manual"
	// Loophole: the §5.2 loophole ("http:g"), whose meaning is what the
	// readers disagree about; its spellings are offered as suggestions.
	Loophole Reason = "loophole"
	// IPv6: an IPv6 literal (RFC 2732) in a net_loc, whose brackets no
	// escape can stand for.
	IPv6 Reason = "ipv6-literal"
	// IDNA: a non-ASCII host that has no IDNA ASCII form.
	IDNA Reason = "idna"
	// ReadersDisagree: the three readers do not agree on where the
	// original URL goes, so no fix can keep its target.
	ReadersDisagree Reason = "readers-disagree"
	// ChangesTarget: the fix would take a reader elsewhere than the
	// original went, or a reader would reject it.
	ChangesTarget Reason = "changes-target"
	// OtherFaults: another fault of the same URL has no fix, so the fixed
	// URL would still not be valid.
	OtherFaults Reason = "other-faults"
	// TooManyFaults: the URL has more faults than a reader lists
	// (validate.MaxDiagnostics).
	TooManyFaults Reason = "too-many-faults"
	// TransferEncoding: the URL is in a quoted-printable or base64 body,
	// which is not rewritten.
	TransferEncoding Reason = "transfer-encoding"
	// Pieces: the URL is built from pieces the file writes apart (XML text
	// around a comment, Markdown raw HTML across blocks, a Go constant
	// expression), so no one span of the file holds it.
	Pieces Reason = "pieces"
	// Malformed: the markup that holds the URL is not well-formed (an XML
	// attribute value without its closing quote), so where the URL ends
	// depends on the characters a fix would encode.
	Malformed Reason = "malformed"
	// Inexact: the URL's bytes cannot be placed one by one in the file,
	// or the fix would cut the encoding of a character.
	Inexact Reason = "inexact"
	// NotURL: the finding is about no URL (a directive, a part of a
	// document that was not read).
	NotURL Reason = "not-a-url"
)

// ReasonInfo is one row of the table of reasons.
type ReasonInfo struct {
	Reason Reason
	// Description says when a finding has no fix for this reason.
	Description string
}

var reasons = []ReasonInfo{
	{Manual, "the rule has no mechanical fix: its fix needs the author's choice, or changes where the link goes"},
	{Loophole, `the §5.2 loophole ("http:g"): the readers disagree on its meaning; both spellings are offered as suggestions`},
	{IPv6, "an IPv6 literal (RFC 2732) in a net_loc: no escape can stand for its brackets (allow them with [allow] ipv6-hosts)"},
	{IDNA, "a non-ASCII host without an IDNA ASCII form"},
	{ReadersDisagree, "RFC 1808, net/url and browsers do not agree on where the URL goes: there is no target to keep"},
	{ChangesTarget, "the fix would take a reader elsewhere, or a reader would reject it"},
	{OtherFaults, "another fault of the URL has no fix, so the fixed URL would not be valid"},
	{TooManyFaults, "more faults in the URL than a reader lists"},
	{TransferEncoding, "the URL is in a quoted-printable or base64 body, which is not rewritten"},
	{Pieces, "the URL is built from pieces the file writes apart"},
	{Malformed, "the markup that holds the URL is not well-formed, so where the URL ends depends on what a fix would encode"},
	{Inexact, "the URL's bytes cannot be placed one by one in the file"},
	{NotURL, "the finding is about no URL"},
}

// Reasons returns the table of reasons, in the order of the constants.
func Reasons() []ReasonInfo { return append([]ReasonInfo(nil), reasons...) }

// Description says what the reason means, or "" for an unknown one.
func (r Reason) Description() string {
	for _, ri := range reasons {
		if ri.Reason == r {
			return ri.Description
		}
	}
	return ""
}
