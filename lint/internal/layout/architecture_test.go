package layout

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestArchitectureTable: docs/architecture.md's table of packages and
// [allowed] say the same: each row names a package of the module and
// lists, among its imports, the module's packages its entry allows (the
// third-party modules the table names shortly are not compared; a row
// whose imports are "everything" or "stdlib" is not either), and each
// library package of the module (not a command, not under an internal
// directory) has a row.
func TestArchitectureTable(t *testing.T) {
	data, err := os.ReadFile("../../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][]string{}
	for line := range strings.SplitSeq(string(data), "\n") {
		cells := strings.Split(line, " | ")
		if len(cells) != 3 || !strings.HasPrefix(cells[0], "| `") {
			continue
		}
		name := strings.Trim(strings.TrimPrefix(cells[0], "| "), "`")
		if name == "relurl" {
			name = ""
		}
		var imps []string
		for imp := range strings.SplitSeq(strings.TrimSuffix(cells[2], " |"), ",") {
			imps = append(imps, strings.TrimSpace(imp))
		}
		rows[name] = imps
	}
	if len(rows) < 20 {
		t.Fatalf("read %d rows of the table of packages", len(rows))
	}
	for name, imps := range rows {
		rules, ok := allowed[name]
		if !ok {
			t.Errorf("architecture.md has a row for %q, which internal/layout has no entry for", name)
			continue
		}
		if len(imps) == 1 && (strings.HasPrefix(imps[0], "everything") || imps[0] == "stdlib") {
			continue
		}
		var doc, table []string
		for _, imp := range imps {
			if _, ours := allowed[imp]; ours {
				doc = append(doc, imp)
			}
		}
		for _, r := range rules {
			if first, _, _ := strings.Cut(r, "/"); !strings.Contains(first, ".") && r != "*" {
				table = append(table, r)
			}
		}
		slices.Sort(doc)
		slices.Sort(table)
		if !slices.Equal(doc, table) {
			t.Errorf("%q imports the module's %q in architecture.md, %q in internal/layout", name, doc, table)
		}
	}
	out, err := exec.Command("go", "list", "-f", `{{if ne .Name "main"}}{{.ImportPath}}{{end}}`, module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		rel := strings.TrimPrefix(strings.TrimPrefix(p, module), "/")
		if rel == "internal" || strings.HasPrefix(rel, "internal/") || strings.Contains(rel, "/internal") {
			continue
		}
		if _, ok := rows[rel]; !ok {
			t.Errorf("package %s has no row in docs/architecture.md's table", p)
		}
	}
}
