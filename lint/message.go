package lint

import (
	"mime"
	"strconv"
	"strings"

	rbase "github.com/relurl/relurl/resolve/base"
)

// maxDepth bounds the nesting of MIME entities followed: the one limit of
// the MIME walk in package resolve/base.
const maxDepth = rbase.MaxDepth

// field is one header field of a message or MIME entity.
type field struct {
	name  string
	value string // unfolded: line endings removed, as textproto does
	// from and to delimit the raw value (folds included) in the entity's
	// text.
	from, to int
}

// readHeader reads the header fields at the start of t (RFC 822 §3.1,
// leniently: a line that is neither a field nor a continuation is skipped)
// and returns them and the offset of the body, past the empty line.
func readHeader(t string) ([]field, int) {
	var fields []field
	i := 0
	for i < len(t) {
		eol := strings.IndexByte(t[i:], '\n')
		next := len(t)
		if eol >= 0 {
			next = i + eol + 1
		}
		line := strings.TrimRight(t[i:next], "\r\n")
		if line == "" {
			return unfold(t, fields), next
		}
		if (line[0] == ' ' || line[0] == '\t') && len(fields) > 0 {
			fields[len(fields)-1].to = i + len(line)
		} else if c := strings.IndexByte(line, ':'); c > 0 && !strings.ContainsAny(line[:c], " \t") {
			fields = append(fields, field{name: line[:c], from: i + c + 1, to: i + len(line)})
		}
		i = next
	}
	return unfold(t, fields), len(t)
}

// unfold sets each field's value: its raw text without line endings.
func unfold(t string, fields []field) []field {
	for i := range fields {
		raw := t[fields[i].from:fields[i].to]
		if strings.ContainsAny(raw, "\r\n") {
			raw = strings.NewReplacer("\r\n", "", "\n", "", "\r", "").Replace(raw)
		}
		fields[i].value = raw
	}
	return fields
}

func get(fields []field, name string) *field {
	for i := range fields {
		if strings.EqualFold(fields[i].name, name) {
			return &fields[i]
		}
	}
	return nil
}

// lintEntity lints a message or a MIME entity: its text t maps to the file
// by m; ctx is what lies around it (§3.2, §3.3).
func (c *collector) lintEntity(path string, t string, m docMap, ctx rbase.Context, defaultType string, depth int) {
	if depth > maxDepth {
		return
	}
	fields, bodyOff := readHeader(t)
	where := " in the message"
	if path != "" {
		where = " in part " + path
	}

	mediaType := defaultType
	var params map[string]string
	if f := get(fields, "Content-Type"); f != nil {
		if mt, p, err := mime.ParseMediaType(strings.TrimSpace(f.value)); err == nil {
			mediaType, params = mt, p
		}
	}

	// §3.1: the Base header.
	var embedded *rbase.URL
	var baseSrc *source
	if f := get(fields, "Base"); f != nil {
		u, err := rbase.ParseHeader(f.value)
		if err != nil {
			from, to := f.from, f.to
			for from < to && (t[from] == ' ' || t[from] == '\t') {
				from++
			}
			src := makeSource(t[from:to], m, from, nil, "Base header"+where)
			for _, h := range c.l.add(nil, c.l.baseHeaderHit(src.url, err)) {
				c.emit(src, nil, h)
			}
		} else {
			embedded = &rbase.URL{URL: u, Source: rbase.SourceHeader}
			src := bracketURL(t, f.from, f.to, m, "Base header"+where)
			if src.url != u {
				src = makeSource(u, docMap{start: m.at(f.from), fixed: true}, 0, nil, src.where)
			}
			src.asBase = true
			baseSrc = &src
		}
	}
	b := establish(embedded, ctx, true)
	if baseSrc != nil {
		c.check(*baseSrc, &b)
	}
	// Relative URLs in the header are resolved against the message's base
	// (§3.1): "<URL:...>" in any other field.
	for _, f := range fields {
		if strings.EqualFold(f.name, "Base") {
			continue
		}
		c.urlsInText(t, f.from, f.to, m, &b, f.name+" header"+where)
	}

	body := t[bodyOff:]
	bm := m.sub(bodyOff)
	decoded := func() (string, docMap, string) {
		switch strings.ToLower(strings.TrimSpace(fieldValue(fields, "Content-Transfer-Encoding"))) {
		case "quoted-printable":
			s, dm := decodeQP(body, bm)
			return s, dm, ""
		case "base64":
			s, dm := decodeBase64(body, bm)
			return s, dm, " (base64: positions are the body's start)"
		}
		return body, bm, ""
	}
	inner := rbase.Context{Enclosing: &rbase.URL{URL: b.url, Layer: b.layer, Source: b.source}}

	switch {
	case mediaType == "text/html":
		s, dm, note := decoded()
		c.lintHTML(s, dm, ctx, b, where+note)
	case strings.HasPrefix(mediaType, "multipart/"):
		boundary := params["boundary"]
		if boundary == "" {
			return
		}
		partDefault := "text/plain"
		if mediaType == "multipart/digest" {
			partDefault = "message/rfc822"
		}
		for i, p := range splitMultipart(body, boundary) {
			c.lintEntity(join(path, i+1), body[p[0]:p[1]], bm.sub(p[0]), inner, partDefault, depth+1)
		}
	case strings.HasPrefix(mediaType, "message/"):
		s, dm, _ := decoded()
		c.lintEntity(join(path, 1), s, dm, inner, "text/plain", depth+1)
	case strings.HasPrefix(mediaType, "text/"):
		s, dm, note := decoded()
		c.urlsInText(s, 0, len(s), dm, &b, "<URL:> in the body"+where+note)
	}
}

