package lab

import (
	"fmt"
	"math"
	"math/bits"
	"time"

	"speckle/gpu"
	"speckle/shaders"
)

// ArithmeticOp is one of alu_ceiling.comp's operation chains: the GLSL
// operations a compute-bound generator is made of, timed with no memory
// traffic so that a generator's rate can be set against them.
type ArithmeticOp struct {
	Name       string
	Define     string
	OpsPerStep int // GLSL operations in one step of a chain
}

// ArithmeticOps are RANLUX's subtract-with-carry step, the CA's two parts
// and half a Philox round.
var ArithmeticOps = []ArithmeticOp{
	{"fp32 subtract-with-carry step (RANLUX)", "ALU_SWC", 6},
	{"int32 bit select x^(m&(x^y)) (the CA's rule)", "ALU_SEL", 3},
	{"int32 ring rotation word (the CA's neighbours)", "ALU_ROT", 4},
	{"32x32->64 multiply and two xors (half a Philox round)", "ALU_MUL", 3},
}

// aluChains and aluStepsPerPass are the kernel's chains per invocation and
// steps of each per loop pass.
const aluChains, aluStepsPerPass = 8, 8

// ArithmeticRate is one op's measured GLSL operations per second.
type ArithmeticRate struct {
	Op      string  `json:"op"`
	OpsPerS float64 `json:"ops_per_s"`
}

// ArithmeticCeilings times each of ArithmeticOps over size.SumInvocations
// invocations (the consumed bench's), passes loop passes each.
func ArithmeticCeilings(ctx *gpu.Context, size BenchSize, passes int) ([]ArithmeticRate, error) {
	n := size.SumInvocations
	out, err := ctx.NewBuffer(n*4, nil)
	if err != nil {
		return nil, err
	}
	defer out.Delete()
	var rates []ArithmeticRate
	for _, op := range ArithmeticOps {
		p, err := aluProgram(ctx, op, out, n, passes)
		if err != nil {
			return nil, err
		}
		total, reps, err := repeat(size, func() (time.Duration, error) {
			return ctx.Time(func() error {
				for k := 0; k < size.Batch; k++ {
					if err := ctx.Dispatch(p, n); err != nil {
						return err
					}
				}
				return nil
			})
		})
		if err != nil {
			return nil, err
		}
		ops := float64(reps*size.Batch) * float64(n) * float64(passes*aluChains*aluStepsPerPass*op.OpsPerStep)
		rates = append(rates, ArithmeticRate{Op: op.Name, OpsPerS: ops / total.Seconds()})
	}
	return rates, nil
}

// aluProgram builds op's kernel and sets it up to write n results to out.
func aluProgram(ctx *gpu.Context, op ArithmeticOp, out *gpu.Buffer, n, passes int) (*gpu.Program, error) {
	if loops := passes*(aluStepsPerPass+1) + 1 + aluChains + 1; loops > shaders.LoopBudget {
		return nil, fmt.Errorf("%d passes pass the loop budget", passes)
	}
	src, err := shaders.Build("alu_ceiling.comp", "", map[string]string{op.Define: "1"})
	if err != nil {
		return nil, err
	}
	p, err := ctx.Compute(src)
	if err != nil {
		return nil, err
	}
	out.Bind(shaders.RNGOutBinding)
	p.SetUint("invocations", uint32(n))
	p.SetUint("passes", uint32(passes))
	return p, nil
}

// aluReference is what invocation i of op's kernel writes after passes
// passes: the chains in Go, step for step.
func aluReference(op ArithmeticOp, i uint32, passes int) uint32 {
	var x [aluChains + 1]uint32
	var f, carry [aluChains + 1]float32
	for k := range x {
		x[k] = i*0x9E3779B9 + uint32(k)
		f[k] = float32((i*8+uint32(k))&0xFFFFFF) * (1.0 / 16777216.0)
	}
	for p := 0; p < passes*aluStepsPerPass; p++ {
		for k := 0; k < aluChains; k++ {
			n := (k + 1) % aluChains
			switch op.Define {
			case "ALU_SWC":
				d := f[k] - f[aluChains] - carry[k]
				carry[k] = 0
				if d < 0 {
					d, carry[k] = d+1, 1.0/16777216.0
				}
				f[k] = d
			case "ALU_SEL":
				x[k] ^= x[aluChains] & (x[k] ^ x[n])
			case "ALU_ROT":
				x[k] = x[k]<<13 | (x[n]>>1)>>18
			case "ALU_MUL":
				hi, lo := bits.Mul32(0xD2511F53, x[k])
				x[k] = hi ^ lo ^ x[n]
			}
		}
	}
	if op.Define == "ALU_SWC" {
		sum := f[0]
		for k := 1; k < aluChains; k++ {
			sum += f[k]
		}
		return math.Float32bits(sum)
	}
	r := x[0]
	for k := 1; k < aluChains; k++ {
		r ^= x[k]
	}
	return r
}
