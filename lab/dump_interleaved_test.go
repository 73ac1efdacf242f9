package lab

import (
	"bytes"
	"fmt"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/render"
	"speckle/rng"
)

// interleavedEqualsGo checks an interleaved GPU dump against Go's
// interleaved dump and against Go's stream-order dump transposed
// ([m*T + t] is [t*M + m]).
func interleavedEqualsGo(t *testing.T, g *rng.Generator, opts map[string]string, streams, count int, f32 bool) {
	t.Helper()
	cfg := rng.Config{Seed: 77, Streams: streams, Options: opts}
	inst, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var plain, goInter, gpuInter bytes.Buffer
	if err := rng.Dump(inst, streams, count, f32, &plain, nil); err != nil {
		t.Fatal(err)
	}
	if err := rng.DumpInterleaved(inst, streams, count, f32, &goInter, nil); err != nil {
		t.Fatal(err)
	}
	gltest.On(t, func(c *gpu.Context) error {
		r, err := render.NewRNG(c, g, cfg)
		if err != nil {
			return err
		}
		defer r.Close()
		return DumpInterleaved(r, count, f32, &gpuInter, nil)
	})
	p := plain.Bytes()
	want := make([]byte, len(p))
	for s := 0; s < streams; s++ {
		for m := 0; m < count; m++ {
			copy(want[4*(m*streams+s):], p[4*(s*count+m):4*(s*count+m)+4])
		}
	}
	// firstMismatch counts in streams of `count` values: here its "stream" is
	// the value index and its "value" the stream.
	if d := firstMismatch(goInter.Bytes(), want, streams); d != "" {
		t.Fatalf("Go's interleaved dump is not the stream-order dump transposed: %s", d)
	}
	if d := firstMismatch(gpuInter.Bytes(), want, streams); d != "" {
		t.Fatalf("GPU interleaved dump differs from Go's: %s", d)
	}
}

// An interleaved dump is the stream-order dump transposed, on the GPU and
// in Go alike, for every generator and option set, u32 and f32, across
// several blocks (the chunk cut small here, so a block holds 37 values of
// 27 streams and 1,000 values take 28 blocks).
func TestDumpInterleavedIsTheDumpTransposed(t *testing.T) {
	const streams, count = 27, 1000
	saved := dumpChunkBytes
	defer func() { dumpChunkBytes = saved }()
	for _, g := range exactGenerators() {
		for _, opts := range optionSets(g) {
			for _, f32 := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/%s/f32=%v", g.Name, describe(opts), f32), func(t *testing.T) {
					inst, err := g.New(rng.Config{Streams: streams, Options: opts})
					if err != nil {
						t.Fatal(err)
					}
					dumpChunkBytes = 4 * streams * max(37, inst.StateWords()) // the pool holds all 27
					interleavedEqualsGo(t, g, opts, streams, count, f32)
				})
			}
		}
	}
}

// Past llvmpipe's 65,535 loop passes: one block of 70,000 values is drawn
// in several dispatches, the pool carrying every stream between them.
func TestDumpInterleavedPastLoopCap(t *testing.T) {
	for _, g := range exactGenerators() {
		t.Run(g.Name, func(t *testing.T) { interleavedEqualsGo(t, g, nil, 2, 70000, false) })
	}
}

// TestStridedDumpEveryShape: generators whose dump streams step 2^k values
// at a time (rng.StridedDump: Sobol) share each stream among up to 2^11
// invocations; their dumps equal the Go reference for counts below, at and
// above a power of two of lanes (lanes left idle, a lane one value longer
// than the next), scrambled and not, and in interleaved blocks that start
// mid-stream (the chunk cut small: 37-value blocks), and with two lanes a
// stream over 200,000 values, so that pieces start mid-stream.
func TestStridedDumpEveryShape(t *testing.T) {
	for _, g := range exactGenerators() {
		inst, err := g.New(rng.Config{Streams: 1})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := inst.(rng.StridedDump); !ok {
			continue
		}
		for _, seed := range []uint32{0, 5} {
			// Multiples of 4 take the four-at-a-time kernel (DUMP_X4).
			for _, count := range []int{1, 2, 3, 4, 8, 12, 31, 33, 2047, 2048, 2049, 4096, 4097} {
				t.Run(fmt.Sprintf("%s/seed=%d/count=%d", g.Name, seed, count), func(t *testing.T) {
					dumpEqualsGo(t, g, nil, seed, 3, count, count%2 == 1)
				})
			}
		}
		// Two lanes a stream: 200,000 values take dispatches of about
		// 2 x 6,000 (the loop budget), so pieces start mid-stream.
		t.Run(g.Name+"/past-loop-cap", func(t *testing.T) {
			defer func(l int) { maxDumpLanesLog2 = l }(maxDumpLanesLog2)
			maxDumpLanesLog2 = 1
			dumpEqualsGo(t, g, nil, 9, 2, 200000, true)
		})
		t.Run(g.Name+"/interleaved", func(t *testing.T) {
			defer func(b int) { dumpChunkBytes = b }(dumpChunkBytes)
			dumpChunkBytes = 27 * 37 * 4
			interleavedEqualsGo(t, g, nil, 27, 1000, false)
			dumpChunkBytes = 27 * 36 * 4 // blocks of 36 values: four at a time
			interleavedEqualsGo(t, g, nil, 27, 1000, true)
		})
	}
}
