package cli

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/imageio"
)

// rng look's triples and deep zoom end to end: a montage is written, each
// generator's line says how many points it drew, and the deep zoom's
// counts on the GPU are the Go reference's.
func TestLookTriplesAndDeepZoom(t *testing.T) {
	dir := t.TempDir()
	tri := filepath.Join(dir, "triples.png")
	r := speckle(t, nil, "rng", "look", "--gens", "lehmer,philox", "--view", "triples", "--rotate", "30,20",
		"--zoom", "0,0,0.5,0.5", "--points", "4000", "--size", "64", "--out", tri)
	if r.code != 0 || strings.Count(r.stdout, " of 4000 points in view") != 2 {
		t.Fatalf("triples: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if img, err := imageio.ReadPNG(tri); err != nil || img.Rect.Dx() < 2*64 {
		t.Fatalf("triples montage: %v, %v", err, img)
	}
	deep := func(device string) string {
		out := filepath.Join(dir, device+".png")
		r := speckle(t, nil, "rng", "look", "--gens", "rand48", "--view", "pairs", "--zoom", "0.5,0.25,0.01",
			"--scan", "2e6", "--points", "1000", "--size", "64", "--device", device, "--out", out)
		if r.code != 0 || !strings.Contains(r.stdout, "values scanned") {
			t.Fatalf("deep zoom on the %s: exit %d, stdout %q, stderr %q", device, r.code, r.stdout, r.stderr)
		}
		return strings.TrimPrefix(r.stdout, out)
	}
	if gpu, cpu := deep("gpu"), deep("cpu"); gpu != cpu || strings.Contains(gpu, ": rand48, 0 points") {
		t.Fatalf("deep zoom: GPU says %q, Go %q", gpu, cpu)
	}
}

// --csv writes the spectrum's radial average: a header, then a row per
// generator and ring.
func TestLookSpectrumCSV(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "radial.csv")
	r := speckle(t, nil, "rng", "look", "--gens", "sobol,philox", "--view", "spectrum", "--points", "1024", "--size", "64",
		"--out", filepath.Join(dir, "spectrum.png"), "--csv", path)
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) != 1+2*63 || strings.Join(rows[0], ",") != "generator,frequency,power" || rows[1][0] != "sobol" || rows[64][0] != "philox" {
		t.Fatalf("%d rows (%v): want a header and 63 rings for each of sobol and philox", len(rows), err)
	}
}

// rng look's bad flags: exit 2, one line naming the problem.
func TestLookBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--zoom", "0.1,0.2"}, "--zoom must be 3 or 4 numbers"},
		{[]string{"--zoom", "0,0,0.5,0.5"}, "--zoom X,Y,Z,SIDE is a cube, for --view triples"},
		{[]string{"--view", "triples", "--zoom", "0,0,0.8,0.5"}, "must be a cube inside the unit cube"},
		{[]string{"--view", "triples", "--rotate", "30"}, "--rotate must be 2 numbers"},
		{[]string{"--csv", "x.csv"}, "--csv writes the spectrum's radial averages"},
		{[]string{"--view", "streams", "--scan", "1e6"}, "--scan is the deep zoom of pairs and triples"},
		{[]string{"--scan", "1e6", "--points", "5000000"}, "--points with --scan: at most"},
	} {
		r := speckle(t, nil, append([]string{"rng", "look", "--gens", "lehmer", "--out", filepath.Join(t.TempDir(), "x.png")}, c.args...)...)
		if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line saying %q", c.args, r.code, r.stderr, c.want)
		}
	}
}
