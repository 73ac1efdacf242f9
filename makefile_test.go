package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// When make has to fetch a Go toolchain and the fetch fails, it says why
// (here a proxy that refuses connections), not only "Error 1".
func TestMakeGoToolchainSaysWhyTheFetchFailed(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	makefile, err := filepath.Abs("Makefile")
	if err != nil {
		t.Fatal(err)
	}
	// GO= on the command line: no Go 1.22 found, so it fetches one, with
	// this test's Go as the bootstrap. -C a temporary directory: the
	// module cache and .cache/go it would write stay out of the repo.
	cmd := exec.Command("make", "--no-print-directory", "-f", makefile, "-C", t.TempDir(), "go-toolchain", "GO=")
	var env []string
	for _, kv := range os.Environ() { // not the make that runs this suite's flags and jobserver
		if k, _, _ := strings.Cut(kv, "="); k != "MAKEFLAGS" && k != "MFLAGS" && k != "MAKELEVEL" {
			env = append(env, kv)
		}
	}
	cmd.Env = append(env, "PATH="+filepath.Join(runtime.GOROOT(), "bin")+string(os.PathListSeparator)+os.Getenv("PATH"),
		"GOPROXY=http://127.0.0.1:9", "GOFLAGS=", "GOPRIVATE=", "GONOPROXY=", "GOTOOLCHAIN=local")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("the fetch through a dead proxy succeeded:\n%s", out)
	}
	if !strings.Contains(string(out), "fetching the Go toolchain failed") || !strings.Contains(string(out), "127.0.0.1:9") ||
		!strings.Contains(string(out), "connection refused") {
		t.Fatalf("make's output does not say why the fetch failed:\n%s", out)
	}
	// Issue #34, item 21: it names the Go that fetches once it knows which (before, make said
	// "through the Go there is (Debian 12's is 1.19)" just before "no Go at all").
	if !strings.Contains(string(out), "fetching golang.org/toolchain@") || !strings.Contains(string(out), " with "+filepath.Join(runtime.GOROOT(), "bin", "go")) ||
		strings.Contains(string(out), "the Go there is") {
		t.Fatalf("make's output does not name the Go that fetches:\n%s", out)
	}
}

// make fuzz tries a target again when Go's coordinator fails it with a bare
// deadline error and no input (its race), and fails at once, naming the
// input, when a target really fails.
func TestFuzzScriptRetriesOnlyTheCoordinatorRace(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	// A stand-in for go test: it answers with the lines of $ANSWERS in turn.
	dir := t.TempDir()
	fake := filepath.Join(dir, "go")
	script := `#!/bin/sh
n=$(cat "$COUNT" 2>/dev/null || echo 0); n=$((n+1)); echo $n > "$COUNT"
case $(echo "$ANSWERS" | cut -d, -f$n) in
race) echo "fuzz: elapsed: 3s, execs: 3089 (0/sec)"; echo "--- FAIL: FuzzX (3.20s)"; echo "    context deadline exceeded"; exit 1;;
crash) echo "--- FAIL: FuzzX (1.00s)"; echo "    Failing input written to testdata/fuzz/FuzzX/0123abcd"; echo "    context deadline exceeded"; exit 1;;
ok) echo "fuzz: elapsed: 3s, execs: 4242 (1414/sec)"; echo ok;;
esac
`
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		answers string
		ok      bool
		calls   int
		says    string
	}{
		{"ok", true, 1, "4242 inputs, no failure"},
		{"race,ok", true, 2, "4242 inputs, no failure"},
		{"race,race,race", false, 3, "FuzzX in ./x failed"},
		{"crash", false, 1, "the input is ./x/testdata/fuzz/FuzzX/0123abcd"},
		{"race,crash", false, 2, "go test -run FuzzX/0123abcd ./x reproduces it"},
	} {
		count := filepath.Join(dir, "count-"+strings.ReplaceAll(c.answers, ",", "-"))
		cmd := exec.Command("sh", "scripts/fuzz.sh", fake, "./x:FuzzX")
		cmd.Env = append(os.Environ(), "FUZZTIME=3s", "ANSWERS="+c.answers, "COUNT="+count)
		out, err := cmd.CombinedOutput()
		if (err == nil) != c.ok || !strings.Contains(string(out), c.says) {
			t.Errorf("answers %s: err %v, output:\n%s\nwant ok=%v and %q", c.answers, err, out, c.ok, c.says)
		}
		if n, _ := os.ReadFile(count); strings.TrimSpace(string(n)) != strconv.Itoa(c.calls) {
			t.Errorf("answers %s: go test ran %s times, want %d", c.answers, strings.TrimSpace(string(n)), c.calls)
		}
	}
}
