package lab

import (
	"fmt"
	"io"
	"os"
	"sort"
	"time"

	"speckle/gpu"
)

// BatteryProfileEnv, set to 1, makes the battery time its kernels on the
// GPU (a GL_TIME_ELAPSED query around the draw and each test's kernel, every
// block) and print where the time went on standard error: what the H200
// figures in docs/lab.md were read from. Each query waits for the GPU, so a
// profiled run is slower than a plain one; its shares are what it is for.
const BatteryProfileEnv = "SPECKLE_BATTERY_PROFILE"

// batteryProfile sums the GPU time of the draw and of each job over a run.
type batteryProfile struct {
	ctx   *gpu.Context
	names []string
	spent map[string]time.Duration
}

func newBatteryProfile(ctx *gpu.Context) *batteryProfile {
	if os.Getenv(BatteryProfileEnv) != "1" {
		return nil
	}
	return &batteryProfile{ctx: ctx, spent: map[string]time.Duration{}}
}

// time runs work, timed under name when p profiles (p nil: untimed).
func (p *batteryProfile) time(name string, work func() error) error {
	if p == nil {
		return work()
	}
	d, err := p.ctx.Time(work)
	if _, seen := p.spent[name]; !seen {
		p.names = append(p.names, name)
	}
	p.spent[name] += d
	return err
}

// write prints each timed kernel's GPU seconds per 2^32 values of an order,
// the most costly first, and their sum.
func (p *batteryProfile) write(w io.Writer, values int64) {
	if p == nil || values == 0 {
		return
	}
	names := append([]string(nil), p.names...)
	sort.SliceStable(names, func(i, j int) bool { return p.spent[names[i]] > p.spent[names[j]] })
	per := func(d time.Duration) float64 { return d.Seconds() * float64(int64(1)<<32) / float64(values) }
	var sum time.Duration
	fmt.Fprintf(w, "battery profile: GPU seconds per 2^32 values an order (%d values an order timed)\n", values)
	for _, n := range names {
		sum += p.spent[n]
		fmt.Fprintf(w, "  %-24s %8.4f\n", n, per(p.spent[n]))
	}
	fmt.Fprintf(w, "  %-24s %8.4f\n", "sum", per(sum))
}
