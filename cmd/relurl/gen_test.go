package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/relurl/relurl/validate"
)

func TestGen(t *testing.T) {
	out, _, code := runCmd(t, "", "gen", "-n", "200", "--seed", "42")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitOK || len(lines) != 200 {
		t.Fatalf("exit %d, %d lines", code, len(lines))
	}
	for _, l := range lines {
		if !validate.Valid(l) {
			t.Errorf("gen produced invalid %q", l)
		}
	}
	again, _, _ := runCmd(t, "", "gen", "-n", "200", "--seed", "42")
	if again != out {
		t.Error("the same seed gave different URLs")
	}
}

func TestGenInvalidJSON(t *testing.T) {
	out, _, code := runCmd(t, "", "gen", "--invalid", "--json", "-n", "100", "--seed", "3", "--production", "generic-RL")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var v genInvalid
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		_, diags := validate.Validate(v.URL)
		if len(diags) != 1 || diags[0].Offset != v.Expected.Offset || diags[0].Rule != v.Expected.Rule || v.Expected.Message == "" {
			t.Errorf("%q: expected %+v, validator says %v", v.URL, v.Expected, diags)
		}
	}
}

func TestGenUsage(t *testing.T) {
	for _, args := range [][]string{
		{"gen", "--production", "nope"},
		{"gen", "--production", "query", "--invalid"},
		{"gen", "-n", "-1"},
		{"gen", "extra"},
	} {
		if _, _, code := runCmd(t, "", args...); code != exitUsage {
			t.Errorf("relurl %q: exit %d, want %d", args, code, exitUsage)
		}
	}
	out, _, code := runCmd(t, "", "gen", "--list")
	if code != exitOK || !strings.Contains(out, "generic-RL") || !strings.Contains(out, "net_loc") {
		t.Errorf("--list: exit %d, %q", code, out)
	}
}
