package cli

import (
	"encoding"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/relurl/relurl/lint/internal/door"
	"github.com/relurl/relurl/lint/internal/suggest"
)

// helpWidth is the widest line of a command's help: every line of
// "relurl COMMAND --help" fits a terminal of 80 columns.
const helpWidth = 80

// flagSet is a command's flags: the flag.FlagSet that holds their values,
// and the table that the command's help, the suggestions for a mistyped
// flag and the manual's list of flags are made from (decision U-3): each
// flag in the order it was defined, with its group and its short name.
// Define the flags with its methods, which shadow the FlagSet's, so that
// each is in the table.
type flagSet struct {
	*flag.FlagSet
	cmd string
	// rows are the flags in the order they were defined.
	rows []flagRow
	// group is the group the next flags defined go in.
	group string
	// files says that the command's positional arguments are files: one
	// spelled as a flag is a file when a file has that name.
	files bool
}

// flagRow is one flag of the table.
type flagRow struct {
	name, short, group string
}

// newFlagSet returns the flag set of the command called name. Its Usage
// (written to its output) is the command's usage line, help and flags;
// define its flags with its methods and parse it with parseArgs.
func newFlagSet(name string, stderr io.Writer) *flagSet {
	fs := &flagSet{FlagSet: flag.NewFlagSet(name, flag.ContinueOnError), cmd: name}
	fs.SetOutput(stderr)
	fs.Usage = func() { fs.writeHelp(fs.Output()) }
	return fs
}

// Group puts the flags defined after it in the group called title
// ("Input", "Output"), which the help lists under that heading.
func (fs *flagSet) Group(title string) { fs.group = title }

// Alias makes short ("j") another name of the flag long ("jobs"),
// defined before: the help lists them on one line, "-j, --jobs N".
func (fs *flagSet) Alias(short, long string) {
	f := fs.Lookup(long)
	fs.FlagSet.Var(f.Value, short, f.Usage)
	for i := range fs.rows {
		if fs.rows[i].name == long {
			fs.rows[i].short = short
		}
	}
}

func (fs *flagSet) add(name string) { fs.rows = append(fs.rows, flagRow{name: name, group: fs.group}) }

// String defines a string flag (flag.FlagSet.String).
func (fs *flagSet) String(name, value, usage string) *string {
	fs.add(name)
	return fs.FlagSet.String(name, value, usage)
}

// StringVar defines a string flag (flag.FlagSet.StringVar).
func (fs *flagSet) StringVar(p *string, name, value, usage string) {
	fs.add(name)
	fs.FlagSet.StringVar(p, name, value, usage)
}

// Bool defines a boolean flag (flag.FlagSet.Bool).
func (fs *flagSet) Bool(name string, value bool, usage string) *bool {
	fs.add(name)
	return fs.FlagSet.Bool(name, value, usage)
}

// BoolVar defines a boolean flag (flag.FlagSet.BoolVar).
func (fs *flagSet) BoolVar(p *bool, name string, value bool, usage string) {
	fs.add(name)
	fs.FlagSet.BoolVar(p, name, value, usage)
}

// Int defines an int flag (flag.FlagSet.Int).
func (fs *flagSet) Int(name string, value int, usage string) *int {
	fs.add(name)
	return fs.FlagSet.Int(name, value, usage)
}

// Int64 defines an int64 flag (flag.FlagSet.Int64).
func (fs *flagSet) Int64(name string, value int64, usage string) *int64 {
	fs.add(name)
	return fs.FlagSet.Int64(name, value, usage)
}

// Func defines a flag that calls fn with each value (flag.FlagSet.Func).
func (fs *flagSet) Func(name, usage string, fn func(string) error) {
	fs.add(name)
	fs.FlagSet.Func(name, usage, fn)
}

// TextVar defines a flag read by p's UnmarshalText (flag.FlagSet.TextVar).
func (fs *flagSet) TextVar(p encoding.TextUnmarshaler, name string, value encoding.TextMarshaler, usage string) {
	fs.add(name)
	fs.FlagSet.TextVar(p, name, value, usage)
}

