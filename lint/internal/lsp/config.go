package lsp

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/relurl/relurl/lint/internal/input"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/runner"
)

// configName is the configuration file's name.
const configName = runner.ConfigName

// workspace finds and keeps the configuration of the documents and the
// setup of each (runner.Setup, as relurl lint has it): the .relurl.toml
// nearest above each document, up to the repository's top
// (runner.FindProject, decision L-46), loaded again whenever it changed on
// disk (decision E-4); and the root of each, found from the document's
// path alone (decision E-9).
type workspace struct {
	mu      sync.Mutex
	folders []string
	// plain is the linter of a document without configuration, made
	// once; plains the setups of such documents, by root.
	plain  *lint.Linter
	plains map[string]*runner.Setup
	// configs holds each configuration file read, by path.
	configs map[string]*loaded
	// refused holds the errors of finding a project's configuration (a
	// .relurl.toml that a link leads out of the project to), each reported
	// once.
	refused map[string]bool
}

// loaded is a configuration file as last read.
type loaded struct {
	// stamp says which content of the file was read; checked is the
	// stamp the disk was last seen with (configsChanged).
	stamp, checked stamp
	// cfg and setup are the configuration and the setup of its files;
	// those of the last content that loaded, when the file does not load
	// now.
	cfg   *runner.Config
	setup *runner.Setup
	// err is why the file's content does not load; reported once.
	err      error
	reported bool
}

// stamp is what tells one content of a file from another without reading
// it.
type stamp struct {
	size int64
	mod  time.Time
}

func newWorkspace() *workspace {
	return &workspace{configs: map[string]*loaded{}, plain: defaultLinter(), plains: map[string]*runner.Setup{}, refused: map[string]bool{}}
}

func (w *workspace) setFolders(folders []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.folders = folders
}

// setup is how a document is linted.
type setup struct {
	linter    *lint.Linter
	retrieval string
	// skip says that the configuration's include or exclude leaves the
	// document out.
	skip bool
	// max is the largest document linted, in bytes.
	max int64
	// root is the directory the document's tree is served from (decision
	// E-9); "" for a document not saved. cfg is the configuration, nil
	// for none.
	root string
	cfg  *runner.Config
	// config is the configuration file's path, or ""; configErr why it
	// does not load, when that is to be reported (once).
	config    string
	configErr error
}

// defaultLinter is the linter without configuration.
func defaultLinter() *lint.Linter {
	l, err := lint.New(lint.Options{Fixes: true})
	if err != nil {
		panic(err) // the zero options are valid
	}
	return l
}

// setupFor returns how the document at path ("" for one not saved) is
// linted: by its configuration file, read again when it changed, from
// its root, as relurl lint lints the file (runner.Setup). The root is
// the project's (runner.Project.Root): the configuration's root, else
// the configuration file's directory, else the repository's top; only
// for a file in none of them, the workspace folder that holds it, else
// none: a document opened from anywhere has no tree around it, whose
// names and anchors its findings would tell (decision E-16). The client's
// rootUri and the working directory choose nothing else (decision E-9).
func (w *workspace) setupFor(path string) setup {
	w.mu.Lock()
	defer w.mu.Unlock()
	set := setup{max: input.DefaultMax, linter: w.plain}
	from := path
	if path == "" {
		if len(w.folders) == 0 {
			return set
		}
		from = w.folders[0]
	}
	proj, err := runner.FindProject(from)
	if err != nil {
		// The document is linted without configuration, and the user is
		// told why, once (decision L-51).
		if !w.refused[err.Error()] {
			w.refused[err.Error()], set.configErr = true, err
		}
		return set
	}
	var rs *runner.Setup
	if proj.Config != "" {
		set.config = proj.Config
		ld := w.load(proj.Config, proj)
		if ld.err != nil && !ld.reported {
			ld.reported, set.configErr = true, ld.err
		}
		set.cfg, rs = ld.cfg, ld.setup
	}
	if path == "" {
		if rs != nil {
			set.linter, set.max, set.retrieval = rs.Linter, rs.MaxSize, rs.Linter.Retrieval()
		}
		return set
	}
	if rs == nil {
		rs = w.plainSetup(proj.Root(nil, w.folderOf(path, "")))
	}
	f := rs.File(path)
	set.linter, set.retrieval, set.skip = f.Linter, f.Retrieval, f.Skip
	set.max, set.root = rs.MaxSize, rs.Root
	return set
}

