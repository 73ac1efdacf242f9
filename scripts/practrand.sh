#!/bin/sh
# PractRand on Speckle's generators, each in its two orders: the README's table.
#
#   scripts/practrand.sh SPECKLE RNG_TEST OUTDIR MAXLEN SECONDS [GEN ...]
#
# Within a stream: one stream (`--streams 1`); consumed order: 1,024 streams
# interleaved as a dispatch reads them. Both are drawn by the Go reference
# (`--device cpu`, whose bytes equal the GPU's: tested), which leaves the GPU
# to other work and draws a single stream faster than one GPU invocation.
# Generators with fewer than 32 output bits (rand48 31, ranlux 24, randu 31)
# are fed `--format packed`, so a 32-bit battery never sees their constant
# top bits. PractRand (RNG_test stdin32, its default core tests and folding,
# a report at every power of two from 1 KB) stops at its first FAIL or at
# MAXLEN bytes (e.g. 16GB); a run still going after SECONDS is stopped and
# reports the length it reached. All runs go at once, niced (a run uses
# about two cores).
#
# ORDERS (default "stream consumed") may also name renderer: one photon slot's
# draws through a render at 2^20 photons an iteration (`rng dump --order
# renderer`: the renderer floats' 24 bits, packed), what rng test --order
# renderer tests.
#
# Writes OUTDIR/G-ORDER.log (PractRand's output) and OUTDIR/practrand.csv:
# generator,order,format,bytes_tested,result,first_failure
# (result: FAIL at bytes_tested, or pass: no FAIL up to bytes_tested).
set -u
speckle=$1 rngtest=$2 out=$3 maxlen=$4 seconds=$5
shift 5
gens=${*:-rand48 ranlux lehmer ca pcg32 philox randu}
orders=${ORDERS:-stream consumed}
mkdir -p "$out"
format() { # the dump format a 32-bit battery reads: packed where fewer bits are drawn
  case $1/$2 in */renderer | rand48/* | ranlux/* | randu/*) echo packed ;; *) echo u32 ;; esac
}
for g in $gens; do
  for order in $orders; do
    fmt=$(format "$g" "$order")
    case $order in
      stream) src="$speckle rng dump --gen $g --format $fmt --device cpu --streams 1 --count 0" ;;
      consumed) src="$speckle rng dump --gen $g --format $fmt --device cpu --streams 1024 --order interleaved --count 0" ;;
      renderer) src="$speckle rng dump --gen $g --format $fmt --device cpu --streams 1 --order renderer --photons-per-iteration 2^20 --count 0" ;;
    esac
    (echo "# $src | $rngtest stdin32 -tlmin 1KB -tlmax $maxlen" >"$out/$g-$order.log"
      timeout "$seconds" nice -n 10 sh -c "$src 2>/dev/null | $rngtest stdin32 -tlmin 1KB -tlmax $maxlen" >>"$out/$g-$order.log" 2>&1) &
  done
done
wait
echo "generator,order,format,bytes_tested,result,first_failure" >"$out/practrand.csv"
for g in $gens; do
  for order in $orders; do
    fmt=$(format "$g" "$order")
    # The last "length= ... (2^K bytes)" line is how far it got; the first
    # line with FAIL names the failing test.
    awk -v g="$g" -v o="$order" -v f="$fmt" '
      /^length= / { if (match($0, /\(2\^[0-9]+ bytes\)/)) len = substr($0, RSTART + 1, RLENGTH - 8) }
      /FAIL/ && fail == "" { fail = $1; if (match($0, /p = *[^ ]+/)) fail = fail " " substr($0, RSTART, RLENGTH); gsub(/,/, ";", fail) }
      END { printf "%s,%s,%s,%s,%s,%s\n", g, o, f, (len == "" ? "none" : len), (fail == "" ? "pass" : "FAIL"), fail }
    ' "$out/$g-$order.log" >>"$out/practrand.csv"
  done
done
cat "$out/practrand.csv"
