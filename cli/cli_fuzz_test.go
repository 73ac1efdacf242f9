package cli

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"speckle/internal/fuzzcheck"
	"speckle/internal/units"
	"speckle/render"
	"speckle/rng"
)

// FuzzFlagValues feeds one string to every parser of a flag's value (one
// target: each fuzz run links this package's test binary again). None
// panics; each refusal is a usage error of one line; and what each accepts
// reads back the same from its plain form:
//   - --size WxH: positive, "%dx%d" gives it back;
//   - counts (--photons, the list of --at): whole, at least 1, the same in
//     digits; a list sorted without repeats, or auto;
//   - --photons-per-iteration: a count up to render.MaxPhotonsPerIteration, or auto;
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
	f.Fuzz(func(t *testing.T, s string) {
		if w, h, err := units.ParseSize(s, 1, 16384); err != nil {
			fuzzcheck.OneLine(t, err)
		} else if w < 1 || h < 1 {
			t.Fatalf("size %q: %dx%d", s, w, h)
		} else if w2, h2, err := units.ParseSize(units.FormatSize(w, h), 1, 16384); err != nil || w2 != w || h2 != h {
			t.Fatalf("size %q read as %dx%d, which reads as %dx%d, %v", s, w, h, w2, h2, err)
		}

		if n, err := units.ParseCount(s); err != nil {
			fuzzcheck.OneLine(t, err)
		} else if n < 1 {
			t.Fatalf("count %q read as %d", s, n)
		} else if m, err := units.ParseCount(units.FormatCount(n)); err != nil || m != n {
			t.Fatalf("count %q read as %d, which reads as %d, %v", s, n, m, err)
		}
		flagValues(t, s)

		if v, err := rng.ParseSeed(s); err != nil {
			fuzzcheck.OneLine(t, err)
		} else if w, err := rng.ParseSeed(strconv.FormatUint(uint64(v), 10)); err != nil || w != v {
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

// flagValues checks the pflag values of render, capture, reference and
// bench render on s: a refusal is one line; what is accepted is in range
// and reads back the same from the value's own spelling.
func flagValues(t *testing.T, s string) {
	t.Helper()
	var w, h, perIter int
	var n int64
	var seed uint32
	var at []int64
	for _, v := range []pflag.Value{sizeValue{&w, &h}, countValue{n: &n}, perIterationValue{&perIter}, seedValue{&seed}, stopsValue{&at}} {
		if err := v.Set(s); err != nil {
			fuzzcheck.OneLine(t, err)
			continue
		}
		again := v.String()
		if err := v.Set(again); err != nil || v.String() != again {
			t.Fatalf("%s %q read as %q, which reads as %q, %v", v.Type(), s, again, v.String(), err)
		}
	}
	switch {
	case w < 0 || h < 0 || w > 16384 || h > 16384 || (w == 0) != (h == 0):
		t.Fatalf("size %q read as %dx%d", s, w, h)
	case n < 0, perIter < 0 || perIter > render.MaxPhotonsPerIteration:
		t.Fatalf("%q read as %d photons, %d per iteration", s, n, perIter)
	case at != nil && (len(at) == 0 || at[0] < 1 || !slices.IsSorted(at) || len(slices.Compact(slices.Clone(at))) != len(at)):
		t.Fatalf("counts %q read as %v", s, at)
	case at == nil && stopsValue{&at}.Set(s) == nil && strings.TrimSpace(s) != "auto":
		t.Fatalf("counts %q read as auto", s)
	}
}
