#!/bin/sh
# Fuzzes each target for $FUZZTIME: scripts/fuzz.sh GO pkg:Target ...
#
# Go's fuzzing coordinator can fail a target with a bare "context deadline
# exceeded" when -fuzztime runs out, having found nothing and written no
# input (a race between the deadline's parent and child contexts in
# internal/fuzz). Such a run is tried again, up to twice; a real failure
# always names the input it wrote under testdata/fuzz/.
set -u
go=$1; shift
for t in "$@"; do
  pkg=${t%%:*} target=${t#*:}
  for try in 1 2 3; do
    if out=$("$go" test -run '^$' -fuzz "^$target\$" -fuzztime "$FUZZTIME" -fuzzminimizetime 1s "$pkg" 2>&1); then
      echo "fuzzed $target ($pkg) for $FUZZTIME: $(echo "$out" | grep -o 'execs: [0-9]*' | tail -1 | cut -d' ' -f2) inputs, no failure"
      break
    fi
    if echo "$out" | grep -q 'Failing input written to' || ! echo "$out" | grep -qx '    context deadline exceeded' || [ $try = 3 ]; then
      echo "$out"
      input=$(echo "$out" | sed -n 's/.*Failing input written to //p' | head -1)
      echo "fuzzing $target in $pkg failed${input:+: the input is $pkg/$input; go test -run $target/${input##*/} $pkg reproduces it}"
      exit 1
    fi
    echo "fuzzing $target ($pkg): Go's fuzz coordinator stopped with a bare deadline error and no input (its known race); again"
  done
done
