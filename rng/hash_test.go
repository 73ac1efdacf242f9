package rng

import (
	"bufio"
	"encoding/binary"
	"os"
	"strconv"
	"strings"
	"testing"
)

// hashModel is g's Go model as Configure makes it with opts.
func hashModel(t *testing.T, g *Generator, opts map[string]string) hashInstance {
	t.Helper()
	inst, err := g.New(Config{Streams: 1, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	return inst.(hashInstance)
}

// Every hash against C written from its authors' definitions (XXH32 from
// libxxhash itself): testdata/hashes/ref.c says how ref.txt was made.
func TestHashesMatchCReference(t *testing.T) {
	f, err := os.Open("testdata/hashes/ref.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		field := strings.Fields(sc.Text())
		name, opts := field[0], map[string]string{}
		if r, ok := strings.CutPrefix(name, "tea"); ok && r != "" {
			name, opts["tea-rounds"] = "tea", r
		}
		native := strings.HasSuffix(name, "-native")
		if native {
			name, opts["hash-key"] = strings.TrimSuffix(name, "-native"), keyNative
		}
		g, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		seen[name] = true
		m := hashModel(t, g, opts)
		var in []uint32
		for _, w := range strings.Split(field[1], ",") {
			in = append(in, hexWord(t, w))
		}
		want := hexWord(t, field[2])
		var got uint32
		if native {
			got = m.f.native(in[0], in[1], in[2])
		} else {
			got = m.f.one(in[0])
		}
		if got != want {
			t.Errorf("%s %s: %08x, C %08x", field[0], field[1], got, want)
		}
	}
	for _, g := range All {
		if g.Family == HashFamily && !g.Inexact && !seen[g.Name] {
			t.Errorf("%s has no reference values in testdata/hashes/ref.txt", g.Name)
		}
	}
}

func hexWord(t *testing.T, s string) uint32 {
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		t.Fatal(err)
	}
	return uint32(v)
}

// XXH32's published answers (xxHash's and python-xxhash's documentation),
// the 16-byte stripes included; the word form is XXH32 of the word's bytes.
func TestXXH32KnownAnswers(t *testing.T) {
	for _, c := range []struct {
		in   string
		want uint32
	}{{"", 0x02CC5D05}, {"abc", 0x32D153FF}, {"Nobody inspects the spammish repetition", 0xE2293B2F}} {
		if got := xxh32([]byte(c.in), 0); got != c.want {
			t.Errorf("XXH32(%q) = %08x, want %08x", c.in, got, c.want)
		}
	}
	var b [8]byte
	for i := uint32(0); i < 1000; i++ {
		x, y, s := i*0x9E3779B9, i*0x85EBCA6B+7, i^0xDEADBEEF
		binary.LittleEndian.PutUint32(b[:], x)
		binary.LittleEndian.PutUint32(b[4:], y)
		if xxh32Words(s, x) != xxh32(b[:4], s) || xxh32Words(s, x, y) != xxh32(b[:], s) {
			t.Fatalf("words %08x %08x seed %08x: the word form is not XXH32 of the bytes", x, y, s)
		}
	}
}

// SMHasher's verification of MurmurHash3_x86_32: hash keys {0}, {0,1}, ...
// {0..254} with seeds 256, 255, ..., then the 256 hashes with seed 0; the
// first four bytes of that, little-endian, are 0xB0F57EE3.
func TestMurmur3SMHasherVerification(t *testing.T) {
	key := make([]byte, 256)
	hashes := make([]byte, 4*256)
	for i := range 256 {
		key[i] = byte(i)
		binary.LittleEndian.PutUint32(hashes[4*i:], murmur3(key[:i], uint32(256-i)))
	}
	if got := murmur3(hashes, 0); got != 0xB0F57EE3 {
		t.Errorf("verification %08x, want b0f57ee3", got)
	}
	var b [4]byte
	for i := uint32(0); i < 1000; i++ {
		x := i * 0x9E3779B9
		binary.LittleEndian.PutUint32(b[:], x)
		if murmur3Word(x, 0) != murmur3(b[:], 0) {
			t.Fatalf("%08x: the word form is not MurmurHash3 of the bytes", x)
		}
	}
}

// Each keying draws what its definition says (rng/hash.go), written out
// here from (stream t, draw d, seed S, streams T); a hash of one word
// refuses native keying. Paper keying of a hash of one word is counter
// keying.
func TestHashKeyings(t *testing.T) {
	const T = 37
	h := pcgHash
	for _, c := range []struct {
		gen  *Generator
		key  string
		want func(t, d, s uint32) uint32
	}{
		{PCG, keyCounter, func(t, d, s uint32) uint32 { return h(0x9E3779B9*(t+T*s) + d) }},
		{PCG, keyLinear, func(t, d, s uint32) uint32 { return h(t + T*d + 0x9E3779B9*s) }},
		{PCG, keyNested, func(t, d, s uint32) uint32 { return h(d + h(t+h(s))) }},
		{PCG3D, keyNative, pcg3d},
		{PCG4D, keyNative, func(t, d, s uint32) uint32 { return pcg4d(t, d, s, 0) }},
		{XXHash32, keyNative, func(t, d, s uint32) uint32 { return xxh32Words(s, t, d) }},
		{PCG3D, keyPaper, func(t, d, s uint32) uint32 {
			m := morton(0x9E3779B9*(t+T*s)+d/3, 3)
			x, y, z := pcg3dWide(m[0], m[1], m[2])
			return [3]uint32{x, y, z}[d%3]
		}},
		{PCG4D, keyPaper, func(t, d, s uint32) uint32 { return pcg4dWide(morton(0x9E3779B9*(t+T*s)+d/4, 4))[d%4] }},
		{PCG2D, keyPaper, func(t, d, s uint32) uint32 {
			m := morton(0x9E3779B9*(t+T*s)+d/2, 2)
			x, y := pcg2dWide(m[0], m[1])
			return [2]uint32{x, y}[d%2]
		}},
		{IQInt3, keyPaper, func(t, d, s uint32) uint32 { m := morton(0x9E3779B9*(t+T*s)+d, 2); return iqint3(m[0], m[1]) }},
		{PCG, keyPaper, func(t, d, s uint32) uint32 { return h(0x9E3779B9*(t+T*s) + d) }},
	} {
		for _, seed := range []uint32{0, 1, 0xFFFFFFFF} {
			inst, err := c.gen.New(Config{Seed: seed, Streams: T, Options: map[string]string{"hash-key": c.key}})
			if err != nil {
				t.Fatal(err)
			}
			for _, stream := range []uint32{0, 1, T - 1} {
				s := inst.Stream(int(stream))
				for d := uint32(0); d < 50; d++ {
					if got, want := s.U32(), c.want(stream, d, seed); got != want {
						t.Fatalf("%s --hash-key %s, seed %d, stream %d, draw %d: %08x, want %08x", c.gen.Name, c.key, seed, stream, d, got, want)
					}
				}
			}
		}
	}
	if _, err := PCG.New(Config{Streams: 1, Options: map[string]string{"hash-key": keyNative}}); err == nil {
		t.Error("pcg took --hash-key native")
	}
}

// A key of one word repeats past 2^32 draws in all, certainly; native
// keying only past 2^32 draws of one stream.
func TestHashPeriods(t *testing.T) {
	use := func(key string, streams int, draws float64) Use {
		return Use{Cfg: Config{Streams: streams, Options: map[string]string{"hash-key": key}}, Draws: draws}
	}
	if PCG3D.PastPeriod(use(keyCounter, 1<<20, 1<<13)) == "" || PCG3D.PastPeriod(use(keyCounter, 1<<20, 1<<11)) != "" {
		t.Error("counter keying: no warning past 2^32 draws in all, or one below")
	}
	if PCG3D.PastPeriod(use(keyNative, 1<<20, 1<<13)) != "" || PCG3D.PastPeriod(use(keyNative, 1, 1<<33)) == "" {
		t.Error("native keying: a warning at 2^33 draws in all, or none past 2^32 draws of a stream")
	}
	if PCG3D.PastPeriod(use(keyPaper, 1<<20, 1<<13)) != "" || PCG3D.PastPeriod(use(keyPaper, 1<<20, 1<<14)) == "" {
		t.Error("paper keying of pcg3d: a warning at 2^33 draws in all (of 3·2^32), or none at 2^34")
	}
}

// The representatives are registered hashes, and every generator proper is
// one.
func TestHashRepresentatives(t *testing.T) {
	for name := range hashRepresentatives {
		if g, err := Lookup(name); err != nil || g.Family != HashFamily {
			t.Errorf("representative %s: %v", name, err)
		}
	}
	for _, g := range All {
		if g.Family == "" && !Representative(g) {
			t.Errorf("%s is not a representative", g.Name)
		}
	}
}

// The authors' own TestU01 harness draws what --hash-key paper draws with
// stream 0 of one stream, seed 0: testdata/hashes/paper.cpp says how
// paper.txt was made (their test.h, morton.h and random.h, compiled).
// Where the harness's hash is not Speckle's, only what they share is
// compared: its xxhash32(uint) is the Shadertoy's shortcut (the word in
// XXH32's seed too), not XXH32, and its city reads bytes unsigned (city.go),
// which differs from city.cc's signed chars only past byte 0x7f, beyond
// the counters paper.txt holds.
func TestHashPaperKeyingMatchesHarness(t *testing.T) {
	f, err := os.Open("testdata/hashes/paper.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		field := strings.Fields(sc.Text())
		if field[0] == "xxhash32" {
			continue
		}
		spec, err := ParseSpec(field[1] + ":hash-key=paper")
		if err != nil {
			t.Fatal(err)
		}
		inst, err := spec.New(1, 0)
		if err != nil {
			t.Fatal(err)
		}
		s := inst.Stream(0)
		skip, _ := strconv.Atoi(field[2])
		for range skip {
			s.U32()
		}
		for i, w := range field[3:] {
			if got, want := s.U32(), hexWord(t, w); got != want {
				t.Errorf("%s (harness %s), word %d: %08x, harness %08x", field[1], field[0], skip+i, got, want)
			}
		}
		seen[spec.Gen.Name] = true
	}
	for _, g := range All {
		if g.Family == HashFamily && !g.Inexact && g.Name != "xxhash32" && !seen[g.Name] {
			t.Errorf("%s has no harness values in testdata/hashes/paper.txt", g.Name)
		}
	}
}

// morton gathers bits i, i+n, i+2n, … of the counter into word i, as the
// harness's morton2/3/4 do bit by bit.
func TestMorton(t *testing.T) {
	for _, c := range []uint32{0, 1, 0xFFFFFFFF, 0x80000000, 0x40000000, 0x9E3779B9, 0x12345678} {
		for n := 1; n <= 4; n++ {
			var want [4]uint32
			for b := range 32 {
				want[b%n] |= c >> b & 1 << (b / n)
			}
			if got := morton(c, n); got != want {
				t.Errorf("morton(%08x, %d) = %08x, want %08x", c, n, got, want)
			}
		}
	}
	for i := uint32(0); i < 1<<16; i++ {
		c := i * 0x9E3779B9
		for n := 2; n <= 4; n++ {
			m := morton(c, n)
			var back uint32
			for b := range 32 {
				back |= m[b%n] >> (b / n) & 1 << b
			}
			if back != c {
				t.Fatalf("morton(%08x, %d) = %08x: not the counter's bits", c, n, m)
			}
		}
	}
}
