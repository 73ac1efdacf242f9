#!/bin/sh
# The renderer-order figures of docs/lab.md, on a GPU: rng test --order
# renderer at a GPU render's 2^20 photons an iteration (every generator; Sobol
# with fewer slots, its blocks holding whole photons), the eye pass of a
# 1280x720 render, and PractRand on one photon slot's draws (ORDERS=renderer
# scripts/practrand.sh), all at once: the battery on the GPU, PractRand on the
# CPUs.
#   scripts/renderer-order.sh SPECKLE RNG_TEST OUTDIR SECONDS
set -u
speckle=$1 rngtest=$2 out=$3 seconds=$4
mkdir -p "$out"
ORDERS=renderer sh "$(dirname "$0")/practrand.sh" "$speckle" "$rngtest" "$out/practrand" 64GB "$seconds" rand48 philox pcg32 >"$out/practrand.txt" 2>&1 &
t() { # NAME ARGS...: one rng test run, its table, JSON and grid
  name=$1; shift
  echo "# speckle rng test --order renderer --scene cornell --photons-per-iteration 2^20 $*" >"$out/$name.txt"
  "$speckle" rng test --order renderer --scene cornell --photons-per-iteration 2^20 "$@" \
    --json-file "$out/$name.json" --out "$out/$name.png" >>"$out/$name.txt" 2>&1
}
t photon --gens rand48,philox,pcg32,lehmer,ca,ranlux --numbers 2^33 --streams 32768 --samples 128 --lags 12
t photon-sobol --gens sobol,sobol:seed=0 --numbers 2^31 --streams 4096 --samples 128 --lags 12
t eye --pass eye --size 1280x720 --gens rand48,lehmer,pcg32,philox,sobol,sobol:sobol-pixels=shared --numbers 2^30 --streams 4096 --samples 128 --lags 4
wait
