//go:build !embedwasm

package site

import "io/fs"

// embedded returns nil: the module is not embedded unless relurl is built
// with -tags embedwasm (embed.go).
func embedded() fs.FS { return nil }
