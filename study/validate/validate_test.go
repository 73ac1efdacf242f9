package validate

import (
	"strings"
	"testing"

	"speckle/imageio"
	"speckle/scenes"
	"speckle/study"
)

// Every region of every built-in covers enough pixels at validate's default
// size to be compared: the named parts are where the scene has them.
func TestRegionsAreOnTheirSurfaces(t *testing.T) {
	for _, name := range scenes.Names() {
		s, err := scenes.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		rs := Regions(s)
		masks := regionMasks(s, rs, 320, 180)
		for i, r := range rs {
			// A material may be out of view (plane's lamp): it is then left out.
			if material := strings.HasSuffix(r.Name, ")"); !material && len(masks[i]) < MinRegionPixels {
				t.Errorf("%s: region %q has %d pixels, want at least %d", name, r.Name, len(masks[i]), MinRegionPixels)
			}
		}
		if len(masks[0]) != 320*180 {
			t.Errorf("%s: the image region has %d pixels", name, len(masks[0]))
		}
	}
}

// A region whose Cycles mean is off by more than its tolerance plus three
// standard errors fails, and only that one; noise within it passes.
func TestCompareRegionsFailsOnlyTheRegionOff(t *testing.T) {
	s, err := scenes.Builtin("cornell")
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 64, 36
	ref := imageio.NewImage(w, h)
	for i := range ref.Pix {
		ref.Pix[i] = 0.5
	}
	var floor []int
	for i, r := range Regions(s) {
		if r.Name == "floor" {
			floor = regionMasks(s, Regions(s), w, h)[i]
		}
	}
	renders := make([]imageio.Image, 4)
	for k := range renders {
		renders[k] = imageio.NewImage(w, h)
		for i := range renders[k].Pix {
			renders[k].Pix[i] = 0.5 * (1 + 0.002*float32(k-2)) // noise well within 1.5 %
		}
		for _, p := range floor {
			for c := 0; c < 3; c++ {
				renders[k].Pix[4*p+c] *= 1.1
			}
		}
	}
	rep := compareRegions(s, &ref, renders)
	for _, row := range rep.Rows {
		onFloor := row.Region == "floor" || row.Region == "white (diffuse)" || row.Region == "image" || strings.HasPrefix(row.Region, "caustic")
		if row.Region == "floor" && (row.OK || row.Diff < 0.09) {
			t.Errorf("floor 10 %% bright passed: %+v", row)
		}
		if !onFloor && !row.OK {
			t.Errorf("region %q failed though only the floor is off: %+v", row.Region, row)
		}
		if row.StdErr <= 0 {
			t.Errorf("region %q: standard error %v from renders that differ", row.Region, row.StdErr)
		}
	}
	if rep.Failed() == 0 {
		t.Error("no region failed")
	}
}

// Bad options are refused before Blender runs.
func TestValidateCheck(t *testing.T) {
	s, _ := scenes.Builtin("plane")
	for _, c := range []struct {
		v    Validate
		want string
	}{
		{Validate{Scene: s, Width: 32, Height: 18, Samples: 0, Renders: 4}, "--samples"},
		{Validate{Scene: s, Width: 32, Height: 18, Samples: 1, Renders: 1}, "--renders must be at least 2"},
	} {
		if err := c.v.Check(); err == nil || !study.IsInputError(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an input error naming %s", c.v, err, c.want)
		}
	}
	if err := (Validate{Scene: s, Width: 32, Height: 18, Samples: 1, Renders: 2}).Check(); err != nil {
		t.Errorf("plane needs no stored reference: %v", err)
	}
}
