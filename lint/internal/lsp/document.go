package lsp

import (
	"fmt"
	"path/filepath"
	"slices"
	"sync"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/input"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/target"
)

// document is an open document: its latest text, and the worker that
// lints it. The text is replaced whole on each change; once the server has
// read every message the client has sent so far (idle), the worker is
// kicked; it lints the text it finds then and publishes the diagnostics if
// no change came meanwhile. A burst of changes costs one lint of its last
// text, and memory for two copies of the text at most: the latest (its
// last lint holds the same), and the one being linted (decision E-2).
type document struct {
	uri, path, lang string
	// kick wakes the worker (capacity 1: kicks coalesce).
	kick chan struct{}

	mu      sync.Mutex
	text    string
	version int32
	// seq counts the changes, so that a worker tells whether the text it
	// linted is still the document's.
	seq    uint64
	closed bool
	// toldSize says that the user was told the document is past the size
	// limit, which is said once.
	toldSize bool
	// linted is the last lint of the document, of linted.version.
	linted *result
}

func newDocument(it TextDocumentItem) *document {
	d := &document{uri: it.URI, path: uriPath(it.URI), lang: it.LanguageID,
		kick: make(chan struct{}, 1), text: it.Text, version: it.Version}
	return d
}

// poke wakes the worker, unless it is awake already.
func (d *document) poke() {
	select {
	case d.kick <- struct{}{}:
	default:
	}
}

// stop closes the document; its worker clears its diagnostics and ends.
func (d *document) stop() {
	d.mu.Lock()
	d.closed = true
	d.mu.Unlock()
	d.poke()
}

// snapshot is a document's text at one version.
type snapshot struct {
	d       *document
	text    string
	version int32
	seq     uint64
	linted  *result
}

func (d *document) snapshot() snapshot {
	d.mu.Lock()
	defer d.mu.Unlock()
	return snapshot{d: d, text: d.text, version: d.version, seq: d.seq, linted: d.linted}
}

// result is a lint of a document's text at one version.
type result struct {
	version int32
	seq     uint64
	text    string
	kind    extract.Kind
	// retrieval is the retrieval URL the text was linted against.
	retrieval string
	findings  []lint.Finding
	// errs are the errors of a configuration file.
	errs []spanError
}

func (s *server) didOpen(req *jsonrpc2.Request) error {
	var p DidOpenTextDocumentParams
	if err := s.decode(req, &p); err != nil {
		return err
	}
	d := newDocument(p.TextDocument)
	s.mu.Lock()
	old := s.docs[d.uri]
	s.docs[d.uri] = d
	s.mu.Unlock()
	if old != nil {
		old.stop()
	}
	s.workers.Add(1)
	go s.work(d)
	s.touch(d)
	return nil
}

// touch notes that the document changed: its worker is kicked once the
// messages read so far are handled.
func (s *server) touch(d *document) {
	s.mu.Lock()
	s.changed[d] = true
	s.mu.Unlock()
}

// idle kicks the workers of the documents changed, when the server has
// handled every message it has read: the messages of a burst, read
// together, are handled before any of their documents is linted.
func (s *server) idle() {
	s.mu.Lock()
	changed := s.changed
	if len(changed) > 0 {
		s.changed = map[*document]bool{}
	}
	s.mu.Unlock()
	for d := range changed {
		d.poke()
	}
}

func (s *server) doc(uri string) (*document, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d := s.docs[uri]; d != nil {
		return d, nil
	}
	return nil, fmt.Errorf("%s is not open", uri)
}

// snapshotOf returns the text of the document open at uri, as it is now.
func (s *server) snapshotOf(uri string) (snapshot, error) {
	d, err := s.doc(uri)
	if err != nil {
		return snapshot{}, err
	}
	return d.snapshot(), nil
}

func (s *server) didChange(req *jsonrpc2.Request) error {
	var p DidChangeTextDocumentParams
	if err := s.decode(req, &p); err != nil {
		return err
	}
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return err
	}
	d.mu.Lock()
	text := d.text
	for _, c := range p.ContentChanges {
		if c.Range == nil {
			text = c.Text
			continue
		}
		// A change of a range, which a client may send although the
		// server asks for the whole text.
		ix := newLineIndex(text, s.encoding())
		start, end := ix.offset(c.Range.Start), ix.offset(c.Range.End)
		end = max(start, end)
		text = text[:start] + c.Text + text[end:]
	}
	d.text, d.version = text, p.TextDocument.Version
	d.seq++
	// The last lint is of a text gone: it is let go with it.
	d.linted = nil
	d.mu.Unlock()
	s.touch(d)
	return nil
}

func (s *server) didSave(req *jsonrpc2.Request) error {
	var p DidSaveTextDocumentParams
	if err := s.decode(req, &p); err != nil {
		return err
	}
	if path := uriPath(p.TextDocument.URI); path != "" {
		s.filesChanged([]string{path}, []int{0})
	}
	return nil
}

