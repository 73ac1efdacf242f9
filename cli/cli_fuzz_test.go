package cli

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"speckle/internal/fuzzcheck"
	"speckle/rng"
)

// FuzzFlagValues feeds one string to every parser of a flag's value (one
// target: each fuzz run links this package's test binary again). None
// panics; each refusal is a usage error of one line; and what each accepts
// reads back the same from its plain form:
//   - --size WxH: positive, "%dx%d" gives it back;
//   - counts (--photons, the list of --at): whole, at least 1, the same in
//     digits; a list sorted without repeats;
//   - --seed: the same in decimal;
//   - --gens, --panes (specsFlag): every generator's options apply to it.
func FuzzFlagValues(f *testing.F) {
	for _, s := range []string{
		"640x360", "1920X1080", "1x1", "16384x16384", "16385x1", "0x0", "-1x5", "x", "640x", "x360", "640x360x2",
		" 640x360", "640 x 360", "+640x+360", "0640x0360", "1e3x1e3", "NaNxNaN", "99999999999999999999x1", "640×360",
		strings.Repeat("9", 10000) + "x1",
		"1e6", "7e4", "1000000", "2.5e6", "1", "1e15", "1e16", "0", "-1", "1.5", "auto", "NaN", "Inf", "-Inf", "1e308",
		"1e-300", "0x10", "1_000", " 1e6 ", "1e6,1e5,1e6", "1e5,,1e6", ",", strings.Repeat("9", 400), strings.Repeat("1,", 1000) + "1",
		"4294967295", "4294967296", "0x99A5", "0XFFFFFFFF", "0b101", "0o17", "017",
		"all", "rand48,lehmer", "lehmer:lehmer-seeding=slm", "ca:ca-preset=linear:seed=7,philox", "lehmer:seed=-1",
		"lehmer:seed=0x1", "lehmer:lux=1", "mt19937", "lehmer,", "ranlux:lux=0:lux=4", "sobol:seed=", "ca:ca-k=1,2,3,4",
		"lehmer:a\nb=1", "", "../", "\n",
	} {
		f.Add(s)
	}
	usage := func(t *testing.T, what string, err error) {
		t.Helper()
		fuzzcheck.OneLine(t, err)
		if !errors.As(err, new(usageError)) {
			t.Fatalf("%s: %v is not a usage error", what, err)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		if w, h, err := parseSize(s); err != nil {
			usage(t, "size", err)
		} else if w < 1 || h < 1 {
			t.Fatalf("size %q: %dx%d", s, w, h)
		} else if w2, h2, err := parseSize(fmt.Sprintf("%dx%d", w, h)); err != nil || w2 != w || h2 != h {
			t.Fatalf("size %q read as %dx%d, which reads as %dx%d, %v", s, w, h, w2, h2, err)
		}

		if n, err := parseCount("photons", s); err != nil {
			usage(t, "count", err)
		} else if n < 1 {
			t.Fatalf("count %q read as %d", s, n)
		} else if m, err := parseCount("photons", strconv.FormatInt(n, 10)); err != nil || m != n {
			t.Fatalf("count %q read as %d, which reads as %d, %v", s, n, m, err)
		}
		if list, err := parseCounts("at", s); err != nil {
			usage(t, "counts", err)
		} else if len(list) == 0 || list[0] < 1 || !slices.IsSorted(list) || len(slices.Compact(slices.Clone(list))) != len(list) {
			t.Fatalf("counts %q read as %v", s, list)
		}

		if v, err := parseSeed(s); err != nil {
			usage(t, "seed", err)
		} else if w, err := parseSeed(strconv.FormatUint(uint64(v), 10)); err != nil || w != v {
			t.Fatalf("seed %q read as %d, which reads as %d, %v", s, v, w, err)
		}

		var specs []rng.Spec
		if err := (specsValue{&specs}).Set(s); err != nil {
			fuzzcheck.OneLine(t, err)
		} else {
			for _, sp := range specs {
				if sp.Gen == nil || len(sp.With(nil).Options) != len(sp.Options) {
					t.Fatalf("gens %q: generator %v with options %v", s, sp.Gen, sp.Options)
				}
			}
		}
	})
}