// names returns the names of the flags, long and short, as a user may
// write them after "--".
func (fs *flagSet) names() []string {
	var out []string
	for _, r := range fs.rows {
		out = append(out, r.name)
		if r.short != "" {
			out = append(out, r.short)
		}
	}
	return out
}

// spell writes a flag's name as the manual does: "--base", and "-j"
// for a name of one letter.
func spell(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// column is a flag as its help's first column shows it: "--base URL",
// "-j, --jobs N", "--json".
func (fs *flagSet) column(r flagRow) string {
	f := fs.Lookup(r.name)
	s := spell(r.name)
	if r.short != "" {
		s = spell(r.short) + ", " + s
	}
	if !isBoolFlag(f) {
		s += " " + placeholder(f)
	}
	return s
}

// placeholder is the name a flag's help gives its value: the word its
// usage quotes in back quotes, else VALUE.
func placeholder(f *flag.Flag) string {
	name, _ := flag.UnquoteUsage(f)
	if i := strings.IndexByte(f.Usage, '`'); i < 0 {
		return "VALUE"
	}
	return name
}

// line is a flag's usage as its help shows it: without the back quotes,
// and with its default when the usage does not say it.
func line(f *flag.Flag) string {
	_, usage := flag.UnquoteUsage(f)
	switch f.DefValue {
	case "", "0", "false":
	default:
		if !strings.Contains(usage, "default") {
			usage += " (default " + f.DefValue + ")"
		}
	}
	return usage
}

// writeHelp writes the command's help: its usage line, its help text
// (paragraphs apart by an empty line) reflowed to helpWidth, and its
// flags, a line each, under the headings of their groups. Every line
// fits helpWidth, but a word longer than that.
func (fs *flagSet) writeHelp(w io.Writer) {
	c, _ := lookup(fs.cmd)
	head := "usage: relurl " + c.name + " "
	fmt.Fprintln(w, strings.TrimSpace(head+indent(wrap(c.synopsis, helpWidth-len(head)), strings.Repeat(" ", len(head)))[len(head):]))
	help := c.help
	if c.helpFunc != nil {
		help = c.helpFunc()
	}
	// The help's paragraphs, reflowed to fit.
	for p := range strings.SplitSeq(help, "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			fmt.Fprintln(w, wrap(p, helpWidth))
		}
	}
	if len(fs.rows) == 0 {
		return
	}
	cols := make([]string, len(fs.rows))
	width := 0
	for i, r := range fs.rows {
		cols[i] = fs.column(r)
		width = max(width, len(cols[i]))
	}
	width = min(width, 24)
	group := "\x00"
	for i, r := range fs.rows {
		if r.group != group {
			group = r.group
			title := group
			if title == "" {
				title = "Flags"
			}
			fmt.Fprintf(w, "\n%s:\n", title)
		}
		col, usage := cols[i], line(fs.Lookup(r.name))
		if len(col) > width {
			// The usage on a line of its own, under the column.
			fmt.Fprintf(w, "  %s\n", col)
			col = ""
		}
		// A usage too long for its line goes on under itself.
		pad := strings.Repeat(" ", 2+width+2)
		fmt.Fprintf(w, "  %-*s  %s\n", width, col, indent(wrap(usage, helpWidth-len(pad)), pad)[len(pad):])
	}
}

// usageError is a mistake in a command's arguments, said in one line
// with a pointer to the command's help.
type usageError struct {
	cmd string
	err error
}

func (e *usageError) Error() string {
	return fmt.Sprintf("relurl %s: %v (see relurl %s --help)", e.cmd, e.err, e.cmd)
}

// parseArgs parses fs from args and returns the positional arguments in
// order. Flags come first: the first positional argument ends them, and
// every argument after it is positional (decision U-1); "--" ends them
// too, for inputs that begin with "-", and a lone "-" is positional. A
// flag's value is the next argument unless the flag is a boolean or
// written with "=": "--base --" gives --base the value "--". An
// argument after the first positional one that is spelled as a flag of
// the command ("relurl lint a.md --fix") is a mistake, said and exit 2,
// unless it names a file and the command's positional arguments are
// files: a flag is never read there. When it returns ok false the
// command is done, with exit code code: -h or --help printed the
// command's help on stdout (exit 0), or a mistake was said in one line on
// fs's output (exit 2).
func parseArgs(fs *flagSet, args []string, stdout io.Writer) (pos []string, code int, ok bool) {
	return parseArgsUntil(fs, args, stdout, nil)
}

