package cli

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/imageio"
)

// The tests of --devices run two workers on the one llvmpipe device
// (--devices 0,0) against one process on it (--device 0): the outputs must
// be the same bytes, timings aside. The tolerance is zero: a worker renders
// and tests exactly what the single process does.

// TestCaptureSplitIsExact: a capture split over two workers writes the
// same set, byte for byte: images, PFMs, montages, heatmaps, animation,
// plots; convergence.csv but for its seconds; convergence.pdf but for its
// creation date. A file that differs is saved to cli/testdata/failed.
func TestCaptureSplitIsExact(t *testing.T) {
	args := []string{"capture", "--scene", "plane", "--gens", "philox,lehmer,rand48", "--size", "32x18", "--at", "1024,4096",
		"--seeds", "2", "--views", "image,heatmap", "--hdr", "--animate"}
	one, two := filepath.Join(t.TempDir(), "one"), filepath.Join(t.TempDir(), "two")
	for _, run := range [][]string{{"--device", "0", "--out", one}, {"--devices", "0,0", "--out", two}} {
		if r := speckle(t, nil, append(args, run...)...); r.code != 0 {
			t.Fatalf("%v: exit %d: %s", run, r.code, r.stderr)
		}
	}
	files, _ := os.ReadDir(one)
	if len(files) < 17 {
		t.Fatalf("%d files in %s", len(files), one)
	}
	for _, f := range files {
		a, _ := os.ReadFile(filepath.Join(one, f.Name()))
		b, err := os.ReadFile(filepath.Join(two, f.Name()))
		switch f.Name() {
		case "convergence.csv":
			a, b = withoutColumn(t, a, "seconds"), withoutColumn(t, b, "seconds")
		case "convergence.pdf":
			a, b = []byte(withoutLine(a, "/CreationDate", "/ModDate")), []byte(withoutLine(b, "/CreationDate", "/ModDate"))
		case imageio.ManifestName: // the provenance names each run's command line, date and devices
			a, b = withoutProvenance(t, a), withoutProvenance(t, b)
		}
		if strings.HasSuffix(f.Name(), ".png") {
			a, b = withoutTextChunks(t, a), withoutTextChunks(t, b)
		}
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs between one process and two workers (%v)", f.Name(), err)
			saveFailed(t, "split-"+f.Name(), b)
		}
	}
}

// TestRngTestSplitIsExact: rng test over two workers writes the same CSV,
// the same JSON but for the seconds and rates, the same table.
func TestRngTestSplitIsExact(t *testing.T) {
	dir := t.TempDir()
	args := []string{"rng", "test", "--gens", "philox,lehmer,rand48", "--numbers", "2^18", "--streams", "64", "--samples", "8"}
	var out [2]string
	for i, run := range [][]string{{"--device", "0"}, {"--devices", "0,0"}} {
		name := filepath.Join(dir, []string{"one", "two"}[i])
		r := speckle(t, nil, append(args, append(run, "--csv", name+".csv", "--json-file", name+".json")...)...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d: %s", run, r.code, r.stderr)
		}
		out[i] = withoutLine([]byte(r.stdout), "numbers/s")
	}
	if out[0] != out[1] || !strings.Contains(out[0], "philox") {
		t.Errorf("tables differ:\n%s\n---\n%s", out[0], out[1])
	}
	read := func(name string) []byte { b, _ := os.ReadFile(filepath.Join(dir, name)); return b }
	if a, b := read("one.csv"), read("two.csv"); len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("CSVs differ:\n%s\n---\n%s", a, b)
	}
	if a, b := jsonWithout(t, read("one.json"), "seconds", "numbers_per_s"), jsonWithout(t, read("two.json"), "seconds", "numbers_per_s"); a != b {
		t.Errorf("JSON differs:\n%s\n---\n%s", a, b)
	}
}

// TestBenchSplitKeepsTheCases: bench render over two workers reports the
// same cases in the same order, each with a positive rate.
func TestBenchSplitKeepsTheCases(t *testing.T) {
	args := []string{"bench", "render", "--scenes", "plane,cornell", "--gens", "philox,lehmer", "--size", "16x16",
		"--photons-per-iteration", "1024", "--iterations", "1", "--json"}
	var reps [2]string
	for i, run := range [][]string{{"--device", "0"}, {"--devices", "0,0"}} {
		r := speckle(t, nil, append(args, run...)...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d: %s", run, r.code, r.stderr)
		}
		var rep struct {
			Results []map[string]any
		}
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || len(rep.Results) != 4 {
			t.Fatalf("%v: %v: %s", run, err, r.stdout)
		}
		for _, c := range rep.Results {
			if c["photons_per_s"].(float64) <= 0 {
				t.Errorf("%v: %v", run, c)
			}
		}
		reps[i] = jsonWithout(t, []byte(r.stdout), "photons_per_s", "bounces_per_s", "eye_share", "grid_share", "photon_share", "update_share",
			"warm_up_s", "warm_up_iteration_ms", "block_spread")
	}
	if reps[0] != reps[1] {
		t.Errorf("the cases differ:\n%s\n---\n%s", reps[0], reps[1])
	}
}

