// The loop budget. Mesa's llvmpipe keeps ONE counter of loop passes for all
// the loops of a shader and silently ends every loop once it reaches 65,535
// (LP_MAX_TGSI_LOOP_ITERATIONS); the shader then goes on with whatever it has.
// Measured here: `rng dump --gen ca --ca-steps 64` went wrong at value 992 =
// 65,536 / 66 (a loop of n passes costs n + 1, its enclosing pass one more).
// The counter belongs to a SIMD bundle of invocations run together, and loops
// are entered (and counted) for lanes that are masked off too, so a branch not
// taken still pays for the loops inside it. Small constant loops that the
// compiler unrolls cost nothing, but no kernel relies on that.
//
// So every kernel bounds the loop passes of one dispatch by LOOP_BUDGET
// (shaders.LoopBudget in Go, shaders/constants.go), counting a loop of n passes as n + 1
// and both sides of a branch, and carries longer work to the next dispatch in
// its state buffers: dumps, draws and the CA's warm-up (render/rng.go, lab/dump.go),
// streamlines (render/streamlines.go). Where work cannot be split (a photon's
// path), the kernel counts its passes and the render refuses to go on past
// the budget (render/sppm.go). RNG_LOOPS_PER_DRAW, RNG_LOOPS_PER_INIT and
// RNG_LOOPS_WARMUP (from rng.Instance's Loops, checked against what llvmpipe
// counts by TestLoopsBoundMeasured) bound one draw, one seeding and one
// warm-up step.