func fieldValue(fields []field, name string) string {
	if f := get(fields, name); f != nil {
		return f.value
	}
	return ""
}

func join(path string, i int) string {
	if path == "" {
		return strconv.Itoa(i)
	}
	return path + "." + strconv.Itoa(i)
}

// urlsInText lints every URL written "<URL:...>" in t[from:to], the form
// RFC 1738 (appendix) recommends for URLs in running text and RFC 1808
// uses for its Base header; white space inside the brackets is ignored.
func (c *collector) urlsInText(t string, from, to int, m docMap, b *base, where string) {
	for i := from; i < to; {
		k := indexFold(t[i:to], "<URL:")
		if k < 0 {
			return
		}
		start := i + k
		end := strings.IndexByte(t[start:to], '>')
		if end < 0 {
			return
		}
		src := bracketURL(t, start, start+end+1, m, where)
		c.check(src, b)
		i = start + end + 1
	}
}

func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// bracketURL reads the URL out of "<URL:...>" in t[from:to] (with white
// space around it), white space and line folds inside dropped, keeping
// each byte's offset. When the text is not of that form, the URL is what
// is left of it.
func bracketURL(t string, from, to int, m docMap, where string) source {
	var b strings.Builder
	var idx []int
	for i := from; i < to; i++ {
		switch t[i] {
		case ' ', '\t', '\r', '\n':
			continue
		}
		b.WriteByte(t[i])
		idx = append(idx, i)
	}
	s := b.String()
	if len(s) >= 6 && s[0] == '<' && s[len(s)-1] == '>' && strings.EqualFold(s[1:5], "URL:") {
		end := idx[len(s)-1]
		s, idx = s[5:len(s)-1], append(idx[5:len(s)-1:len(s)-1], end)
	} else {
		idx = append(idx, to)
	}
	return makeSource(s, m, 0, idx, where)
}

// splitMultipart returns the spans of the parts of a multipart body
// (RFC 2046 §5.1.1): each between the line ending after a delimiter line
// "--boundary" and the line ending before the next, until the close
// delimiter "--boundary--".
func splitMultipart(body, boundary string) [][2]int {
	delim := "--" + boundary
	var parts [][2]int
	start := -1
	for i := 0; i < len(body); {
		eol := strings.IndexByte(body[i:], '\n')
		next := len(body)
		if eol >= 0 {
			next = i + eol + 1
		}
		line := strings.TrimRight(body[i:next], " \t\r\n")
		if strings.HasPrefix(line, delim) {
			rest := line[len(delim):]
			if rest == "" || rest == "--" {
				if start >= 0 {
					end := i
					// The line ending before the delimiter belongs to it.
					if end > start && body[end-1] == '\n' {
						end--
						if end > start && body[end-1] == '\r' {
							end--
						}
					}
					parts = append(parts, [2]int{start, end})
				}
				if rest == "--" {
					return parts
				}
				start = next
			}
		}
		i = next
	}
	if start >= 0 && start < len(body) {
		parts = append(parts, [2]int{start, len(body)})
	}
	return parts
}

// baseHeaderHit reports a Base header not of the form <URL:absoluteURL>.
func (l *Linter) baseHeaderHit(value string, err error) hit {
	return hit{rule: RuleBaseHeader, offset: 0, end: len(value), production: "base-header",
		message: err.Error() + `: base-header = "Base" ":" "<URL:" absoluteURL ">"`}
}
