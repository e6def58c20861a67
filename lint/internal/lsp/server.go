package lsp

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/input"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/target"
)

// DefaultPlayground is the playground hovers link to unless told
// otherwise: the address "relurl serve" listens on by default, so that
// the link works offline once the playground runs (decision E-6).
const DefaultPlayground = "http://127.0.0.1:8080/"

// Options configure a server.
type Options struct {
	// Playground is the address of the playground page a hover links to,
	// with the URL and its base in the page's fragment
	// ("#url=…&base=…"); "" is [DefaultPlayground]. The client's
	// initializationOptions.playground overrides it.
	Playground string
	// Version is the server's version, as initialize reports it.
	Version string
	// MaxMessage is the largest message read, in bytes; 0 is
	// input.DefaultMax. A larger one is skipped and answered with a parse
	// error.
	MaxMessage int64
	// NoTargets turns the target rules off, as relurl lint --no-targets:
	// where the links lead is then not checked, and the server watches no
	// file but the configuration files.
	NoTargets bool
	// DiskCheck is how often the server checks the disk for what the open
	// documents depend on (the directories and documents their
	// references reach, the configuration files), so that what other
	// programs create, change, delete or rename is seen without the
	// client's help (decision E-10); 0 is [DefaultDiskCheck], and a
	// negative duration checks only when a document is linted.
	DiskCheck time.Duration
	// Log, when not nil, gets a line for each message the server could
	// not read or handle, besides the window/logMessage the client gets.
	Log io.Writer
}

// Serve runs a language server that reads its client's messages from in
// and writes its own to out, until the client sends exit or in ends. It
// returns the exit code the protocol asks for: 0 after a shutdown request,
// 1 otherwise.
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts Options) int {
	return serve(ctx, in, out, opts, nil)
}

// serve is Serve, with a function that may change the server before it
// reads its first message (tests replace its linting).
func serve(ctx context.Context, in io.Reader, out io.Writer, opts Options, prepare func(*server)) int {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s := newServer(ctx, opts)
	if prepare != nil {
		prepare(s)
	}
	s.st = newStream(ctx, in, out, s.maxMessage())
	s.st.bad = func(err error) { s.logf("%v", err) }
	s.st.idle = s.idle
	s.conn = jsonrpc2.NewConn(ctx, s.st, s)
	close(s.ready)
	if interval := cmp.Or(opts.DiskCheck, DefaultDiskCheck); interval > 0 {
		s.workers.Add(1)
		go s.watchDisk(interval)
	}
	var code int
	select {
	case code = <-s.exit:
	case <-s.conn.DisconnectNotify():
		code = s.exitCode()
	case <-ctx.Done():
		code = s.exitCode()
	}
	cancel()
	s.conn.Close()
	s.workers.Wait()
	return code
}

// server is the state of one connection.
type server struct {
	opts Options
	ctx  context.Context
	st   *stream
	conn *jsonrpc2.Conn
	// ready is closed once conn is set: the connection reads, and calls
	// Handle, from the moment it is made.
	ready chan struct{}
	exit  chan int

	mu sync.Mutex
	// state is before initialize, running, or shut down.
	state      serverState
	enc        encoding
	markdown   bool
	watch      bool
	playground string
	docs       map[string]*document
	// changed are the documents changed since the input was last
	// drained, whose workers are kicked when it is (idle).
	changed map[*document]bool

	ws *workspace
	// pub serializes the diagnostics of a URI with its document's life:
	// what a closed document's worker clears is not what a document
	// opened since at its URI published.
	pub sync.Mutex
	// sem bounds the documents linted at a time.
	sem     chan struct{}
	workers sync.WaitGroup
	// targets is where the workspace's links lead; nil with NoTargets.
	targets *targetIndex
	// check lints a document; tests replace it.
	check func(l *lint.Linter, name, src string, kind extract.Kind, retrieval string, t *target.Scope) lint.Checked
}

type serverState uint8

const (
	stateNew serverState = iota
	stateRunning
	stateShutDown
)

func newServer(ctx context.Context, opts Options) *server {
	s := &server{
		opts: opts, ctx: ctx, exit: make(chan int, 1), ready: make(chan struct{}),
		docs: map[string]*document{}, changed: map[*document]bool{}, ws: newWorkspace(),
		sem:        make(chan struct{}, runtime.GOMAXPROCS(0)),
		playground: opts.Playground,
	}
	if s.playground == "" {
		s.playground = DefaultPlayground
	}
	if !opts.NoTargets {
		s.targets = newTargetIndex()
	}
	s.check = func(l *lint.Linter, name, src string, kind extract.Kind, retrieval string, t *target.Scope) lint.Checked {
		return l.CheckWith(name, src, kind, retrieval, nil, t)
	}
	return s
}

