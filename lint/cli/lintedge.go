package cli

import (
	"flag"

	"github.com/relurl/relurl/lint/internal/runner"
)

// lintEdge is relurl lint's flag --follow-outside: whether what symbolic
// links lead out of the root to is read (decision L-48).
type lintEdge struct {
	followOutside bool
}

func (e *lintEdge) register(fs *flag.FlagSet) {
	fs.BoolVar(&e.followOutside, "follow-outside", false, "read the files and walk the directories that symbolic links under the root lead out of it to\n"+
		"(by default they are not read: each is said on standard error and counted as skipped); --fix still writes\n"+
		"nothing outside the root")
}

// apply sets the run's Run.FollowOutside: the flag when it is given, else
// the configuration's follow-outside.
func (e *lintEdge) apply(fs *flag.FlagSet, cfg *runner.Config, run *runner.Run) {
	run.FollowOutside = e.followOutside
	if cfg != nil && !setFlags(fs)["follow-outside"] {
		run.FollowOutside = cfg.FollowOutside
	}
}
