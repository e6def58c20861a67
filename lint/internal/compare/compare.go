package compare

// URL reads s three ways, without a base, and reports the divergences.
// A relative reference read without a base is a URL to RFC 1808 and to
// net/url, but not to a browser, which needs a base (a divergence of class
// [SchemeConfusion]).
func URL(s string) *Report {
	var none Base
	return none.Reference(s)
}

// Reference resolves ref against base three ways and reports the
// divergences of the resolved URLs. An empty base is no base (RFC 1808 §4
// step 1), as for [URL]. To compare many references against one base,
// read the base once with [NewBase] and call [Base.Reference].
func Reference(base, ref string) *Report {
	return NewBase(base).Reference(ref)
}

// Reference resolves ref against the base three ways and reports the
// divergences. It never fails and never panics: a reader that cannot read
// the input, or the base, rejects it.
func (b *Base) Reference(ref string) *Report {
	if !b.exact {
		if k, _ := b.plainKindOf(ref); k != notPlain {
			return b.plainReport(ref, k)
		}
	}
	rep := &Report{Input: ref}
	b.readAll(&rep.Readings, ref)
	if b.has {
		rep.Base = some(b.s)
	}
	dv, ks, any := diff(&rep.Readings)
	if any {
		b.classify(ref, rep, dv, ks)
	}
	rep.Agree = len(rep.Divergences) == 0
	if rep.Agree {
		rep.Divergences = []Divergence{} // [] in JSON, not null; allocates nothing
	}
	for i := range rep.Readings {
		if rep.Readings[i].FixUps == nil {
			rep.Readings[i].FixUps = []FixUp{}
		}
	}
	return rep
}

// readAll runs each reader on ref.
func (b *Base) readAll(rs *[numReaders]Reading, ref string) {
	b.read1808(&rs[RFC1808], ref)
	b.read3986(&rs[RFC3986], ref)
	b.readWHATWG(&rs[WHATWG], ref)
}