func (s *server) maxMessage() int64 {
	if s.opts.MaxMessage > 0 {
		return s.opts.MaxMessage
	}
	return input.DefaultMax
}

func (s *server) exitCode() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state == stateShutDown {
		return 0
	}
	return 1
}

// errInvalidParams wraps the error of parameters that do not decode.
var errInvalidParams = errors.New("invalid params")

// decode reads the parameters of req, the message being handled, into v:
// from the stream, which keeps them apart (stream.params).
func (s *server) decode(req *jsonrpc2.Request, v any) error {
	raw := s.st.params
	if raw == nil {
		return fmt.Errorf("%w: none given", errInvalidParams)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%w: %v", errInvalidParams, err)
	}
	return nil
}

// Handle handles one message of the client, on the connection's reading
// goroutine: notifications in order, and requests whose answer takes
// time answered from a goroutine of their own, with a snapshot of the
// document taken here.
func (s *server) Handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) {
	<-s.ready
	s.mu.Lock()
	state := s.state
	s.mu.Unlock()
	switch {
	case req.Method == "exit":
		select {
		case s.exit <- s.exitCode():
		default: // a second exit
		}
		return
	case state == stateNew && req.Method != "initialize":
		if !req.Notif {
			s.fail(req, codeServerNotInitialized, errors.New("the server is not initialized: send initialize first"))
		}
		return
	case state == stateShutDown:
		if !req.Notif {
			s.fail(req, codeInvalidRequest, fmt.Errorf("%s after shutdown: only exit is expected", req.Method))
		}
		return
	}
	h, ok := handlers[req.Method]
	switch {
	case !ok && req.Notif:
		return // $/cancelRequest, $/setTrace and other notifications of no use here
	case !ok:
		s.fail(req, codeMethodNotFound, fmt.Errorf("method %q is not handled by relurl lsp", req.Method))
		return
	case h.request == nil && !req.Notif, h.notify == nil && req.Notif:
		s.fail(req, codeInvalidRequest, fmt.Errorf("%s is a %s", req.Method, map[bool]string{true: "request", false: "notification"}[h.request != nil]))
		return
	}
	if req.Notif {
		if err := h.notify(s, req); err != nil {
			s.logf("%s: %v", req.Method, err)
			s.log(messageError, fmt.Sprintf("relurl: %s: %v", req.Method, err))
		}
		return
	}
	answer, async := h.request(s, req)
	reply := func() {
		defer func() {
			if p := recover(); p != nil {
				s.panicked(req.Method, p)
				s.fail(req, codeInternalError, fmt.Errorf("relurl failed on %s: %v", req.Method, p))
			}
		}()
		result, err := answer()
		if err != nil {
			code := codeRequestFailed
			if errors.Is(err, errInvalidParams) {
				code = codeInvalidParams
			}
			s.fail(req, code, err)
			return
		}
		if err := s.conn.Reply(s.ctx, req.ID, result); err != nil {
			s.logf("replying to %s: %v", req.Method, err)
		}
	}
	if async {
		go reply()
	} else {
		reply()
	}
}

// fail answers req with an error.
func (s *server) fail(req *jsonrpc2.Request, code int, err error) {
	if err := s.conn.ReplyWithError(s.ctx, req.ID, &jsonrpc2.Error{Code: int64(code), Message: err.Error()}); err != nil {
		s.logf("replying to %s: %v", req.Method, err)
	}
}

// handler handles one method: a request, whose answer is computed by the
// function returned (on a goroutine of its own when async), or a
// notification.
type handler struct {
	request func(s *server, req *jsonrpc2.Request) (answer func() (any, error), async bool)
	notify  func(s *server, req *jsonrpc2.Request) error
}

// handlers is the table of the methods the server handles.
var handlers = map[string]handler{
	"initialize":                      {request: (*server).initialize},
	"initialized":                     {notify: (*server).initialized},
	"shutdown":                        {request: (*server).shutdown},
	"textDocument/didOpen":            {notify: (*server).didOpen},
	"textDocument/didChange":          {notify: (*server).didChange},
	"textDocument/didSave":            {notify: (*server).didSave},
	"textDocument/didClose":           {notify: (*server).didClose},
	"workspace/didChangeWatchedFiles": {notify: (*server).didChangeWatchedFiles},
	"textDocument/hover":              {request: (*server).hover},
	"textDocument/codeAction":         {request: (*server).codeAction},
}

