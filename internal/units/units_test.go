package units

import (
	"math"
	"testing"
)

func TestCountsReadBackExactly(t *testing.T) {
	for n, want := range map[int64]string{1: "1", 999: "999", 1000: "1e3", 100000: "1e5", 2500000: "2.5e6",
		1 << 20: "1048576", 1050000: "1.05e6", 123456: "123456", 1e15: "1e15", 4294967295: "4294967295", 70000: "7e4"} {
		got := FormatCount(n)
		if got != want {
			t.Errorf("FormatCount(%d) = %q, want %q", n, got, want)
		}
		if back, err := ParseCount(got); err != nil || back != n {
			t.Errorf("ParseCount(%q) = %d, %v; want %d", got, back, err, n)
		}
	}
	for _, bad := range []string{"", "0", "-1", "1.5", "1e16", "NaN", "Inf", "x", "1e-3", "0x10", "0x1p20", "0X1P4", "0x1_0p0", "1_000", "1e1_0"} {
		if n, err := ParseCount(bad); err == nil {
			t.Errorf("ParseCount(%q) = %d, want an error", bad, n)
		}
	}
}

// Powers read as the number they spell; 2^30 is 1073741824 exactly.
func TestCountsAsPowers(t *testing.T) {
	for s, want := range map[string]int64{"2^30": 1 << 30, " 2^0 ": 1, "10^15": 1e15, "3^2": 9, "2^40": 1 << 40} {
		if n, err := ParseCount(s); err != nil || n != want {
			t.Errorf("ParseCount(%q) = %d, %v; want %d", s, n, err, want)
		}
	}
	for _, bad := range []string{"2^", "^3", "2^50", "0^3", "2^-1", "2.5^2", "2^1.5", "2^^3", "x^2"} {
		if n, err := ParseCount(bad); err == nil {
			t.Errorf("ParseCount(%q) = %d, want an error", bad, n)
		}
	}
}

func TestFormatRate(t *testing.T) {
	for x, want := range map[float64]string{0: "0", 999.4: "999", 1000: "1e3", 1 << 20: "1.05e6", 4e9: "4e9", 1.234e9: "1.23e9", math.Inf(1): "+Inf"} {
		if got := FormatRate(x); got != want {
			t.Errorf("FormatRate(%v) = %q, want %q", x, got, want)
		}
	}
}

func TestParseSize(t *testing.T) {
	if w, h, err := ParseSize(" 640X360 ", 16, 8192); err != nil || w != 640 || h != 360 || FormatSize(w, h) != "640x360" {
		t.Fatalf("640X360: %d %d %v", w, h, err)
	}
	for _, bad := range []string{"", "640", "640x", "x360", "640x360x2", "15x360", "640x8193", "-640x360", "6e2x360", "640 x 360"} {
		if _, _, err := ParseSize(bad, 16, 8192); err == nil {
			t.Errorf("ParseSize(%q) accepted", bad)
		}
	}
}
