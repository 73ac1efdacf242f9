package cli

import (
	"runtime/debug"
	"strings"
	"testing"

	"speckle/study/lesson"
)

// Issue #25, item 13: --version shows the revision however the binary was built: Go's
// stamp, else make's -ldflags stamp, else it says the revision is unknown, where the binary
// was built from and how to stamp it (never a bare "(devel)").
func TestVersionNamesTheRevision(t *testing.T) {
	rev := "24140f7d8b770bfc8f0f19f8968917d0c1162d08"
	goStamped := &debug.BuildInfo{GoVersion: "go1.22.12", Main: debug.Module{Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "true"}}}
	bare := &debug.BuildInfo{GoVersion: "go1.22.12", Main: debug.Module{Version: "(devel)"}}
	for _, c := range []struct {
		bi             *debug.BuildInfo
		stamped, built string
		want, wantAlso string
	}{
		{goStamped, "", "", "(devel) (24140f7d8b77, modified) go1.22.12", ""},
		{bare, rev, "", "(devel) (24140f7d8b77) go1.22.12", ""},
		{bare, rev + "-modified", "", "(24140f7d8b77, modified)", ""},
		{bare, "", "/src/speckle", "revision unknown: built from /src/speckle", "make build stamps it"},
		{bare, "-modified", "", "revision unknown", "-buildvcs=false"},
		// Issue #34, item 21: built from a copy outside git, make has no revision and says so
		// (before, the bootstrap copy's --version told to do the make build it had just done).
		{bare, noGit, "/tmp/copy", "(devel) (no revision: built from a copy outside git", "go1.22.12"},
	} {
		got := describeBuild(c.bi, c.stamped, c.built)
		if !strings.Contains(got, c.want) || !strings.Contains(got, c.wantAlso) {
			t.Errorf("stamped %q, built %q: %q, want %q and %q", c.stamped, c.built, got, c.want, c.wantAlso)
		}
	}
}

// Issue #25, item 13: speckle lesson lists each lesson's measured time on llvmpipe; a
// lesson added without one fails here until it is measured.
func TestLessonListGivesTimes(t *testing.T) {
	var out strings.Builder
	listLessons(&out)
	for _, l := range lesson.Lessons {
		i := strings.Index(out.String(), l.Name+" ")
		if _, ok := lessonTimes[l.Name]; !ok || i < 0 {
			t.Errorf("lesson %s has no measured time", l.Name)
			continue
		}
		entry := out.String()[i:]
		if lines := strings.SplitN(entry, "\n", 4); len(lines) < 3 || !strings.Contains(lines[2], "s on llvmpipe (2 cores") {
			t.Errorf("lesson %s: no time line in %q", l.Name, lines)
		}
	}
}

// `speckle version` prints what --version prints (issue 32, item 9); its
// --json is in TestJSONOutputsParse.
func TestVersionCommand(t *testing.T) {
	a, b := speckle(t, nil, "version"), speckle(t, nil, "--version")
	if a.code != 0 || a.stdout != b.stdout || !strings.HasPrefix(a.stdout, "speckle ") {
		t.Errorf("version: exit %d, %q; --version %q", a.code, a.stdout, b.stdout)
	}
	if r := speckle(t, nil, "version", "extra"); r.code != 2 {
		t.Errorf("version extra: exit %d", r.code)
	}
}