// parseArgsUntil is parseArgs, but when stop, asked about each argument
// where a flag may begin (after the flags before it are parsed), says
// true, that argument and every one after it are positional.
func parseArgsUntil(fs *flagSet, args []string, stdout io.Writer, stop func(arg string) bool) (pos []string, code int, ok bool) {
	fail := func(err error) ([]string, int, bool) { return nil, fs.fail(err), false }
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(pos, args[i+1:]...), 0, true
		case len(pos) > 0:
			if name, ok := fs.flagName(a); ok && !(fs.files && fileExists(a)) {
				return fail(fmt.Errorf("flag %s after the %s %q: flags come before the %ss, or write -- before %s %s of that name",
					spell(name), fs.operand(), pos[0], fs.operand(), article(fs.operand()), fs.operand()))
			}
			pos = append(pos, a)
			continue
		case stop != nil && stop(a):
			return append(pos, args[i:]...), 0, true
		case len(a) < 2 || a[0] != '-':
			pos = append(pos, a)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if name == "h" || name == "help" {
			fs.writeHelp(stdout)
			return nil, exitOK, false
		}
		f := fs.Lookup(name)
		if f == nil || name == "" || strings.HasPrefix(name, "-") {
			return fail(fmt.Errorf("unknown flag %s%s", quoteFlag(a), suggest.Phrase(suggest.Closest(name, fs.names()), spell)))
		}
		switch {
		case hasValue:
		case isBoolFlag(f):
			value = "true"
		case i+1 < len(args):
			i++
			value = args[i]
		default:
			return fail(fmt.Errorf("%s needs a value: %s %s", spell(name), spell(name), placeholder(f)))
		}
		if err := fs.Set(name, value); err != nil {
			return fail(fmt.Errorf("%s %s: %w", spell(name), quoteValue(value), err))
		}
	}
	return pos, 0, true
}

// flagName returns the name of the flag that the argument a is spelled
// as, if it is one of the command's ("--fix", "-v", "--base=x", "-h").
func (fs *flagSet) flagName(a string) (string, bool) {
	if len(a) < 2 || a[0] != '-' {
		return "", false
	}
	name, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
	if name == "h" || name == "help" {
		return name, true
	}
	return name, name != "" && fs.Lookup(name) != nil
}

// operand names a positional argument of the command in its mistakes.
func (fs *flagSet) operand() string {
	if fs.files {
		return "file"
	}
	return "argument"
}

// article is "a" or "an", as the word that follows it wants.
func article(word string) string {
	if strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// fileExists reports whether a file or directory is called name.
func fileExists(name string) bool {
	_, err := door.LstatNamed(name)
	return err == nil
}

// quoteFlag spells an argument taken for a flag in a mistake: as it is,
// or quoted when it holds what a terminal would not show as it is.
func quoteFlag(a string) string {
	if q := fmt.Sprintf("%q", a); q[1:len(q)-1] != a || strings.ContainsAny(a, " \t") {
		return q
	}
	return a
}

// quoteValue spells a flag's value in a mistake: quoted.
func quoteValue(v string) string { return fmt.Sprintf("%q", v) }

// isBoolFlag says whether f is a boolean flag, which takes no value of
// its own ("--json", not "--json true").
func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// choice returns the error of a value that is none of the names: "want
// a, b or c", and the closest names.
func choice(value string, names []string) error {
	return errors.New("want " + suggest.OrList(names) + suggest.Phrase(suggest.Closest(value, names), nil))
}

// fail says a mistake in the command's arguments in one line, with a
// pointer to its help, and returns exitUsage.
func (fs *flagSet) fail(err error) int {
	fmt.Fprintln(fs.Output(), (&usageError{fs.cmd, err}).Error())
	return exitUsage
}

// unexpected says that the command takes no argument such as arg.
func (fs *flagSet) unexpected(arg string) int {
	return fs.fail(fmt.Errorf("unexpected argument %q", arg))
}
