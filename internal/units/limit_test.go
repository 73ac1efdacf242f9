package units

import (
	"strings"
	"testing"
)

// A count past MaxCount is refused naming the limit (issue 34 item 17): before, 2e15, 2^64
// and 1e400 read "must be a whole number of at least 1", as if they were too small.
func TestParseCountNamesTheUpperLimit(t *testing.T) {
	for _, s := range []string{"2e15", "1000000000000001", "2^64", "2^300", "1e400", "2^50"} {
		_, err := ParseCount(s)
		if err == nil || !strings.HasPrefix(err.Error(), "must be at most 1e15 (got ") || !IsTooLarge(err) {
			t.Errorf("%s: %v", s, err)
		}
	}
	for _, s := range []string{"0", "1.5", "-3", "x", "2^x", "1e-3"} {
		_, err := ParseCount(s)
		if err == nil || !strings.Contains(err.Error(), "at least 1") || IsTooLarge(err) {
			t.Errorf("%s: %v", s, err)
		}
	}
	if n, err := ParseCount("1e15"); err != nil || n != 1e15 {
		t.Errorf("1e15: %d, %v", n, err)
	}
	for n, want := range map[int64]string{1 << 37: "2^37", 1e15: "1e15", 512: "512", 1 << 20: "2^20", 3 << 20: "3145728"} {
		if got := FormatLimit(n); got != want {
			t.Errorf("FormatLimit(%d) = %s, want %s", n, got, want)
		}
		if back, err := ParseCount(FormatLimit(n)); err != nil || back != n {
			t.Errorf("%s reads back as %d, %v", FormatLimit(n), back, err)
		}
	}
}
