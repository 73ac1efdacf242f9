package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/imageio"
	"speckle/study/pareto"
)

// rng pareto at a tiny size on the test's GPU (llvmpipe): the figure as a
// 1920x1080 PNG with its provenance and as SVG, the CSV and the JSON read
// back to the same points, the paper's rows on its hashes, the frontier
// marked, the table on stdout and progress on stderr.
func TestRngParetoTiny(t *testing.T) {
	dir := t.TempDir()
	png, csvPath, jsonPath := filepath.Join(dir, "p.png"), filepath.Join(dir, "p.csv"), filepath.Join(dir, "p.json")
	r := speckle(t, nil, "rng", "pareto", "--gens", "pcg,lcg,philox", "--numbers", "2^18", "--tests", "monobit,gap", "--time", "3s", "--paper",
		"--out", png, "--csv", csvPath, "--json-file", jsonPath)
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "pareto: quality: the battery (2 tests, both orders) at 2^18 numbers an order") || !strings.Contains(r.stdout, "5 of 160") {
		t.Errorf("stdout %q\nstderr %q", r.stdout, r.stderr)
	}
	img, err := imageio.ReadPNG(png)
	if err != nil || img.Rect.Dx() != 1920 || img.Rect.Dy() != 1080 {
		t.Fatalf("figure %v (%v): want 1920x1080", img.Rect, err)
	}
	if text := pngText(t, png); !strings.Contains(text["speckle:command"], "rng pareto") || text["speckle:device"] == "" {
		t.Errorf("provenance %v", text)
	}
	svg, err := os.ReadFile(filepath.Join(dir, "p.svg"))
	if err != nil || !strings.Contains(string(svg), "Jarzynski") || !strings.Contains(string(svg), "philox") {
		t.Errorf("the SVG (%v) lacks the points or the citation", err)
	}
	f, err := os.Open(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	points, err := pareto.ReadCSV(f)
	if err != nil || len(points) != 3 {
		t.Fatalf("CSV: %d points, %v", len(points), err)
	}
	j, err := os.Open(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	rep, err := pareto.ReadJSON(j)
	if err != nil || len(rep.Points) != 3 || rep.Numbers != 1<<18 || len(rep.Tests) != 2 || rep.Device == "" {
		t.Fatalf("JSON: %+v, %v", rep, err)
	}
	frontier := 0
	for i, p := range points {
		if q := rep.Points[i]; p.Generator != q.Generator || p.ConsumedPerS != q.ConsumedPerS || p.Fail != q.Fail || p.Frontier != q.Frontier {
			t.Errorf("CSV %+v, JSON %+v", p, q)
		}
		if p.ConsumedPerS <= 0 || p.Verdicts != 4 || (p.Generator == "lcg") != (p.Paper != nil) {
			t.Errorf("point %+v", p)
		}
		if p.Frontier {
			frontier++
		}
	}
	if frontier == 0 {
		t.Error("no point on the frontier")
	}
}

// Bad input is one line and exit 2, before any GPU work.
func TestRngParetoRefuses(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--time", "-1s"}, "--time must be positive"},
		{[]string{"--out", "x.jpg"}, "--out must name a .png file"},
		{[]string{"--gens", "philox", "--paper"}, "--paper: none of --gens is a hash of the paper's table"},
		{[]string{"--numbers", "1000"}, "--numbers must be a multiple of 16384"},
		{[]string{"--gens", "nope"}, "nope"},
	} {
		r := speckle(t, nil, append([]string{"rng", "pareto"}, c.args...)...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) || strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 {
			t.Errorf("%v: exit %d, stderr %q, want one line with %q", c.args, r.code, r.stderr, c.want)
		}
	}
}
