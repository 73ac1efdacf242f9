package lesson

import (
	"fmt"
	"image"
	"slices"
	"strings"

	"speckle/internal/suggest"
	"speckle/internal/units"
	"speckle/render"
	"speckle/rng"
	"speckle/scenes"
	"speckle/study"
)

// Lesson is a curated comparison that shows one artifact of a generator as
// soon as the machine allows: the settings that make its point soonest, a
// caption in plain words, and where to look. The window's Lessons menu and
// speckle lesson both read Lessons.
type Lesson struct {
	Name    string // speckle lesson NAME
	Title   string
	Caption string // the cause, and what to look at
	Scene   string
	// Camera nil is the scene's own: the stored references are taken from
	// it, and the criterion needs a reference.
	Camera              *scenes.Camera
	Size                string // WIDTHxHEIGHT of every pane
	PhotonsPerIteration int
	// Specs are the generators side by side: the one with the artifact
	// first, the one it is measured against last.
	Specs []string
	View  render.View // what the window's panes show
	// Region is where the artifact shows (the magnifier's spot, and the
	// criterion's pixels).
	Region ImageRect
	// Factor is the criterion: the artifact is visible once the first
	// generator's RegionError (the RMS of the heatmap over Region) is Factor
	// times the last's.
	Factor float64
	// Cell is the artifact's scale in pixels where noise hides it from a
	// per-pixel measure while the eye sees it (RegionErrorAt); 0: per pixel.
	Cell int
	// GPUPhotons is about how many photons per pane the artifact needs to be
	// plain to the eye at the lesson's settings (from the H200 captures and
	// the lessons' own figures); a machine that traces fewer in a minute is
	// told so, and offered Capture.
	GPUPhotons int64
	// Capture is a stored H200 picture of the artifact under screenshots/,
	// or "".
	Capture string
	// CaptureCrop is the part of Capture that shows the artifact (one pane
	// of a window screenshot, one cell of a montage: the whole of either
	// would pass for live panes), and CaptureShows says what it shows.
	CaptureCrop  image.Rectangle
	CaptureShows string
}

// ImageRect is a rectangle of the image in fractions 0..1 (x right, y down).
type ImageRect struct{ X0, Y0, X1, Y1 float64 }

// Pixels is the region in an image of w x h, at least one pixel.
func (r ImageRect) Pixels(w, h int) image.Rectangle {
	x0, y0 := int(r.X0*float64(w)), int(r.Y0*float64(h))
	x1, y1 := max(int(r.X1*float64(w)), x0+1), max(int(r.Y1*float64(h)), y0+1)
	return image.Rect(x0, y0, x1, y1).Intersect(image.Rect(0, 0, w, h))
}

// Centre is the region's centre: the window's focus point.
func (r ImageRect) Centre() [2]float32 {
	return [2]float32{float32(r.X0+r.X1) / 2, float32(r.Y0+r.Y1) / 2}
}

