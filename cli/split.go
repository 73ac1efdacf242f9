package cli

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"speckle/gpu"
)

// A split runs a command's independent units (capture: a generator with one
// seed; rng test: a generator; bench render: a case) in worker processes,
// one at a time per entry of --devices, each this program again with the
// same arguments plus --device D --unit U. A worker writes its unit's result
// to stdout (gob); the command merges them in the units' order, so the
// outputs are those one device would write.

// splitFlags are --devices and the workers' hidden --unit.
type splitFlags struct {
	devices []int // nil: no split
	all     bool  // --devices all: devices filled in by check
	unit    int   // -1: not a worker
}

func (s *splitFlags) addTo(fs *pflag.FlagSet) {
	fs.Var(devicesValue{s}, "devices", "split the work across EGL devices, one worker process each: all, or indices comma-separated (speckle gpu lists them; an index twice runs two workers on that device)")
	s.unit = -1
	fs.IntVar(&s.unit, "unit", -1, "a worker's unit of a split (internal)")
	fs.Lookup("unit").Hidden = true
}

// check refuses --devices naming a device this host lacks or given with
// --device, and a worker's --unit with --devices; it fills in all.
func (s *splitFlags) check(g *glFlags) error {
	if s.unit >= 0 && s.devices != nil {
		return usagef("--unit is a worker's, without --devices")
	}
	if s.devices != nil && g.device >= 0 {
		return usagef("--device and --devices: give one")
	}
	if s.all {
		for _, d := range gpu.Devices() {
			s.devices = append(s.devices, d.Index)
		}
		if len(s.devices) == 0 {
			return usagef("--devices all: this host offers no EGL devices (EGL_EXT_device_enumeration)")
		}
	}
	for _, d := range s.devices {
		if err := gpu.CheckDevice(d); err != nil {
			return usageError{err.Error()}
		}
	}
	return nil
}

// devicesValue is --devices: all, or EGL device indices; repeats are kept
// (each entry is a worker).
type devicesValue struct{ s *splitFlags }

func (v devicesValue) Type() string { return "all|N,..." }
func (v devicesValue) String() string {
	if v.s.all {
		return "all"
	}
	parts := make([]string, len(v.s.devices))
	for i, d := range v.s.devices {
		parts[i] = strconv.Itoa(d)
	}
	return strings.Join(parts, ",")
}
func (v devicesValue) Set(s string) error {
	v.s.all, v.s.devices = false, nil
	if strings.TrimSpace(s) == "all" {
		v.s.all, v.s.devices = true, []int{}
		return nil
	}
	for _, part := range strings.Split(s, ",") {
		var d int
		if err := (intValue{&d, 0, 63}).Set(part); err != nil {
			return fmt.Errorf("takes all or device indices 0..63, comma-separated (got %q)", part)
		}
		v.s.devices = append(v.s.devices, d)
	}
	return nil
}

// workerArgs are args less --devices, --device and --unit, plus the
// worker's device, unit and extra flags.
func workerArgs(args []string, device, unit int, extra ...string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--devices" || a == "--device" || a == "--unit":
			i++
		case strings.HasPrefix(a, "--devices="), strings.HasPrefix(a, "--device="), strings.HasPrefix(a, "--unit="):
		default:
			out = append(out, a)
		}
	}
	out = append(out, "--device", strconv.Itoa(device), "--unit", strconv.Itoa(unit))
	return append(out, extra...)
}

// unitDone is a worker's end: its unit, stdout, and error if it failed.
type unitDone struct {
	unit int
	out  []byte
	err  error
}

// runSplit runs units 0..n-1 in workers, at most one at a time per entry of
// devices, and hands each finished unit's stdout to merge, one at a time,
// in the order they finish. The first failure stops the handing out of
// units and is returned once the running workers end.
func runSplit(c *cobra.Command, devices []int, n int, extra []string, merge func(unit int, out []byte) error) error {
	label := strings.TrimPrefix(c.CommandPath(), "speckle ")
	b := &bar{c: c, label: label + " on " + strconv.Itoa(len(devices)) + " workers", unit: "units", scale: 1}
	units := make(chan int)
	done := make(chan unitDone)
	var wg sync.WaitGroup
	for _, d := range devices {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for u := range units {
				out, err := runWorker(workerArgs(invokedArgs, d, u, extra...))
				if err != nil {
					err = fmt.Errorf("unit %d of %d on device %d: %w", u+1, n, d, err)
				}
				done <- unitDone{u, out, err}
			}
		}()
	}
	stop := make(chan struct{}) // closed at the first failure: no more units
	go func() {
		defer close(units)
		for u := range n {
			select {
			case units <- u:
			case <-stop:
				return
			}
		}
	}()
	go func() { wg.Wait(); close(done) }()
	var first error
	finished := 0
	for r := range done {
		if r.err == nil && first == nil {
			r.err = merge(r.unit, r.out)
		}
		if r.err != nil && first == nil {
			first = r.err
			close(stop)
		}
		finished++
		b.report(int64(finished), int64(n))
	}
	if b.p != nil {
		b.p.done()
	}
	return first
}

// workers are the worker processes running, for stopWorkers.
var workers = struct {
	sync.Mutex
	running map[*exec.Cmd]bool
	stopped bool // no more start
}{running: map[*exec.Cmd]bool{}}

// stopWorkers ends the running workers (a signal stops the split): each
// hears SIGTERM as a command stopped by it does.
func stopWorkers() {
	workers.Lock()
	defer workers.Unlock()
	workers.stopped = true
	for cmd := range workers.running {
		cmd.Process.Signal(syscall.SIGTERM)
	}
}

// runWorker runs one worker to its end and returns its stdout; a failure
// is its last line on stderr, a usage error (exit 2) one still.
func runWorker(args []string) ([]byte, error) {
	cmd := selfCommand(args)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	workers.Lock()
	err := errors.New("stopped")
	if !workers.stopped {
		err = cmd.Start()
	}
	if err == nil {
		workers.running[cmd] = true
	}
	workers.Unlock()
	if err == nil {
		err = cmd.Wait()
		workers.Lock()
		delete(workers.running, cmd)
		workers.Unlock()
	}
	if err == nil {
		return out.Bytes(), nil
	}
	lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
	msg := fmt.Sprintf("%v: %s", err, lines[len(lines)-1])
	if e, ok := err.(*exec.ExitError); ok && e.ExitCode() == 2 {
		return nil, usageError{msg}
	}
	return nil, fmt.Errorf("%s", msg)
}

// writeUnit writes a worker's result for the parent (encoding/gob: floats,
// NaN included, come back bit for bit).
func writeUnit(w io.Writer, v any) error { return gob.NewEncoder(w).Encode(v) }

// readUnit reads what writeUnit wrote.
func readUnit(out []byte, v any) error {
	if err := gob.NewDecoder(bytes.NewReader(out)).Decode(v); err != nil {
		return fmt.Errorf("reading a worker's result: %v", err)
	}
	return nil
}
