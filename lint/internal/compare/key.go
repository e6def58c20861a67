package compare

// Key is a reading's components as a [Report] compares them: the net_loc
// split into userinfo, host and port (RFC 1808's by RFC 1738 §3.1), an
// empty or default port and empty credentials dropped, percent-encoding
// normalised but not decoded, an empty fragment as absent (the doc
// comment of keys in diverge.go says why each). Package lint/fix builds
// its test of "the same target" on it, so that what counts as the same
// URL is decided in one place.
type Key struct {
	Scheme, NetLoc, UserInfo, Host, Port Opt
	Path                                 string
	Params, Query, Fragment              Opt
}

// Key returns the reading's components as they are compared; the zero
// Key when the reader produced no URL.
func (rd *Reading) Key() Key {
	if !rd.URL.Present {
		return Key{}
	}
	k := keysOf(rd)
	return Key{
		Scheme: k.c[cScheme], NetLoc: k.c[cNetLoc], UserInfo: k.userinfo, Host: k.host, Port: k.port,
		Path: k.c[cPath].Value, Params: k.c[cParams], Query: k.c[cQuery], Fragment: k.c[cFragment],
	}
}
