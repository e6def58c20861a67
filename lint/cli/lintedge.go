package cli

import (
	"github.com/relurl/relurl/lint/internal/runner"
)

// lintEdge is relurl lint's flag --follow-outside: whether what symbolic
// links lead out of the root to is read (decision L-48).
type lintEdge struct {
	followOutside bool
}

func (e *lintEdge) register(fs *flagSet) {
	fs.BoolVar(&e.followOutside, "follow-outside", false, "read what symbolic links lead out of the root to")
}

// apply sets the run's Run.FollowOutside: the flag's, the choice of the
// person running relurl; a configuration file has no say (decision L-58).
func (e *lintEdge) apply(run *runner.Run) {
	run.FollowOutside = e.followOutside
}
