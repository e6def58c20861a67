package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/runner"
)

// sizeCases are the sizes of decision L-45, read alike by --max-size and
// by the configuration's max-size: want is the size in bytes, or 0 when
// the size is refused with an error that holds err.
var sizeCases = []struct {
	in   string
	want int64
	err  string
}{
	{"1", 1, ""},
	{"268435456", 256 << 20, ""},
	{" 256 MiB ", 256 << 20, ""},
	{"5B", 5, ""},
	{"5b", 5, ""},
	// K, M, G, T alone and with "iB" are powers of 1024, with "B" powers
	// of 1000, in any case.
	{"64K", 64 << 10, ""},
	{"64k", 64 << 10, ""},
	{"64KiB", 64 << 10, ""},
	{"64kib", 64 << 10, ""},
	{"64KB", 64000, ""},
	{"64kB", 64000, ""},
	{"64kb", 64000, ""},
	{"10 MB", 10e6, ""},
	{"1 mb", 1e6, ""},
	{"2M", 2 << 20, ""},
	{"2MiB", 2 << 20, ""},
	{"3G", 3 << 30, ""},
	{"3GiB", 3 << 30, ""},
	{"3GB", 3e9, ""},
	{"1T", 1 << 40, ""},
	{"1TiB", 1 << 40, ""},
	{"1TB", 1e12, ""},
	{"1024GiB", 1 << 40, ""},
	// At least 1 byte, at most 1 TiB.
	{"0", 0, `size "0": want a positive whole number of bytes, at most 1 TiB`},
	{"1025GiB", 0, `size "1025GiB": want a positive whole number of bytes, at most 1 TiB`},
	{"2TB", 0, `at most 1 TiB`},
	{"1099511627777", 0, `at most 1 TiB`},
	{"99999999999999999999", 0, `at most 1 TiB`},
	{"9000000000GiB", 0, `at most 1 TiB`},
	// Whole numbers and known units only.
	{"", 0, `size "": want a whole number of bytes, alone or with a unit`},
	{"-1", 0, `want a whole number of bytes`},
	{"MiB", 0, `want a whole number of bytes`},
	{"1.5MiB", 0, `want a whole number of bytes`},
	{"lots", 0, `want a whole number of bytes`},
	{"10 parsecs", 0, `size "10 parsecs": unknown unit "parsecs" (B, K, KiB, KB, M, MiB, MB, G, GiB, GB, T, TiB, TB, in any case)`},
	{"1 MiB x", 0, `unknown unit "MiB x"`},
	{"1P", 0, `unknown unit "P"`},
}

// TestMaxSizeFlagAndConfig: --max-size and the configuration's max-size
// read every size of sizeCases alike, and a size refused is a usage error
// either way.
func TestMaxSizeFlagAndConfig(t *testing.T) {
	dir := t.TempDir()
	for _, c := range sizeCases {
		// The flag, as relurl lint defines it.
		fs := newFlagSet("lint", io.Discard)
		var got int64
		maxSizeFlag(fs, &got)
		err := fs.Parse([]string{"--max-size", c.in})
		check(t, "--max-size "+c.in, got, err, c.want, c.err)

		// The configuration key, as a TOML string, and as an integer
		// where it is one that TOML holds (a larger one is TOML's error).
		values := []string{`"` + c.in + `"`}
		if c.in != "" && strings.Trim(c.in, "0123456789") == "" && len(c.in) < 19 {
			values = append(values, c.in)
		}
		for _, v := range values {
			cfg, err := runner.ParseConfig(filepath.Join(dir, runner.ConfigName), []byte("max-size = "+v+"\n"))
			got = 0
			if err == nil {
				got = cfg.MaxSize
			}
			check(t, "max-size = "+v, got, err, c.want, c.err)
		}

		// The command: a size refused is exit 2 naming it, from the
		// command line or the configuration file.
		if c.want == 0 {
			conf := filepath.Join(dir, "c.toml")
			if err := os.WriteFile(conf, []byte("max-size = \""+c.in+"\"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{{"lint", "--no-config", "--max-size", c.in, "-"}, {"lint", "--config", conf, "-"}} {
				if _, stderr, code := runCmd(t, "http://a/\n", args...); code != exitUsage || !strings.Contains(stderr, c.err) {
					t.Errorf("relurl %q: exit %d, stderr %q; want %d and %q", args, code, stderr, exitUsage, c.err)
				}
			}
		}
	}
}

func check(t *testing.T, what string, got int64, err error, want int64, wantErr string) {
	t.Helper()
	switch {
	case want != 0 && (err != nil || got != want):
		t.Errorf("%s: %d, %v; want %d", what, got, err, want)
	case want == 0 && (err == nil || !strings.Contains(err.Error(), wantErr)):
		t.Errorf("%s: %d, %v; want an error holding %q", what, got, err, wantErr)
	}
}
