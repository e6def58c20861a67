package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/input"
)

// jsonDiagnostic is a diagnostic as every --json output spells it.
type jsonDiagnostic struct {
	Offset     int    `json:"offset"`
	End        int    `json:"end"`
	Production string `json:"production"`
	Text       string `json:"text"`
	// TextCut is true when Text is cut short: it then holds the first
	// maxJSONText bytes (or so, to a character boundary) of input[offset:end].
	TextCut  bool   `json:"text_cut,omitempty"`
	Message  string `json:"message"`
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
}

// maxJSONText is the most bytes of a diagnostic's text --json repeats: a
// run of a million bad bytes is one diagnostic, and its text is cut to a
// window at its start, marked by "text_cut"; the offsets still span it.
const maxJSONText = 64

func toJSONDiagnostic(d ast.Diagnostic) jsonDiagnostic {
	text, cut := d.Text, false
	if len(text) > maxJSONText {
		end := maxJSONText
		for k := 0; k < utf8.UTFMax-1 && end < len(text) && !utf8.RuneStart(text[end]); k++ {
			end++
		}
		text, cut = text[:end], true
	}
	return jsonDiagnostic{
		Offset:     d.Offset,
		End:        d.End,
		Production: d.Production,
		Text:       text,
		TextCut:    cut,
		Message:    d.Message,
		Rule:       d.Rule,
		Severity:   d.Severity.String(),
	}
}

// writeJSON writes v as one line of JSON. HTML characters are not escaped:
// URLs are full of "&", "<" and ">" and the output is not HTML.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// streamInputs calls f with each input (see [eachInput]) and a buffered
// writer on stdout. The writer is flushed whenever every line read so far
// has its answer and the next read from standard input would wait (and at
// the end): a program that writes one line and waits for its answer gets
// it, which is the line protocol of "relurl parse --json" and "relurl
// resolve --json", while a file or a long pipe of inputs is still written
// in large blocks. It reports a read or write error on stderr, as the
// command cmd, and returns false after one; a command then exits with
// status 2.
func streamInputs(cmd string, inputs []string, stdin io.Reader, stdout, stderr io.Writer, f func(out io.Writer, s string) error) bool {
	out := bufio.NewWriter(stdout)
	err := eachInput(inputs, stdin, out.Flush, func(s string) error { return f(out, s) })
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintf(stderr, "relurl %s: %v\n", cmd, err)
		return false
	}
	return true
}

// eachInput calls f with each argument or, when there are none, with each
// line of stdin. A line ends at "\n"; one "\r" before it is dropped, so
// files with CRLF line ends read as expected. Lines may be of any length,
// and standard input of up to input.DefaultMax bytes (256 MiB): past that
// it is an error that names the limit. Before a read of stdin that finds
// nothing buffered, and so may wait, it calls idle.
func eachInput(args []string, stdin io.Reader, idle func() error, f func(string) error) error {
	if len(args) > 0 {
		for _, a := range args {
			if err := f(a); err != nil {
				return err
			}
		}
		return nil
	}
	r := bufio.NewReaderSize(input.Limit(stdin, "standard input", input.DefaultMax), 64<<10)
	for {
		if r.Buffered() == 0 {
			if err := idle(); err != nil {
				return err
			}
		}
		line, err := r.ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return err // a line cut short by a read error is not an input
		}
		if len(line) > 0 {
			line = strings.TrimSuffix(line, "\n")
			line = strings.TrimSuffix(line, "\r")
			if ferr := f(line); ferr != nil {
				return ferr
			}
		}
		if err != nil {
			return nil // io.EOF
		}
	}
}