// Lessons is the table, in the order the menu and the list show them.
var Lessons = []Lesson{
	{
		Name:  "rand48-swirls",
		Title: "rand48 leapfrogged by a power of two: swirls in the light",
		Caption: "Every photon takes its own stream of one lrand48 sequence, leapfrogging 2^20 numbers at a time (one per photon of an iteration). " +
			"The leapfrog multiplier a^(2^20) mod 2^48 is 1 plus a multiple of 2^22, a poor multiplier, so each photon's successive numbers are closely related " +
			"(rng test --order renderer --lags 4 fails every lag, lags 4 and 2 the most). Look at the floor in front of and left of the glass: rand48's light gathers into swirling arcs and its error stops falling, while philox's noise fades.",
		Scene: "caustics", Size: "320x180", PhotonsPerIteration: 1 << 20,
		Specs: []string{"rand48", "philox"}, View: render.ViewImage,
		Region: ImageRect{0.02, 0.55, 0.3, 0.98}, Factor: 1.3,
		GPUPhotons: 4e6, Capture: "screenshots/app-caustics-h200.png",
		CaptureCrop: image.Rect(342, 49, 968, 401), CaptureShows: "rand48 at 5.3e8 photons, 640x360, in the window on the H200",
	},
	{
		Name:  "lehmer-rings",
		Title: "Lehmer with consecutive seeds: rings at low photon counts",
		Caption: "Stream t starts at seed + t, so neighbouring photons run the same LCG from neighbouring states: their first numbers lie on a lattice. " +
			"The light positions inherit it, and the floor of caustics shows moire rings at a million photons that fade by ten million. " +
			"slm's seeding (byte-reverse, one step, byte-reverse) scatters the starts, and the strong rings left of the glass go; fainter rings remain elsewhere at this count " +
			"(their cause is not isolated), so it is a mitigation, not a cure. Look at the floor left of the glass, in the magnifier.",
		Scene: "caustics", Size: "320x180", PhotonsPerIteration: 1 << 20,
		Specs: []string{"lehmer", "lehmer:lehmer-seeding=slm"}, View: render.ViewImage,
		Region: ImageRect{0.02, 0.45, 0.4, 0.98}, Factor: 1.3,
		GPUPhotons: 1e6, Capture: "screenshots/caustics/montage.png",
		CaptureCrop: image.Rect(112, 338, 512, 563), CaptureShows: "lehmer at 1e6 photons, 640x360, from speckle capture on the H200",
	},
	{
		Name:  "ca-bands",
		Title: "The cellular automaton's bands: structure more photons do not remove",
		Caption: "The CA of Pang, Wong and Heng emits the odd cells of a 64-cell ring after each step, and a step makes each cell from four others: successive numbers come from states one step apart, far from independent. " +
			"Bands appear on the caustics floor and stay while the noise around them fades (on a GPU, plain at 1e7 photons and still there at 1e8). Look at the floor right of and behind the bowl, in the magnifier, where arcs cross the noise that philox shows alone.",
		Scene: "caustics", Size: "320x180", PhotonsPerIteration: 1 << 16,
		Specs: []string{"ca", "philox"}, View: render.ViewImage,
		// The arcs are a few pixels wide under noise that a per-pixel RMS
		// weighs as much: per pixel the ratio crawled to 1.18 by 9.6e6
		// photons, the arcs plain in the figure; over 4x4 tiles it reaches
		// 1.5 at 1.6e6 (25 iterations), the arcs showing, while two philox
		// seeds stayed within 0.89-1.01 of each other over 80 iterations
		// (llvmpipe). At 1.7 it said "not visible" at 2.8e6 with the arcs
		// plain in the magnifier.
		Region: ImageRect{0.8, 0.05, 1, 0.4}, Factor: 1.5, Cell: 4,
		GPUPhotons: 1e7, Capture: "screenshots/app-caustics-h200.png",
		CaptureCrop: image.Rect(342, 499, 968, 851), CaptureShows: "ca at 6.0e8 photons, 640x360, in the window on the H200",
	},
	{
		Name:  "ca-linear",
		Title: "A linear CA: the XOR rule that never converges",
		Caption: "With the rule 0x9696 each new cell is the XOR of three neighbours: a linear map of the bits, so every output bit is a fixed XOR of bits of the seeded state, and a photon's few draws are linearly related. " +
			"With 4,096 photons an iteration a slot's draws replay every few paths, so the error stops falling early while philox's keeps shrinking: the plot under the images shows the framed floor's error standing still. Look at the floor in front of the glass.",
		Scene: "caustics", Size: "320x180", PhotonsPerIteration: 1 << 12,
		Specs: []string{"ca:ca-preset=linear", "philox"}, View: render.ViewHeatmap,
		Region: ImageRect{0.02, 0.45, 0.4, 0.98}, Factor: 2,
		GPUPhotons: 3e5, // fires at 2.4e5 photons, ratio 2.02 (llvmpipe, 2 cores: 10.2 s, 22.8 s under load)
	},
	{
		Name:  "sobol-frozen-jitter",
		Title: "Sobol used naively: each pixel's jitter frozen",
		Caption: "With one shared sequence, pixel p of iteration k takes point k*P + p: a pixel's points differ only in high index bits, which Sobol's first dimension maps to low bits of the value, " +
			"so each pixel samples nearly the same spot every iteration and edges stay aliased for good. Scrambled per pixel (the default) the jitter moves and Sobol converges fastest of all. " +
			"Look at the light's outline in the magnifier: its staircase stays sharp-edged with the shared sequence and smooths out with the pixels' own.",
		Scene: "cornell", Size: "320x180", PhotonsPerIteration: 1 << 16,
		Specs: []string{"sobol:sobol-pixels=shared", "sobol"}, View: render.ViewMagnifier,
		Region: ImageRect{0.38, 0.08, 0.61, 0.19}, Factor: 1.5,
		GPUPhotons: 1e6,
	},
	{
		Name:  "pcg32-streams",
		Title: "pcg32's streams by increment: a fault the render does not show",
		Caption: "Stream t is pcg32_srandom_r(seed, t): every stream starts from the same seed and differs only in its increment 2t+1, so value n of neighbouring streams is correlated " +
			"and the battery fails in the consumed order (value n of every stream). A photon reads its own stream in order, which passes, so the render shows nothing: the panes differ by noise alone. " +
			"Look at the framed floor: nothing there; the fault is in the lab's streams view, which pairs neighbouring streams as no path of the renderer does.",
		Scene: "caustics", Size: "320x180", PhotonsPerIteration: 1 << 16,
		Specs: []string{"pcg32", "philox"}, View: render.ViewHeatmap,
		Region: ImageRect{0.02, 0.45, 0.4, 0.98}, Factor: 1.3,
	},
	{
		Name:  "lcg-linear-key",
		Title: "A weak hash of a linear index: every photon on one curve",
		Caption: "A shader keys a hash by a linear index, x + W·y as for a pixel (x, y): here photon t's draw d hashes t + T·d, T = 2^16 photons. The hash is one LCG step, 1664525 k + 1013904223, linear in its key, " +
			"so draw d of photon t is draw 0 plus d times the same constant for every photon: a photon's whole path is fixed by its first draw, and all photons' paths lie on one curve. " +
			"Look at the floor: lcg's light is one thin arc and a few specks, the rest black however long it runs (the same curve every iteration), while pcg (Reed's pcg_hash keyed by each photon's own count of draws, which passes the battery) lights the floor with noise that fades.",
		Scene: "caustics", Size: "320x180", PhotonsPerIteration: 1 << 16,
		Specs: []string{"lcg:hash-key=linear", "pcg"}, View: render.ViewImage,
		Region: ImageRect{0.02, 0.45, 0.4, 0.98}, Factor: 2,
		GPUPhotons: 1e5,
	},
	{
		Name:  "wang-sequential",
		Title: "Wang's hash of sequential seeds: ripples on the floor",
		Caption: "Keyed by the linear index t + T·d, photon t's first draw is Wang's hash of t: sequential seeds, as a shader seeds it with a pixel or thread index. " +
			"Wang's few shifts and two multiplications turn a key's +1 into a few recurring output differences, so neighbouring photons' first draws keep a few fixed offsets, a partial lattice, " +
			"and the floor shows ripples, arcs across it, at a million photons (one iteration); by ten million (ten iterations) they are faint. " +
			"Look at the floor behind and left of the glass, in the magnifier: wang's arcs, pcg's (keyed by each photon's own count) plain noise.",
		Scene: "caustics", Size: "320x180", PhotonsPerIteration: 1 << 20,
		Specs: []string{"wang:hash-key=linear", "pcg"}, View: render.ViewImage,
		Region: ImageRect{0.02, 0.05, 0.25, 0.45}, Factor: 1.3, Cell: 4,
		GPUPhotons: 1e6,
	},
	{
		Name:  "trig-sin",
		Title: "The sin hash: a coarse grid of numbers, and other numbers on another GPU",
		Caption: "fract(sin(dot(p, (12.9898, 78.233))) · 43758.5453), the shader one-liner, keyed by a word as a pixel: the dot product runs into the millions and the product by 43758.5453 keeps 8 or 9 fraction bits in float32, so most draws lie on a grid of 512 values (84% of a photon's in the Go model, two thirds on one of 256); " +
			"and GLSL's sin is each GPU's own, so the same shader gives other numbers on another GPU. " +
			"Look at the framed floor and the plot: where sin is close to correctly rounded (llvmpipe) nothing shows to the eye, but trig's error falls more slowly than pcg's and over 4x4 tiles reaches 1.3 times it by about 9e6 photons (the cause is not isolated); " +
			"on an NVIDIA H100 or H200 (driver 580), whose sin of arguments in the millions is another function (99.7% of the draws differ from the model, by up to 0.5, the same draws on both), the image itself breaks at once: a dark floor of scattered specks, 7 times pcg's error after one iteration. " +
			"The fault is in the numbers, which the --explain page counts (the grid) and measures on its GPU against the Go model.",
		Scene: "caustics", Size: "320x180", PhotonsPerIteration: 1 << 16,
		Specs: []string{"trig", "pcg"}, View: render.ViewHeatmap,
		// Per pixel the ratio crept to 1.15 by 7.8e6 photons (60 s on
		// llvmpipe); over 4x4 tiles it reaches 1.30 at 8.8e6 (134
		// iterations, 30 s), while pcg against pcg seed 2 stayed within
		// 0.96-1.06 over 98 iterations: a bias at the tiles' scale, not
		// noise, though no structure shows in the image.
		Region: ImageRect{0.02, 0.45, 0.4, 0.98}, Factor: 1.3, Cell: 4,
		GPUPhotons: 9e6, // fires at 8.8e6 photons (llvmpipe)
	},
	{
		Name:  "philox-control",
		Title: "The control: philox against itself",
		Caption: "Two seeds of philox, a counter-based generator that passes BigCrush (Salmon et al., SC'11): the two panes differ by noise alone. " +
			"Look at the framed region of the heatmaps: they shrink together, and the criterion the other lessons fire is not meant to fire here. This is what no artifact looks like.",
		Scene: "caustics", Size: "320x180", PhotonsPerIteration: 1 << 16,
		Specs: []string{"philox", "philox:seed=2"}, View: render.ViewHeatmap,
		Region: ImageRect{0.02, 0.45, 0.4, 0.98}, Factor: 1.3,
	},
}

