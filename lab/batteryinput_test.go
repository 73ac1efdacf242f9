package lab

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/internal/stats"
	"speckle/rng"
)

// An input's words, read block by block (blocks of 1,024 cut small, the
// last one short), count as the battery counts a generator's streams in the
// stream order: four philox streams written one after another (rng dump
// --order stream) give the counts of those four streams, samples of 1,024
// never straddling two; as f32 floats their 24 fraction bits count as
// 24-bit values; an input that ends early says how many words came.
func TestBatteryInputEqualsGo(t *testing.T) {
	saved := dumpChunkBytes
	defer func() { dumpChunkBytes = saved }()
	dumpChunkBytes = 4 * 1100
	const streams, per = 4, 2048
	g, err := rng.Lookup("philox")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := g.New(rng.Config{Seed: 7, Streams: streams})
	if err != nil {
		t.Fatal(err)
	}
	values := make([][]uint32, streams)
	var u32, f32 bytes.Buffer
	for s := range values {
		st := inst.Stream(s)
		for range per {
			v := st.U32()
			values[s] = append(values[s], v)
			binary.Write(&u32, binary.LittleEndian, v)
			binary.Write(&f32, binary.LittleEndian, float32(v>>8)/(1<<24))
		}
	}
	size := BatterySize{Numbers: streams * per, PerStream: streams * per, Samples: 8}
	byStream := size
	byStream.PerStream = per
	shifted := make([][]uint32, streams)
	for s := range values {
		for _, v := range values[s] {
			shifted[s] = append(shifted[s], v>>8)
		}
	}
	for _, c := range []struct {
		in     *bytes.Buffer
		f32    bool
		values [][]uint32
	}{{&u32, false, values}, {&f32, true, shifted}} {
		var got BatteryCounts
		gltest.On(t, func(ctx *gpu.Context) (err error) {
			got, err = BatteryInput(ctx, c.in, c.f32, size, stats.Tests, nil)
			return err
		})
		if got.Counts == nil || got.Counts[ConsumedOrder] != nil {
			t.Fatalf("f32 %v: counts %v: want the stream order's only", c.f32, got.Counts)
		}
		for i, test := range stats.Tests {
			want := tallyOnCPU(c.values, InputBits(c.f32), byStream, StreamOrder, test)
			if !slices.Equal(got.Counts[StreamOrder][i], want) {
				t.Errorf("f32 %v, %s: the input's counts differ from the streams' (first difference at %d)", c.f32, test, firstDiff(got.Counts[StreamOrder][i], want))
			}
		}
	}
	short := bytes.NewReader(make([]byte, 4*3000+2))
	notFloat := make([]byte, 4*streams*per)
	binary.LittleEndian.PutUint32(notFloat[4*5:], math.Float32bits(1))
	gltest.On(t, func(ctx *gpu.Context) error {
		var se ShortInputError
		if _, err := BatteryInput(ctx, short, false, size, stats.Tests, nil); !errors.As(err, &se) || se != (ShortInputError{3000, 2, streams * per}) {
			t.Errorf("a short input: %v", err)
		}
		var nf NotFloatError
		if _, err := BatteryInput(ctx, bytes.NewReader(notFloat), true, size, stats.Tests, nil); !errors.As(err, &nf) || nf.Word != 5 {
			t.Errorf("1.0 as f32: %v", err)
		}
		return nil
	})
}
