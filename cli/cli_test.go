package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"speckle/rng"
)

// The tests run speckle as a separate process (this test binary, re-executed),
// so exit statuses and the GL thread are those of the real program.
const childArgs = "SPECKLE_TEST_ARGS"

// The child process runs commands as main does: on the main thread, which
// its OpenGL context belongs to.
func init() { runtime.LockOSThread() }

func TestMain(m *testing.M) {
	if factor, ok := os.LookupEnv(fakeBlenderEnv); ok && len(os.Args) > 1 && os.Args[1] == "-b" {
		os.Exit(fakeBlender(factor, os.Args[1:]))
	}
	if a, ok := os.LookupEnv(childArgs); ok {
		selfCommand = func(args []string) *exec.Cmd { // a repeat's processes: this binary again
			cmd := exec.Command(os.Args[0])
			cmd.Env = append(os.Environ(), childArgs+"="+strings.Join(args, "\x1f"))
			return cmd
		}
		var args []string
		if a != "" {
			args = strings.Split(a, "\x1f")
		}
		os.Exit(Main(args, os.Stdout, os.Stderr))
	}
	os.Setenv("MESA_SHADER_CACHE_DISABLE", "true")
	os.Exit(m.Run())
}

type result struct {
	code           int
	stdout, stderr string
}

func speckle(t *testing.T, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = childEnv(args, env)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	return resultOf(t, err, out.String(), errb.String())
}

// resultOf is a finished speckle run's exit status and output; an error
// other than a non-zero exit fails the test.
func resultOf(t *testing.T, err error, stdout, stderr string) result {
	t.Helper()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{code, stdout, stderr}
}

