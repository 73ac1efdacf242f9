package cli

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"speckle/render"
	"speckle/scenes"
	"speckle/study"
)

// rendererFlags are the flags of the lab's renderer order (rng test, rng
// dump): which render's pass to read the draws of.
type rendererFlags struct {
	order study.RendererOrder
	pass  string
	lags  bool // the command has --lags
	// sizeName names the render's size flag: "size", unless the command's
	// own --size is something else (rng look's pictures: "render-size").
	sizeName string
}

// addTo defines the flags; withLags adds --lags (rng test's lag table).
func (f *rendererFlags) addTo(fs *pflag.FlagSet, withLags bool) {
	fs.StringVar(&f.order.Scene, "scene", "cornell", "renderer order: the render's built-in scene or scene file")
	fs.StringVar(&f.pass, "pass", "photon", "renderer order: the photon or the eye pass")
	if f.sizeName == "" {
		f.sizeName = "size"
	}
	if err := (sizeValue{&f.order.Width, &f.order.Height}).Set("960x540"); err != nil {
		panic(err) // the default, here
	}
	fs.Var(sizeValue{&f.order.Width, &f.order.Height}, f.sizeName, "renderer order: the render's size WIDTHxHEIGHT (the eye pass's slots are its pixels)")
	perIterationFlag(fs, &f.order.Photons)
	wholeFlag(fs, &f.order.PerPhoton, "draws-per-photon", 0, 0, 1024, "renderer order: values a photon (eye ray) draws, where a quasi-random generator starts its next point; 0: one bounce's (photon 7, eye ray 2)")
	if f.lags = withLags; withLags {
		wholeFlag(fs, &f.order.Lags, "lags", 0, 0, study.MaxLags, "renderer order: also test pairs at lags 1..N along a slot's draws")
	}
}

// names are the flags only the renderer order takes.
func (f *rendererFlags) names() []string {
	n := []string{"scene", "pass", f.sizeName, "photons-per-iteration", "draws-per-photon"}
	if f.lags {
		n = append(n, "lags")
	}
	return n
}

// refuseUnused refuses a renderer-order flag given without --order renderer.
func (f *rendererFlags) refuseUnused(c *cobra.Command) error {
	for _, name := range f.names() {
		if c.Flags().Changed(name) {
			return usagef("--%s is a flag of the renderer order: add --order renderer", name)
		}
	}
	return nil
}

// resolve checks the flags and returns the order they name.
func (f *rendererFlags) resolve() (*study.RendererOrder, error) {
	pass, err := render.ParsePass(f.pass)
	if err != nil {
		return nil, usagef("--pass: %v", err)
	}
	if _, err := scenes.Open(f.order.Scene); err != nil {
		return nil, usageError{err.Error()}
	}
	r := f.order
	r.Pass = pass
	if r.PerPhoton == 0 {
		r.PerPhoton = pass.DrawsPerPath()
	}
	return &r, nil
}
