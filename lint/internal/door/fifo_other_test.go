//go:build !unix

package door

import "errors"

// mkfifo reports that there are no FIFOs here.
func mkfifo(string) error { return errors.New("no FIFOs on this system") }