func (s *server) didClose(req *jsonrpc2.Request) error {
	var p DidCloseTextDocumentParams
	if err := s.decode(req, &p); err != nil {
		return err
	}
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	delete(s.docs, p.TextDocument.URI)
	s.mu.Unlock()
	if d == nil {
		return fmt.Errorf("%s is not open", p.TextDocument.URI)
	}
	d.stop()
	if s.targets != nil && d.path != "" {
		if st := s.targets.treeFor(s.ws.setupFor(d.path)); st != nil {
			s.pokePaths(st.closed(d.path))
		}
	}
	return nil
}

func (s *server) didChangeWatchedFiles(req *jsonrpc2.Request) error {
	var p DidChangeWatchedFilesParams
	if err := s.decode(req, &p); err != nil {
		return err
	}
	var paths []string
	var kinds []int
	for _, c := range p.Changes {
		if path := uriPath(c.URI); path != "" {
			paths, kinds = append(paths, path), append(kinds, c.Type)
		}
	}
	s.filesChanged(paths, kinds)
	return nil
}

// openDocuments returns the open documents, and the paths of those saved
// on disk.
func (s *server) openDocuments() ([]*document, map[string]bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	docs := make([]*document, 0, len(s.docs))
	open := make(map[string]bool, len(s.docs))
	for _, d := range s.docs {
		docs = append(docs, d)
		if d.path != "" {
			open[d.path] = true
		}
	}
	return docs, open
}

// filesChanged relints the open documents when a file they may depend on
// changed on disk (paths, with the kinds of their events: 1 created, 2
// changed, 3 deleted, 0 saved from the editor): a configuration file, or
// with link targets checked any file, which the trees of the targets
// forget first.
func (s *server) filesChanged(paths []string, kinds []int) {
	if s.targets == nil && !slices.ContainsFunc(paths, func(p string) bool { return filepath.Base(p) == configName }) {
		return
	}
	docs, open := s.openDocuments()
	if s.targets != nil {
		s.targets.filesChanged(paths, kinds, open)
	}
	for _, d := range docs {
		d.poke()
	}
}

// openPaths returns the paths of the open documents.
func (s *server) openPaths() map[string]bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	open := make(map[string]bool, len(s.docs))
	for _, d := range s.docs {
		if d.path != "" {
			open[d.path] = true
		}
	}
	return open
}

// pokeAllBut relints the open documents but d.
func (s *server) pokeAllBut(d *document) {
	s.mu.Lock()
	docs := make([]*document, 0, len(s.docs))
	for _, o := range s.docs {
		if o != d {
			docs = append(docs, o)
		}
	}
	s.mu.Unlock()
	for _, o := range docs {
		o.poke()
	}
}

// pokePaths relints the open documents at paths: those whose links reach
// a document whose anchors changed.
func (s *server) pokePaths(paths []string) {
	if len(paths) == 0 {
		return
	}
	s.mu.Lock()
	var docs []*document
	for _, d := range s.docs {
		if d.path != "" && slices.Contains(paths, d.path) {
			docs = append(docs, d)
		}
	}
	s.mu.Unlock()
	for _, d := range docs {
		d.poke()
	}
}

func (s *server) encoding() encoding {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.enc
}

// work is the worker of a document: it lints the document each time it is
// kicked and its changes pause, and publishes the diagnostics of the text
// it linted when no change came meanwhile. When the document is closed it
// clears them and ends.
func (s *server) work(d *document) {
	defer s.workers.Done()
	for {
		select {
		case <-d.kick:
		case <-s.ctx.Done():
			return
		}
		snap := d.snapshot()
		d.mu.Lock()
		closed := d.closed
		d.mu.Unlock()
		if closed {
			s.publish(d, nil)
			return
		}
		res := s.lintSnapshot(snap)
		d.mu.Lock()
		current := d.seq == snap.seq && !d.closed
		if current {
			d.linted = res
		}
		d.mu.Unlock()
		if current {
			s.publish(d, res)
		}
		// Otherwise a change came meanwhile, and kicked the worker.
	}
}

// publish publishes the diagnostics of res, or clears the document's when
// res is nil: only for the document now open at its URI.
func (s *server) publish(d *document, res *result) {
	s.pub.Lock()
	defer s.pub.Unlock()
	s.mu.Lock()
	cur, enc, state := s.docs[d.uri], s.enc, s.state
	s.mu.Unlock()
	p := PublishDiagnosticsParams{URI: d.uri, Diagnostics: []Diagnostic{}}
	switch {
	case state == stateShutDown:
		return // nothing but the answer to exit is expected
	case res == nil && cur != nil:
		return // opened again: its own worker publishes
	case res != nil && cur != d:
		return
	case res != nil:
		v := res.version
		p.Version = &v
		p.Diagnostics = res.diagnosticsIn(enc)
	}
	if err := s.conn.Notify(s.ctx, "textDocument/publishDiagnostics", p); err != nil {
		s.logf("textDocument/publishDiagnostics: %v", err)
	}
}

