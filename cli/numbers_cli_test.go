package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/render"
)

// cheap are arguments that make each command's run small, so that a check
// that is missing shows as a quick exit 0, not a long render; out is a
// directory for what such a run would write.
func cheap(cmd, out string) []string {
	switch cmd {
	case "render":
		return []string{"--scene", "cornell", "--size", "8x6", "--photons", "1000", "--out", filepath.Join(out, "r.png")}
	case "capture":
		return []string{"--scene", "cornell", "--gens", "lehmer", "--at", "1000", "--size", "8x6", "--out", filepath.Join(out, "cap")}
	case "reference":
		return []string{"--scene", "cornell", "--size", "8x6", "--photons", "1000", "--allow-weak-reference"}
	case "streamlines":
		return []string{"--size", "16x16", "--out", filepath.Join(out, "s.png")}
	}
	return nil
}

// oneLineExit2 asserts a refused input: exit status 2, one line on stderr
// holding want, no stack trace, nothing on stdout.
func oneLineExit2(t *testing.T, r result, want string) {
	t.Helper()
	if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, want) ||
		strings.Contains(r.stderr, "goroutine") || r.stdout != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", r.code, r.stdout, r.stderr, want)
	}
}

// Every float flag of every command refuses NaN, ±Inf, values past what
// float32 and the GPU maths carry, values a float32 holds only as a
// denormal or 0, and negatives (0 too where 0 means nothing), each in one
// line naming the flag, before any GPU work (issue #9 item 4).
func TestFloatFlagsRefuseNonFiniteAndOutOfRange(t *testing.T) {
	bad := []string{"NaN", "Inf", "-Inf", "1e30", "1e-46", "-1", "1e-400", "x"}
	dir := t.TempDir()
	type flagCase struct {
		cmd  []string
		flag string
		zero bool // 0 is refused too (it means no default)
	}
	var cases []flagCase
	for _, cmd := range [][]string{{"render"}, {"capture"}, {"reference"}} {
		cases = append(cases, flagCase{cmd, "alpha", true}, flagCase{cmd, "radius", false}, flagCase{cmd, "exposure", false})
	}
	cases = append(cases, flagCase{[]string{"app"}, "budget", false}, flagCase{[]string{"streamlines"}, "jitter", false})
	for _, c := range cases {
		values := bad
		if c.zero {
			values = append(values, "0")
		}
		for _, v := range values {
			args := append(append([]string{}, c.cmd...), "--"+c.flag, v)
			name := strings.Join(args, " ")
			args = append(args, cheap(c.cmd[0], dir)...)
			t.Run(name, func(t *testing.T) {
				oneLineExit2(t, speckle(t, nil, args...), "--"+c.flag+" must be ")
			})
		}
	}
	// --jitters, a list: each value is checked.
	for _, v := range bad {
		t.Run("streamlines --jitters 0,"+v, func(t *testing.T) {
			oneLineExit2(t, speckle(t, nil, append([]string{"streamlines", "--jitters", "0," + v}, cheap("streamlines", dir)...)...), "--jitters")
		})
	}
	// bench render --grid-cell, a list: each value is checked (from half a
	// radius to 4; 0 is the default); --gather names a gather, --deposit a
	// deposit.
	bench := []string{"bench", "render", "--scenes", "plane", "--gens", "lehmer", "--size", "8x6", "--photons-per-iteration", "64"}
	for _, v := range append(bad, "0.49", "4.5") {
		t.Run("bench render --grid-cell 1,"+v, func(t *testing.T) {
			oneLineExit2(t, speckle(t, nil, append(bench, "--grid-cell", "1,"+v)...), "--grid-cell must be ")
		})
	}
	oneLineExit2(t, speckle(t, nil, append(bench, "--gather", "cells,grid")...), "--gather must be adaptive or cells or pbrt or stochastic")
	oneLineExit2(t, speckle(t, nil, append(bench, "--deposit", "inline,later")...), `--deposit must be auto or inline or deferred or sorted or combined or points (got "later")`)
	oneLineExit2(t, speckle(t, nil, append(bench, "--deposit", "")...), "--deposit must be auto or inline or deferred or sorted or combined or points")
}

// Integer flags are range-checked before anything reaches the GPU (issue #9
// item 6): beyond int32, negative, or not whole numbers.
func TestIntFlagsRangeChecked(t *testing.T) {
	for _, c := range []struct{ cmd, flag string }{{"app", "frames"}, {"bench render", "iterations"}} {
		for _, v := range []string{"-1", "NaN", "Inf", "1e30", "2147483648", "99999999999999999999", "1.5"} {
			// bench render: one small case, so that a missing check is quick.
			args := append(strings.Fields(c.cmd), "--scenes", "plane", "--gens", "lehmer", "--size", "8x6", "--photons-per-iteration", "64", "--"+c.flag, v)
			if c.cmd == "app" {
				args = []string{"app", "--" + c.flag, v}
			}
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				oneLineExit2(t, speckle(t, nil, args...), "--"+c.flag+" must be ")
			})
		}
	}
	oneLineExit2(t, speckle(t, nil, "streamlines", "--bench", "--size", "16x16", "--bench-time", "-1s"), "--bench-time must be more than 0")
}