// Each bad input: exit status 2, one line on stderr naming the problem, no
// Go stack trace, nothing on stdout.
func TestBadInputOneLineExit2(t *testing.T) {
	cases := []struct {
		args []string
		env  []string
		want string
	}{
		{[]string{"bogus"}, nil, `unknown command "bogus"`},
		{[]string{"rng", "bogus"}, nil, `speckle rng: unknown command "bogus"`},
		{[]string{"rng", "dump"}, nil, "--gen is required"},
		{[]string{"rng", "dump", "--gen", "nope"}, nil, `unknown generator "nope"`},
		{[]string{"rng", "dump", "--gen", "lehmer", "--lux", "3"}, nil, "option --lux does not apply to lehmer"},
		{[]string{"rng", "dump", "--gen", "ranlux", "--lux", "7"}, nil, "--lux must be 0..4"},
		{[]string{"rng", "dump", "--gen", "lehmer", "--lehmer-seeding", "odd"}, nil, "--lehmer-seeding must be consecutive or slm"},
		{[]string{"rng", "dump", "--gen", "ca", "--ca-k", "1,2,3"}, nil, "--ca-k"},
		{[]string{"rng", "dump", "--gen", "ca", "--ca-rule", "0x10000"}, nil, "--ca-rule"},
		{[]string{"rng", "dump", "--gen", "ca", "--ca-preset", "best"}, nil, "--ca-preset"},
		{[]string{"rng", "dump", "--gen", "sobol", "--streams", "1025"}, nil, "--streams 1025 is too many for sobol: at most 1024"},
		{[]string{"rng", "dump", "--gen", "lehmer", "--count", "-1"}, nil, "--count must be 0..16777216 (got -1)"},
		{[]string{"rng", "dump", "--gen", "lehmer", "--streams", "0"}, nil, "--streams must be 1..67108864 (got 0)"},
		{[]string{"rng", "dump", "--gen", "lehmer", "--count", "100000000"}, nil, "--count must be 0..16777216 (got 100000000)"},
		{[]string{"rng", "dump", "--gen", "lehmer", "--streams", "100000000"}, nil, "--streams must be 1..67108864 (got 100000000)"},
		{[]string{"rng", "dump", "--gen", "lehmer", "--streams", "60000000", "--count", "10000000"}, nil, "values is too large"},
		{[]string{"rng", "dump", "--gen", "lehmer", "--seed", "4294967296"}, nil, "--seed must be a whole number 0..4294967295"},
		{[]string{"rng", "dump", "--gen", "philox", "--order", "sideways"}, nil, "--order must be stream, interleaved or renderer"},
		{[]string{"rng", "dump", "--gen", "philox", "--count", "0"}, nil, "--count 0 needs --order interleaved or --streams 1"},
		{[]string{"rng", "dump", "--gen", "philox", "--count", "0", "--order", "interleaved", "--out", "x.bin"}, nil, "--count 0 never ends: it writes to standard output only"},
		{[]string{"rng", "dump", "--gen", "ranlux", "--order", "interleaved", "--streams", "1000000"}, nil, "--order interleaved holds every stream at once: --streams at most 645277 for ranlux"},
		{[]string{"rng", "dump", "--gen", "lehmer", "--format", "f64"}, nil, "--format must be u32, f32 or packed"},
		{[]string{"rng", "dump", "--gen", "lehmer", "--device", "tpu"}, nil, "--device must be gpu, cpu or an EGL device"},
		{[]string{"rng", "dump", "--gen", "philox", "--order", "renderer", "--device", "tpu"}, nil, "--device must be gpu, cpu or an EGL device"},
		{[]string{"rng", "look", "--device", "tpu"}, nil, "--device must be gpu, cpu or an EGL device"},
		{[]string{"rng", "dump", "--gen", "lehmer", "--count", "x"}, nil, `--count must be a whole number 0..16777216 (got "x")`},
		{[]string{"rng", "dump", "--gen", "lehmer", "--out", "/nonexistent/dir/x.bin"}, nil, "cannot write /nonexistent/dir/x.bin: no such file or directory"},
		{[]string{"rng", "dump", "--gen", "lehmer", "stray"}, nil, `unexpected argument "stray"`},
		{[]string{"rng", "dump", "--gen", "lehmer:lux=3"}, nil, "option --lux does not apply to generator lehmer"},
		{[]string{"rng", "dump", "--gen", "philox:seed=x"}, nil, "philox: the seed must be a whole number"},
		{[]string{"rng", "bench", "--gens", "philox,philox"}, nil, "philox is named twice"},
		{[]string{"rng", "bench", "--gens", "lehmer", "--lux", "2"}, nil, "option --lux does not apply to lehmer"},
		{[]string{"rng", "bench", "--gens", "lehmer", "--store-draws", "6"}, nil, "--store-draws must be a multiple of 4"},
		{[]string{"rng", "bench", "--gens", "nope"}, nil, `unknown generator "nope"`},
		{[]string{"gpu", "--egl-platform", "x11"}, nil, `unknown EGL platform "x11"`},
		{[]string{"capture", "--views", "image,spectrum"}, nil, `--views takes image, heatmap, comma-separated (got "spectrum")`},
		{[]string{"capture", "--views", ""}, nil, "--views must name image, heatmap or both"},
		{[]string{"capture", "--animate=mp4"}, nil, `--animate must be gif or frames (got "mp4")`},
		{[]string{"capture", "--animate", "frames"}, nil, `unexpected argument "frames": write --animate=frames`},
		{[]string{"capture", "--seeds", "0"}, nil, "--seeds must be 1..64"},
		{[]string{"capture", "--seeds", "65"}, nil, "--seeds must be 1..64"},
		{[]string{"capture", "--metric", "psnr"}, nil, `--metric must be medrel, rmse, relmse or mse (got "psnr")`},
		{[]string{"render", "--metric", "l1"}, nil, `--metric must be medrel, rmse, relmse or mse (got "l1")`},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			r := speckle(t, c.env, c.args...)
			if r.code != 2 {
				t.Errorf("exit status %d, want 2 (stderr %q)", r.code, r.stderr)
			}
			if lines := strings.Count(r.stderr, "\n"); lines != 1 || !strings.HasSuffix(r.stderr, "\n") {
				t.Errorf("stderr is %d lines, want one: %q", lines, r.stderr)
			}
			if !strings.Contains(r.stderr, c.want) {
				t.Errorf("stderr %q does not say %q", r.stderr, c.want)
			}
			if strings.Contains(r.stderr, "goroutine") || strings.Contains(r.stderr, "panic") {
				t.Errorf("stack trace on stderr: %q", r.stderr)
			}
			if r.stdout != "" {
				t.Errorf("stdout not empty: %q", r.stdout)
			}
		})
	}
}

