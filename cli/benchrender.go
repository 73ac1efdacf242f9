package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"speckle/render"
	"speckle/scenes"
)

// renderBench is one scene and generator's throughput.
type renderBench struct {
	Scene       string  `json:"scene"`
	Generator   string  `json:"generator"`
	Width       int     `json:"width"`
	Height      int     `json:"height"`
	Photons     int     `json:"photons_per_iteration"`
	PhotonsPerS float64 `json:"photons_per_s"`
	BouncesPerS float64 `json:"bounces_per_s"`
	// Shares of GPU time per pass, from separately timed iterations.
	Eye, Grid, Photon, Update float64
}

func benchRenderCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("bench render", "bench render [--scenes A,B|all] [--gens A,B|all] [--size WxH] [--json]", stdout)
	sceneList := fs.String("scenes", "all", "scenes, comma-separated, or all ("+strings.Join(scenes.Names(), ", ")+")")
	gens := fs.String("gens", "all", "generators, comma-separated, or all")
	size := fs.String("size", "1280x720", "image size WIDTHxHEIGHT")
	perIter := fs.String("photons-per-iteration", "auto", "photons per iteration (auto: 2^20 on a GPU, 2^16 on a CPU rasteriser)")
	iterations := intFlag(fs, "iterations", 0, 0, 1<<20, "timed iterations per case (0: 30 on a GPU, 2 on a CPU rasteriser)")
	seedText := fs.String("seed", "1", "seed")
	asJSON := fs.Bool("json", false, "JSON instead of a table")
	var glf glFlags
	glf.register(fs)
	opts := registerGenOptions(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	list, err := parseGenerators(*gens)
	if err != nil {
		return err
	}
	if err := checkOptions(opts, list); err != nil {
		return err
	}
	names := scenes.Names()
	if *sceneList != "all" {
		names = strings.Split(*sceneList, ",")
	}
	var sceneObjs []*scenes.Scene
	for _, n := range names {
		s, err := scenes.Open(strings.TrimSpace(n))
		if err != nil {
			return usageError{err.Error()}
		}
		sceneObjs = append(sceneObjs, s)
	}
	w, h, err := parseSize(*size)
	if err != nil {
		return err
	}
	seed, err := parseSeed(*seedText)
	if err != nil {
		return err
	}
	c, err := glf.open()
	if err != nil {
		return err
	}
	defer c.Close()
	photons := autoPhotons(c.Info.Software())
	if *perIter != "auto" {
		n, err := parseCount("photons-per-iteration", *perIter)
		if err != nil {
			return err
		}
		photons = int(n)
	}
	iters := *iterations
	if iters == 0 {
		iters = 30
		if c.Info.Software() {
			iters = 2
		}
	}
	var results []renderBench
	bar := newProgress(os.Stderr, "bench render", len(sceneObjs)*len(list), "cases")
	for _, scene := range sceneObjs {
		for _, g := range list {
			cfg := render.SPPMConfig{Width: w, Height: h, Photons: photons, Alpha: 0.7, Seed: seed, Generator: g, Options: forGenerator(g, opts.set())}
			s, err := render.NewSPPM(c, scene, cfg)
			if err != nil {
				bar.done()
				return fmt.Errorf("%s/%s: %v", scene.Name, g.Name, err)
			}
			res, err := benchOne(c.Finish, s, iters)
			s.Close()
			if err != nil {
				bar.done()
				return fmt.Errorf("%s/%s: %v", scene.Name, g.Name, err)
			}
			results = append(results, res)
			bar.set(len(results))
		}
	}
	bar.done()
	if *asJSON {
		e := json.NewEncoder(stdout)
		e.SetIndent("", "  ")
		return e.Encode(map[string]any{"device": c.Info.String(), "results": results})
	}
	fmt.Fprintf(stdout, "device: %s, %dx%d, %d photons per iteration, %d iterations\n", c.Info, w, h, photons, iters)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "scene\tgenerator\tphotons/s\tbounces/s\teye\tgrid\tphoton\tupdate\t")
	for _, r := range results {
		fmt.Fprintf(tw, "%s\t%s\t%.3g\t%.3g\t%.0f%%\t%.0f%%\t%.0f%%\t%.0f%%\t\n", r.Scene, r.Generator, r.PhotonsPerS, r.BouncesPerS,
			100*r.Eye, 100*r.Grid, 100*r.Photon, 100*r.Update)
	}
	return tw.Flush()
}

// benchOne times iters iterations of s after a warm-up, then a few profiled
// ones for the split between passes.
func benchOne(finish func(), s *render.SPPM, iters int) (renderBench, error) {
	r := renderBench{Scene: s.Scene.Name, Generator: s.Cfg.Generator.Name, Width: s.Cfg.Width, Height: s.Cfg.Height, Photons: s.Cfg.Photons}
	// Warm up for a quarter of a second at least: GPU clocks idle low
	// between runs and take a while to rise.
	for warm := time.Now(); time.Since(warm) < 250*time.Millisecond || s.Iterations < 2; {
		if err := s.Iterate(1); err != nil {
			return r, err
		}
		finish()
	}
	b0, e0 := s.Bounces(), s.Emitted
	start := time.Now()
	if err := s.Iterate(iters); err != nil {
		return r, err
	}
	finish()
	secs := time.Since(start).Seconds()
	r.PhotonsPerS = float64(s.Emitted-e0) / secs
	r.BouncesPerS = float64(s.Bounces()-b0) / secs
	s.Profile = true
	if err := s.Iterate(max(1, min(iters, 5))); err != nil {
		return r, err
	}
	t := s.Times
	total := (t.Eye + t.Grid + t.Photon + t.Update).Seconds()
	r.Eye, r.Grid, r.Photon, r.Update = t.Eye.Seconds()/total, t.Grid.Seconds()/total, t.Photon.Seconds()/total, t.Update.Seconds()/total
	return r, nil
}
