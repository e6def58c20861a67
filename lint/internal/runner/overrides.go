package runner

import (
	"fmt"
	"path/filepath"
	"sync"

	"github.com/relurl/relurl/lint/internal/lint"
)

// overrides makes and keeps the linters of the files that a run's
// Overrides match: one per set of matching overrides, made when a file
// first needs it. A tree has few such sets, so the linters are few.
type overrides struct {
	base *lint.Linter
	list []Override
	dir  string
	mu   sync.Mutex
	// made holds the linter of each set of matching overrides, keyed by
	// the indexes of the set.
	made map[string]*lint.Linter
}

// newOverrides returns the overrides of a run whose linter is base, with
// list relative to dir ("" is the working directory), or nil when list is
// empty. It fails on an override whose levels base cannot take (an
// unknown rule or family), each checked now, not when a file first
// matches it.
func newOverrides(base *lint.Linter, list []Override, dir string) (*overrides, error) {
	if len(list) == 0 {
		return nil, nil
	}
	for i, o := range list {
		if _, err := base.WithLevels(o.Levels); err != nil {
			return nil, fmt.Errorf("override %d: %w", i+1, err)
		}
	}
	if dir == "" {
		dir = "."
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return &overrides{base: base, list: list, dir: dir, made: map[string]*lint.Linter{}}, nil
}

// forFile returns the linter of the file called name: the run's own, or
// the one with the overrides that match name. Standard input ("<stdin>")
// is matched by none.
func (o *overrides) forFile(name string) *lint.Linter {
	if name == "" || name == "<stdin>" {
		return o.base
	}
	rel := relTo(o.dir, name)
	var key []byte
	var layers []map[string]lint.Level
	for i := range o.list {
		if ov := &o.list[i]; ov.Paths.Match(rel, false) {
			key = append(key, byte(i), byte(i>>8), byte(i>>16))
			layers = append(layers, ov.Levels)
		}
	}
	if key == nil {
		return o.base
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	l, ok := o.made[string(key)]
	if !ok {
		// Each override was checked alone by newOverrides; a set of them
		// fails no differently.
		var err error
		if l, err = o.base.WithLevels(layers...); err != nil {
			l = o.base
		}
		o.made[string(key)] = l
	}
	return l
}
