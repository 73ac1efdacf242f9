package scenes_test

import (
	"io"
	"slices"
	"strings"
	"testing"

	"speckle/cli"
	"speckle/rng"
	"speckle/scenes"
)

// Starting the program (the command tree, its flags' help) makes no
// generator and parses no scene: help and version cost none of either
// (issue 33 item 3: every start made 10 generators and parsed the
// built-in scenes 12 times). Only the help that shows --radius, which
// names each built-in scene's scale, parses them, once each.
func TestStartUpMakesNoGeneratorAndParsesNoScene(t *testing.T) {
	made := 0
	for _, g := range rng.All {
		configure := g.Configure
		g.Configure = func(c rng.Config) (rng.Instance, error) {
			made++
			return configure(c)
		}
		t.Cleanup(func() { g.Configure = configure })
	}
	var parsed []string
	scenes.OnParse(func(name string) { parsed = append(parsed, name) })
	t.Cleanup(func() { scenes.OnParse(nil) })
	for _, args := range [][]string{{"--help"}, {"version"}, {"help"}, {"rng", "look", "--help"}, {"render", "--help"}, {"help", "capture"}} {
		made, parsed = 0, nil
		var out strings.Builder
		if code := cli.Main(args, &out, io.Discard); code != 0 || out.Len() == 0 {
			t.Fatalf("speckle %s: exit %d, %d bytes out", strings.Join(args, " "), code, out.Len())
		}
		want := []string(nil)
		if slices.Contains(args, "render") || slices.Contains(args, "capture") {
			want = []string{"scenes/caustics.json", "scenes/cornell.json", "scenes/plane.json"}
		}
		if slices.Sort(parsed); made != 0 || !slices.Equal(parsed, want) {
			t.Errorf("speckle %s made %d generators and parsed scenes %q; want none and %q", strings.Join(args, " "), made, parsed, want)
		}
	}
}
