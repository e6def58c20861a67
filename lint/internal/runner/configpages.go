package runner

import (
	"slices"
	"strconv"

	"github.com/relurl/relurl/lint/internal/target"
)

// parseTargetPages checks the keys of the [targets] table that say how
// pages are read (redirect pages, line ranges, fragments scripts read)
// and sets them in c.Targets.Options.
func (c *Config) parseTargetPages(raw *rawConfig, at func(string) int, fail func(line, col int, key string, err error) error) error {
	t := &raw.Targets
	if t.Redirects != nil {
		r, err := target.ParseRedirects(*t.Redirects)
		if err != nil {
			return fail(at("targets.redirects"), 0, "targets.redirects", err)
		}
		c.Targets.Options.Redirects = r
	}
	if t.LineRanges != nil {
		for i, conv := range t.LineRanges {
			if err := target.ParseLineRange(conv); err != nil {
				return fail(at("targets.line-ranges["+strconv.Itoa(i)+"]"), 0, "targets.line-ranges", err)
			}
		}
		c.Targets.Options.LineRanges = append([]string{}, t.LineRanges...) // [] (not nil): none
	}
	for i, p := range t.Scripted {
		if err := target.ParseScripted(p); err != nil {
			return fail(at("targets.scripted["+strconv.Itoa(i)+"]"), 0, "targets.scripted", err)
		}
	}
	c.Targets.Options.Scripted = slices.Clone(t.Scripted)
	return nil
}

// SetRedirects sets how the target rules of t read redirect pages from
// s, the value of --redirects, which [targets] redirects takes too:
// "follow" or "off".
func SetRedirects(t *Targets, s string) error {
	r, err := target.ParseRedirects(s)
	if err != nil {
		return err
	}
	t.Options.Redirects = r
	return nil
}
