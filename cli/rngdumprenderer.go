package cli

import (
	"io"
	"math"

	"github.com/spf13/cobra"

	"speckle/lab"
	"speckle/render"
	"speckle/rng"
)

// checkRenderer refuses a renderer-order dump before anything is opened:
// the device, the order's flags, the format (the words hold 24 bits: no f32), and the
// counts: --count 0 is one slot's draws, to standard output.
func (o *dumpOptions) checkRenderer() (render.PassLayout, rng.Instance, *lab.RendererDraws, error) {
	var l render.PassLayout
	if err := gpuOrCPU(&o.device, &o.gl); err != nil {
		return l, nil, nil, err
	}
	if o.device == "cpu" {
		if err := refuseNoReference("--device cpu", o.spec); err != nil {
			return l, nil, nil, err
		}
	}
	r, err := o.renderer.resolve()
	if err != nil {
		return l, nil, nil, err
	}
	if r.Photons == 0 {
		r.Photons = 1 << 20 // a GPU render's; a dump needs no device to know it
	}
	switch {
	case o.format == "f32":
		return l, nil, nil, usagef("--order renderer writes the renderer floats' 24 fraction bits as words: --format u32 or packed")
	case o.count == 0 && (o.out != "-" && o.out != ""):
		return l, nil, nil, usagef("--count 0 never ends: it writes to standard output only, for a reader such as dieharder")
	case o.count == 0 && o.streams > 1:
		return l, nil, nil, usagef("--count 0 with --order renderer writes one slot: --streams 1")
	case int64(o.streams)*int64(o.count) > maxDumpValues:
		return l, nil, nil, usagef("--streams x --count = %d values is too large (at most %d)", int64(o.streams)*int64(o.count), int64(maxDumpValues))
	}
	spec := o.spec.With(nil)
	cfg := spec.Config(1, o.seed)
	l = render.Layout(r.Pass, r.Width, r.Height, r.Photons, cfg.Seed, cfg.Options)
	if o.streams > l.Cfg.Streams {
		return l, nil, nil, usagef("--streams %d: the %s pass has only %d slots", o.streams, r.Pass, l.Cfg.Streams)
	}
	inst, err := spec.Gen.New(l.Cfg)
	if err != nil {
		return l, nil, nil, usageError{err.Error()}
	}
	if most := lab.MaxBatteryStreams(inst); o.device == "gpu" && o.streams > most {
		return l, nil, nil, usagef("--order renderer holds every slot at once on the GPU: --streams at most %d for %s (or --device cpu)", most, spec.Gen.Name)
	}
	return l, inst, &lab.RendererDraws{Slots: o.streams, PerPhoton: r.PerPhoton}, o.gl.check()
}

// runRenderer writes a renderer-order dump: the Go reference with --device
// cpu, the renderer's own kernel calls with gpu (the same bytes: tested).
func (o *dumpOptions) runRenderer(c *cobra.Command) error {
	l, inst, d, err := o.checkRenderer()
	if err != nil {
		return err
	}
	if _, err := degenerate(c, []rng.Spec{o.spec}, o.streams, o.seed); err != nil {
		return err
	}
	count := o.count
	if count == 0 { // until the reader stops: its closing the pipe ends the process (SIGPIPE)
		count = math.MaxInt // a slot has no index to run out of: the renderer never stops drawing
	}
	if err := o.checkSpace(lab.RendererBits); err != nil {
		return err
	}
	return writeAtomically(o.out, c.OutOrStdout(), func(w io.Writer) error {
		if o.format == "packed" {
			w = rng.NewPacker(w, lab.RendererBits)
		}
		progress, done := o.progress(c, "slots")
		defer done()
		if o.device == "cpu" {
			return rng.DumpRenderer(inst, l.Cfg.Streams, d.Slots, count, d.PerPhoton, l.SlotSequences, w, progress)
		}
		ctx, err := o.gl.open()
		if err != nil {
			return err
		}
		defer ctx.Close()
		r, err := render.NewLayoutRNG(ctx, o.spec.Gen, l)
		if err != nil {
			return err
		}
		defer r.Close()
		return lab.DumpRenderer(r, *d, count, w, progress)
	})
}
