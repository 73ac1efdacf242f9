package cli

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"speckle/gpu"
	"speckle/lab"
)

// TestBenchFlagsRangeChecked: every integer flag of `rng bench` is checked
// before any GPU work (here there is no GPU driver at all, so reaching it
// would say so instead): one line naming the flag, exit status 2. A
// --sum-draws of 2^32 once wrapped to 32 bits on its way to the GPU.
func TestBenchFlagsRangeChecked(t *testing.T) {
	noGPU := []string{"__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json"}
	cases := []struct {
		flag, value, want string
	}{
		{"--sum-draws", "4294967296", "--sum-draws must be 4..16777216"},
		{"--sum-draws", "16777217", "--sum-draws must be 4..16777216"},
		{"--sum-draws", "-1", "--sum-draws must be 4..16777216"},
		{"--sum-draws", "99999999999999999999", "--sum-draws must be a whole number 4..16777216"},
		{"--sum-draws", "10", "--sum-draws must be a multiple of 4"},
		{"--store-draws", "4294967296", "--store-draws must be 4..16777216"},
		{"--store-draws", "6", "--store-draws must be a multiple of 4"},
		{"--invocations", "4294967296", "--invocations must be 1..268435456"},
		{"--invocations", "-5", "--invocations must be 1..268435456"},
		{"--min-time", "-1s", "--min-time must be positive"},
	}
	for _, c := range cases {
		t.Run(c.flag+"="+c.value, func(t *testing.T) {
			r := speckle(t, noGPU, "rng", "bench", "--gens", "lehmer", c.flag, c.value)
			if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
				t.Errorf("exit %d, stderr %q, stdout %q: want exit 2 and one line saying %q", r.code, r.stderr, r.stdout, c.want)
			}
		})
	}
}

// TestBenchHelpStatesDefaults: the help's --sum-draws default is the one
// the bench uses, on a GPU and on a CPU rasteriser alike.
func TestBenchHelpStatesDefaults(t *testing.T) {
	r := speckle(t, nil, "rng", "bench", "--help")
	for _, renderer := range []string{"NVIDIA H200/PCIe/SSE2", "llvmpipe (LLVM 15.0.6, 256 bits)"} {
		info := gpu.Info{Renderer: renderer, MaxSSBOBytes: 1 << 30}
		want := fmt.Sprintf("(default %d)", lab.DefaultBenchSize(info, 1).SumDraws)
		if !strings.Contains(r.stdout, want) {
			t.Errorf("rng bench --help does not say %s for --sum-draws on %s:\n%s", want, renderer, r.stdout)
		}
	}
}

// A generator's own seed (NAME:seed=S) is --seed for that generator alone;
// without either, dump draws seed 1, the default of every command.
func TestDumpSeeds(t *testing.T) {
	dump := func(args ...string) string {
		t.Helper()
		r := speckle(t, nil, append([]string{"rng", "dump", "--device", "cpu", "--streams", "3", "--count", "4"}, args...)...)
		if r.code != 0 || len(r.stdout) != 3*4*4 {
			t.Fatalf("rng dump %v: exit %d, %d bytes, %q", args, r.code, len(r.stdout), r.stderr)
		}
		return r.stdout
	}
	own, flag := dump("--gen", "pcg32:seed=42"), dump("--gen", "pcg32", "--seed", "42")
	if own != flag || own != dump("--gen", "pcg32:seed=42", "--seed", "7") {
		t.Error("pcg32:seed=42 differs from --seed 42, or --seed overrode the spec's own seed")
	}
	if def := dump("--gen", "pcg32"); def != dump("--gen", "pcg32", "--seed", "1") || def == dump("--gen", "pcg32", "--seed", "0") {
		t.Error("the default seed is not 1")
	}
}

// rng bench's old --gen still works, as --gens, with a note on stderr (so
// that --json output stays JSON).
func TestBenchDeprecatedGen(t *testing.T) {
	noGPU := []string{"__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json"}
	r := speckle(t, noGPU, "rng", "bench", "--gen", "lehmer,philox", "--json")
	if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, "--gen has been deprecated, use --gens") || !strings.Contains(r.stderr, "no usable GPU") {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = speckle(t, nil, "rng", "bench", "--gen", "lehmer,nope")
	if r.code != 2 || !strings.Contains(r.stderr, `unknown generator "nope"`) {
		t.Errorf("--gen lehmer,nope: exit %d, stderr %q", r.code, r.stderr)
	}
	r = speckle(t, nil, "rng", "bench", "--gens", "lehmer", "--gen", "pcg32")
	if r.code != 2 || !strings.Contains(r.stderr, "--gen and --gens cannot be used together") {
		t.Errorf("--gens and --gen: exit %d, stderr %q", r.code, r.stderr)
	}
}

// rng dump --count 0 streams until its reader stops: the first 64 KiB are
// the interleaved dump's, and closing the pipe ends the process (SIGPIPE,
// as `yes | head` ends yes) instead of leaving it running.
func TestDumpEndlessUntilTheReaderStops(t *testing.T) {
	const streams, count = 4, 4096
	want := speckle(t, nil, "rng", "dump", "--gen", "philox", "--streams", fmt.Sprint(streams), "--count", fmt.Sprint(count),
		"--order", "interleaved", "--device", "cpu")
	if want.code != 0 || len(want.stdout) != streams*count*4 {
		t.Fatalf("finite dump: exit %d, %d bytes: %s", want.code, len(want.stdout), want.stderr)
	}
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), childArgs+"="+strings.Join([]string{"rng", "dump", "--gen", "philox", "--streams", fmt.Sprint(streams),
		"--count", "0", "--order", "interleaved"}, "\x1f"))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, len(want.stdout))
	_, readErr := io.ReadFull(out, got)
	out.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the endless dump went on after its reader stopped")
	}
	if readErr != nil || string(got) != want.stdout {
		t.Fatalf("endless dump's first %d bytes differ from the finite one's (%v)", len(got), readErr)
	}
}
