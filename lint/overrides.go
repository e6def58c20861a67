package lint

import (
	"path/filepath"
	"sync"
)

// overrides makes and keeps the linters of the files that Options.Overrides
// match: one per set of matching overrides, made when a file first needs
// it. A tree has few such sets, so the linters are few.
type overrides struct {
	opts Options
	dir  string
	mu   sync.Mutex
	// made holds the linter of each set of matching overrides, keyed by
	// the indexes of the set.
	made map[string]*Linter
}

func newOverrides(opts *Options) *overrides {
	dir := opts.Dir
	if dir == "" {
		dir = "."
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return &overrides{opts: *opts, dir: dir, made: map[string]*Linter{}}
}

// forFile returns the linter of the file called name: l itself, or the
// linter with the overrides that match name. Standard input ("<stdin>")
// is matched by none.
func (l *Linter) forFile(name string) *Linter {
	o := l.overrides
	if o == nil || name == "" || name == "<stdin>" {
		return l
	}
	rel := relTo(o.dir, name)
	var key []byte
	var levels []map[string]Level
	for i := range o.opts.Overrides {
		if ov := &o.opts.Overrides[i]; ov.Paths.Match(rel, false) {
			key = append(key, byte(i), byte(i>>8), byte(i>>16))
			levels = append(levels, ov.Levels)
		}
	}
	if key == nil {
		return l
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	v, ok := o.made[string(key)]
	if !ok {
		// The options were checked by New with each override alone; a set
		// of them fails no differently.
		var err error
		if v, err = build(&o.opts, levels); err != nil {
			v = l
		}
		o.made[string(key)] = v
	}
	return v
}
