package fuzz

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The module's fuzz targets are found in its source, never listed by
// name: a .go file that names a target besides the target's own file
// breaks OSS-Fuzz's build of it (see TestTargetsBuildForOSSFuzz).

// target is one native fuzz target of the module.
type target struct {
	name string // "Fuzz..."
	dir  string // its package directory, relative to the module root
	file string // the file that declares it, relative to the module root
	pkg  string // the package clause of that file
	// params are the types of its fuzz function's arguments after the
	// *testing.T, each with its name: "s string", "data []byte".
	params []string
	// adds is whether its body calls f.Add.
	adds bool
}

// signature is the types of the arguments, joined by ", ".
func (tg target) signature() string {
	var types []string
	for _, p := range tg.params {
		_, typ, _ := strings.Cut(p, " ")
		types = append(types, typ)
	}
	return strings.Join(types, ", ")
}

// moduleRoot is the module's directory, seen from this package's.
const moduleRoot = ".."

// findTargets parses every .go file of the module (outside testdata and
// hidden directories) for functions Fuzz...(f *testing.F) and reads the
// arguments of the function they pass to f.Fuzz.
func findTargets(t *testing.T) []target {
	t.Helper()
	return findTargetsIn(t, nil)
}

// findWorkspaceTargets is findTargets over the modules of go.work, the
// targets .clusterfuzzlite/build.sh builds (decision Z-12).
func findWorkspaceTargets(t *testing.T) []target {
	t.Helper()
	work, err := os.ReadFile(filepath.Join(moduleRoot, "go.work"))
	if err != nil {
		t.Fatal(err)
	}
	modules := map[string]bool{}
	in := false
	for _, line := range strings.Split(string(work), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "use (":
			in = true
		case line == ")":
			in = false
		case in || strings.HasPrefix(line, "use "):
			dir := strings.TrimSpace(strings.TrimPrefix(line, "use "))
			modules[filepath.Clean(filepath.Join(moduleRoot, dir))] = true
		}
	}
	if len(modules) < 2 {
		t.Fatalf("go.work uses %d modules", len(modules))
	}
	return findTargetsIn(t, modules)
}