func (s *server) initialize(req *jsonrpc2.Request) (func() (any, error), bool) {
	var p InitializeParams
	err := s.decode(req, &p)
	var opts InitializationOptions
	if err == nil && len(p.InitializationOptions) > 0 && string(p.InitializationOptions) != "null" {
		if e := json.Unmarshal(p.InitializationOptions, &opts); e != nil {
			err = fmt.Errorf("%w: initializationOptions: %v", errInvalidParams, e)
		}
	}
	if err != nil {
		return func() (any, error) { return nil, err }, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := p.Capabilities.General; c != nil {
		s.enc = chooseEncoding(c.PositionEncodings)
	}
	if c := p.Capabilities.TextDocument; c != nil && c.Hover != nil {
		for _, f := range c.Hover.ContentFormat {
			if f == "markdown" {
				s.markdown = true
				break
			}
			if f == "plaintext" {
				break
			}
		}
	}
	if c := p.Capabilities.Workspace; c != nil && c.DidChangeWatchedFiles != nil {
		s.watch = c.DidChangeWatchedFiles.DynamicRegistration
	}
	if opts.Playground != nil && *opts.Playground != "" {
		s.playground = *opts.Playground
	}
	var folders []string
	for _, f := range p.WorkspaceFolders {
		if dir := uriPath(f.URI); dir != "" {
			folders = append(folders, dir)
		}
	}
	if len(folders) == 0 && p.RootURI != nil {
		if dir := uriPath(*p.RootURI); dir != "" {
			folders = append(folders, dir)
		}
	}
	if len(folders) == 0 && p.RootPath != nil && *p.RootPath != "" {
		folders = append(folders, *p.RootPath)
	}
	s.ws.setFolders(folders)
	s.state = stateRunning
	result := InitializeResult{
		Capabilities: ServerCapabilities{
			PositionEncoding: s.enc.String(),
			TextDocumentSync: TextDocumentSyncOptions{OpenClose: true, Change: 1, Save: SaveOptions{}},
			HoverProvider:    true,
			CodeActionProvider: CodeActionOptions{
				CodeActionKinds: []string{KindQuickFix, KindFixAll},
			},
		},
		ServerInfo: ServerInfo{Name: "relurl", Version: s.opts.Version},
	}
	return func() (any, error) { return result, nil }, false
}

func (s *server) initialized(*jsonrpc2.Request) error {
	s.mu.Lock()
	watch := s.watch
	s.mu.Unlock()
	if !watch {
		return nil
	}
	// The configuration files, and every file once link targets are
	// checked: their events relint the open documents.
	glob := "**/" + configName
	if s.targets != nil {
		glob = "**/*"
	}
	params := RegistrationParams{Registrations: []Registration{{
		ID: "relurl-watch", Method: "workspace/didChangeWatchedFiles",
		RegisterOptions: DidChangeWatchedFilesRegistrationOptions{Watchers: []FileSystemWatcher{{GlobPattern: glob}}},
	}}}
	// The answer is not waited for: the reading goroutine that would read
	// it is this one.
	_, err := s.conn.DispatchCall(s.ctx, "client/registerCapability", params)
	return err
}

func (s *server) shutdown(*jsonrpc2.Request) (func() (any, error), bool) {
	s.mu.Lock()
	s.state = stateShutDown
	s.mu.Unlock()
	return func() (any, error) { return nil, nil }, false
}

// log sends the client a window/logMessage.
func (s *server) log(typ int, msg string) {
	if err := s.conn.Notify(s.ctx, "window/logMessage", LogMessageParams{Type: typ, Message: msg}); err != nil {
		s.logf("window/logMessage: %v", err)
	}
}

// show sends the client a window/showMessage.
func (s *server) show(typ int, msg string) {
	if err := s.conn.Notify(s.ctx, "window/showMessage", LogMessageParams{Type: typ, Message: msg}); err != nil {
		s.logf("window/showMessage: %v", err)
	}
}

// logf writes a line to Options.Log.
func (s *server) logf(format string, a ...any) {
	if s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, "relurl lsp: "+format+"\n", a...)
	}
}

// panicked reports a panic to the client's log, with the stack.
func (s *server) panicked(what string, p any) {
	stack := string(debug.Stack())
	s.logf("%s: panic: %v\n%s", what, p, stack)
	s.log(messageError, fmt.Sprintf("relurl: %s failed (a bug of relurl: please report it): %v\n%s", what, p, strings.TrimSpace(stack)))
}
