package door

import (
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestRaceSwap: while another goroutine swaps, with renameat2's
// RENAME_EXCHANGE, a file of the tree with a link out of it and with a
// link into .git, for two seconds, no read through the tree and no write
// reaches the marker outside or the repository's config (decision L-57).
func TestRaceSwap(t *testing.T) {
	root := tree(t, "docs/a.urls", "docs/out -> ../../outside/secret", "docs/git -> ../.git/config", "sub/b.urls", "swap -> ../outside")
	if err := unix.Renameat2(unix.AT_FDCWD, filepath.Join(root, "docs/a.urls"), unix.AT_FDCWD, filepath.Join(root, "docs/out"), unix.RENAME_EXCHANGE); err != nil {
		t.Skipf("renameat2 with RENAME_EXCHANGE is not supported here: %v", err)
	}
	tr := open(t, root)
	var stop atomic.Bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		swaps := [][2]string{{"docs/a.urls", "docs/out"}, {"docs/a.urls", "docs/git"}, {"sub", "swap"}}
		for i := 0; !stop.Load(); i++ {
			s := swaps[i%len(swaps)]
			unix.Renameat2(unix.AT_FDCWD, filepath.Join(root, s[0]), unix.AT_FDCWD, filepath.Join(root, s[1]), unix.RENAME_EXCHANGE)
		}
	}()
	deadline := time.Now().Add(2 * time.Second)
	reads, refused := 0, 0
	for time.Now().Before(deadline) {
		for _, rel := range []string{"docs/a.urls", "sub/b.urls"} {
			data, err := tr.ReadFile(rel, 1<<10)
			reads++
			if strings.Contains(string(data), "SECRET") {
				t.Fatalf("read %s: the marker: %q", rel, data)
			}
			if err != nil {
				refused++
			}
		}
		// A write meets the file, a link out, a link into .git, or
		// nothing mid-swap: it replaces the file or fails.
		tr.WriteFile("docs/a.urls", []byte("W\n"), Write{})
		if des, _ := tr.ReadDir("sub"); len(des) > 0 && des[0].Name() == "secret" {
			t.Fatal("listed the directory outside")
		}
	}
	stop.Store(true)
	<-done
	outside := filepath.Join(filepath.Dir(root), "outside", "secret")
	if data, _ := os.ReadFile(outside); string(data) != "SECRET\n" {
		t.Errorf("outside, after the writes: %q", data)
	}
	if data, _ := os.ReadFile(filepath.Join(root, ".git", "config")); string(data) != "token = SECRET\n" {
		t.Errorf(".git/config, after the writes: %q", data)
	}
	t.Logf("%d reads, %d refused or not found mid-swap", reads, refused)
}
