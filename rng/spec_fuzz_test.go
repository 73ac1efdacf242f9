package rng

import (
	"math"
	"strings"
	"testing"

	"speckle/internal/fuzzcheck"
)

// FuzzParseSpec: no generator spec (the window's --panes, streamlines'
// --gens) panics ParseSpec or the generator it configures. A rejected one
// gets a one-line error; an accepted one names its generator, reads back
// the same from its canonical form, and, if the generator takes its
// options, draws floats in range.
func FuzzParseSpec(f *testing.F) {
	for _, g := range All {
		f.Add(g.Name, uint32(1))
		for _, o := range g.TestOptions {
			spec := g.Name
			for k, v := range o {
				spec += ":" + k + "=" + v
			}
			f.Add(spec, uint32(7))
		}
	}
	for _, s := range []string{
		"lehmer:lehmer-seeding=slm", "ca:--ca-preset=linear", " ranlux:lux=0 ", "ranlux:lux=9", "ranlux:lux=-1",
		"ranlux:lux=NaN", "ranlux:lux=1e99", "ca:ca-k=64,0,0,0", "ca:ca-k=-1,2,3,4", "ca:ca-rule=0x1FFFF",
		"ca:ca-steps=0", "ca:ca-warmup=99999999999999999999", "ca:ca-k=1,2,3", "sobol:lux=1", "lehmer:lehmer-seeding=",
		"", ":", "::", "lehmer:", "lehmer:=", "lehmer:--=1", "lehmer:x", "../", "..\\lehmer", "lehmer\n", "LEHMER",
		"lehmer:lehmer-seeding=slm:lehmer-seeding=consecutive", "ca:ca-preset=paper=linear",
		"philox:" + strings.Repeat("x=1:", 1000), strings.Repeat("a", 1<<16),
		"ca:ca-rule=0b1001011010010110", "ca:ca-rule=0o113226", "ca:ca-rule=0x_9696", "ca:ca-preset=linear:ca-rule=0x99a5",
	} {
		f.Add(s, uint32(0))
	}
	f.Fuzz(func(t *testing.T, spec string, seed uint32) {
		sp, err := ParseSpec(spec)
		if err != nil {
			fuzzcheck.OneLine(t, err)
			return
		}
		g := sp.Gen
		if name, _, _ := strings.Cut(strings.TrimSpace(spec), ":"); g == nil || g.Name != name {
			t.Fatalf("%q read as generator %v", spec, g)
		}
		// The canonical form reads back as the same spec, and names it the
		// same way again.
		back, err := ParseSpec(sp.String())
		if err != nil || back.String() != sp.String() || back.Label() != sp.Label() || back.HasSeed != sp.HasSeed || back.Seed != sp.Seed {
			t.Fatalf("%q read as %q, which reads as %q, %v", spec, sp.String(), back.String(), err)
		}
		// Its canonical spelling is the same generator: named twice in a list.
		if back.Identity() != sp.Identity() {
			t.Fatalf("%q: identity %q, its canonical form's %q", spec, sp.Identity(), back.Identity())
		}
		if _, err := ParseSpecs(sp.String() + "," + sp.String()); err == nil || !strings.Contains(err.Error(), "named twice") {
			t.Fatalf("%q twice: %v", sp.String(), err)
		}
		if strings.ContainsAny(sp.Label(), "\n\r") || strings.Trim(sp.FileName(), "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-") != "" ||
			strings.HasPrefix(sp.FileName(), ".") {
			t.Fatalf("%q: label %q, file name %q", spec, sp.Label(), sp.FileName())
		}
		inst, err := sp.New(2, seed)
		if err != nil {
			t.Fatalf("%q passed ParseSpec but does not configure: %v", spec, err)
		}
		if inst.StateWords() < 0 {
			t.Fatalf("%q: %d state words", spec, inst.StateWords())
		}
		lo := float32(0)
		if g.DumpF32Centred {
			lo = -0.5
		}
		for s := range 2 {
			st := inst.Stream(s)
			for range 4 {
				st.U32()
				if x := st.F32(); !(x >= 0 && x < 1) {
					t.Fatalf("%q: F32 %v, want [0, 1)", spec, x)
				}
				if x := st.DumpF32(); !(x >= lo && x < lo+1) || math.IsNaN(float64(x)) {
					t.Fatalf("%q: DumpF32 %v, want [%v, %v)", spec, x, lo, lo+1)
				}
			}
		}
	})
}
