package cli

import (
	"fmt"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// newVersionCmd is `speckle version`: what --version prints, or with
// --json its parts.
func newVersionCmd() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:     "version [--json]",
		Short:   "the version and the revision this binary was built from (as --version)",
		Example: "  speckle version\n  speckle version --json",
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if !asJSON {
				_, err := fmt.Fprintf(c.OutOrStdout(), "speckle %s\n", version())
				return err
			}
			type build struct {
				Version  string `json:"version"`  // the line --version prints, less "speckle "
				Module   string `json:"module"`   // the module's version, "(devel)" from a checkout
				Revision string `json:"revision"` // the VCS revision, "" when unknown
				Modified bool   `json:"modified"` // built from a tree with changes
				Go       string `json:"go"`
			}
			b := build{Version: version(), Go: runtime.Version()}
			if bi, ok := debug.ReadBuildInfo(); ok {
				b.Module, b.Go = bi.Main.Version, bi.GoVersion
				b.Revision, b.Modified = strings.TrimSuffix(makeRevision, "-modified"), strings.HasSuffix(makeRevision, "-modified")
				for _, s := range bi.Settings {
					switch s.Key {
					case "vcs.revision":
						b.Revision = s.Value
					case "vcs.modified":
						b.Modified = s.Value == "true"
					}
				}
			}
			return writeJSON(c.OutOrStdout(), b)
		},
	}
	jsonFlag(c.Flags(), &asJSON)
	return c
}

// makeRevision is the revision `make build` stamps with -ldflags -X (git rev-parse):
// Go's own stamping (vcs.revision) is missing under GOFLAGS=-buildvcs=false and in a git
// worktree, whose .git is a file.
var makeRevision string

// version is the module's version and the VCS revision it was built from.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown build)"
	}
	return describeBuild(bi, makeRevision, sourceDir())
}

// noGit is what make stamps where the source is no git checkout (a tarball, a
// copy): there is no revision to name, and nothing to advise.
const noGit = "nogit"

// describeBuild is version's text for a build: the revision Go stamped, else the one make
// stamped, else "revision unknown" with the folder it was built from and how to stamp it.
func describeBuild(bi *debug.BuildInfo, stamped, built string) string {
	v := bi.Main.Version
	var rev, modified, when string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		case "vcs.time":
			when = " " + s.Value
		}
	}
	if rev == "" && stamped == noGit {
		return v + " (no revision: built from a copy outside git, which has none to stamp) " + bi.GoVersion
	}
	if rev == "" && stamped != "" {
		rev, modified, when = strings.TrimSuffix(stamped, "-modified"), "", ""
		if strings.HasSuffix(stamped, "-modified") {
			modified = ", modified"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	switch {
	case rev != "" && strings.Contains(v, rev): // Go wrote the revision into a pseudo-version
	case rev != "":
		v += " (" + rev + modified + when + ")"
	default:
		from := ""
		if built != "" {
			from = " from " + built
		}
		v += " (revision unknown: built" + from + " without VCS stamping, as GOFLAGS=-buildvcs=false or a git worktree leave it; make build stamps it)"
	}
	return v + " " + bi.GoVersion
}

// sourceDir is the repository folder the binary was compiled from (this file's compiled-in
// path, two folders up), or "" under -trimpath.
func sourceDir() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return ""
	}
	return filepath.Dir(filepath.Dir(file))
}
