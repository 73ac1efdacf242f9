package cli

import (
	"strings"
	"testing"
)

// A wrong flag's error names the one meant: a known confusion between
// commands, or the nearest flag of the command; one line, exit 2.
func TestUnknownFlagSuggestsTheRightOne(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"render", "--gens", "philox"}, "unknown flag: --gens: did you mean --gen?"},
		{[]string{"capture", "--photons", "1e6"}, "use --at"},
		{[]string{"render", "--photns", "1e6"}, "did you mean --photons?"},
		{[]string{"rng", "test", "--gen", "philox"}, "did you mean --gens?"},
		{[]string{"rng", "dump", "--gens=philox"}, "did you mean --gen?"},
		{[]string{"render", "--bogusflag"}, "(try speckle render --help)"},
	} {
		r := speckle(t, nil, c.args...)
		if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%q: exit %d, %q; want %q", c.args, r.code, r.stderr, c.want)
		}
	}
}
