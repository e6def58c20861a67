package lsp

import "encoding/json"

// The structures of the Language Server Protocol 3.17 that the server
// reads and writes: those of the messages it handles, with the fields it
// uses. A field the server does not read is left out; encoding/json skips
// it in what a client sends.

// Position is a place in a document: a line from 0, and a character
// offset in it, counted in the units of the position encoding (UTF-16 code
// units unless the client and server agreed on another).
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is a half-open span of a document.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// TextDocumentIdentifier names a document by its URI.
type TextDocumentIdentifier struct {
	URI string `json:"uri"`
}

// VersionedTextDocumentIdentifier names a version of a document.
type VersionedTextDocumentIdentifier struct {
	URI     string `json:"uri"`
	Version int32  `json:"version"`
}

// TextDocumentItem is a document the client opened, with its text.
type TextDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int32  `json:"version"`
	Text       string `json:"text"`
}

// WorkspaceFolder is a root folder of the workspace.
type WorkspaceFolder struct {
	URI  string `json:"uri"`
	Name string `json:"name"`
}

// InitializeParams are the parameters of the initialize request.
type InitializeParams struct {
	ProcessID             *int               `json:"processId"`
	RootPath              *string            `json:"rootPath,omitempty"`
	RootURI               *string            `json:"rootUri"`
	WorkspaceFolders      []WorkspaceFolder  `json:"workspaceFolders,omitempty"`
	Capabilities          ClientCapabilities `json:"capabilities"`
	InitializationOptions json.RawMessage    `json:"initializationOptions,omitempty"`
}

// ClientCapabilities are what the client says it can do, as far as the
// server asks.
type ClientCapabilities struct {
	General *struct {
		// PositionEncodings are the encodings the client offers, in its
		// order of preference (LSP 3.17).
		PositionEncodings []string `json:"positionEncodings,omitempty"`
	} `json:"general,omitempty"`
	TextDocument *struct {
		Hover *struct {
			ContentFormat []string `json:"contentFormat,omitempty"`
		} `json:"hover,omitempty"`
	} `json:"textDocument,omitempty"`
	Workspace *struct {
		DidChangeWatchedFiles *struct {
			DynamicRegistration bool `json:"dynamicRegistration"`
		} `json:"didChangeWatchedFiles,omitempty"`
	} `json:"workspace,omitempty"`
}

// InitializationOptions are the server's own settings, given by the
// client in the initialize request.
type InitializationOptions struct {
	// Playground is the address of the playground that hovers link to
	// (see [Options.Playground]).
	Playground *string `json:"playground,omitempty"`
}

// InitializeResult is the answer to initialize.
type InitializeResult struct {
	Capabilities ServerCapabilities `json:"capabilities"`
	ServerInfo   ServerInfo         `json:"serverInfo"`
}

// ServerInfo names the server.
type ServerInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// ServerCapabilities are what the server does.
type ServerCapabilities struct {
	PositionEncoding   string                  `json:"positionEncoding,omitempty"`
	TextDocumentSync   TextDocumentSyncOptions `json:"textDocumentSync"`
	HoverProvider      bool                    `json:"hoverProvider"`
	CodeActionProvider CodeActionOptions       `json:"codeActionProvider"`
}

// TextDocumentSyncOptions says how documents are synchronized.
type TextDocumentSyncOptions struct {
	OpenClose bool `json:"openClose"`
	// Change is 1: the whole text on every change.
	Change int         `json:"change"`
	Save   SaveOptions `json:"save"`
}

// SaveOptions asks for didSave, without the text.
type SaveOptions struct {
	IncludeText bool `json:"includeText"`
}

// CodeActionOptions lists the kinds of code actions the server returns.
type CodeActionOptions struct {
	CodeActionKinds []string `json:"codeActionKinds"`
}

// DidOpenTextDocumentParams are the parameters of textDocument/didOpen.
type DidOpenTextDocumentParams struct {
	TextDocument TextDocumentItem `json:"textDocument"`
}

// TextDocumentContentChangeEvent is one change: the whole text, or with a
// range the text that replaces it.
type TextDocumentContentChangeEvent struct {
	Range *Range `json:"range,omitempty"`
	Text  string `json:"text"`
}

