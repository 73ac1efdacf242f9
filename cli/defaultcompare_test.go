package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// Plain `speckle` with no display writes its comparison beside a
// screenshots/compare that holds what no comparison wrote (a set from
// before manifests, a user's file), never over it, and says where.
func TestDefaultComparisonWritesBesideAForeignFolder(t *testing.T) {
	dir := t.TempDir()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	var out strings.Builder
	if args := defaultComparison(&out); !slices.Contains(args, "screenshots/compare") || out.Len() != 0 {
		t.Fatalf("with no folder: %q, said %q", args, out.String())
	}
	for _, d := range []string{"screenshots/compare", "screenshots/compare-2"} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "mine.png"), []byte("user's"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := defaultComparison(&out)
	if !slices.Contains(args, "screenshots/compare-3") || !strings.Contains(out.String(), "screenshots/compare-3") {
		t.Fatalf("beside two foreign folders: %q, said %q", args, out.String())
	}
}

// Plain `speckle` with no display, run where there is no screenshots/ folder
// (outside the repository, as on the H200 machine, where it was refused:
// "its folder screenshots does not exist"), makes its own default folder and
// writes the comparison there: the whole first run, about 25 s on llvmpipe.
func TestFirstRunFromAnEmptyFolder(t *testing.T) {
	dir := t.TempDir()
	r := speckleAt(t, dir, nil, 10*time.Minute, []string{"DISPLAY=", "WAYLAND_DISPLAY="})
	if _, err := os.Stat(filepath.Join(dir, "screenshots", "compare", "montage.png")); r.code != 0 || err != nil {
		t.Errorf("exit %d, montage: %v, stderr %q", r.code, err, r.stderr)
	}
	if !strings.Contains(r.stdout, "speckle lesson lehmer-rings") {
		t.Errorf("the first run says nowhere to go next: %q", r.stdout)
	}
}
