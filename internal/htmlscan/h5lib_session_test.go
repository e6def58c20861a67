package htmlscan

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

type h5test struct {
	Description   string            `json:"description"`
	Input         string            `json:"input"`
	Output        []json.RawMessage `json:"output"`
	InitialStates []string          `json:"initialStates"`
	LastStartTag  string            `json:"lastStartTag"`
	DoubleEscaped bool              `json:"doubleEscaped"`
}

func unescapeDouble(s string) (string, bool) {
	// \uXXXX escapes to code points; a lone surrogate is not applicable.
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+5 < len(s)+0 && s[i+1] == 'u' {
			n, err := strconv.ParseUint(s[i+2:i+6], 16, 32)
			if err == nil {
				r := rune(n)
				if 0xD800 <= r && r <= 0xDBFF && i+11 < len(s)+0 && s[i+6] == '\\' && s[i+7] == 'u' {
					m, _ := strconv.ParseUint(s[i+8:i+12], 16, 32)
					if 0xDC00 <= m && m <= 0xDFFF {
						r = (r-0xD800)<<10 + (rune(m) - 0xDC00) + 0x10000
						b.WriteRune(r)
						i += 11
						continue
					}
				}
				if 0xD800 <= r && r <= 0xDFFF {
					return "", false
				}
				b.WriteRune(r)
				i += 5
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String(), true
}

func TestHTML5LibTokenizer(t *testing.T) {
	dir := os.Getenv("H5T")
	files, _ := filepath.Glob(filepath.Join(dir, "*.test"))
	var passed, run, na, naCDATA, naSurrogate, tests, withTags, withComments int
	for _, f := range files {
		data, _ := os.ReadFile(f)
		var doc struct {
			Tests []h5test `json:"tests"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			var x struct {
				XML []h5test `json:"xmlViolationTests"`
			}
			if err2 := json.Unmarshal(data, &x); err2 != nil {
				t.Fatalf("%s: %v", f, err)
			}
			doc.Tests = x.XML
		}
		for _, tc := range doc.Tests {
			tests++
			// Expected start tags and comments.
			var want []string
			hasTag, hasComment := false, false
			ok := true
			input := tc.Input
			if tc.DoubleEscaped {
				input, ok = unescapeDouble(input)
			}
			for _, o := range tc.Output {
				var tok []any
				json.Unmarshal(o, &tok)
				switch tok[0] {
				case "StartTag":
					hasTag = true
					name := tok[1].(string)
					attrs := tok[2].(map[string]any)
					var kv []string
					for k, v := range attrs {
						k2, v2 := k, v.(string)
						if tc.DoubleEscaped {
							var o1, o2 bool
							k2, o1 = unescapeDouble(k2)
							v2, o2 = unescapeDouble(v2)
							ok = ok && o1 && o2
						}
						kv = append(kv, k2+"="+v2)
					}
					if tc.DoubleEscaped {
						var o1 bool
						name, o1 = unescapeDouble(name)
						ok = ok && o1
					}
					sortStrings(kv)
					sc := len(tok) > 3 && tok[3] == true
					want = append(want, fmt.Sprintf("start %q %q %v", name, kv, sc))
				case "Comment":
					hasComment = true
					d := tok[1].(string)
					if tc.DoubleEscaped {
						var o1 bool
						d, o1 = unescapeDouble(d)
						ok = ok && o1
					}
					want = append(want, fmt.Sprintf("comment %q", d))
				}
			}
			if hasTag {
				withTags++
			}
			if hasComment {
				withComments++
			}
			if !hasTag && os.Getenv("H5T_COMMENTS") == "" {
				continue
			}
			if !hasTag && !hasComment && os.Getenv("H5T_ALL") == "" {
				continue
			}
			states := tc.InitialStates
			if len(states) == 0 {
				states = []string{"Data state"}
			}
			for _, st := range states {
				if !ok || !utf8.ValidString(input) {
					na++
					naSurrogate++
					continue
				}
				run++
				s := New(input)
				switch st {
				case "Data state":
				case "PLAINTEXT state":
					s.startIn(modePlaintext, "")
				case "RCDATA state":
					s.startIn(modeRCDATA, tc.LastStartTag)
				case "RAWTEXT state":
					s.startIn(modeRawText, tc.LastStartTag)
				case "Script data state":
					s.startIn(modeScript, tc.LastStartTag)
				case "CDATA section state":
					s.startIn(modeCDATA, "")
					naCDATA++
				default:
					t.Fatalf("state %q", st)
				}
				var got []string
				for k := s.Next(); k != EOF; k = s.Next() {
					switch k {
					case StartTag:
						var kv []string
						for _, a := range s.Attrs() {
							kv = append(kv, a.Name+"="+s.Value(a))
						}
						sortStrings(kv)
						got = append(got, fmt.Sprintf("start %q %q %v", s.Name(), kv, s.SelfClosing()))
					case Comment:
						got = append(got, fmt.Sprintf("comment %q", s.Text()))
					}
				}
				if reflect.DeepEqual(got, want) || len(got) == 0 && len(want) == 0 {
					passed++
				} else {
					t.Errorf("%s: %s [%s last=%q]: %q\n got  %q\n want %q", filepath.Base(f), tc.Description, st, tc.LastStartTag, input, got, want)
				}
			}
		}
	}
	t.Logf("tests %d, with start tags %d, with comments %d; runs: passed %d / run %d, not applicable %d (lone surrogates %d), CDATA-state runs %d",
		tests, withTags, withComments, passed, run, na, naSurrogate, naCDATA)
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
