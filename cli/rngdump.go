package cli

import (
	"io"
	"strings"

	"github.com/spf13/cobra"

	"speckle/imageio"
	"speckle/lab"
	"speckle/render"
	"speckle/rng"
)

// Dump limits: one stream must fit in memory, and the whole in reason.
const (
	maxDumpCount   = 1 << 24
	maxDumpStreams = 1 << 26
	maxDumpValues  = 1 << 36
	// endlessCount is --count 0's values per stream: a dump index is 32-bit.
	endlessCount = 1<<32 - 1
)

// dumpOptions are rng dump's flags.
type dumpOptions struct {
	spec           rng.Spec
	seed           uint32
	streams, count int
	format, device string
	order          string
	renderer       rendererFlags
	out            string
	gl             glFlags
	common         *genOptionFlags
}

func newRngDumpCmd() *cobra.Command {
	var o dumpOptions
	c := &cobra.Command{
		Use:   "dump --gen SPEC [flags]",
		Short: "write raw numbers of a generator",
		Long: `Write T streams of M numbers of one generator, stream after stream, as
little-endian 32-bit words: u32 (the generator's native integers) or f32
(the floats the renderer draws). --device gpu runs the GLSL port, cpu the
Go reference: the two are the same bytes (docs/ says the exact format).
--order interleaved writes value m of every stream, then value m+1: the order
a GPU dispatch consumes them, where leapfrogged and consecutively seeded
streams show their correlations to a test battery. Sobol's streams are its
dimensions. --order renderer writes what slots 0..T-1 of a render's pass
draw (as rng test --order renderer reads them): the generator laid out for
--photons-per-iteration photons (auto: 2^20, a GPU render's), each slot's
draws through the render as words holding the renderer floats' 24 fraction
bits (u32, or packed for a 32-bit battery). Binary output is refused on a
terminal.`,
		Example: `  speckle rng dump --gen pcg32 --seed 42 --streams 55 --count 2 > pcg.bin
  speckle rng dump --gen philox:seed=3 --format f32 --out philox.bin
  speckle rng dump --gen lehmer:lehmer-seeding=slm --device cpu --count 16 | xxd | head
  speckle rng dump --gen rand48 --order interleaved --count 1000000 | dieharder -g 200 -d 0
  speckle rng dump --gen philox --order interleaved --count 0 | dieharder -g 200 -a
  speckle rng dump --gen rand48 --order renderer --streams 1 --count 0 --format packed | RNG_test stdin32`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if !c.Flags().Changed("gen") {
				return usagef("--gen is required (one of %s)", strings.Join(rng.Names(), ", "))
			}
			specs, err := o.common.fold(c, "gen", []rng.Spec{o.spec})
			if err != nil {
				return err
			}
			o.spec = specs[0]
			return o.run(c)
		},
	}
	fs := c.Flags()
	specFlag(c, &o.spec, "gen", rng.Spec{}, "generator")
	seedFlag(fs, &o.seed)
	wholeFlag(fs, &o.streams, "streams", 64, 1, maxDumpStreams, "streams T (Sobol: dimensions)")
	wholeFlag(fs, &o.count, "count", 4096, 0, maxDumpCount, "values per stream M; 0: until the reader stops (to standard output, in interleaved order or of one stream; at most 2^32 - 1 values a stream)")
	choiceFlag(fs, &o.format, "format", "u32", []string{"u32", "f32", "packed"}, "u32 (native integer), f32 (float) or packed (the native integers' output bits without gaps: rand48's 31, RANLUX's 24, for 32-bit test batteries)")
	fs.StringVar(&o.device, "device", "gpu", "gpu (GLSL port), cpu (Go reference) or N: the GLSL port on EGL device N (speckle gpu lists them)")
	choiceFlag(fs, &o.order, "order", "stream", []string{"stream", "interleaved", "renderer"}, "stream (stream after stream, [t*M + m]), interleaved (value m of every stream, then m+1, [m*T + t]: the order a dispatch consumes them) or renderer (what slots 0..T-1 of a render's pass draw, slot after slot: the renderer's floats as words of 24 bits)")
	o.renderer.addTo(fs, false)
	fs.StringVar(&o.out, "out", "-", "output file; - for stdout")
	o.gl.addTo(fs)
	o.common = addGenOptions(fs)
	return c
}

