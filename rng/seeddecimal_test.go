package rng

import "testing"

// A seed is decimal or 0x hex, as the help says (issue 34 item 10): before, --seed 010 and
// philox:seed=010 were read as octal 8 (and recorded as seed=8), 09 was refused, and 0b11,
// 0o7 and 1_0 were taken though no help names them.
func TestSeedsAreDecimalOrHex(t *testing.T) {
	for v, want := range map[string]uint32{"010": 10, "09": 9, "0": 0, "00": 0, "0x10": 16, "0X1f": 31, "4294967295": 4294967295, "0xffffffff": 4294967295} {
		if got, err := ParseSeed(v); err != nil || got != want {
			t.Errorf("ParseSeed(%q) = %d, %v; want %d", v, got, err, want)
		}
	}
	for _, v := range []string{"0b11", "0o7", "1_0", "0x", "-1", "+1", "4294967296", "0x100000000", "1e3", ""} {
		if got, err := ParseSeed(v); err == nil {
			t.Errorf("ParseSeed(%q) = %d; want it refused", v, got)
		}
	}
	s, err := ParseSpec("philox:seed=010")
	if err != nil || s.Seed != 10 || !s.HasSeed {
		t.Errorf("philox:seed=010: %+v, %v; want seed 10", s, err)
	}
	if _, err := ParseSpec("philox:seed=09"); err != nil {
		t.Errorf("philox:seed=09: %v", err)
	}
	if w, err := parseWord("010", 64); err != nil || w != 10 {
		t.Errorf("a word option's 010 = %d, %v; want 10", w, err)
	}
}
