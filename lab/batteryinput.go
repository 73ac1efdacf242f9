package lab

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"speckle/gpu"
	"speckle/internal/stats"
)

// ShortInputError is an input that ended before the numbers to test: Words
// whole words came (and Bytes bytes of one more), of Want.
type ShortInputError struct{ Words, Bytes, Want int64 }

func (e ShortInputError) Error() string {
	s := fmt.Sprintf("the input ended after %d words", e.Words)
	if e.Bytes > 0 {
		s += fmt.Sprintf(" and %d bytes", e.Bytes)
	}
	return s + fmt.Sprintf(", not the %d to test", e.Want)
}

// NotFloatError is an f32 input's word that is not a float in [0, 1).
type NotFloatError struct {
	Word  int64
	Value float32
}

func (e NotFloatError) Error() string {
	return fmt.Sprintf("word %d is %g, not a float in [0, 1) (--format f32)", e.Word, e.Value)
}

// InputBits is what the battery tests of each word of an input: all 32 bits
// of a u32 word, the 24 fraction bits of an f32 one (as the renderer order
// tests the renderer's floats).
func InputBits(f32 bool) int {
	if f32 {
		return RendererBits
	}
	return 32
}

// BatteryInput runs the tests over the first size.Numbers words read from
// in, as one stream in the stream order (size.PerStream == size.Numbers;
// the consumed order needs a generator's streams): little-endian 32-bit
// words, u32 integers or, with f32, floats in [0, 1) whose 24 fraction bits
// are tested. Blocks are read one at a time (never the whole input), uploaded
// into the battery's block buffer and counted as Battery counts a
// generator's. in is read no further than size.Numbers words; it ending
// before is a ShortInputError.
func BatteryInput(ctx *gpu.Context, in io.Reader, f32 bool, size BatterySize, tests []stats.Test, progress func(done int64)) (BatteryCounts, error) {
	size.Orders = []Order{StreamOrder}
	if err := size.Check(1, tests); err != nil {
		return BatteryCounts{Size: size}, err
	}
	limit := min(int64(dumpChunkBytes), ctx.Info.MaxSSBOBytes)
	k, err := blockLen(size, 1, limit, blockPositions(tests))
	if err != nil {
		return BatteryCounts{Size: size}, err
	}
	current, err := ctx.NewBuffer(k*4, nil)
	if err != nil {
		return BatteryCounts{Size: size}, err
	}
	defer current.Delete()
	src := &inputSource{r: in, f32: f32, want: size.Numbers, bytes: make([]byte, 4*k), words: make([]uint32, k)}
	return countBlocks(ctx, src, current, 1, InputBits(f32), k, size, tests, progress)
}

// inputSource reads the battery's blocks from an input: one stream.
type inputSource struct {
	r     io.Reader
	f32   bool
	want  int64 // the words to test
	read  int64 // the words read so far
	bytes []byte
	words []uint32
}

func (s *inputSource) draw(out *gpu.Buffer, _, m0, k int) error {
	n := int(min(int64(k), s.want-int64(m0)))
	got, err := io.ReadFull(s.r, s.bytes[:4*n])
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return ShortInputError{s.read + int64(got/4), int64(got % 4), s.want}
	} else if err != nil {
		return err
	}
	for i := range n {
		w := binary.LittleEndian.Uint32(s.bytes[4*i:])
		if s.f32 {
			f := math.Float32frombits(w)
			if !(f >= 0 && f < 1) {
				return NotFloatError{s.read + int64(i), f}
			}
			w = uint32(f * (1 << 24)) // the 24 fraction bits, exact for floats of 24 bits
		}
		s.words[i] = w
	}
	s.read += int64(n)
	out.Write(0, s.words[:n])
	return nil
}
