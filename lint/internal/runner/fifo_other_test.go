//go:build !unix

package runner

import "errors"

// mkfifo says that there are no FIFOs here.
func mkfifo(string) error { return errors.New("no FIFOs on this system") }
