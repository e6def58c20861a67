package compare

// Classify compares another implementation's reading of ref (resolved
// against the base, or read alone when there is none) with RFC 1808's, and
// classifies how they part, by the rules [Base.Reference] applies between
// its own readers: the conformance harness classifies the answers of URL
// libraries outside Go with it.
//
// other gives the implementation's verdict (Accepted or Rejected), its
// components mapped onto the six of RFC 1808 §2.1 (see [Components]: a
// reader without params shows what follows the first ";" of the last
// segment) and the URL it gives; its Reader, FixUps and Error are not
// read. Its net_loc is split into userinfo, host and port as RFC 1808's
// is (RFC 1738 §3.1) when other gives no host.
//
// The other reading stands in for both of the package's other readers, so
// that each rule compares RFC 1808 with it alone; in each [Part] its value
// is given as both the RFC3986 and the WHATWG value. Where a rule needs
// what cannot be asked of an outside implementation, it is answered
// thus: why it rejected an input is taken to be why net/url or the URL
// Standard, whichever also rejects it, does; and the counterfactual of
// the classes [WhiteSpace] and [BackslashConfusion] (does the input
// rewritten without them read otherwise?) is asked of RFC 1808's reading
// alone. Classify returns nil when the two readings do not part, as the
// package compares them (an empty fragment is absent, percent-encoding
// normalised, default ports dropped: see [Report]).
func (b *Base) Classify(ref string, other Reading) []Divergence {
	var rs [numReaders]Reading
	b.readAll(&rs, ref)
	o := other
	o.FixUps = nil
	if c := &o.Components; c.NetLoc.Present && !c.Host.Present {
		c.UserInfo, c.Host, c.Port = loginSplit(c.NetLoc.Value)
	}
	for _, r := range [...]Reader{RFC3986, WHATWG} {
		x := o
		x.Reader = r
		x.cause = cause{}
		if x.Verdict == Rejected && rs[r].Verdict == Rejected {
			x.cause = rs[r].cause
			x.cause.skipped = false
		}
		rs[r] = x
	}
	rep := &Report{Input: ref, Readings: rs}
	if b.has {
		rep.Base = some(b.s)
	}
	dv, ks, any := diff(&rep.Readings)
	if !any {
		return nil
	}
	s := situation{b: b, ref: ref, rs: &rep.Readings, ks: ks, outside: true}
	b.classifyIn(&s, rep, dv)
	return rep.Divergences
}

// SplitParams cuts the params off a path as [Components] shows them for a
// reader that has none: after the first ";" of the path's last segment.
func SplitParams(path string) (string, Opt) { return splitParams(path) }
