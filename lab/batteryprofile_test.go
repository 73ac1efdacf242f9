package lab

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/internal/stats"
	"speckle/rng"
)

// SPECKLE_BATTERY_PROFILE=1 times the draw, the transposition and every
// test's kernel in each order, prints a line for each and their sum, and
// leaves the counts as they are (they still equal Go's).
func TestBatteryProfileNamesEveryKernel(t *testing.T) {
	saved, savedErr := dumpChunkBytes, os.Stderr
	defer func() { dumpChunkBytes, os.Stderr = saved, savedErr }()
	t.Setenv(BatteryProfileEnv, "1")
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	os.Stderr = f
	size := BatterySize{Numbers: 45 * 1024, PerStream: 1024, Samples: 9}
	checkBatteryAgainstGo(t, rng.Philox, nil, 45, size, []stats.Test{stats.Monobit, stats.Rank}, 512)
	os.Stderr = savedErr
	f.Close()
	out, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	for _, kernel := range []string{"draw", "transpose", "monobit stream", "monobit consumed", "rank stream", "rank consumed", "sum"} {
		if !strings.Contains(string(out), "\n  "+kernel+" ") {
			t.Errorf("no line for %q in the profile:\n%s", kernel, out)
		}
	}
	if !strings.HasPrefix(string(out), "battery profile: GPU seconds per 2^32 values an order (46080 values an order timed)") {
		t.Errorf("profile heading: %q", strings.SplitN(string(out), "\n", 2)[0])
	}
}
