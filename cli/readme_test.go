package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// Every example command line of the README and of every docs/ page names
// commands and flags that exist, with values they take: the documentation
// cannot drift from the command tree unseen.
// They run from the repository root, as the pages say, so a file they
// name (glsl:docs/examples/pcg_hash.glsl, read as the flag is parsed) is
// found there.
func TestDocumentedCommandLinesParse(t *testing.T) {
	wd, _ := os.Getwd()
	if err := os.Chdir(".."); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(wd) })
	pages, err := filepath.Glob("docs/*.md")
	if err != nil || len(pages) == 0 {
		t.Fatalf("no docs/*.md pages (%v)", err)
	}
	n := 0
	for _, file := range append([]string{"README.md"}, pages...) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range exampleLines(string(data)) {
			n++
			args := strings.Fields(line)[1:]
			root := newRoot(&strings.Builder{}, &strings.Builder{})
			c, rest, err := root.Find(args)
			if err != nil {
				t.Errorf("%s: %q: %v", file, line, err)
				continue
			}
			if err := c.ParseFlags(rest); err != nil {
				t.Errorf("%s: %q: %v", file, line, err)
				continue
			}
			if c.Args != nil {
				if err := c.Args(c, c.Flags().Args()); err != nil {
					t.Errorf("%s: %q: %v", file, line, err)
				}
			}
		}
	}
	if n < 10 {
		t.Fatalf("found %d example command lines; the extraction is broken", n)
	}
}

// exampleLines are the lines of fenced code blocks that run speckle with
// concrete values (synopsis lines, with [optional] parts, are left out),
// continuation lines joined, pipes cut off.
func exampleLines(doc string) []string {
	var out []string
	in := false
	var cur string
	for _, l := range strings.Split(doc, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			in = !in
			continue
		}
		if !in {
			continue
		}
		l = strings.TrimSpace(l)
		if cur != "" {
			l = cur + " " + l
			cur = ""
		}
		if strings.HasSuffix(l, "\\") {
			cur = strings.TrimSuffix(l, "\\")
			continue
		}
		for _, p := range []string{"./bin/speckle ", "bin/speckle ", "./speckle ", ".gl/speckle "} {
			if strings.HasPrefix(l, p) {
				l = "speckle " + strings.TrimPrefix(l, p)
			}
		}
		// Synopsis lines have [optional] parts or a description after aligned spaces.
		if !strings.HasPrefix(l, "speckle ") || strings.ContainsAny(l, "[]") || strings.Contains(l, "  ") {
			continue
		}
		if i := strings.Index(l, "|"); i >= 0 {
			l = l[:i]
		}
		if i := strings.Index(l, ">"); i >= 0 {
			l = l[:i]
		}
		out = append(out, strings.TrimSpace(l))
	}
	return out
}

// The manual's command list names every command of the tree.
func TestManualListsEveryCommand(t *testing.T) {
	data, err := os.ReadFile("../docs/manual.md")
	if err != nil {
		t.Fatal(err)
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Runnable() && !c.HasSubCommands() && c.Name() != "help" && c.Parent() != nil && c.Parent().Name() != "completion" {
			if !strings.Contains(string(data), "\n"+c.CommandPath()+" ") {
				t.Errorf("docs/manual.md's command list lacks %q", c.CommandPath())
			}
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(newRoot(&strings.Builder{}, &strings.Builder{}))
}

// Every command's help examples parse, as the documentation's do.
func TestHelpExamplesParse(t *testing.T) {
	n := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, line := range exampleLines("```\n" + c.Example + "\n```") {
			n++
			root := newRoot(&strings.Builder{}, &strings.Builder{})
			sub, rest, err := root.Find(strings.Fields(line)[1:])
			if err == nil {
				err = sub.ParseFlags(rest)
			}
			if err == nil && sub.Args != nil {
				err = sub.Args(sub, sub.Flags().Args())
			}
			if err != nil {
				t.Errorf("%s's example %q: %v", c.CommandPath(), line, err)
			}
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(newRoot(&strings.Builder{}, &strings.Builder{}))
	if n < 10 {
		t.Fatalf("found %d help examples; the extraction is broken", n)
	}
}

// The tree's own entry points: --version names the build, help CMD and
// CMD --help print that command's usage, completion writes a script.
func TestVersionHelpAndCompletion(t *testing.T) {
	r := speckle(t, nil, "--version")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "speckle ") || !strings.Contains(r.stdout, "go1.") {
		t.Errorf("--version: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	for _, args := range [][]string{{"help", "rng", "dump"}, {"rng", "dump", "--help"}} {
		r := speckle(t, nil, args...)
		if r.code != 0 || !strings.Contains(r.stdout, "speckle rng dump --gen SPEC") || !strings.Contains(r.stdout, "--count") {
			t.Errorf("%v: exit %d, %q", args, r.code, r.stdout)
		}
	}
	r = speckle(t, nil, "help")
	for _, c := range newRoot(&strings.Builder{}, &strings.Builder{}).Commands() {
		if c.IsAvailableCommand() && !strings.Contains(r.stdout, "\n  "+c.Name()+" ") {
			t.Errorf("speckle help does not list %s:\n%s", c.Name(), r.stdout)
		}
	}
	r = speckle(t, nil, "completion", "bash")
	if r.code != 0 || !strings.Contains(r.stdout, "__start_speckle") {
		t.Errorf("completion bash: exit %d, %.200q", r.code, r.stdout)
	}
}