// plainSetup returns the setup of the documents without configuration
// under root.
func (w *workspace) plainSetup(root string) *runner.Setup {
	if rs := w.plains[root]; rs != nil {
		return rs
	}
	rs, err := runner.NewSetup(nil, root, w.plain)
	if err != nil {
		rs = &runner.Setup{Linter: w.plain, MaxSize: input.DefaultMax}
	}
	w.plains[root] = rs
	return rs
}

// load returns the configuration file at path, of the project proj, read
// again when its stamp changed. A content that does not load keeps the
// last one that did.
func (w *workspace) load(path string, proj runner.Project) *loaded {
	ld := w.configs[path]
	if ld == nil {
		ld = &loaded{}
		w.configs[path] = ld
	}
	st := configStamp(path)
	if ld.stamp == st && (ld.cfg != nil || ld.err != nil) {
		return ld
	}
	ld.stamp, ld.checked = st, st
	cfg, err := runner.LoadConfig(path)
	if err == nil {
		var base *lint.Linter
		opts := cfg.Options()
		opts.Fixes = true
		if base, err = lint.New(opts); err == nil {
			var rs *runner.Setup
			if rs, err = runner.NewSetup(cfg, proj.Root(cfg, ""), base); err == nil {
				ld.cfg, ld.setup, ld.err, ld.reported = cfg, rs, nil, false
				return ld
			}
		}
	}
	ld.err, ld.reported = err, false
	return ld
}

// folderOf returns the workspace folder that holds path, the deepest; def
// when none does.
func (w *workspace) folderOf(path, def string) string {
	best := ""
	for _, f := range w.folders {
		if rel := relTo(f, path); rel != "" && rel != ".." && !strings.HasPrefix(rel, "../") && len(f) > len(best) {
			best = f
		}
	}
	if best == "" {
		return def
	}
	return best
}

// relTo returns path relative to dir, with "/" separators, or "".
func relTo(dir, path string) string {
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		return ""
	}
	return filepath.ToSlash(rel)
}

// reportConfig tells the user, once for each content that does not load,
// why the configuration file does not load.
func (s *server) reportConfig(set setup) {
	if set.configErr == nil {
		return
	}
	s.show(messageError, fmt.Sprintf("relurl: %v (the documents are linted as the last configuration that loaded says, or without one)", set.configErr))
}

// configErrors returns the errors of a configuration file whose content
// is text, each on its line (the whole line, or from the column on when
// the error says one).
func configErrors(path, text string) []spanError {
	_, err := runner.ParseConfig(path, []byte(text))
	if err == nil {
		return nil
	}
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	ix := newLineIndex(text, utf8Enc)
	var out []spanError
	for _, e := range errs {
		se := spanError{msg: e.Error()}
		var ce *runner.ConfigError
		if errors.As(e, &ce) {
			se.msg = ce.Err.Error()
			if ce.Key != "" {
				se.msg = ce.Key + ": " + se.msg
			}
			if line := ce.Line - 1; line >= 0 && line < len(ix.starts) {
				se.off, se.end = ix.starts[line], ix.lineEnd(line)
				if ce.Column > 0 {
					se.off = min(se.end, se.off+ce.Column-1)
				}
			}
		}
		out = append(out, se)
	}
	return out
}

// spanError is an error about some bytes of a document.
type spanError struct {
	off, end int
	msg      string
}

// uriPath returns the file path of a file: URI, or "" for another.
func uriPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	p := u.Path
	if len(p) >= 3 && p[0] == '/' && p[2] == ':' && filepath.Separator == '\\' {
		p = p[1:] // file:///C:/x on Windows
	}
	return filepath.Clean(filepath.FromSlash(p))
}

// pathURI returns the file: URI of an absolute path.
func pathURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
