package lab

import (
	"speckle/gpu"
	"speckle/shaders"
)

// transposer keeps the consumed order's copies of the current and the
// previous block, transposed ([j*streams + t]: rng_battery_transpose.comp),
// so that the consumed order's kernels read consecutive words as the
// stream order's do. Read in place, a consumed position's neighbours lay a
// stream's block apart: on the H200 every consumed-order test cost two to
// four times its stream-order twin, and the transposition costs less than
// one test (docs/lab.md, "The battery's speed").
type transposer struct {
	ctx              *gpu.Context
	p                *gpu.Program
	cur, prev        *gpu.Buffer
	streams, k       int
	tilesJ, tilesAll int
}

// newTransposer holds two transposed blocks of k values of each stream; nil
// where one stream makes both orders the same words.
func newTransposer(ctx *gpu.Context, streams, k int) (*transposer, error) {
	if streams == 1 {
		return nil, nil
	}
	src, err := shaders.Build("rng_battery_transpose.comp", "", nil)
	if err != nil {
		return nil, err
	}
	x := &transposer{ctx: ctx, streams: streams, k: k, tilesJ: (k + 31) / 32}
	x.tilesAll = x.tilesJ * ((streams + 31) / 32)
	if x.p, err = ctx.Compute(src); err != nil {
		return nil, err
	}
	if x.cur, err = ctx.NewBuffer(streams*k*4, nil); err != nil {
		return nil, err
	}
	if x.prev, err = ctx.NewBuffer(streams*k*4, nil); err != nil {
		x.cur.Delete()
		return nil, err
	}
	return x, nil
}

// next transposes block into the current copy, the last one becoming the
// previous, and returns both.
func (x *transposer) next(block *gpu.Buffer) (cur, prev *gpu.Buffer, err error) {
	x.cur, x.prev = x.prev, x.cur
	block.Bind(shaders.BatteryBlockBinding)
	x.cur.Bind(shaders.BatteryTransposedBinding)
	x.p.SetUint("streams", uint32(x.streams))
	x.p.SetUint("block_len", uint32(x.k))
	x.p.SetUint("tiles_j", uint32(x.tilesJ))
	x.p.SetUint("tiles", uint32(x.tilesAll))
	return x.cur, x.prev, x.ctx.Dispatch(x.p, x.tilesAll*x.p.LocalSize[0])
}

func (x *transposer) Delete() {
	if x != nil {
		x.cur.Delete()
		x.prev.Delete()
	}
}
