package printable

import "testing"

func TestQuoteAndEscape(t *testing.T) {
	for _, c := range []struct{ in, quote, escape string }{
		{"scene.json", "scene.json", "scene.json"},
		{"my scene é.json", "my scene é.json", "my scene é.json"},
		{"\x1b[2Jx.json", `"\x1b[2Jx.json"`, `\x1b[2Jx.json`},
		{"\x1b]0;title\ax", `"\x1b]0;title\ax"`, `\x1b]0;title\ax`},
		{"\xffx.txt", `"\xffx.txt"`, `\xffx.txt`},
		{"a\nb", `"a\nb"`, `a\nb`},
		{"\u009b31m", `"\u009b31m"`, `\u009b31m`}, // C1 CSI
	} {
		if got := Quote(c.in); got != c.quote {
			t.Errorf("Quote(%q) = %s, want %s", c.in, got, c.quote)
		}
		if got := Escape(c.in); got != c.escape {
			t.Errorf("Escape(%q) = %s, want %s", c.in, got, c.escape)
		}
	}
}
