package conformance

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/cases"
	"github.com/relurl/relurl/internal/gen"
	"github.com/relurl/relurl/lint/internal/compare"
)

// The sources of the cases, as the file's "source" field names them; the
// part before ":" is the source's group, which the counts are by.
const (
	SourceSection51 = "RFC 1808 §5.1"
	SourceSection52 = "RFC 1808 §5.2"
	sourceTable     = "testdata/urls.txt" // + ": " and its "# §" heading
	sourceDecisions = "decisions"
	sourceCompare   = "compare"     // + ": " and the class id
	sourceGen       = "gen"         // + ": " and the production
	sourceInvalid   = "gen invalid" // + ": " the production and the rule
)

// The files the sources read, relative to the repository's root.
const (
	rfcPath   = "lint/internal/lint/testdata/spec/rfc1808.txt"
	tablePath = "testdata/urls.txt"
)

// Seed is the seed of the generators' random choices: the file is the
// same at every run.
const Seed = 1808

// example is one example of §5: a reference and the RFC's answer.
type example struct {
	ref, want string
}

// section5 reads the base and the examples of §5.1 and §5.2 from the
// RFC's own text, where they are written
//
//	Base: <URL:http://a/b/c/d;p?q#f>
//	g:h        = <URL:g:h>
//	<>            = <URL:http://a/b/c/d;p?q#f>
func section5(root string) (base string, normal, abnormal []example, err error) {
	f, err := os.Open(filepath.Join(root, rfcPath))
	if err != nil {
		return "", nil, nil, err
	}
	defer f.Close()
	baseRE := regexp.MustCompile(`^\s+Base: <URL:(\S+)>$`)
	exRE := regexp.MustCompile(`^\s{6}(\S+)\s+= <URL:(\S*)>$`)
	section := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "5.  "):
			section = "5"
		case strings.HasPrefix(line, "5.1.  "), strings.HasPrefix(line, "5.2.  "):
			section = line[:3]
		case strings.HasPrefix(line, "5.3.  "):
			section = ""
		}
		if m := baseRE.FindStringSubmatch(line); m != nil && section == "5" {
			base = m[1]
		}
		m := exRE.FindStringSubmatch(line)
		if m == nil || section == "" || section == "5" {
			continue
		}
		ref := m[1]
		if ref == "<>" {
			ref = "" // "An empty reference"
		}
		switch section {
		case "5.1":
			normal = append(normal, example{ref, m[2]})
		case "5.2":
			abnormal = append(abnormal, example{ref, m[2]})
		}
	}
	if err := sc.Err(); err != nil {
		return "", nil, nil, err
	}
	if base == "" || len(normal) == 0 || len(abnormal) == 0 {
		return "", nil, nil, fmt.Errorf("%s: no base or examples of §5 found", rfcPath)
	}
	return base, normal, abnormal, nil
}

// tableCases reads relurl's table of parsing cases, each with the section
// of §2.2 its heading names.
func tableCases(root string) ([]cases.Case, error) {
	return cases.Load(filepath.Join(root, tablePath))
}

// tableSource shortens a "# §" heading of the table to its section and
// the production it names: "§2.2 net_path = ..." to "§2.2 net_path".
func tableSource(heading string) string {
	f := strings.Fields(heading)
	if len(f) > 2 {
		f = f[:2]
	}
	return sourceTable + ": RFC 1808 " + strings.TrimSuffix(strings.Join(f, " "), ":")
}

// decisionBases are bases chosen for the decisions of §4: each makes a
// point of docs/decisions.md arise (the unknown base, a net_loc with an
// empty path, an empty net_loc, empty params and query, a path with an
// empty segment, no net_loc, an opaque scheme) or is one that cannot serve.
var decisionBases = []string{
	"",
	"http://a",
	"http://a/b?",
	"http://a/b;?",
	"http://a/b//c",
	"file:///etc/x",
	"http:/",
	"http:.//x",
	"http:a/b",
	"mailto:x",
	"http://a//b",
	"/b/c",
	"http://a/%zz",
}

// decisionRefs are references that reach the points §4 leaves open:
// empty components written with their delimiter, trailing delimiters,
// params holding "/", empty segments, dots above the root.
var decisionRefs = []string{
	"#", "?", ";", "?#s", ";?y", ";#", "///g", "//", "//?y", "g?", "g;", "g#", "g;?#",
	"g;x=1/../y", ";x=1/../y", "a//../b", "..//g", "../..//g", ".//g", "g//h", "../../..",
	"./.", "..", ".", "../g", "g", "?y", ";x", "#s", "/g", "//g",
}

// decisionInputs are inputs read alone at the points §2.2 and §2.4 leave
// open.
var decisionInputs = []string{
	"g:h", "a:b/c", "http:g", "1a:b", "+.-:x", "9z:", ":a:b", ":", "http://a//b", "ftp://a//b;type=d",
	"//a//b", "http://a?q", "//a?b/c", "//a;b/c", "", "#", "#a#b", "g#s#t", "é", "http://a/é",
}

// classCase is a case that shows a divergence class of package compare.
type classCase struct {
	base, ref string
	class     string
}

