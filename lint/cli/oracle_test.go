package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestLineProtocol drives the built binary as a differential harness in
// another language does (docs/fuzzing.md, "The oracle's line protocol"): one input
// written to a pipe, its answer read back before the next input is
// written. Output that is not flushed per line leaves the harness waiting,
// and fails the test.
func TestLineProtocol(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "relurl")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/relurl").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		args   []string
		inputs []string
		check  func(in string, obj map[string]any) bool
	}{
		{[]string{"parse", "--json"}, []string{"http://a/b;p?q#f", "g h", "", "//a/b"},
			func(in string, obj map[string]any) bool { return obj["input"] == in && obj["valid"] == (in != "g h") }},
		{[]string{"resolve", "--json", "http://a/b/c/d;p?q#f"}, []string{"../g", "g:h", "%zz", ""},
			func(in string, obj map[string]any) bool {
				return obj["ref"] == in && (obj["result"] != nil) == (in != "%zz")
			}},
	} {
		cmd := exec.Command(bin, tc.args...)
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan []byte)
		go func() {
			r := bufio.NewReader(stdout)
			for {
				l, err := r.ReadBytes('\n')
				if err != nil {
					close(lines)
					return
				}
				lines <- l
			}
		}()
		for _, in := range tc.inputs {
			if _, err := stdin.Write([]byte(in + "\n")); err != nil {
				t.Fatal(err)
			}
			select {
			case l, ok := <-lines:
				var obj map[string]any
				if !ok || json.Unmarshal(l, &obj) != nil || !tc.check(in, obj) {
					t.Errorf("relurl %q, input %q: answer %q", tc.args, in, l)
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("relurl %q, input %q: no answer while the input stays open: output not flushed per line", tc.args, in)
			}
		}
		stdin.Close()
		err = cmd.Wait()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != exitInvalid {
			t.Errorf("relurl %q: %v, want exit %d (an input was invalid)", tc.args, err, exitInvalid)
		}
	}
	// A single input's exit status is its verdict.
	for in, want := range map[string]int{"http://a/b": exitOK, "g h": exitInvalid} {
		err := exec.Command(bin, "parse", "--json", in).Run()
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		}
		if code != want {
			t.Errorf("relurl parse --json %q: exit %d, want %d", in, code, want)
		}
	}
}
