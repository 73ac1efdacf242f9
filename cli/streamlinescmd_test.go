package cli

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/imageio"
)

// Bad streamline input: exit status 2, one line on stderr naming the
// problem, no stack trace, nothing on stdout, no file left behind.
func TestStreamlinesBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	short := write("short.txt", "3 3\n1 2 3\n4 5\n")
	word := write("word.txt", "2 2\n1 2\n3 four\n")
	flat := write("flat.txt", "2 2\n7 7\n7 7\n")
	json := write("bad.json", `{"width": 2, "height": 2, "values": [1, 2]}`)
	out := filepath.Join(dir, "out.png")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--field", "volcanoes"}, `unknown field "volcanoes" (built in: dem, gyre, cylinder; or a height-field file)`},
		{[]string{"--field", filepath.Join(dir, "missing.txt")}, "cannot read field file " + filepath.Join(dir, "missing.txt") + ": no such file or directory"},
		{[]string{"--field", short}, short + ": a 3x3 grid needs 9 heights, found 5"},
		{[]string{"--field", word}, word + `: line 3: height "four" (row 1, column 1) is not a finite number`},
		{[]string{"--field", flat}, flat + ": every height is 7: a flat field has no flow"},
		{[]string{"--field", json}, json + ": a 2x2 grid needs 4 heights, found 2"},
		{[]string{"--density", "0"}, "--density must be 1..16 (got 0)"},
		{[]string{"--density", "17"}, "--density must be 1..16 (got 17)"},
		{[]string{"--jitter", "-0.5"}, "--jitter must be 0 (plain streamlines) or in [1e-6, 1e6] (got -0.5)"},
		{[]string{"--jitters", "0,-1"}, "--jitters: each must be 0 (plain streamlines) or in [1e-6, 1e6] (got -1)"},
		{[]string{"--jitters", "0,x"}, `--jitters must be numbers, comma-separated, like 0,0.5,1 (got "x")`},
		{[]string{"--jitter", "1", "--jitters", "0,1"}, "--jitter and --jitters cannot be used together"},
		{[]string{"--step", "0"}, "--step must be more than 0 pixels (got 0)"},
		{[]string{"--step", "-1"}, "--step must be more than 0 pixels (got -1)"},
		{[]string{"--step", "NaN"}, "--step must be more than 0 pixels"},
		// A tiny step would ask for more than 2^63 automatic steps (it once
		// overflowed to 1); one beyond float32 would become 0 or +Inf.
		{[]string{"--step", "1e-30"}, "--step 1e-30 is too small for the automatic --max-steps: crossing 480 pixels takes 4.8e+32 steps, more than 1048576 (give --max-steps, or a --step of at least 0.000457763671875)"},
		{[]string{"--step", "0.0001", "--size", "2048x100"}, "--step 0.0001 is too small for the automatic --max-steps: crossing 2048 pixels takes 2.05e+07 steps"},
		{[]string{"--step", "1e-50"}, "--step 1e-50 is beyond a float32"},
		{[]string{"--step", "1e39"}, "--step 1e+39 is beyond a float32"},
		{[]string{"--max-steps", "-3"}, "--max-steps must be 0..1048576 (got -3)"},
		{[]string{"--max-steps", "99999999999999999999"}, "--max-steps must be a whole number 0..1048576"},
		{[]string{"--size", "16384x16384", "--density", "3"}, "16384x16384 pixels at density 3 are 2415919104 streamlines, more than 2147483648"},
		{[]string{"--max-steps", "2000000"}, "--max-steps must be 0..1048576 (got 2000000)"},
		{[]string{"--size", "0x10"}, "--size must be WIDTHxHEIGHT"},
		{[]string{"--gen", "nope"}, `unknown generator "nope"`},
		{[]string{"--gens", "philox,nope"}, `unknown generator "nope"`},
		{[]string{"--gen", "philox", "--gens", "philox,ca"}, "--gen and --gens cannot be used together"},
		{[]string{"--gen", "philox", "--lux", "2"}, "option --lux does not apply to philox"},
		{[]string{"--gen", "lehmer", "--lehmer-seeding", "odd"}, "--lehmer-seeding must be consecutive or slm"},
		{[]string{"--gens", "lehmer:slm"}, `--gens "lehmer:slm": a generator is NAME[:OPTION=VALUE]...[:seed=S]`},
		{[]string{"--gens", "philox:lux=2"}, "--gens option --lux does not apply to generator philox"},
		{[]string{"--gens", "philox:seed=-1"}, "--gens philox: the seed must be a whole number 0..4294967295"},
		{[]string{"--seed", "x"}, "--seed must be a whole number"},
		// The default seed is 1: philox:seed=1 would draw philox's numbers again.
		{[]string{"--gens", "philox,philox:seed=1"}, "philox and philox seed=1 draw the same numbers (seed 1)"},
		{[]string{"--map", "speed"}, `--map must be density or length (got "speed")`},
		{[]string{"--scale", "sqrt"}, `--scale must be auto, log or linear (got "sqrt")`},
		{[]string{"--colormap", "jet"}, `--colormap: unknown colour map "jet" (inferno or viridis)`},
		{[]string{"--bench", "--out", out}, "--bench writes no pictures: leave out --out"},
		{[]string{"--size", "8x8", "--out", "/nonexistent/dir/x.png"}, "cannot write /nonexistent/dir/x.png: no such file or directory"},
		{[]string{"stray"}, `unexpected argument "stray"`},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			r := speckle(t, nil, append([]string{"streamlines"}, c.args...)...)
			if r.code != 2 {
				t.Errorf("exit status %d, want 2 (stderr %q)", r.code, r.stderr)
			}
			if lines := strings.Count(r.stderr, "\n"); lines != 1 || !strings.HasSuffix(r.stderr, "\n") {
				t.Errorf("stderr is %d lines, want one: %q", lines, r.stderr)
			}
			if !strings.HasPrefix(r.stderr, "speckle streamlines: ") || !strings.Contains(r.stderr, c.want) {
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
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a failed command wrote %s", out)
	}
}