// check refuses bad input before anything is opened or written.
func (o *dumpOptions) check() (rng.Instance, error) {
	if err := gpuOrCPU(&o.device, &o.gl); err != nil {
		return nil, err
	}
	if o.device == "cpu" {
		if err := refuseNoReference("--device cpu", o.spec); err != nil {
			return nil, err
		}
	}
	if o.count == 0 {
		switch {
		case o.out != "-" && o.out != "":
			return nil, usagef("--count 0 never ends: it writes to standard output only, for a reader such as dieharder")
		case o.order != "interleaved" && o.streams > 1:
			return nil, usagef("--count 0 needs --order interleaved or --streams 1: in stream order it would never reach the second stream")
		}
	} else if n := int64(o.streams) * int64(o.count); n > maxDumpValues {
		return nil, usagef("--streams x --count = %d values is too large (at most %d)", n, int64(maxDumpValues))
	}
	if err := o.spec.Gen.CheckDump(o.streams, max(o.count, 1)); err != nil {
		return nil, usageError{err.Error()}
	}
	inst, err := o.spec.New(o.streams, o.seed)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	if most := lab.MaxInterleavedStreams(inst); o.order == "interleaved" && o.streams > most {
		return nil, usagef("--order interleaved holds every stream at once: --streams at most %d for %s", most, o.spec.Gen.Name)
	}
	return inst, o.gl.check()
}

// progress is the dump's bar on the command's error stream, told how many
// streams (slots: unit) are done; none for an endless dump. done ends it.
func (o *dumpOptions) progress(c *cobra.Command, unit string) (set func(int), done func()) {
	if o.count == 0 {
		return nil, func() {}
	}
	bar := newProgress(c.ErrOrStderr(), "dump "+o.spec.Label(), o.streams, unit)
	return bar.set, bar.done
}

func (o *dumpOptions) run(c *cobra.Command) error {
	if o.order == "renderer" {
		if err := checkPaths(input("--scene", sceneFile(o.renderer.order.Scene)), output("--out", o.out)); err != nil {
			return err
		}
		return o.runRenderer(c)
	}
	if err := o.renderer.refuseUnused(c); err != nil {
		return err
	}
	inst, err := o.check()
	if err != nil {
		return err
	}
	if _, err := degenerate(c, []rng.Spec{o.spec}, o.streams, o.seed); err != nil {
		return err
	}
	stdout := c.OutOrStdout()
	f32 := o.format == "f32"
	count, interleaved := o.count, o.order == "interleaved"
	if count == 0 { // until the reader stops: its closing the pipe ends the process (SIGPIPE)
		count, interleaved = endlessCount, true // one stream reads the same either way
	}
	if err := o.checkSpace(o.spec.Gen.Bits()); err != nil {
		return err
	}
	return writeAtomically(o.out, stdout, func(w io.Writer) error {
		if o.format == "packed" {
			w = rng.NewPacker(w, o.spec.Gen.Bits())
		}
		progress, done := o.progress(c, "streams")
		defer done()
		switch {
		case o.device == "cpu" && interleaved:
			return rng.DumpInterleaved(inst, o.streams, count, f32, w, progress)
		case o.device == "cpu":
			return rng.Dump(inst, o.streams, count, f32, w, progress)
		}
		ctx, err := o.gl.open()
		if err != nil {
			return err
		}
		defer ctx.Close()
		r, err := render.NewRNG(ctx, o.spec.Gen, o.spec.Config(o.streams, o.seed))
		if err != nil {
			return err
		}
		defer r.Close()
		if interleaved {
			return lab.DumpInterleaved(r, count, f32, w, progress)
		}
		return lab.Dump(r, count, f32, w, progress)
	})
}

// checkSpace refuses, before any work, a dump to a file whose file system cannot hold it:
// its size is known (bits: a packed value's), exactly for u32 and f32 and at least for packed.
func (o *dumpOptions) checkSpace(bits int) error {
	if o.count == 0 || o.out == "" || o.out == "-" {
		return nil
	}
	n := int64(o.streams) * int64(o.count)
	need := 4 * n
	if o.format == "packed" {
		need = n * int64(bits) / 8
	}
	if err := imageio.CheckSpace(o.out, need); err != nil {
		return usageError{err.Error()}
	}
	return nil
}