// classCases show each class of [compare.Classes] but "unclassified": the
// 2022 study's examples where there are some, RFC 1808 §5's where the
// class is RFC 1808's own, and others made for it. The generator checks
// that package compare finds each case's class.
var classCases = []classCase{
	{"", "google.com/abc", "scheme-confusion"},
	{"", "1a:b", "scheme-confusion"},
	{"", "http:///google.com", "slash-confusion"},
	{"", "http:/google.com", "slash-confusion"},
	{"http://a/b/c/d;p?q#f", "///g", "slash-confusion"},
	{"", `http:\\google.com`, "backslash-confusion"},
	{"", `http://evil.com\@google.com/`, "backslash-confusion"},
	{"", "http://%67oogle.com/", "url-encoded-data"},
	{"", "http://a", "scheme-mixup"},
	{"", "file://localhost/etc", "scheme-mixup"},
	{"http://a/b/c/d;p?q#f", "//g", "scheme-mixup"},
	{"http://a/b/c/d;p?q#f", ";x", "params"},
	{"http://a/b/c/d;p?q#f", "g;x=1/../y", "params"},
	{"http://a/b;p/c", "g", "params"},
	{"http://a/b/c/d;p?q#f", "http:g", "http-g-loophole"},
	{"http://a/b/c/d;p?q#f", "http:", "http-g-loophole"},
	{"http://a/b/c/d;p?q#f", "http:?y", "http-g-loophole"},
	{"http://a/b/c/d;p?q#f", "../../../g", "dotdot-above-root"},
	{"http://a/b/c/d;p?q#f", "../../../../g", "dotdot-above-root"},
	{"http://a/b", "../g", "dotdot-above-root"},
	{"http://a/b/c/d;p?q#f", "../..//g", "empty-segment"},
	{"", "http://a?q", "net_loc-delimiters"},
	{"", "http://a/~user", "percent-encoding"},
	{"http://a/b/c/d;p?q#f", "%2e%2e/g", "percent-encoding"},
	{"", "http://a/b c", "percent-encoding"},
	{"", "HTTP://A/b", "case"},
	{"", "http://A/b", "case"},
	{"http://a/b/c/d;p?q#f", "", "empty-component"},
	{"http://a/b/c/d;p?q#f", "?", "empty-component"},
	{"http://a/b/c/d;p?q#f", ";", "empty-component"},
	{"http://a/b/c/d;p?q#f", "//", "empty-component"},
	{"http://a/b/c/d;p?q#f", "/./g", "dot-segments"},
	{"http://a/b/c/d;p?q#f", "/../g", "dot-segments"},
	{"", "http://a/b/../c", "dot-segments"},
	{"", "http://a/b\tc", "white-space"},
	{"", " http://a/b", "white-space"},
	{"http://a/b/c/d;p?q#f", "g\n", "white-space"},
	{"", "http://0x7f.1/", "host"},
	{"", "http://a:99999/", "host"},
	{"mailto:x", "g", "opaque-path"},
}

// classSource is the source of a case of a class, with what decides RFC
// 1808's reading.
func classSource(id string) string {
	k, _ := compare.ParseClass(id)
	return sourceCompare + ": " + id + " (" + k.Info().Decides + ")"
}

// genInputs draws, for each production of gen's table, inputs that the
// production builds: the value of no choices at all (the production's
// least), the values of each first choice alone, then random draws from a
// fixed seed, until there are perProduction distinct ones. A string
// production's value is set where it stands in a URL (a net_loc after
// "//", a query after "?", ...); a URL-level production's is the URL.
func genInputs(perProduction int) []genInput {
	rng := rand.New(rand.NewPCG(Seed, Seed))
	var out []genInput
	for _, p := range gen.Productions() {
		seen := map[string]bool{}
		try := func(b []byte) {
			in := placed(p.Name, p.Draw(gen.NewBytes(b)))
			if !seen[in] {
				seen[in] = true
				out = append(out, genInput{p.Name, in, ""})
			}
		}
		try(nil)
		for i := range 16 {
			try([]byte{byte(i)})
		}
		for n := 0; len(seen) < perProduction && n < 50*perProduction; n++ {
			b := make([]byte, 1+rng.IntN(24))
			for i := range b {
				b[i] = byte(rng.UintN(256))
			}
			try(b)
		}
	}
	return out
}

// genInvalid draws, for each URL-level production, URLs with one known
// violation injected (gen's Invalid), from a fixed seed.
func genInvalid(perProduction int) []genInput {
	rng := rand.New(rand.NewPCG(Seed, Seed+1))
	var out []genInput
	for _, p := range gen.Productions() {
		if !p.IsURL() {
			continue
		}
		seen := map[string]bool{}
		for n := 0; len(seen) < perProduction && n < 50*perProduction; n++ {
			b := make([]byte, 1+rng.IntN(24))
			for i := range b {
				b[i] = byte(rng.UintN(256))
			}
			v, _ := p.DrawInvalid(gen.NewBytes(b))
			if !seen[v.Input] {
				seen[v.Input] = true
				out = append(out, genInput{p.Name, v.Input, v.Rule})
			}
		}
	}
	return out
}

// genInput is one input drawn by a production; rule is the diagnostic an
// injected violation draws, empty for a valid input.
type genInput struct {
	production, input, rule string
}

// placed sets a production's value where it stands in a URL.
func placed(production string, v any) string {
	if u, ok := v.(ast.URL); ok {
		return u.String()
	}
	s := v.(string)
	switch production {
	case "scheme":
		return s + ":x"
	case "net_loc":
		return "//" + s + "/p"
	case "segment", "path":
		return "g/" + s
	case "params":
		return "g;" + s
	case "param":
		return ";" + s
	case "query":
		return "?" + s
	case "fragment":
		return "#" + s
	case "pchar", "uchar", "escape":
		return "g" + s
	}
	return s // fsegment: a relative path of one segment
}
