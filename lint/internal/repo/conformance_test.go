package repo_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/lint/internal/conformance"
)

// TestConformanceData holds relurl to every case of its RFC 1808
// conformance data, testdata/rfc1808/urltestdata.json: the verdict on the
// input, no URL where a case says "failure", and otherwise the URL and its
// six components, read alone (Validate, Split) or resolved (Resolve).
func TestConformanceData(t *testing.T) {
	cases, err := conformance.Load(conformance.DataPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 2000 {
		t.Fatalf("%d cases, fewer than 2000", len(cases))
	}
	pass := 0
	for _, c := range cases {
		if failed := checkCase(t, c); !failed {
			pass++
		}
	}
	t.Logf("relurl passes %d of %d cases", pass, len(cases))
}

// checkCase reports how relurl's answer differs from the case, and
// whether it does.
func checkCase(t *testing.T, c *conformance.Case) (failed bool) {
	t.Helper()
	where := ""
	if c.HasBase() {
		where = " against " + *c.Base
	}
	_, diags := relurl.Validate(c.Input)
	if valid := diags.Err() == nil; valid != c.Valid {
		t.Errorf("%q: valid=%v, the data says %v", c.Input, valid, c.Valid)
		failed = true
	}
	var href string
	var err error
	if c.HasBase() {
		href, err = relurl.Resolve(*c.Base, c.Input)
	} else {
		_, err = relurl.Parse(c.Input)
		href = c.Input
	}
	switch {
	case c.Failure && err == nil:
		t.Errorf("%q%s: %q, the data says failure", c.Input, where, href)
		return true
	case !c.Failure && err != nil:
		t.Errorf("%q%s: %v, the data says %q", c.Input, where, err, c.Href)
		return true
	case c.Failure:
		return failed
	}
	if href != c.Href {
		t.Errorf("%q%s: %q, the data says %q", c.Input, where, href, c.Href)
		return true
	}
	u := relurl.Split(href)
	opt := func(p bool, v string) conformance.Opt { return conformance.Opt{Value: v, Present: p} }
	got := conformance.Parts{
		Scheme: opt(u.Scheme.Present, u.Scheme.Value), NetLoc: opt(u.NetLoc.Present, u.NetLoc.Value),
		Path: u.Path.Value, Params: opt(u.Params.Present, u.Params.Value),
		Query: opt(u.Query.Present, u.Query.Value), Fragment: opt(u.Fragment.Present, u.Fragment.Value),
	}
	if got != c.Parts {
		t.Errorf("%q%s: components %+v, the data says %+v", c.Input, where, got, c.Parts)
		return true
	}
	return failed
}

// TestConformanceSchema validates the data against its JSON Schema with
// github.com/santhosh-tekuri/jsonschema, which implements draft 2020-12
// and passes the JSON Schema Test Suite; and checks that the schema
// rejects what it must (a case with neither "failure" nor "href", a
// component of another type, a field of its own).
func TestConformanceSchema(t *testing.T) {
	sch := compileSchema(t)
	data, err := os.ReadFile(conformance.DataPath)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(doc); err != nil {
		t.Fatalf("%s does not fit its schema: %v", conformance.DataPath, err)
	}
	for _, bad := range []string{
		`[{"input": "g", "base": null, "valid": true, "source": "x"}]`,
		`[{"input": "g", "base": null, "href": "g", "scheme": null, "net_loc": null, "path": null, "params": null, "query": null, "fragment": null, "valid": true, "source": "x"}]`,
		`[{"input": "g", "base": null, "href": "g", "scheme": 1, "net_loc": null, "path": "g", "params": null, "query": null, "fragment": null, "valid": true, "source": "x"}]`,
		`[{"input": "g", "base": null, "failure": true, "valid": false, "source": "x", "note": "?"}]`,
		`[{"input": "g", "failure": true, "valid": false, "source": "x"}]`,
		`[{"input": "g", "base": null, "failure": false, "valid": false, "source": "x"}]`,
		`[{"input": "g", "base": null, "failure": true, "valid": false, "source": "x", "decisions": ["decision 4"]}]`,
	} {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(bad)))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(doc); err == nil {
			t.Errorf("the schema accepts %s", bad)
		}
	}
}

func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	raw, err := os.ReadFile(conformance.SchemaPath)
	if err != nil {
		t.Fatal(err)
	}
	sv, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(conformance.SchemaPath, sv); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(conformance.SchemaPath)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}
