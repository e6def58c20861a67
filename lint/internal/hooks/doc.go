// Package hooks has the tests of the files at the root of the repository
// that other tools run relurl by: .pre-commit-hooks.yaml, the hooks
// pre-commit builds from a clone of the repository, and action.yml, the
// GitHub Action, whose steps the tests run as the runner does (docs/ci.md).
// It has no code of its own.
package hooks