// findTargetsIn finds the targets of the module at moduleRoot and of the
// modules under it whose directories are in also.
func findTargetsIn(t *testing.T, also map[string]bool) []target {
	t.Helper()
	var out []target
	err := filepath.WalkDir(moduleRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != moduleRoot && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != moduleRoot && !also[filepath.Clean(path)] {
				return filepath.SkipDir // another module (lint/golangci)
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(moduleRoot, path)
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || !strings.HasPrefix(fn.Name.Name, "Fuzz") || fn.Recv != nil || len(fn.Type.Params.List) != 1 ||
				types(fset, fn.Type.Params.List[0].Type) != "*testing.F" {
				continue
			}
			tg := target{name: fn.Name.Name, dir: filepath.Dir(rel), file: rel, pkg: f.Name.Name}
			var fName string
			if names := fn.Type.Params.List[0].Names; len(names) == 1 {
				fName = names[0].Name
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, isIdent := sel.X.(*ast.Ident); isIdent && x.Name == fName && sel.Sel.Name == "Add" {
					tg.adds = true
				}
				if len(call.Args) != 1 {
					return true
				}
				lit, isLit := call.Args[0].(*ast.FuncLit)
				if sel.Sel.Name != "Fuzz" || !isLit {
					return true
				}
				for i, field := range lit.Type.Params.List {
					for _, name := range field.Names {
						if i == 0 {
							continue // t *testing.T
						}
						tg.params = append(tg.params, name.Name+" "+types(fset, field.Type))
					}
				}
				return false
			})
			out = append(out, tg)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 10 {
		t.Fatalf("found only %d fuzz targets", len(out))
	}
	return out
}

func types(fset *token.FileSet, e ast.Expr) string {
	var b bytes.Buffer
	_ = format.Node(&b, fset, e)
	return b.String()
}

// TestTargetsBuildForOSSFuzz holds every fuzz target of the workspace's
// modules to what OSS-Fuzz's compile_native_go_fuzzer needs to build it
// as it is:
//
//   - its name is unique in the workspace (it names the binary) and appears
//     in no .go file under its package directory but its own (the script
//     finds "the" fuzzer file with grep -r -l NAME DIR);
//   - its file is in the package itself, not an external _test package,
//     and compiles with the package's non-test files alone once its
//     "testing" import is go-118-fuzz-build's, which is what that tool
//     does (checked here by building the package with such an overlay);
//   - its arguments are of the types go-118-fuzz-build and internal/seedzip
//     support;
//   - its seeds are files in testdata/fuzz/NAME, never f.Add calls: the
//     seed corpus zip, which is all libFuzzer sees, is made of those files
//     (under go-118-fuzz-build, f.Add does nothing).
//
// make oss-fuzz builds and runs them with clang and libFuzzer.
func TestTargetsBuildForOSSFuzz(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every package holding a target")
	}
	seen := map[string]string{}
	for _, tg := range findWorkspaceTargets(t) {
		if other, dup := seen[tg.name]; dup {
			t.Errorf("%s is declared in %s and %s: OSS-Fuzz names the binary after it", tg.name, other, tg.file)
		}
		seen[tg.name] = tg.file
		_ = filepath.WalkDir(filepath.Join(moduleRoot, tg.dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			rel, _ := filepath.Rel(moduleRoot, path)
			if b, err := os.ReadFile(path); err == nil && rel != tg.file && bytes.Contains(b, []byte(tg.name)) {
				t.Errorf("%s names %s, which grep -r -l finds beside %s: name it another way", rel, tg.name, tg.file)
			}
			return nil
		})
		if strings.HasSuffix(tg.pkg, "_test") {
			t.Errorf("%s: %s is in package %s: go-118-fuzz-build compiles it into the package itself", tg.file, tg.name, tg.pkg)
		}
		if tg.adds {
			t.Errorf("%s: %s calls f.Add, whose seeds libFuzzer never sees: write them to %s/testdata/fuzz/%s", tg.file, tg.name, filepath.ToSlash(tg.dir), tg.name)
		}
		switch tg.signature() {
		case "string", "string, string", "[]byte", "[]byte, uint8":
		default:
			t.Errorf("%s: arguments (%s): internal/seedzip encodes only those of relurl's targets", tg.name, tg.signature())
		}
		buildRewritten(t, tg)
	}
}

// buildRewritten builds tg's package with tg's file as go-118-fuzz-build
// leaves it: no longer a test file, its "testing" import rewritten.
func buildRewritten(t *testing.T, tg target) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(moduleRoot, tg.file))
	if err != nil {
		t.Fatal(err)
	}
	rewritten := bytes.Replace(src, []byte("\t\"testing\"\n"), []byte("\ttesting \"github.com/AdamKorcz/go-118-fuzz-build/testing\"\n"), 1)
	rewritten = bytes.Replace(rewritten, []byte("import \"testing\"\n"), []byte("import testing \"github.com/AdamKorcz/go-118-fuzz-build/testing\"\n"), 1)
	tmp := t.TempDir()
	abs, _ := filepath.Abs(filepath.Join(moduleRoot, tg.file))
	if err := os.WriteFile(filepath.Join(tmp, "fuzz.go"), rewritten, 0o644); err != nil {
		t.Fatal(err)
	}
	overlay := `{"Replace":{` + quote(abs+"_fuzz.go") + `:` + quote(filepath.Join(tmp, "fuzz.go")) + `,` + quote(abs) + `:""}}`
	if err := os.WriteFile(filepath.Join(tmp, "overlay.json"), []byte(overlay), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-tags", "gofuzz", "-overlay", filepath.Join(tmp, "overlay.json"), "./"+filepath.ToSlash(tg.dir))
	cmd.Dir = moduleRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("%s: its package does not build as go-118-fuzz-build rewrites it:\n%s", tg.name, out)
	}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestDocsListTargets: the manual's guide to fuzzing, docs/fuzzing.md, names
// every fuzz target of the workspace's modules.
func TestDocsListTargets(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(moduleRoot, "docs", "fuzzing.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tg := range findWorkspaceTargets(t) {
		if !bytes.Contains(readme, []byte("| `"+tg.name+"` | `"+filepath.ToSlash(tg.dir)+"` |")) {
			t.Errorf("the table of fuzz targets in docs/fuzzing.md has no row for %s (package %s)", tg.name, tg.dir)
		}
	}
}
