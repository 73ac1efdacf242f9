package battery

import (
	"errors"
	"fmt"
	"io"

	"speckle/gpu"
	"speckle/internal/units"
	"speckle/lab"
	"speckle/study"
)

// Input is numbers to test instead of generators' (rng test --in): raw
// little-endian 32-bit words, u32 integers or (F32) floats in [0, 1) whose
// 24 fraction bits are tested, read in their order as one stream. The
// battery tests them in the stream order only: the consumed order
// interleaves a generator's streams, which an input does not have.
type Input struct {
	Name  string    // the label in the report: the file's name, or stdin
	R     io.Reader // read no further than the numbers tested
	Words int64     // the words a file holds; -1 where unknown (a pipe)
	F32   bool
}

// checkInput refuses an input shorter than the numbers to test, naming the
// least size and, where one fits, the --numbers it holds.
func (o RNGTest) checkInput() error {
	in := o.Input
	if o.Streams != 1 {
		return study.Inputf("--in reads one stream: --streams does not apply (got %d)", o.Streams)
	}
	if in.Words < 0 || in.Words >= o.Numbers {
		return nil
	}
	fix := ""
	c := o
	c.Numbers = in.Words / int64(o.Samples) * int64(o.Samples)
	if c.Numbers > 0 && c.size().Check(1, c.tests()) == nil && c.checkSampleLen() == nil {
		fix = fmt.Sprintf(": give --numbers %s or fewer", numbersText(c.Numbers))
	}
	return study.Inputf("--in %s holds %d words (%d bytes): --numbers %s needs at least %d words (%d bytes)%s",
		in.Name, in.Words, 4*in.Words, numbersText(o.Numbers), o.Numbers, 4*o.Numbers, fix)
}

// inputLayout says what of the input is tested, for the report.
func (o RNGTest) inputLayout() string {
	in, format := o.Input, "u32"
	if in.F32 {
		format = "f32, their 24 fraction bits"
	}
	what := "the words"
	if in.Words > o.Numbers {
		what = fmt.Sprintf("the first %s of the %s words", units.FormatCount(o.Numbers), units.FormatCount(in.Words))
	}
	return fmt.Sprintf("%s of %s (%s), in their order, as one stream: the stream order only (the consumed order needs a generator's streams)", what, in.Name, format)
}

// runInput tests the input's words on c.
func (o RNGTest) runInput(c *gpu.Context) (RNGTestReport, error) {
	in := o.Input
	rep := RNGTestReport{Device: c.Info.String(), Numbers: o.Numbers, Streams: 1, Samples: o.Samples, Layout: o.inputLayout()}
	counts, err := lab.BatteryInput(c, in.R, in.F32, o.size(), o.tests(), func(n int64) { o.Progress.Report(n, o.Numbers) })
	var short lab.ShortInputError
	var notFloat lab.NotFloatError
	switch {
	case errors.As(err, &short):
		part := ""
		if short.Bytes > 0 {
			part = fmt.Sprintf(" and %d bytes", short.Bytes)
		}
		return rep, study.Inputf("%s ended after %d words%s: --numbers %s needs %d", in.Name, short.Words, part, numbersText(o.Numbers), o.Numbers)
	case errors.As(err, &notFloat):
		return rep, study.Inputf("%s: %v", in.Name, notFloat)
	case err != nil:
		return rep, fmt.Errorf("%s: %v", in.Name, err)
	}
	s := counts.Elapsed.Seconds()
	rep.Generators = []TestedGenerator{{Label: in.Name, Seconds: s, PerS: float64(o.Numbers) / s}}
	rep.Results = Evaluate(in.Name, counts, o.tests(), lab.InputBits(in.F32))
	return rep, nil
}

// numbersText writes n as --numbers reads it: 2^k for a power of two from
// 1,024 on, else in digits.
func numbersText(n int64) string {
	if n >= 1024 && n&(n-1) == 0 {
		return count(n)
	}
	return fmt.Sprint(n)
}
