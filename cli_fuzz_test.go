package main

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"speckle/internal/fuzzcheck"
)

// usage checks a parser's error: a usage error (exit status 2) of one line.
func usage(t *testing.T, err error) {
	t.Helper()
	fuzzcheck.OneLine(t, err)
	var u usageError
	if !errors.As(err, &u) {
		t.Fatalf("%v: not a usage error", err)
	}
}

// FuzzParseSize: --size. An accepted WxH is positive and reads back the same
// from its plain form.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"640x360", "1920X1080", "1x1", "16384x16384", "16385x1", "0x0", "-1x5", "x", "640x",
		"x360", "640x360x2", " 640x360", "640 x 360", "+640x+360", "0640x0360", "1e3x1e3", "NaNxNaN", "../",
		"99999999999999999999x1", "640×360", strings.Repeat("9", 10000) + "x1", "\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, h, err := parseSize(s)
		if err != nil {
			usage(t, err)
			return
		}
		if w < 1 || h < 1 {
			t.Fatalf("%q: %dx%d", s, w, h)
		}
		if w2, h2, err := parseSize(fmt.Sprintf("%dx%d", w, h)); err != nil || w2 != w || h2 != h {
			t.Fatalf("%q read as %dx%d, which reads as %dx%d, %v", s, w, h, w2, h2, err)
		}
	})
}

// FuzzParseCount: --photons and the like, and the comma-separated --at. An
// accepted count is at least 1, whole, and reads back the same in digits;
// a list comes back sorted without repeats.
func FuzzParseCount(f *testing.F) {
	for _, s := range []string{"1e6", "7e4", "1000000", "2.5e6", "1", "1e15", "1e16", "0", "-1", "1.5", "auto", "NaN",
		"Inf", "-Inf", "1e308", "1e-300", "0x10", "1_000", " 1e6 ", "1e6,1e5,1e6", "1e5,,1e6", ",", "../",
		strings.Repeat("9", 400), strings.Repeat("1,", 1000) + "1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n, err := parseCount("photons", s); err != nil {
			usage(t, err)
		} else if n < 1 {
			t.Fatalf("%q read as %d", s, n)
		} else if m, err := parseCount("photons", strconv.FormatInt(n, 10)); err != nil || m != n {
			t.Fatalf("%q read as %d, which reads as %d, %v", s, n, m, err)
		}
		list, err := parseCounts("at", s)
		if err != nil {
			usage(t, err)
			return
		}
		if len(list) == 0 || list[0] < 1 || !slices.IsSorted(list) || len(slices.Compact(slices.Clone(list))) != len(list) {
			t.Fatalf("%q read as %v", s, list)
		}
	})
}

// FuzzParseSeed: --seed, decimal or 0x hex; an accepted one reads back the same.
func FuzzParseSeed(f *testing.F) {
	for _, s := range []string{"1", "0", "4294967295", "4294967296", "-1", "0x99A5", "0XFFFFFFFF", "0b101", "0o17", "017",
		"1e3", " 1", "", "NaN"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := parseSeed(s)
		if err != nil {
			usage(t, err)
			return
		}
		if w, err := parseSeed(strconv.FormatUint(uint64(v), 10)); err != nil || w != v {
			t.Fatalf("%q read as %d, which reads as %d, %v", s, v, w, err)
		}
	})
}

// FuzzParseGenSpecs: streamlines' --gens. Every accepted generator's
// options apply to it.
func FuzzParseGenSpecs(f *testing.F) {
	for _, s := range []string{"all", "rand48,lehmer", "lehmer:lehmer-seeding=slm", "ca:ca-preset=linear:seed=7,philox",
		"lehmer:seed=-1", "lehmer:seed=0x1", "lehmer:lux=1", "mt19937", "", ",", "lehmer,", "ranlux:lux=0:lux=4",
		"sobol:seed=", "../", "ca:ca-k=1,2,3,4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		specs, err := parseGenSpecs(s)
		if err != nil {
			usage(t, err)
			return
		}
		for _, sp := range specs {
			if sp.g == nil {
				t.Fatalf("%q: a spec with no generator", s)
			}
			if got := forGenerator(sp.g, sp.opts); len(got) != len(sp.opts) {
				t.Fatalf("%q: %s takes %v of options %v", s, sp.g.Name, got, sp.opts)
			}
		}
	})
}