// TestDeviceChoice: speckle gpu lists the device; one this host lacks is
// refused in one line with exit 2, on every way of naming it.
func TestDeviceChoice(t *testing.T) {
	r := speckle(t, nil, "gpu")
	if r.code != 0 || !strings.Contains(r.stdout, "EGL devices: ") || !strings.Contains(r.stdout, "\n  0  ") || !strings.Contains(r.stdout, "driver ") {
		t.Errorf("speckle gpu: exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
	for _, args := range [][]string{
		{"gpu", "--device", "5"},
		{"render", "--device", "5", "--size", "16x16"},
		{"rng", "dump", "--gen", "philox", "--device", "5"},
		{"capture", "--devices", "0,5", "--size", "16x16", "--out", t.TempDir()},
		{"rng", "test", "--devices", "5"},
		{"bench", "render", "--devices", "5"},
	} {
		oneLineExit2(t, speckle(t, nil, args...), "device 5: this host has 1 (0: ")
	}
	oneLineExit2(t, speckle(t, nil, "rng", "test", "--devices", "0,x"), "--devices")
	oneLineExit2(t, speckle(t, nil, "bench", "render", "--devices", "0", "--repeat", "2"), "--repeat and --devices")
	oneLineExit2(t, speckle(t, nil, "rng", "test", "--device", "0", "--devices", "0"), "--device and --devices")
	oneLineExit2(t, speckle(t, nil, "app", "--device", "0", "--frames", "1"), "give --headless too")
}

func TestWorkerArgs(t *testing.T) {
	got := strings.Join(workerArgs([]string{"capture", "--devices", "0,1", "--device=2", "--gens", "philox", "--unit", "3", "--devices=all"}, 1, 4, "--at", "10"), " ")
	if got != "capture --gens philox --device 1 --unit 4 --at 10" {
		t.Errorf("workerArgs: %q", got)
	}
}

// withoutColumn is a CSV less the column named col.
func withoutColumn(t *testing.T, csv []byte, col string) []byte {
	lines := strings.Split(string(csv), "\n")
	k := -1
	for i, h := range strings.Split(lines[0], ",") {
		if h == col {
			k = i
		}
	}
	if k < 0 {
		t.Fatalf("no column %s in %q", col, lines[0])
	}
	for i, l := range lines {
		if f := strings.Split(l, ","); len(f) > k {
			lines[i] = strings.Join(append(f[:k:k], f[k+1:]...), ",")
		}
	}
	return []byte(strings.Join(lines, "\n"))
}

// withoutLine is text less its lines holding any of subs.
// withoutProvenance is a set's manifest without its provenance.
func withoutProvenance(t *testing.T, manifest []byte) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(manifest, &m); err != nil || m["provenance"] == nil {
		t.Fatalf("manifest %s: %v, want a provenance", manifest, err)
	}
	delete(m, "provenance")
	out, _ := json.Marshal(m)
	return out
}

// withoutTextChunks is a PNG without its text chunks (the provenance).
func withoutTextChunks(t *testing.T, png []byte) []byte {
	t.Helper()
	if len(png) < 8 {
		t.Fatalf("a PNG of %d bytes", len(png))
	}
	out := append([]byte(nil), png[:8]...)
	for i := 8; i+12 <= len(png); {
		n := int(binary.BigEndian.Uint32(png[i:]))
		end := min(i+12+n, len(png))
		if typ := string(png[i+4 : i+8]); typ != "tEXt" && typ != "iTXt" {
			out = append(out, png[i:end]...)
		}
		i = end
	}
	return out
}

func withoutLine(text []byte, subs ...string) string {
	var keep []string
	for _, l := range strings.Split(string(text), "\n") {
		drop := false
		for _, s := range subs {
			drop = drop || strings.Contains(l, s)
		}
		if !drop {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// jsonWithout is a JSON document re-encoded with the keys named dropped
// wherever they are.
func jsonWithout(t *testing.T, doc []byte, keys ...string) string {
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatalf("%v: %s", err, doc)
	}
	var drop func(v any)
	drop = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for _, k := range keys {
				delete(x, k)
			}
			for _, e := range x {
				drop(e)
			}
		case []any:
			for _, e := range x {
				drop(e)
			}
		}
	}
	drop(v)
	b, _ := json.Marshal(v)
	return string(b)
}

func saveFailed(t *testing.T, name string, data []byte) {
	os.MkdirAll("testdata/failed", 0o755)
	if err := os.WriteFile(filepath.Join("testdata/failed", name), data, 0o644); err == nil {
		t.Logf("saved to cli/testdata/failed/%s", name)
	}
}
