// The loop budget. Mesa's llvmpipe keeps ONE counter per shader invocation for
// all its loops together and silently ends every loop once it reaches 65,535
// (LP_MAX_TGSI_LOOP_ITERATIONS; measured: `rng dump --gen ca --ca-steps 64`
// went wrong at value 992 = 65,536 / 66, since a loop of n passes costs n + 1
// and its enclosing pass one more). Small constant loops that the compiler
// unrolls cost nothing, but no kernel may rely on that.
//
// So every kernel bounds the loop passes one invocation makes in one
// dispatch by LOOP_BUDGET (counting n + 1 for a loop of n passes, an upper
// bound of what Mesa counts), and carries longer work to the next dispatch
// in its state buffers. RNG_LOOPS_PER_DRAW and RNG_LOOPS_PER_INIT (defined
// for every program built with a generator, render.RNG.Program, from
// rng.Instance's Loops) bound what one rng_u32/rng_f32/rng_dump_f32 call and
// one rng_init call cost.
#define LOOP_BUDGET 60000u
