package numcheck

import (
	"math"
	"strings"
	"testing"
)

func TestRangeRefusesNonFiniteAndOutside(t *testing.T) {
	alpha := Range{Lo: 0, OpenLo: true, Hi: 1}
	radius := Range{Lo: 1e-6, Hi: 1e6, Zero: "auto"}
	cases := []struct {
		r    Range
		v    float64
		ok   bool
		text string // the message when refused
	}{
		{alpha, 0.7, true, ""},
		{alpha, 1, true, ""},
		{alpha, 0, false, "must be in (0, 1] (got 0)"},
		{alpha, math.NaN(), false, "must be in (0, 1] (got NaN)"},
		{alpha, math.Inf(1), false, "must be in (0, 1] (got +Inf)"},
		{alpha, math.Inf(-1), false, "must be in (0, 1] (got -Inf)"},
		{alpha, 1e-46, true, ""},
		{radius, 0, true, ""},
		{radius, 1e-6, true, ""},
		{radius, 1e-46, false, "must be 0 (auto) or in [1e-6, 1e6] (got 1e-46)"},
		{radius, 1e30, false, "must be 0 (auto) or in [1e-6, 1e6] (got 1e30)"},
		{radius, -1, false, "must be 0 (auto) or in [1e-6, 1e6] (got -1)"},
		{radius, math.NaN(), false, "(got NaN)"},
		{Range{Lo: 0, Hi: 1, OpenHi: true}, 1, false, "must be in [0, 1) (got 1)"},
	}
	for _, c := range cases {
		err := c.r.Check(c.v)
		if (err == nil) != c.ok || c.r.Contains(c.v) != c.ok {
			t.Errorf("%v.Check(%v) = %v, want ok %v", c.r, c.v, err, c.ok)
			continue
		}
		if err != nil && !strings.Contains(err.Error(), c.text) {
			t.Errorf("%v.Check(%v) = %q, want %q", c.r, c.v, err, c.text)
		}
	}
}

func TestInt(t *testing.T) {
	if err := Int(5, 0, 5); err != nil {
		t.Error(err)
	}
	for _, v := range []int64{-1, 6, math.MaxInt64, math.MinInt64} {
		if err := Int(v, 0, 5); err == nil || !strings.HasPrefix(err.Error(), "must be 0..5 (got ") {
			t.Errorf("Int(%d, 0, 5) = %v", v, err)
		}
	}
}

func TestParseFloat(t *testing.T) {
	for s, want := range map[string]float64{"0.5": 0.5, " 1e-3 ": 1e-3, "0": 0, "-0.0e5": 0, "0x1p-2": 0.25, "1e400": math.Inf(1), "-1e999": math.Inf(-1)} {
		if v, err := ParseFloat(s); err != nil || v != want {
			t.Errorf("ParseFloat(%q) = %v, %v; want %v", s, v, err, want)
		}
	}
	if v, err := ParseFloat("NaN"); err != nil || !math.IsNaN(v) {
		t.Errorf("ParseFloat(NaN) = %v, %v: want NaN for Check to refuse", v, err)
	}
	// 1e-400 rounds to 0 in float64: it must not pass as an "auto" 0.
	for _, s := range []string{"1e-400", "-2.5e-999", "0x1p-2000", "abc", "", "1,5"} {
		if v, err := ParseFloat(s); err == nil {
			t.Errorf("ParseFloat(%q) = %v, want an error", s, v)
		}
	}
}

func TestFormat(t *testing.T) {
	for v, want := range map[float64]string{1e-6: "1e-6", 1e6: "1e6", 3.4e38: "3.4e38", 0.7: "0.7", math.Inf(1): "+Inf", 1e-46: "1e-46", 123: "123"} {
		if got := Format(v); got != want {
			t.Errorf("Format(%v) = %q, want %q", v, got, want)
		}
	}
	if got := Format32(float32(1e-6)); got != "1e-6" {
		t.Errorf("Format32(1e-6) = %q", got)
	}
	if !Float32(math.MaxFloat32) || Float32(3.5e38) || Float32(math.NaN()) || Float32(math.Inf(-1)) {
		t.Error("Float32 wrong at the edges")
	}
}
