package layout

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/testtool"
)

// missingTool matches what a test says when it skips for want of a
// program or a module's files.
var missingTool = regexp.MustCompile(`(?i)not installed|not on PATH|no (git|browser|nvim|neovim|chromium|pre-commit)\b|go list|module directory|does not run`)

// TestSkipsHonest: a test that can skip for a missing program finds the
// program through internal/testtool, which fails it instead when CI's
// variable says it must run. So no test of the module calls
// exec.LookPath itself, nor skips with a message about a missing program.
func TestSkipsHonest(t *testing.T) {
	top := filepath.Join("..", "..", "..")
	fset := token.NewFileSet()
	err := filepath.WalkDir(top, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != top && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			if filepath.ToSlash(path) == filepath.ToSlash(filepath.Join(top, "internal", "testtool")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		test := strings.HasSuffix(path, "_test.go")
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if !test && !importsTesting(f) {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			name := sel.Sel.Name
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "exec" && name == "LookPath" {
				t.Errorf("%s: exec.LookPath in a test: find the program with testtool.LookPath, which obeys CI's RELURL_REQUIRE_* variables", fset.Position(call.Pos()))
				return true
			}
			if name != "Skip" && name != "Skipf" {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "b" {
				// A benchmark (b *testing.B) over corpora a machine may
				// lack: CI runs no benchmark, so it has nothing to hide.
				return true
			}
			for _, arg := range call.Args {
				lit, ok := arg.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				if s, err := strconv.Unquote(lit.Value); err == nil && missingTool.MatchString(s) {
					t.Errorf("%s: the test skips for a missing program (%q): end it with testtool.Missing, which obeys CI's RELURL_REQUIRE_* variables", fset.Position(call.Pos()), s)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// importsTesting says whether f imports package testing: a helper of
// tests outside a _test.go file (internal/gittest).
func importsTesting(f *ast.File) bool {
	for _, imp := range f.Imports {
		if imp.Path.Value == `"testing"` {
			return true
		}
	}
	return false
}

// TestCIRequires: .ci/run sets every variable of internal/testtool on CI,
// so that no test that CI needs can skip there.
func TestCIRequires(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	var exports string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.Contains(line, "export RELURL_REQUIRE_") || (exports != "" && strings.HasPrefix(strings.TrimSpace(line), "RELURL_REQUIRE_")) {
			exports += line + "\n"
		}
	}
	for _, v := range testtool.Variables() {
		if !regexp.MustCompile(`\b` + v.Name + `=1\b`).MatchString(exports) {
			t.Errorf(".ci/run does not export %s=1 (%s) on CI", v.Name, v.What)
		}
	}
	if n := strings.Count(string(data), "export RELURL_REQUIRE_"); n != 1 {
		t.Errorf(".ci/run exports RELURL_REQUIRE_* variables in %d places, want one", n)
	}
}
