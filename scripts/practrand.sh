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
# Writes OUTDIR/G-ORDER.log (PractRand's output) and OUTDIR/practrand.csv:
# generator,order,format,bytes_tested,result,first_failure
# (result: FAIL at bytes_tested, or pass: no FAIL up to bytes_tested).
set -u
speckle=$1 rngtest=$2 out=$3 maxlen=$4 seconds=$5
shift 5
gens=${*:-rand48 ranlux lehmer ca pcg32 philox randu}
mkdir -p "$out"
for g in $gens; do
  case $g in rand48 | ranlux | randu) fmt=packed ;; *) fmt=u32 ;; esac
  for order in stream consumed; do
    if [ $order = stream ]; then
      src="$speckle rng dump --gen $g --format $fmt --device cpu --streams 1 --count 0"
    else
      src="$speckle rng dump --gen $g --format $fmt --device cpu --streams 1024 --order interleaved --count 0"
    fi
    (echo "# $src | $rngtest stdin32 -tlmin 1KB -tlmax $maxlen" >"$out/$g-$order.log"
      timeout "$seconds" nice -n 10 sh -c "$src 2>/dev/null | $rngtest stdin32 -tlmin 1KB -tlmax $maxlen" >>"$out/$g-$order.log" 2>&1) &
  done
done
wait
echo "generator,order,format,bytes_tested,result,first_failure" >"$out/practrand.csv"
for g in $gens; do
  case $g in rand48 | ranlux | randu) fmt=packed ;; *) fmt=u32 ;; esac
  for order in stream consumed; do
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
