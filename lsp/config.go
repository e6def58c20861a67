package lsp

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/relurl/relurl/internal/input"
	"github.com/relurl/relurl/lint"
	"github.com/relurl/relurl/lint/runner"
	"github.com/relurl/relurl/lint/target"
	"github.com/relurl/relurl/resolve"
)

// configName is the configuration file's name.
const configName = runner.ConfigName

// workspace finds and keeps the configuration of the documents: the
// .relurl.toml nearest above each, as relurl lint run in the document's
// directory reads it, loaded again whenever it changed on disk (decision
// E-4).
type workspace struct {
	mu      sync.Mutex
	folders []string
	// plain is the linter of a document without configuration, made
	// once.
	plain *lint.Linter
	// configs holds each configuration file read, by path.
	configs map[string]*loaded
}

// loaded is a configuration file as last read.
type loaded struct {
	// stamp says which content of the file was read.
	stamp stamp
	// cfg and base are the configuration and its linter; those of the
	// last content that loaded, when the file does not load now.
	cfg  *runner.Config
	base *lint.Linter
	// layered holds the linters of the sets of overrides met, by the
	// indexes of the set.
	layered map[string]*lint.Linter
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
	return &workspace{configs: map[string]*loaded{}, plain: defaultLinter()}
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
	// root is the directory the document's tree is served from: the
	// configuration's root, else the workspace folder that holds the
	// document, else the configuration file's directory; "" for none.
	// cfg is the configuration, nil for none.
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
// linted: by its configuration file, read again when it changed.
func (w *workspace) setupFor(path string) setup {
	w.mu.Lock()
	defer w.mu.Unlock()
	set := setup{max: input.DefaultMax}
	dir := filepath.Dir(path)
	if path == "" {
		if len(w.folders) == 0 {
			set.linter = w.plain
			return set
		}
		dir = w.folders[0]
	}
	found, err := runner.FindConfig(dir)
	if err != nil || found == "" {
		set.linter = w.plain
		if path != "" {
			set.root = w.folderOf(path, "")
		}
		return set
	}
	set.config = found
	ld := w.load(found)
	if ld.err != nil && !ld.reported {
		ld.reported, set.configErr = true, ld.err
	}
	if ld.cfg == nil {
		set.linter = w.plain
		if path != "" {
			set.root = w.folderOf(path, "")
		}
		return set
	}
	cfg := ld.cfg
	set.cfg = cfg
	set.linter = ld.linterFor(path)
	if cfg.MaxSize > 0 {
		set.max = cfg.MaxSize
	}
	if path != "" {
		set.skip = cfg.Skips(path, false)
	}
	root := cfg.Root
	if root == "" {
		root = w.folderOf(path, cfg.Dir)
	}
	if path != "" {
		set.root = root
	}
	set.retrieval = retrievalFor(cfg.Base, root, path)
	return set
}

// load returns the configuration file at path, read again when its stamp
// changed. A content that does not load keeps the last one that did.
func (w *workspace) load(path string) *loaded {
	ld := w.configs[path]
	if ld == nil {
		ld = &loaded{}
		w.configs[path] = ld
	}
	var st stamp
	if info, err := os.Stat(path); err == nil {
		st = stamp{size: info.Size(), mod: info.ModTime()}
	}
	if ld.stamp == st && (ld.cfg != nil || ld.err != nil) {
		return ld
	}
	ld.stamp = st
	cfg, err := runner.LoadConfig(path)
	if err == nil {
		var base *lint.Linter
		opts := cfg.Options()
		opts.Fixes = true
		if base, err = lint.New(opts); err == nil {
			ld.cfg, ld.base, ld.layered, ld.err, ld.reported = cfg, base, map[string]*lint.Linter{}, nil, false
			return ld
		}
	}
	ld.err, ld.reported = err, false
	return ld
}

// linterFor returns the linter of the document at path: the
// configuration's, with the levels of the overrides that match the path,
// in order.
func (ld *loaded) linterFor(path string) *lint.Linter {
	if path == "" || len(ld.cfg.Overrides) == 0 {
		return ld.base
	}
	rel := relTo(ld.cfg.Dir, path)
	var key strings.Builder
	var layers []map[string]lint.Level
	for i, o := range ld.cfg.Overrides {
		if o.Paths.Match(rel, false) {
			fmt.Fprintf(&key, "%d,", i)
			layers = append(layers, o.Levels)
		}
	}
	if len(layers) == 0 {
		return ld.base
	}
	if l := ld.layered[key.String()]; l != nil {
		return l
	}
	l, err := ld.base.WithLevels(layers...)
	if err != nil {
		l = ld.base // LoadConfig checked each override's rules
	}
	ld.layered[key.String()] = l
	return l
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

// retrievalFor returns the retrieval URL of the file at path, as relurl
// lint gives it with --base base and --root root: path's place under
// root resolved against base; base itself for a file outside root; ""
// without a base.
func retrievalFor(base, root, path string) string {
	if base == "" || path == "" || root == "" {
		return base
	}
	rel := relTo(root, path)
	if rel == "" || rel == "." || rel == ".." || strings.HasPrefix(rel, "../") {
		return base
	}
	u, err := resolve.Resolve(base, target.PathReference(rel))
	if err != nil {
		return base
	}
	return u.String()
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
