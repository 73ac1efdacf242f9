package cli

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// outputFlags and inputFlags are the flags, by name, that name a file a command writes and
// one it reads.
var (
	outputFlags = []string{"out", "pfm", "csv", "json-file", "screenshot", "settings", "keep"}
	inputFlags  = []string{"scene", "scenes", "field"}
)

// guardExtra is what a command needs besides the two paths to reach its checks (a required
// flag, the order that reads --scene) and to stop soon if it got past them.
var guardExtra = map[string][]string{
	"speckle rng dump":  {"--gen", "philox", "--order", "renderer", "--device", "cpu", "--streams", "1", "--count", "1"},
	"speckle rng test":  {"--order", "renderer"},
	"speckle rng look":  {"--order", "renderer"},
	"speckle render":    {"--photons", "1e9"},
	"speckle reference": {"--photons", "1e9"},
	"speckle app":       {"--frames", "1"},
	"--csv":             {"--view", "spectrum"}, // rng look's spectrum table
}

// commands lists every runnable command of the tree under c.
func commands(c *cobra.Command) []*cobra.Command {
	var all []*cobra.Command
	if c.Runnable() && !c.Hidden {
		all = append(all, c)
	}
	for _, s := range c.Commands() {
		all = append(all, commands(s)...)
	}
	return all
}

// Every command that reads a scene or field file and writes a file refuses an output that
// names that input, found by walking the command tree rather than listed by hand, so that a
// command added later, or one that writes without the guard, fails here (issue 34 item 2):
// before, rng dump --order renderer --scene sc.json --out sc.json and rng test --order
// renderer --scene sc.json --csv/--json-file/--out sc.json replaced the scene, exit 0.
func TestEveryWriterRefusesToReplaceItsInput(t *testing.T) {
	scene, err := os.ReadFile(filepath.Join("..", "scenes", "cornell.json"))
	if err != nil {
		t.Fatal(err)
	}
	field := []byte("2 2\n0 1 2 3\n")
	n := 0
	for _, c := range commands(newRoot(io.Discard, io.Discard)) {
		for _, in := range inputFlags {
			if c.Flags().Lookup(in) == nil {
				continue
			}
			for _, out := range outputFlags {
				if c.Flags().Lookup(out) == nil || (c.Name() == "app" && out == "settings" && in == "field") {
					continue
				}
				n++
				name := c.CommandPath()
				t.Run(name+" --"+in+" --"+out, func(t *testing.T) {
					dir := t.TempDir()
					content := scene
					if in == "field" {
						content = field
					}
					file := filepath.Join(dir, "in.json")
					if err := os.WriteFile(file, content, 0o644); err != nil {
						t.Fatal(err)
					}
					args := append(strings.Fields(strings.TrimPrefix(name, "speckle")), "--"+in, "in.json", "--"+out, "in.json")
					args = append(args, guardExtra[name]...)
					if name == "speckle rng look" {
						args = append(args, guardExtra["--"+out]...)
					}
					r := speckleAt(t, dir, nil, 60*time.Second, nil, args...)
					if r.code != 2 || !strings.Contains(r.stderr, "in.json") {
						t.Errorf("%v: exit %d, stderr %q; want exit 2 naming in.json", args, r.code, r.stderr)
					}
					if b, _ := os.ReadFile(file); !slices.Equal(b, content) {
						t.Errorf("%v replaced its input", args)
					}
				})
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d commands with an input and an output found", n)
	}
}