// A streamline picture is a PNG of the asked size; a montage is one PNG per
// cell, montage.png and stats.csv with a row per cell; the bench prints one
// line with steps per second.
func TestStreamlinesWrites(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "dem.png")
	r := speckle(t, nil, "streamlines", "--field", "dem", "--gen", "lehmer:lehmer-seeding=slm", "--size", "43x30", "--out", out)
	if r.code != 0 || !strings.Contains(r.stdout, out+": density map, dem with lehmer slm, 43x30") {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	img, err := imageio.ReadPNG(out)
	if err != nil || img.Rect.Dx() != 43 || img.Rect.Dy() != 30 {
		t.Fatalf("%s: %v, %v", out, err, img.Rect)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("left %v", entries)
	}
	// A height-field file of the user's, and the length map.
	field := filepath.Join(dir, "ramp.txt")
	os.WriteFile(field, []byte("# a ramp\n3 2\n0 1 2\n1 2 3\n"), 0o644)
	r = speckle(t, nil, "streamlines", "--field", field, "--gen", "philox", "--size", "20x10", "--map", "length", "--out", filepath.Join(dir, "ramp.png"))
	if r.code != 0 || !strings.Contains(r.stdout, "length map") {
		t.Fatalf("ramp: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}

	mdir := filepath.Join(dir, "m")
	// --seed 0: the seed of philox and lehmer below, so that philox:seed=1 differs.
	r = speckle(t, nil, "streamlines", "--field", "gyre", "--gens", "philox,philox:seed=1,lehmer:lehmer-seeding=slm", "--jitters", "0,1",
		"--size", "24x12", "--seed", "0", "--out", mdir)
	if r.code != 0 {
		t.Fatalf("montage: exit %d, %q", r.code, r.stderr)
	}
	for _, name := range []string{"montage.png", "stats.csv", "philox-jitter0.png", "philox-seed1-jitter1.png", "lehmer-slm-jitter1.png"} {
		if _, err := os.Stat(filepath.Join(mdir, name)); err != nil {
			t.Errorf("montage: %v", err)
		}
	}
	f, err := os.Open(filepath.Join(mdir, "stats.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) != 7 || recs[0][1] != "generator" {
		t.Fatalf("stats.csv: %v, %d records", err, len(recs))
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	for _, rec := range recs[1:] {
		// Without jitter every generator's map is the same.
		if rec[col["jitter"]] == "0" && rec[col["rms_log_diff"]] != "0.0000" {
			t.Errorf("jitter 0: %s differs from philox by %s", rec[col["generator"]], rec[col["rms_log_diff"]])
		}
		if rec[col["streamlines"]] != "2592" {
			t.Errorf("%v: want 24*12*9 streamlines", rec)
		}
	}
	if recs[4][col["seed"]] != "1" || recs[4][col["rms_log_diff"]] == "0.0000" {
		t.Errorf("philox seed 1 at jitter 1: %v", recs[4])
	}

	r = speckle(t, nil, "streamlines", "--bench", "--size", "32x32", "--gens", "philox,lehmer", "--bench-time", "10ms")
	if r.code != 0 || strings.Count(r.stdout, "streamlines bench: ") != 2 || !strings.Contains(r.stdout, "steps/s  lehmer, dem 32x32, density 3") {
		t.Fatalf("bench: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = speckle(t, nil, "streamlines", "--help")
	if r.code != 0 || !strings.Contains(r.stdout, "Height-field files") {
		t.Fatalf("help: %d %q", r.code, r.stdout)
	}
}