// A failed dump leaves nothing behind, not even a temporary file; a
// successful one leaves exactly the file.
func TestDumpWritesAtomically(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.bin")
	if r := speckle(t, []string{"__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json"}, "rng", "dump", "--gen", "pcg32", "--out", out); r.code != 1 {
		t.Fatalf("dump without a GPU: exit %d", r.code)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("failed dump left %v", entries)
	}
	if r := speckle(t, nil, "rng", "dump", "--gen", "pcg32", "--streams", "3", "--count", "5", "--out", out); r.code != 0 {
		t.Fatalf("dump: exit %d, %s", r.code, r.stderr)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "out.bin" {
		t.Fatalf("dump left %v", entries)
	}
	if st, _ := os.Stat(out); st.Size() != 3*5*4 {
		t.Fatalf("dump of 3 x 5 values is %d bytes", st.Size())
	}
}

// Through the command line, every generator's GPU and CPU dumps are the same
// bytes (the inexact trig's only the same length), and match the spec's layout for the PCG known answer.
func TestDumpDevicesAgree(t *testing.T) {
	for _, g := range rng.All {
		if !rng.Representative(g) {
			continue // lab's TestDumpGPUEqualsCPU proves every hash's dumps
		}
		t.Run(g.Name, func(t *testing.T) {
			for _, format := range []string{"u32", "f32"} {
				args := []string{"rng", "dump", "--gen", g.Name, "--seed", "42", "--streams", "70", "--count", "33", "--format", format}
				gpu := speckle(t, nil, append(args, "--device", "gpu")...)
				cpu := speckle(t, nil, append(args, "--device", "cpu")...)
				if gpu.code != 0 || cpu.code != 0 {
					t.Fatalf("exit %d/%d: %s %s", gpu.code, cpu.code, gpu.stderr, cpu.stderr)
				}
				// An inexact generator (trig) runs on both, its bytes differ.
				if len(gpu.stdout) != 70*33*4 || len(cpu.stdout) != len(gpu.stdout) || gpu.stdout != cpu.stdout && !g.Inexact {
					t.Fatalf("%s: GPU %d bytes, CPU %d bytes, equal %v", format, len(gpu.stdout), len(cpu.stdout), gpu.stdout == cpu.stdout)
				}
			}
		})
	}
	// pcg32, seed 42, stream 54, first value: the spec's known answer, at [54*M + 0].
	r := speckle(t, nil, "rng", "dump", "--gen", "pcg32", "--seed", "42", "--streams", "55", "--count", "2")
	b := []byte(r.stdout)[54*2*4:]
	if got := uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24; got != 0xa15c02b7 {
		t.Fatalf("pcg32 seed 42 stream 54 value 0 = %08x, want a15c02b7", got)
	}
}

func TestHelpAndList(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"rng", "--help"}, {"rng", "dump", "--help"}, {"rng", "bench", "-h"}} {
		r := speckle(t, nil, args...)
		if r.code != 0 || !strings.Contains(r.stdout, "speckle") {
			t.Errorf("speckle %v: exit %d, stdout %q", args, r.code, r.stdout)
		}
	}
	r := speckle(t, nil, "rng", "list")
	if strings.Contains(r.stdout, "(default )") {
		t.Errorf("rng list shows an empty default:\n%s", r.stdout)
	}
	for _, g := range rng.All {
		if !strings.Contains(r.stdout, g.Name) {
			t.Errorf("rng list lacks %s", g.Name)
		}
		for _, o := range g.Options {
			if !strings.Contains(r.stdout, "--"+o.Name) {
				t.Errorf("rng list lacks --%s", o.Name)
			}
		}
	}
	r = speckle(t, nil, "rng", "list", "--json")
	var list []struct{ Name string }
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil || len(list) != len(rng.All) {
		t.Errorf("rng list --json: %v, %d entries", err, len(list))
	}
}

func TestBenchJSON(t *testing.T) {
	r := speckle(t, nil, "rng", "bench", "--gens", "lehmer,philox:seed=3", "--json", "--min-time", "50ms")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var out struct {
		Device  string  `json:"device"`
		Ceiling float64 `json:"write_ceiling_per_s"`
		Results []struct {
			Generator string  `json:"generator"`
			Stored    float64 `json:"stored_per_s"`
			Consumed  float64 `json:"consumed_per_s"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	if out.Device == "" || out.Ceiling <= 0 || len(out.Results) != 2 || out.Results[1].Generator != "philox" {
		t.Fatalf("unexpected bench JSON: %+v", out)
	}
	for _, res := range out.Results {
		if res.Stored <= 0 || res.Consumed <= 0 {
			t.Errorf("%s: rates %v, %v", res.Generator, res.Stored, res.Consumed)
		}
	}
}