// lintSnapshot lints a document's text. A panic costs only this document:
// it is reported, and the document has no diagnostics.
func (s *server) lintSnapshot(snap snapshot) (res *result) {
	res = &result{version: snap.version, seq: snap.seq, text: snap.text}
	select {
	case s.sem <- struct{}{}:
	case <-s.ctx.Done():
		return res
	}
	defer func() { <-s.sem }()
	defer func() {
		if p := recover(); p != nil {
			s.panicked(fmt.Sprintf("linting %s (version %d)", snap.d.uri, snap.version), p)
			res = &result{version: snap.version, seq: snap.seq, text: snap.text}
		}
	}()
	d := snap.d
	if filepath.Base(d.path) == configName {
		res.errs = configErrors(d.path, snap.text)
		return res
	}
	set := s.ws.setupFor(d.path)
	s.reportConfig(set)
	res.kind = kindOf(d.path, d.lang, snap.text)
	res.retrieval = set.retrieval
	switch {
	case res.kind == 0:
		return res // not a kind of document relurl reads
	case set.skip:
		return res
	case int64(len(snap.text)) > set.max:
		d.mu.Lock()
		told := d.toldSize
		d.toldSize = true
		d.mu.Unlock()
		if told {
			return res
		}
		s.show(messageWarning, fmt.Sprintf("relurl: %s is not linted: %s, past the limit of %s (max-size in %s)",
			d.uri, input.Size(int64(len(snap.text))), input.Size(set.max), configName))
		return res
	}
	name := d.path
	if name == "" {
		name = d.uri
	}
	var st *siteTree
	var tt *target.Scope
	if s.targets != nil && d.path != "" {
		if st = s.targets.treeFor(set); st != nil {
			// What the tree read of the disk is checked first, unless it
			// was just now: the lint sees what other programs did,
			// whenever the last tick was (decision E-10).
			if st.stale(lintCheckAge) && st.refresh(s.openPaths()) {
				s.pokeAllBut(d)
			}
			tt = st.targetsOf(d.path, name)
		}
	}
	checked := s.check(set.linter, name, snap.text, res.kind, set.retrieval, tt)
	res.findings = checked.Findings
	if tt != nil {
		s.pokePaths(st.linted(d.path, checked.Targets))
	}
	return res
}

// kindOf tells the kind of a document: by its name and content as a
// directory walk of relurl lint does, else by the client's language id,
// else by its content alone (an unsaved document); 0 for a document
// relurl does not read.
func kindOf(path, lang, text string) extract.Kind {
	head := text[:min(len(text), extract.SniffSize)]
	if k := extract.DetectStrict(path, []byte(head)); k != 0 {
		return k
	}
	switch lang {
	case "html", "xhtml", "htmldjango":
		return extract.KindHTML
	case "markdown", "markdown.mdx":
		return extract.KindMarkdown
	case "css":
		return extract.KindCSS
	case "xml", "svg", "xsd", "xslt", "rss", "atom":
		return extract.KindXML
	case "mail", "eml":
		return extract.KindMessage
	}
	if path == "" {
		return extract.Detect("", []byte(head))
	}
	return 0
}

// diagnosticsIn returns the result's diagnostics, positions in enc.
func (r *result) diagnosticsIn(enc encoding) []Diagnostic {
	out := make([]Diagnostic, 0, len(r.findings)+len(r.errs))
	ix := newLineIndex(r.text, enc)
	for _, e := range r.errs {
		out = append(out, Diagnostic{Range: ix.rangeOf(e.off, e.end), Severity: 1, Source: "relurl", Message: e.msg})
	}
	for i := range r.findings {
		out = append(out, diagnosticOf(&r.findings[i], ix))
	}
	return out
}

// diagnosticOf is a finding as LSP shows it: the rule id as its code,
// linked to the rule's section of the rules page as SARIF's helpUri is.
func diagnosticOf(f *lint.Finding, ix *lineIndex) Diagnostic {
	d := Diagnostic{Range: ix.rangeOf(f.Offset, f.EndOffset), Severity: severity(f.Severity),
		Code: f.Rule, Source: "relurl", Message: f.Message}
	if r, ok := lint.Lookup(f.Rule); ok {
		d.CodeDescription = &CodeDescription{Href: r.DocURL()}
	}
	return d
}

// severity is the LSP severity of a finding's.
func severity(s ast.Severity) int { return lint.Names(s).LSP }
