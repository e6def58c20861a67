package dist

import (
	"bytes"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Version is the version of a release, read from the git tree (never the
// clock): the tag at HEAD, or a Go pseudo-version after the nearest tag
// (decision I-1).
type Version struct {
	// Go is the version in Go's form: "v0.1.0", or the pseudo-version
	// "v0.1.1-0.20261127192615-b0d2547abcde" past v0.1.0,
	// "v0.0.0-20261127192615-b0d2547abcde" with no tag; "+dirty" ends it
	// when the working tree has changes not committed.
	Go string
	// Time is the time of HEAD's commit, or SOURCE_DATE_EPOCH when set:
	// the time of every archive entry.
	Time time.Time
	// Tag is the release tag at HEAD ("v0.1.0"), or "" when HEAD has none.
	Tag string
	// Dirty says the working tree has changes not committed.
	Dirty bool
}

// FromGit returns the version of the git working tree at dir. epoch,
// when not "", is SOURCE_DATE_EPOCH (seconds since 1970) and overrides the
// commit's time in the archives, not in the version.
func FromGit(dir, epoch string) (Version, error) {
	git := func(args ...string) (string, error) {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
		}
		return strings.TrimSpace(string(out)), nil
	}
	head, err := git("log", "-1", "--format=%H %ct")
	if err != nil {
		return Version{}, err
	}
	hash, secs, _ := strings.Cut(head, " ")
	ct, err := strconv.ParseInt(secs, 10, 64)
	if err != nil || len(hash) < 12 {
		return Version{}, fmt.Errorf("git log: unexpected output %q", head)
	}
	exact, _ := git("describe", "--tags", "--exact-match", "--match", "v[0-9]*", "HEAD")
	nearest, _ := git("describe", "--tags", "--abbrev=0", "--match", "v[0-9]*", "HEAD")
	status, err := git("status", "--porcelain")
	if err != nil {
		return Version{}, err
	}
	v := Version{Go: goVersion(exact, nearest, time.Unix(ct, 0), hash[:12], status != ""), Time: time.Unix(ct, 0).UTC(), Dirty: status != ""}
	if semverTag.MatchString(exact) {
		v.Tag = exact
	}
	if epoch != "" {
		s, err := strconv.ParseInt(epoch, 10, 64)
		if err != nil {
			return Version{}, fmt.Errorf("SOURCE_DATE_EPOCH %q is not a number of seconds", epoch)
		}
		v.Time = time.Unix(s, 0).UTC()
	}
	return v, nil
}

// As returns v named release instead, as make dist VERSION=release has it
// (decision I-6): release must be a release version, "v0.1.0" or
// "v1.0.0-rc.1"; a tree with changes not committed, or whose HEAD is
// tagged with another release, is refused, for the files would say they
// are a release they are not.
func (v Version) As(release string) (Version, error) {
	switch {
	case !semverTag.MatchString(release):
		return Version{}, fmt.Errorf("version %q is not a release version such as v0.1.0 or v1.0.0-rc.1", release)
	case v.Tag != "" && v.Tag != release:
		return Version{}, fmt.Errorf("version %s: HEAD is tagged %s", release, v.Tag)
	case v.Dirty:
		return Version{}, fmt.Errorf("version %s: the working tree has changes not committed (git status)", release)
	}
	if _, err := (Version{Go: release}).PEP440(); err != nil {
		return Version{}, fmt.Errorf("version %s: %w", release, err)
	}
	v.Go = release
	return v, nil
}

var semverTag = regexp.MustCompile(`^v(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?$`)

// goVersion is the version in Go's form, as the go command computes a
// pseudo-version: the exact tag, else the nearest tag's next patch (or its
// pre-release) with ".0.", else v0.0.0, then the commit's time and hash.
func goVersion(exact, nearest string, commit time.Time, hash12 string, dirty bool) string {
	v := ""
	switch m := semverTag.FindStringSubmatch(nearest); {
	case semverTag.MatchString(exact):
		v = exact
	case m != nil && m[4] != "":
		v = fmt.Sprintf("%s.0.%s-%s", nearest, commit.UTC().Format("20060102150405"), hash12)
	case m != nil:
		patch, _ := strconv.Atoi(m[3])
		v = fmt.Sprintf("v%s.%s.%d-0.%s-%s", m[1], m[2], patch+1, commit.UTC().Format("20060102150405"), hash12)
	default:
		v = fmt.Sprintf("v0.0.0-%s-%s", commit.UTC().Format("20060102150405"), hash12)
	}
	if dirty {
		v += "+dirty"
	}
	return v
}

// Semver is the version without Go's "v": npm's version, and the one in
// the archives' names.
func (v Version) Semver() string { return strings.TrimPrefix(v.Go, "v") }

var pseudo = regexp.MustCompile(`^(\d+\.\d+\.\d+)(?:-(.+?)\.0\.|-0\.|-)(\d{14})-([0-9a-f]{12})(\+dirty)?$`)

// PEP440 is the version in the form Python's packaging reads (PEP 440):
// "0.1.0", "0.1.0rc1", a pseudo-version as a development release with the
// commit as a local label: "0.1.1.dev20261127192615+gb0d2547abcde".
func (v Version) PEP440() (string, error) {
	s := v.Semver()
	if m := pseudo.FindStringSubmatch(s); m != nil {
		base := m[1]
		if m[2] != "" {
			pre, err := pep440Pre(m[2])
			if err != nil {
				return "", err
			}
			base += pre
		}
		local := "g" + m[4]
		if m[5] != "" {
			local += ".dirty"
		}
		return base + ".dev" + m[3] + "+" + local, nil
	}
	base, pre, _ := strings.Cut(s, "-")
	base, dirty := strings.CutSuffix(base, "+dirty")
	if pre != "" {
		pre, dirty = strings.CutSuffix(pre, "+dirty")
		p, err := pep440Pre(pre)
		if err != nil {
			return "", err
		}
		base += p
	}
	if dirty {
		base += "+dirty"
	}
	return base, nil
}

var preRelease = regexp.MustCompile(`^(alpha|beta|rc|a|b)\.?(\d+)$`)

// pep440Pre maps a semver pre-release ("rc.1", "beta.2") to PEP 440's
// ("rc1", "b2").
func pep440Pre(pre string) (string, error) {
	m := preRelease.FindStringSubmatch(pre)
	if m == nil {
		return "", fmt.Errorf("pre-release %q has no PEP 440 form (use alpha.N, beta.N or rc.N)", pre)
	}
	kind := map[string]string{"alpha": "a", "a": "a", "beta": "b", "b": "b", "rc": "rc"}[m[1]]
	return kind + m[2], nil
}