// LessonNames lists the lessons' names in order.
func LessonNames() []string {
	names := make([]string, len(Lessons))
	for i, l := range Lessons {
		names[i] = l.Name
	}
	return names
}

// LookupLesson finds a lesson by name.
func LookupLesson(name string) (Lesson, error) {
	for _, l := range Lessons {
		if l.Name == name {
			return l, nil
		}
	}
	if h := suggest.Hint(name, LessonNames()); h != "" {
		return Lesson{}, study.Inputf("no lesson %q (%s)", name, h)
	}
	return Lesson{}, study.Inputf("no lesson %q (lessons: %s)", name, strings.Join(LessonNames(), ", "))
}

// Generators are the lesson's specs, parsed.
func (l Lesson) Generators() ([]rng.Spec, error) {
	specs := make([]rng.Spec, len(l.Specs))
	for i, s := range l.Specs {
		sp, err := rng.ParseSpec(s)
		if err != nil {
			return nil, err
		}
		specs[i] = sp
	}
	return specs, nil
}

// Check reports what in the lesson would not run: its scene, size, view,
// region, criterion and generators.
func (l Lesson) Check() error {
	if _, err := scenes.Open(l.Scene); err != nil {
		return err
	}
	if _, _, err := units.ParseSize(l.Size, 16, 8192); err != nil {
		return fmt.Errorf("size %v", err)
	}
	if _, err := render.ParseView(string(l.View)); err != nil {
		return err
	}
	r := l.Region
	if !(0 <= r.X0 && r.X0 < r.X1 && r.X1 <= 1 && 0 <= r.Y0 && r.Y0 < r.Y1 && r.Y1 <= 1) {
		return fmt.Errorf("region %v: want 0 <= X0 < X1 <= 1 and 0 <= Y0 < Y1 <= 1", r)
	}
	if !(l.Factor > 1) {
		return fmt.Errorf("factor %g: must be above 1", l.Factor)
	}
	if !slices.Contains([]int{2, 4}, len(l.Specs)) {
		return fmt.Errorf("%d generators: a lesson fills 2 or 4 panes", len(l.Specs))
	}
	if l.PhotonsPerIteration < 1 || l.PhotonsPerIteration > 1<<26 {
		return fmt.Errorf("photons per iteration %d: want 1..2^26", l.PhotonsPerIteration)
	}
	_, err := l.Generators()
	return err
}
