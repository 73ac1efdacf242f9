package battery

import (
	"fmt"
	"math/bits"

	"speckle/internal/units"
	"speckle/study"
)

// checkSampleLen refuses a sample shorter than a test run needs for its
// second-level test (stats.Test.MinSampleLen), in one line naming the test
// that needs the most and the least --numbers (and the most --samples)
// that would do for every test run.
func (o RNGTest) checkSampleLen() error {
	if len(o.tests()) == 0 {
		return nil
	}
	have := o.Numbers / int64(o.Samples)
	t := o.tests()[0]
	for _, u := range o.tests() {
		if u.MinSampleLen() > t.MinSampleLen() {
			t = u
		}
	}
	if need := t.MinSampleLen(); have < need {
		fix := ""
		if n := o.leastNumbers(need); n > 0 {
			fix = "--numbers " + count(n) + " or more"
		}
		if s := o.mostSamples(need); s > 0 {
			if fix != "" {
				fix += ", or "
			}
			fix += "--samples " + count(int64(s)) + " or fewer"
		}
		if fix == "" {
			fix = "more --numbers or fewer --samples"
		}
		return study.Inputf("--tests %s needs samples of at least %s values for its second-level test (--numbers / --samples is %s): give %s",
			t, count(need), count(have), fix)
	}
	return nil
}

// leastNumbers is the fewest numbers, at o's streams and samples, whose
// samples hold need values each and that the battery can cut (0: none
// found below MaxTestNumbers).
func (o RNGTest) leastNumbers(need int64) int64 {
	step := lcm(int64(o.Streams), int64(o.Samples))
	n := (need*int64(o.Samples) + step - 1) / step * step
	for i := 0; i < 1<<12 && n <= MaxTestNumbers; i, n = i+1, n+step {
		c := o
		c.Numbers = n
		if c.size().Check(o.Streams, o.tests()) == nil {
			return n
		}
	}
	return 0
}

// mostSamples is the most samples (5 or more) o's numbers cut into with
// need values each that the battery can cut (0: none).
func (o RNGTest) mostSamples(need int64) int {
	for s := int(min(o.Numbers/need, int64(o.Samples))); s >= 5; s-- {
		c := o
		c.Samples = s
		if o.Numbers%int64(s) == 0 && c.size().Check(o.Streams, o.tests()) == nil {
			return s
		}
	}
	return 0
}

func lcm(a, b int64) int64 {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}

// count writes n as the flags read it: 2^k for a power of two from 1,024
// on, else units.FormatCount.
func count(n int64) string {
	if n >= 1024 && n&(n-1) == 0 {
		return fmt.Sprintf("2^%d", bits.TrailingZeros64(uint64(n)))
	}
	return units.FormatCount(n)
}
