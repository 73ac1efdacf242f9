package validate

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"speckle/imageio"
	"speckle/render"
	"speckle/scenes"
	"speckle/scenes/cycles"
	"speckle/study"
)

// Validate renders a scene with Blender's Cycles (an independent path
// tracer, scenes/cycles) Renders times with different seeds and compares
// each region's mean (Regions) with Speckle's reference image at that size
// (render.ReferenceImage: the stored reference, or plane's analytic image).
type Validate struct {
	Scene         *scenes.Scene
	Width, Height int
	Samples       int    // per pixel and render
	Renders       int    // independent renders, at least 2: their spread gives the standard error
	Seed          int    // the first render's seed; the others follow
	Blender       string // the blender command
	Keep          string // keep the script and renders here, and reuse renders of the same script ("": a temporary directory, removed)
	Log           io.Writer
}

// ValidateRow is one region's comparison. Diff is (Cycles − Speckle) /
// Speckle; it passes when |Cycles − Speckle| ≤ Tol·Speckle + 3·StdErr.
type ValidateRow struct {
	Region            string
	Pixels            int
	Speckle, Cycles   float64
	StdErr, Diff, Tol float64
	OK                bool
}

// ValidateReport is a scene's table.
type ValidateReport struct {
	Scene, Reference string
	Width, Height    int
	Samples, Renders int
	Took             time.Duration
	Rows             []ValidateRow
}

// Failed counts the regions out of tolerance.
func (r ValidateReport) Failed() int {
	n := 0
	for _, row := range r.Rows {
		if !row.OK {
			n++
		}
	}
	return n
}

// Check refuses bad options and a missing reference before Blender runs.
func (v Validate) Check() error {
	switch {
	case v.Samples < 1:
		return study.Inputf("--samples must be at least 1 (got %d)", v.Samples)
	case v.Renders < 2:
		return study.Inputf("--renders must be at least 2, for a standard error (got %d)", v.Renders)
	case v.Seed < 0 || v.Seed > math.MaxInt32-v.Renders:
		return study.Inputf("--seed must be in [0, %d] (got %d)", math.MaxInt32-v.Renders, v.Seed)
	}
	if ref, where, err := render.ReferenceImage(v.Scene, v.Width, v.Height); err != nil {
		return study.Inputf("%v", err)
	} else if ref == nil {
		return study.Inputf("scene %s: %s", v.Scene.Name, where)
	}
	return nil
}

// keptPaths are the script and the renders of v's scene in --keep: what Run writes there
// (the renders through Blender).
func (v Validate) keptPaths() (script string, renders []string) {
	script = filepath.Join(v.Keep, v.Scene.Name+"-cycles.py")
	for i := 0; i < v.Renders; i++ {
		renders = append(renders, filepath.Join(v.Keep, fmt.Sprintf("%s-cycles-%d.pfm", v.Scene.Name, v.Seed+i)))
	}
	return script, renders
}

// isValidateScript says whether data is a script speckle validate wrote (cycles.Script).
func isValidateScript(data []byte) bool {
	_, err := cycles.ReadExport(data)
	return err == nil && bytes.HasPrefix(data, []byte("# Speckle scene "))
}