// DidChangeTextDocumentParams are the parameters of textDocument/didChange.
type DidChangeTextDocumentParams struct {
	TextDocument   VersionedTextDocumentIdentifier  `json:"textDocument"`
	ContentChanges []TextDocumentContentChangeEvent `json:"contentChanges"`
}

// DidSaveTextDocumentParams are the parameters of textDocument/didSave.
type DidSaveTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

// DidCloseTextDocumentParams are the parameters of textDocument/didClose.
type DidCloseTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

// FileEvent is a change of a watched file: 1 created, 2 changed, 3
// deleted.
type FileEvent struct {
	URI  string `json:"uri"`
	Type int    `json:"type"`
}

// DidChangeWatchedFilesParams are the parameters of
// workspace/didChangeWatchedFiles.
type DidChangeWatchedFilesParams struct {
	Changes []FileEvent `json:"changes"`
}

// Diagnostic is a finding as the client shows it.
type Diagnostic struct {
	Range Range `json:"range"`
	// Severity is 1 error, 2 warning, 3 information.
	Severity        int              `json:"severity"`
	Code            string           `json:"code,omitempty"`
	CodeDescription *CodeDescription `json:"codeDescription,omitempty"`
	Source          string           `json:"source"`
	Message         string           `json:"message"`
}

// CodeDescription links a diagnostic's code to its documentation.
type CodeDescription struct {
	Href string `json:"href"`
}

// PublishDiagnosticsParams are the parameters of
// textDocument/publishDiagnostics.
type PublishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int32       `json:"version,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// TextDocumentPositionParams name a place in a document.
type TextDocumentPositionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Position     Position               `json:"position"`
}

// MarkupContent is text in Markdown or plain text.
type MarkupContent struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}

// Hover is the answer to textDocument/hover.
type Hover struct {
	Contents MarkupContent `json:"contents"`
	Range    *Range        `json:"range,omitempty"`
}

// CodeActionParams are the parameters of textDocument/codeAction.
type CodeActionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
	Context      CodeActionContext      `json:"context"`
}

// CodeActionContext is the diagnostics at the range, and the kinds of
// actions asked for (all when Only is empty).
type CodeActionContext struct {
	Diagnostics []Diagnostic `json:"diagnostics"`
	Only        []string     `json:"only,omitempty"`
}

// CodeAction is a change the client may make.
type CodeAction struct {
	Title       string         `json:"title"`
	Kind        string         `json:"kind"`
	Diagnostics []Diagnostic   `json:"diagnostics,omitempty"`
	IsPreferred bool           `json:"isPreferred,omitempty"`
	Edit        *WorkspaceEdit `json:"edit,omitempty"`
}

// WorkspaceEdit is the edits of documents, by URI.
type WorkspaceEdit struct {
	Changes map[string][]TextEdit `json:"changes"`
}

// TextEdit replaces a range of a document.
type TextEdit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

// LogMessageParams are the parameters of window/logMessage and
// window/showMessage: 1 error, 2 warning, 3 info, 4 log.
type LogMessageParams struct {
	Type    int    `json:"type"`
	Message string `json:"message"`
}

// The types of messages of window/logMessage and window/showMessage.
const (
	messageError   = 1
	messageWarning = 2
	messageInfo    = 3
)

// RegistrationParams are the parameters of client/registerCapability.
type RegistrationParams struct {
	Registrations []Registration `json:"registrations"`
}

// Registration registers one capability.
type Registration struct {
	ID              string `json:"id"`
	Method          string `json:"method"`
	RegisterOptions any    `json:"registerOptions,omitempty"`
}

// FileSystemWatcher asks the client to watch files matching a glob.
type FileSystemWatcher struct {
	GlobPattern string `json:"globPattern"`
}

// DidChangeWatchedFilesRegistrationOptions are the files to watch.
type DidChangeWatchedFilesRegistrationOptions struct {
	Watchers []FileSystemWatcher `json:"watchers"`
}

// The kinds of code actions the server returns.
const (
	KindQuickFix = "quickfix"
	KindFixAll   = "source.fixAll"
)

// The error codes of JSON-RPC and LSP.
const (
	codeParseError           = -32700
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeInternalError        = -32603
	codeServerNotInitialized = -32002
	codeRequestFailed        = -32803
)
