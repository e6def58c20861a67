package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY opens a pseudo-terminal: its master side, and its slave side,
// which is a terminal.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skip("no pseudo-terminals here:", err)
	}
	t.Cleanup(func() { m.Close() })
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skip("unlockpt:", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skip("ptsname:", e)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skip("the pseudo-terminal's slave:", err)
	}
	return m, s
}

// TestLintColorTerminal: on a terminal, relurl lint colours its text; with
// NO_COLOR or --color never it does not.
func TestLintColorTerminal(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.urls", "http://a/b c\n")
	for _, tc := range []struct {
		noColor string
		args    []string
		want    bool
	}{
		{"", nil, true},
		{"1", nil, false},
		{"", []string{"--color=never"}, false},
	} {
		master, slave := openPTY(t)
		if !isTerminal(slave) {
			t.Fatal("the pseudo-terminal's slave is not a terminal")
		}
		t.Setenv("NO_COLOR", tc.noColor)
		t.Setenv("TERM", "xterm")
		done := make(chan []byte)
		go func() {
			b, _ := io.ReadAll(master) // until the slave is closed: EIO
			done <- b
		}()
		args := append(append([]string{"lint", "--no-config"}, tc.args...), dir)
		var stderr bytes.Buffer
		code := run(args, strings.NewReader(""), slave, &stderr)
		slave.Close()
		out := <-done
		if got := bytes.Contains(out, []byte("\x1b[1;31merror\x1b[0m")); got != tc.want || code != exitInvalid {
			t.Errorf("NO_COLOR=%q relurl %q on a terminal: exit %d, coloured %v, want %v\n%q", tc.noColor, args, code, got, tc.want, out)
		}
	}
}
