package render

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"testing"

	"speckle/gpu"
	"speckle/rng"
)

// An interleaved dump is the stream-order dump transposed ([m*T + t] is
// [t*M + m]), on the GPU and in Go alike, for every generator and option
// set, u32 and f32, across several blocks (the chunk cut small here, so a
// block holds 37 values of 27 streams and 1,000 values take 28 blocks).
func TestDumpInterleavedIsTheDumpTransposed(t *testing.T) {
	const streams, count = 27, 1000
	saved := dumpChunkBytes
	dumpChunkBytes = 4 * streams * 37
	defer func() { dumpChunkBytes = saved }()
	for _, g := range rng.All {
		for _, opts := range optionSets(g) {
			for _, f32 := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/%s/f32=%v", g.Name, describe(opts), f32), func(t *testing.T) {
					cfg := rng.Config{Seed: 77, Streams: streams, Options: opts}
					inst, err := g.New(cfg)
					if err != nil {
						t.Fatal(err)
					}
					if MaxInterleavedStreams(inst) < streams {
						dumpChunkBytes = 4 * streams * max(37, inst.StateWords())
					}
					var plain, goInter, gpuInter bytes.Buffer
					if err := rng.Dump(inst, streams, count, f32, &plain, nil); err != nil {
						t.Fatal(err)
					}
					if err := rng.DumpInterleaved(inst, streams, count, f32, &goInter, nil); err != nil {
						t.Fatal(err)
					}
					onGL(t, func(c *gpu.Context) error {
						r, err := NewRNG(c, g, cfg)
						if err != nil {
							return err
						}
						defer r.Close()
						return r.DumpInterleaved(count, f32, &gpuInter, nil)
					})
					want := make([]byte, len(plain.Bytes()))
					p := plain.Bytes()
					for s := 0; s < streams; s++ {
						for m := 0; m < count; m++ {
							copy(want[4*(m*streams+s):], p[4*(s*count+m):4*(s*count+m)+4])
						}
					}
					for name, got := range map[string][]byte{"Go": goInter.Bytes(), "GPU": gpuInter.Bytes()} {
						if !bytes.Equal(got, want) {
							for i := 0; i+4 <= len(want); i += 4 {
								if i+4 > len(got) || !bytes.Equal(got[i:i+4], want[i:i+4]) {
									t.Fatalf("%s: value %d (stream %d, value %d) is %x, want %08x", name, i/4, i/4%streams, i/4/streams,
										got[min(i, len(got)):min(i+4, len(got))], binary.LittleEndian.Uint32(want[i:]))
								}
							}
							t.Fatalf("%s: %d bytes, want %d", name, len(got), len(want))
						}
					}
				})
			}
		}
	}
}