// CheckKept refuses, before any work, a --keep folder holding a script or a render of this
// scene's names that Speckle did not write (the output guard, imageio.CheckDerived): a
// render is Speckle's where Speckle's script is beside it.
func (v Validate) CheckKept() error {
	if v.Keep == "" {
		return nil
	}
	script, renders := v.keptPaths()
	if err := imageio.CheckDerived(script, "validate's script for "+imageio.Printable(v.Scene.Name), isValidateScript); err != nil {
		return study.Inputf("%v", err)
	}
	ours := exists(script) // and Speckle's: checked above
	for _, p := range renders {
		if err := imageio.CheckDerived(p, "a Cycles render of "+imageio.Printable(v.Scene.Name), func([]byte) bool { return ours }); err != nil {
			return study.Inputf("%v", err)
		}
	}
	return nil
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// Run renders with Cycles and compares.
func (v Validate) Run(ctx context.Context) (ValidateReport, error) {
	start := time.Now()
	ref, where, err := render.ReferenceImage(v.Scene, v.Width, v.Height)
	if err != nil {
		return ValidateReport{}, study.Inputf("%v", err)
	}
	if ref == nil {
		return ValidateReport{}, fmt.Errorf("scene %s: %s", v.Scene.Name, where)
	}
	blender, err := exec.LookPath(v.Blender)
	if err != nil {
		return ValidateReport{}, fmt.Errorf("cannot run Blender (%v): install it (Debian: apt-get install blender; make validate does)", err)
	}
	dir := v.Keep
	if dir == "" {
		if dir, err = os.MkdirTemp("", "speckle-validate-"); err != nil {
			return ValidateReport{}, err
		}
		defer os.RemoveAll(dir)
	} else if err := os.Mkdir(dir, 0o777); err != nil && !errors.Is(err, fs.ErrExist) {
		// Only --keep itself is made (umask honoured): its folder must exist, as for
		// every folder a user names (the command checks it before any work).
		return ValidateReport{}, err
	}
	var seeds []int
	for i := 0; i < v.Renders; i++ {
		seeds = append(seeds, v.Seed+i)
	}
	out := filepath.Join(dir, v.Scene.Name+"-cycles-{seed}.pfm")
	script, err := cycles.Script(v.Scene, cycles.Options{Width: v.Width, Height: v.Height, Samples: v.Samples, Seeds: seeds, Out: out})
	if err != nil {
		return ValidateReport{}, err
	}
	scriptPath := filepath.Join(dir, v.Scene.Name+"-cycles.py")
	paths := make([]string, len(seeds))
	for i, seed := range seeds {
		paths[i] = strings.ReplaceAll(out, "{seed}", fmt.Sprint(seed))
	}
	if v.kept(scriptPath, script, paths) {
		if v.Log != nil {
			fmt.Fprintf(v.Log, "validate %s: the renders in %s are of this script: not rendering again\n", v.Scene.Name, dir)
		}
	} else {
		if err := imageio.WriteFileAtomic(scriptPath, func(w io.Writer) error { _, err := w.Write(script); return err }); err != nil {
			return ValidateReport{}, err
		}
		if err := v.blender(ctx, blender, scriptPath); err != nil {
			return ValidateReport{}, err
		}
	}
	var renders []imageio.Image
	for _, path := range paths {
		img, err := imageio.ReadPFM(path)
		if err != nil {
			return ValidateReport{}, fmt.Errorf("Blender's render: %w", err)
		}
		if img.W != v.Width || img.H != v.Height {
			return ValidateReport{}, fmt.Errorf("Blender's render is %dx%d, want %dx%d", img.W, img.H, v.Width, v.Height)
		}
		renders = append(renders, img)
	}
	rep := compareRegions(v.Scene, ref, renders)
	rep.Reference, rep.Samples, rep.Took = where, v.Samples, time.Since(start)
	return rep, nil
}

// kept reports whether Keep holds this very script and its renders, so that
// a comparison with a new reference need not render again.
func (v Validate) kept(scriptPath string, script []byte, renders []string) bool {
	if v.Keep == "" {
		return false
	}
	if old, err := os.ReadFile(scriptPath); err != nil || !bytes.Equal(old, script) {
		return false
	}
	for _, p := range renders {
		if _, err := os.Stat(p); err != nil {
			return false
		}
	}
	return true
}

// blender runs the script, passing its own progress lines to Log and
// keeping the end of its output for an error.
func (v Validate) blender(ctx context.Context, blender, script string) error {
	cmd := exec.CommandContext(ctx, blender, "-b", "--factory-startup", "--python-exit-code", "1", "-P", script)
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("cannot run Blender: %w", err)
	}
	var tail []string
	sc := bufio.NewScanner(pipe)
	for sc.Scan() {
		line := sc.Text()
		if msg, ok := strings.CutPrefix(line, "speckle-validate: "); ok && v.Log != nil {
			fmt.Fprintf(v.Log, "validate %s: %s\n", v.Scene.Name, msg)
		}
		if tail = append(tail, line); len(tail) > 12 {
			tail = tail[1:]
		}
	}
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("Blender failed (%v) rendering scene %s; the end of its output:\n%s", err, v.Scene.Name, strings.Join(tail, "\n"))
	}
	return nil
}

// compareRegions measures every region with enough pixels on the reference
// and on each render.
func compareRegions(s *scenes.Scene, ref *imageio.Image, renders []imageio.Image) ValidateReport {
	rep := ValidateReport{Scene: s.Name, Width: ref.W, Height: ref.H, Renders: len(renders)}
	regions := Regions(s)
	for i, pixels := range regionMasks(s, regions, ref.W, ref.H) {
		if len(pixels) < MinRegionPixels {
			continue
		}
		row := ValidateRow{Region: regions[i].Name, Pixels: len(pixels), Speckle: regionMean(ref, pixels), Tol: regions[i].Tol}
		var sum, sum2 float64
		for _, img := range renders {
			m := regionMean(&img, pixels)
			sum, sum2 = sum+m, sum2+m*m
		}
		n := float64(len(renders))
		row.Cycles = sum / n
		row.StdErr = math.Sqrt(math.Max(0, sum2-sum*sum/n) / (n - 1) / n)
		row.Diff = (row.Cycles - row.Speckle) / row.Speckle
		row.OK = math.Abs(row.Cycles-row.Speckle) <= row.Tol*row.Speckle+3*row.StdErr
		rep.Rows = append(rep.Rows, row)
	}
	return rep
}

// WriteTable writes a line on what was compared and the table.
func (r ValidateReport) WriteTable(w io.Writer) error {
	fmt.Fprintf(w, "%s at %dx%d: Cycles %d x %d spp (reference: %s; %s)\n", r.Scene, r.Width, r.Height, r.Renders, r.Samples, r.Reference, r.Took.Round(time.Second))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "region\tpixels\tSpeckle\tCycles\tstd err\tdifference\ttolerance\tok\t")
	for _, row := range r.Rows {
		ok := "ok"
		if !row.OK {
			ok = "FAIL"
		}
		fmt.Fprintf(tw, "%s\t%d\t%.4g\t%.4g\t%.2g\t%+.2f%%\t%.1f%% + 3 se\t%s\t\n", row.Region, row.Pixels, row.Speckle, row.Cycles, row.StdErr, 100*row.Diff, 100*row.Tol, ok)
	}
	return tw.Flush()
}
