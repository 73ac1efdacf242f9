package cli

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/study/capture"
)

// capture --devices: each render (a generator with one seed) is a unit; a
// worker sends its shots (radiance at each count), the parent writes the
// set from them as one device would.

// resolveOn fixes what the device decides (the counts, photons per
// iteration) on the first of --devices, for every worker alike.
func (o *captureOptions) resolveOn(device int, cp capture.Capture) (capture.Capture, error) {
	gl := o.sppm.gl
	gl.device = device
	ctx, err := gl.open()
	if err != nil {
		return cp, err
	}
	info := ctx.Info
	ctx.Close()
	cp, err = cp.Resolved(info)
	return cp, inputOrRun(err)
}

// workerFlags pass a resolved capture's counts and iteration to workers.
func workerFlags(cp capture.Capture) []string {
	at := make([]string, len(cp.At))
	for i, n := range cp.At {
		at[i] = strconv.FormatInt(n, 10)
	}
	return []string{"--at", strings.Join(at, ","), "--photons-per-iteration", strconv.Itoa(cp.PhotonsPerIteration)}
}

// runSplit renders the capture's units on --devices and writes the set.
func (o *captureOptions) runSplit(c *cobra.Command, cp capture.Capture) (capture.Captured, error) {
	imageio.UpdateProvenance(func(p *imageio.Provenance) { // resolveOn recorded the first device's
		p.Device = fmt.Sprintf("EGL devices %s (--devices), the first: %s", intList(o.split.devices), p.Device)
	})
	return cp.Gather(func(record func(u int, s capture.Shot) error) error {
		return runSplit(c, o.split.devices, cp.Units(), workerFlags(cp), func(u int, out []byte) error {
			dec := gob.NewDecoder(bytes.NewReader(out))
			for {
				var s capture.Shot
				err := dec.Decode(&s)
				if errors.Is(err, io.EOF) {
					return nil
				}
				if err != nil {
					return fmt.Errorf("reading a worker's result: %v", err)
				}
				if err := record(u, s); err != nil {
					return err
				}
			}
		})
	})
}

// intList writes devices as 0,1,2.
func intList(devices []int) string {
	parts := make([]string, len(devices))
	for i, d := range devices {
		parts[i] = strconv.Itoa(d)
	}
	return strings.Join(parts, ",")
}

// runUnit is a split's worker: one render's shots, as a gob stream on
// stdout; it writes no files.
func (o *captureOptions) runUnit(c *cobra.Command, cp capture.Capture) error {
	cp.Warn, cp.Status = nil, nil
	enc := gob.NewEncoder(c.OutOrStdout())
	return o.sppm.gl.run((&bar{c: c}).track(func(ctx *gpu.Context) error {
		resolved, err := cp.Resolved(ctx.Info)
		if err != nil {
			return err
		}
		if o.split.unit >= resolved.Units() {
			return usagef("--unit %d: this capture has %d renders", o.split.unit, resolved.Units())
		}
		return resolved.RenderUnit(ctx, o.split.unit, func(s capture.Shot) error { return enc.Encode(s) })
	}))
}
