package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/relurl/relurl/lint/internal/lint"
)

// goDirective begins a relurl directive in Go source: a line comment with
// no space after "//", as Go's own directives ("//go:build") and
// staticcheck's ("//lint:ignore") are written, so that gofmt and go doc
// treat it as a directive.
const goDirective = "//" + lint.DirectivePrefix

// A directive is a //relurl: comment of a file, read by [lint.ParseIgnore]:
//
//	//relurl:ignore [RULE[,RULE...]] [-- reason]
//	//relurl:ignore-file [RULE[,RULE...]] [-- reason]
//
// "ignore" suppresses the findings of those rules (all when none) on the
// comment's own line and on the next; "ignore-file" in the whole file.
type directive struct {
	c    *ast.Comment
	ig   lint.Ignore
	line int
	used bool
}

type lineKey struct {
	file *token.File
	line int
}

// suppressor applies the directives of a package's files to the findings
// reported on it, then reports the directives that suppressed nothing.
type suppressor struct {
	pass   *analysis.Pass // the driver's
	l      *lint.Linter
	byLine map[lineKey][]*directive // by each line a directive applies to
	byFile map[*token.File][]*directive
	all    []*directive
}

// suppressing reads the directives of pass's files, reporting those that
// are malformed, and returns a copy of pass whose Report drops what they
// suppress; [suppressor.finish] reports those that suppressed nothing.
func suppressing(pass *analysis.Pass, l *lint.Linter) (*analysis.Pass, *suppressor) {
	s := &suppressor{pass: pass, l: l, byLine: map[lineKey][]*directive{}, byFile: map[*token.File][]*directive{}}
	for _, file := range pass.Files {
		tf := pass.Fset.File(file.Pos())
		for _, group := range file.Comments {
			for _, c := range group.List {
				s.read(tf, c)
			}
		}
	}
	p := *pass
	p.Report = s.report
	return &p, s
}

// read reads the comment c of the file tf, if it is a directive.
func (s *suppressor) read(tf *token.File, c *ast.Comment) {
	text, ok := strings.CutPrefix(c.Text, "//")
	if !ok {
		return
	}
	if !strings.HasPrefix(text, lint.DirectivePrefix) {
		// "// relurl:ignore" is a comment, not a directive: say so rather
		// than let it suppress nothing in silence.
		if t := strings.TrimLeft(text, " \t"); t != text && strings.HasPrefix(t, lint.DirectivePrefix+"ignore") {
			s.reportOn(c, lint.RuleSuppressMalformed, fmt.Sprintf(
				"malformed relurl directive, which suppresses nothing: write it %s..., with no space after //, as Go's directives are written", goDirective))
		}
		return
	}
	ig, err := lint.ParseIgnore(strings.TrimSpace(text))
	if err != nil {
		s.reportOn(c, lint.RuleSuppressMalformed, fmt.Sprintf("malformed relurl directive, which suppresses nothing: %v", err))
		return
	}
	d := &directive{c: c, ig: ig, line: tf.Line(c.Pos())}
	s.all = append(s.all, d)
	if ig.File {
		s.byFile[tf] = append(s.byFile[tf], d)
		return
	}
	for _, line := range []int{d.line, d.line + 1} {
		k := lineKey{tf, line}
		s.byLine[k] = append(s.byLine[k], d)
	}
}

// report reports d unless a directive suppresses it. The directives on
// its line (its own, then the line before's) come before the file's.
func (s *suppressor) report(d analysis.Diagnostic) {
	if tf := s.pass.Fset.File(d.Pos); tf != nil {
		for _, dirs := range [][]*directive{s.byLine[lineKey{tf, tf.Line(d.Pos)}], s.byFile[tf]} {
			for _, dir := range dirs {
				if dir.ig.Matches(d.Category) {
					dir.used = true
					return
				}
			}
		}
	}
	s.pass.Report(d)
}

// finish reports the directives that suppressed nothing, as
// suppress/unused, unless they name only rules that are off.
func (s *suppressor) finish() {
	for _, d := range s.all {
		if d.used || !d.ig.NamesOn(s.l) {
			continue
		}
		msg := fmt.Sprintf("this relurl:ignore directive suppressed nothing on line %d or %d", d.line, d.line+1)
		if d.ig.File {
			msg = "this relurl:ignore-file directive suppressed nothing in the file"
		}
		if len(d.ig.Rules) > 0 {
			msg += " (it names " + strings.Join(d.ig.Rules, ", ") + ")"
		}
		s.reportOn(d.c, lint.RuleSuppressUnused, msg+"; remove it, or name the rule of the finding it is for")
	}
}

// reportOn reports a finding of one of the directives' rules on the
// comment c, when the rule is on.
func (s *suppressor) reportOn(c *ast.Comment, rule, msg string) {
	if s.l.Enabled(rule) {
		s.pass.Report(analysis.Diagnostic{Pos: c.Pos(), End: c.End(), Category: rule, Message: msg})
	}
}