// A --radius inside the flags' range but beyond the scene's (at most its
// scale), or an automatic radius below render.MinRadius (a narrow field of
// view at many rows), is refused before rendering.
func TestRadiusAgainstTheScene(t *testing.T) {
	dir := t.TempDir()
	narrow := filepath.Join(dir, "narrow.json")
	os.WriteFile(narrow, []byte(`{"camera": {"position": [0, 1, 5], "look_at": [0, 1, 0], "fov": 0.01},
  "materials": {"white": {"type": "diffuse", "color": [0.7, 0.7, 0.7]}, "lamp": {"type": "light", "color": [10, 10, 10]}},
  "objects": {"quads": [{"corner": [-2, 0, -2], "u": [0, 0, 4], "v": [4, 0, 0], "material": "white"},
    {"corner": [-0.5, 2, -0.5], "u": [1, 0, 0], "v": [0, 0, 1], "material": "lamp"}]}}`), 0o644)
	for _, c := range []struct {
		cmd   string
		extra []string
		want  string
	}{
		{"render", []string{"--radius", "5"}, "--radius for scene cornell must be in [0.0001, 3.85] (got 5)"},
		{"capture", []string{"--radius", "100"}, "--radius for scene cornell must be in [0.0001, 3.85] (got 100)"},
		{"reference", []string{"--radius", "10", "--size", "16384x16384"}, "--radius for scene cornell must be in [0.0001, 3.85] (got 10)"},
		{"render", []string{"--scene", narrow, "--size", "16x16384"}, "scene narrow at 16384 pixels high: the automatic radius (a pixel footprint) must be in [0.0001, 6] (got 5.3"},
	} {
		args := append(append([]string{c.cmd}, cheap(c.cmd, dir)...), c.extra...)
		oneLineExit2(t, speckle(t, nil, args...), c.want)
	}
}

// reference --radius Inf used to write a bogus reference that later RMSE
// figures used: it must be refused and write nothing.
func TestReferenceBadRadiusWritesNothing(t *testing.T) {
	path := render.ReferencePath("cornell", 8, 6)
	if _, err := os.Stat(path); err == nil {
		t.Fatalf("%s exists before the test", path)
	}
	t.Cleanup(func() { os.Remove(path) })
	for _, v := range []string{"Inf", "NaN", "1e30"} {
		oneLineExit2(t, speckle(t, nil, "reference", "--scene", "cornell", "--size", "8x6", "--photons", "1000", "--radius", v), "--radius must be")
		if _, err := os.Stat(path); err == nil {
			t.Fatalf("--radius %s wrote %s", v, path)
		}
	}
}

// Scene and height-field numbers the GPU cannot carry: refused in one line
// naming the file and the field, exit 2 (issue #9 item 4).
func TestSceneAndFieldNumbersRefused(t *testing.T) {
	dir := t.TempDir()
	scene := func(name, lamp, lookAt string) string {
		p := filepath.Join(dir, name)
		text := fmt.Sprintf(`{"camera": {"position": [0, 1, 5], "look_at": %s, "fov": 40},
  "materials": {"white": {"type": "diffuse", "color": [0.7, 0.7, 0.7]}, "lamp": {"type": "light", "color": %s}},
  "objects": {"quads": [{"corner": [-2, 0, -2], "u": [0, 0, 4], "v": [4, 0, 0], "material": "white"},
    {"corner": [-0.5, 2, -0.5], "u": [1, 0, 0], "v": [0, 0, 1], "material": "lamp"}]}}`, lookAt, lamp)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	field := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	hot := scene("hot.json", "[3e38, 3e38, 3e38]", "[0, 1, 0]")
	dim := scene("dim.json", "[1e-46, 1e-46, 1e-46]", "[0, 1, 0]")
	near := scene("near.json", "[10, 10, 10]", "[0, 1, 4.9999999]")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"render", "--scene", hot}, hot + ": materials.lamp.color[0]: a light's radiance must be 0 (dark) or in [1e-6, 1e6] (got 3e38)"},
		{[]string{"capture", "--scene", dim}, dim + ": materials.lamp.color[0]: a light's radiance must be 0 (dark) or in [1e-6, 1e6] (got 1e-46)"},
		{[]string{"reference", "--scene", near}, near + ": camera.look_at: the distance from camera.position must be at least 0.01"},
		{[]string{"app", "--scene", hot}, hot + ": materials.lamp.color[0]"},
		{[]string{"bench", "render", "--scenes", near}, near + ": camera.look_at"},
		{[]string{"streamlines", "--field", field("huge.txt", "2 2\n1 2\n3 3e38\n")}, "height (row 1, column 1) must be in [-1e30, 1e30] (got 3e38)"},
		{[]string{"streamlines", "--field", field("tiny.txt", "2 2\n0 1e-30\n0 0\n")}, "the highest must be at least 1e-20 above the lowest"},
		{[]string{"app", "--field", field("huge.json", `{"width": 2, "height": 2, "values": [1, 2, 3, 1e39]}`)}, "(got 1e39)"},
	} {
		t.Run(strings.Join(c.args[:len(c.args)-1], " "), func(t *testing.T) {
			// The command's small-run arguments go first: the case's own win.
			n, extra := 1, cheap(c.args[0], dir)
			if c.args[0] == "bench" {
				n, extra = 2, []string{"--gens", "lehmer", "--size", "8x6", "--photons-per-iteration", "64", "--iterations", "1"}
			}
			args := append(append(append([]string{}, c.args[:n]...), extra...), c.args[n:]...)
			oneLineExit2(t, speckle(t, nil, args...), c.want)
		})
	}
}
