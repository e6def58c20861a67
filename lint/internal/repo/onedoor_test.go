package repo_test

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/testtool"
)

// fileAccess are the functions of the standard library (and x/sys) that
// reach files by their paths, by package: what the packages the command's
// lint path and the language server build on call only through
// lint/internal/door (decision L-57). A package's every function is
// listed as "*".
var fileAccess = map[string][]string{
	"os": {"Open", "OpenFile", "Create", "ReadFile", "WriteFile", "Stat", "Lstat", "Readlink", "ReadDir", "Rename",
		"Remove", "RemoveAll", "Mkdir", "MkdirAll", "MkdirTemp", "CreateTemp", "DirFS", "OpenRoot", "OpenInRoot",
		"Chmod", "Chown", "Lchown", "Chtimes", "Link", "Symlink", "Truncate", "Chdir", "CopyFS"},
	"io/ioutil":             {"*"},
	"io/fs":                 {"ReadFile", "ReadDir", "Stat", "Lstat", "ReadLink", "WalkDir", "Glob", "Sub"},
	"path/filepath":         {"EvalSymlinks", "Walk", "WalkDir", "Glob"},
	"syscall":               {"*"},
	"golang.org/x/sys/unix": {"*"},
}

// doorExceptions are the calls of fileAccess outside the door that are
// meant, each with its reason, by file (from the repository's root) and
// call. A call not listed fails the test, and so does an exception that
// matches nothing.
var doorExceptions = map[string]string{
	"lint/internal/spool/spool.go os.CreateTemp":      "the run's own temporary file of findings held back, in the system's temporary directory, removed at once: no file of any tree",
	"lint/internal/runner/stash.go os.CreateTemp":     "the run's own temporary file of the findings its fragments hold back, in the system's temporary directory, removed at once: no file of any tree",
	"lint/internal/runner/stash.go os.Remove":         "removes the stash's own temporary file, by the name os.CreateTemp gave it",
	"lint/internal/spool/spool.go os.Remove":          "removes the spool's own temporary file, by the name os.CreateTemp gave it",
	"lint/cli/gen.go os.MkdirAll":                     "relurl gen writes its generated cases to the directory the user names: no tree is linted",
	"lint/cli/gen.go os.WriteFile":                    "relurl gen writes its generated cases to the directory the user names: no tree is linted",
	"lint/cli/serve.go fs.Glob":                       "relurl serve lists the playground's embedded files, no file of the disk",
	"lint/internal/input/input.go os.Open":            "relurl resolve reads the one file the user names (input.ReadFile): no tree",
	"lint/internal/htmlscan/mkentity.go os.WriteFile": "a go:generate program (build tag ignore), never part of the command",
	"lint/internal/runner/walk.go fs.Stat":            "fsysFS reads the fs.FS a caller hands Run.FS (the tests' fakes), no path of the disk",
	"lint/internal/runner/walk.go fs.Lstat":           "fsysFS reads the fs.FS a caller hands Run.FS (the tests' fakes), no path of the disk",
	"lint/internal/runner/walk.go fs.ReadDir":         "fsysFS reads the fs.FS a caller hands Run.FS (the tests' fakes), no path of the disk",
	"lint/internal/runner/walk.go fs.ReadLink":        "fsysFS reads the fs.FS a caller hands Run.FS (the tests' fakes), no path of the disk",
	"lint/internal/playground/ *":                     "relurl serve: the playground's embedded files, its WebAssembly build and its cache, no tree linted",
}

// TestOneDoor: no package that relurl lint or the language server builds
// on, but lint/internal/door, reaches a file by its path: every read,
// stat, listing, link reading, write and rename of a tree's files goes
// through door.Tree, where the tree's edge is held (decision L-57).
func TestOneDoor(t *testing.T) {
	goCmd := testtool.LookPath(t, testtool.Go, "go")
	cmd := exec.Command(goCmd, "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}\t{{.Dir}}\t{{join .GoFiles \",\"}}\t{{join .IgnoredGoFiles \",\"}}{{end}}", "./lint/cli", "./lint/internal/lsp")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	pkgs := 0
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 || !strings.HasPrefix(f[0], "github.com/relurl/relurl") {
			continue
		}
		if f[0] == "github.com/relurl/relurl/lint/internal/door" {
			continue
		}
		pkgs++
		files := slices.DeleteFunc(append(strings.Split(f[2], ","), strings.Split(f[3], ",")...), func(s string) bool {
			return s == "" || strings.HasSuffix(s, "_test.go")
		})
		for _, name := range files {
			path := filepath.Join(f[1], name)
			rel, err := filepath.Rel(root, path)
			if err != nil {
				t.Fatal(err)
			}
			rel = filepath.ToSlash(rel)
			for _, call := range accessCalls(t, path) {
				key := rel + " " + call.name
				if _, ok := doorExceptions[key]; ok {
					used[key] = true
					continue
				}
				if dir := exceptedDir(rel); dir != "" {
					used[dir] = true
					continue
				}
				t.Errorf("%s:%d: %s reaches the disk outside lint/internal/door: go through a door.Tree (or a door function for a path named outside any tree)", rel, call.line, call.name)
			}
		}
	}
	if pkgs < 20 {
		t.Errorf("go list named %d packages of the repository: the list is not what this test thinks", pkgs)
	}
	for key := range doorExceptions {
		if !used[key] {
			t.Errorf("the exception %q matches no call: remove it", key)
		}
	}
}

// exceptedDir returns the key of doorExceptions that excepts every call
// of the files under a directory that holds rel ("dir/ *"), or "".
func exceptedDir(rel string) string {
	for key := range doorExceptions {
		if dir, ok := strings.CutSuffix(key, " *"); ok && strings.HasPrefix(rel, dir) {
			return key
		}
	}
	return ""
}

// call is a call of a function of fileAccess: "os.Stat", and its line.
type call struct {
	name string
	line int
}

// accessCalls returns the calls of fileAccess's functions in the Go file
// at path, by the names its imports give their packages.
func accessCalls(t *testing.T, path string) []call {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{} // local name → import path
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if _, ok := fileAccess[p]; !ok {
			continue
		}
		local := p[strings.LastIndex(p, "/")+1:]
		if imp.Name != nil {
			local = imp.Name.Name
		}
		names[local] = p
	}
	var calls []call
	ast.Inspect(f, func(n ast.Node) bool {
		// A function called, or taken as a value (f := os.ReadFile).
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		p, ok := names[id.Name]
		if !ok {
			return true
		}
		fns := fileAccess[p]
		if !slices.Contains(fns, sel.Sel.Name) && !(slices.Contains(fns, "*") && isFunc(sel.Sel.Name)) {
			return true
		}
		calls = append(calls, call{name: id.Name + "." + sel.Sel.Name, line: fset.Position(sel.Pos()).Line})
		return true
	})
	return calls
}

// isFunc tells, by its name, a function of syscall or x/sys/unix from
// its constants and types, which reach nothing: the functions are
// written in mixed case, the constants in capitals.
func isFunc(name string) bool {
	return name != strings.ToUpper(name) && !slices.Contains([]string{"Stat_t", "Signal", "Errno", "SysProcAttr", "Timespec", "Rlimit", "Utsname", "WaitStatus", "Rusage"}, name)
}
