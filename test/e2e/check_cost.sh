#!/usr/bin/env bash
# check_cost.sh: --check says what a run will cost before it starts: grid points, steps,
# memory per rank and in all, and an estimated time with the figure of merit it rests on.
#
#   test/e2e/check_cost.sh NP DECK POINTS STEPS WORKDIR
#
# Why built so: a --check that says nothing of the cost lets a user start a half-hour run
# (LOH.1-h100) unawares. The deck's points and steps are given by the caller (counted by hand
# from the deck), so a wrong count fails; the memory must be positive and at most the total,
# and the estimate must name its basis. SW4LITE_BIN picks the binary.
set -u
[ $# -eq 5 ] || { echo "usage: $0 NP DECK POINTS STEPS WORKDIR" >&2; exit 2; }
np=$1 deck=$2 points=$3 steps=$4 work=$5
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
case $deck in /*) ;; *) deck=$root/$deck ;; esac
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
"$root/tools/mpirun.sh" "$np" "$root/${SW4LITE_BIN:-sw4lite}" --check "$deck" >stdout 2>stderr
rc=$?
line=$(grep '^Cost: ' stdout)
echo "check_cost: exit $rc: $line"
ok=1
[ $rc -eq 0 ] || { echo "FAILED: exit status $rc"; cat stderr; ok=0; }
[ "$(grep -c '^Cost: ' stdout)" -eq 1 ] || { echo "FAILED: not exactly one Cost line"; ok=0; }
case $line in
  "Cost: $points grid points x $steps steps = "*) ;;
  *) echo "FAILED: the line does not begin 'Cost: $points grid points x $steps steps = '"; ok=0 ;;
esac
echo "$line" | grep -Eq "memory about [0-9.e+-]+ GB per rank \([0-9.e+-]+ GB in all" ||
  { echo "FAILED: no memory per rank and in all"; ok=0; }
per=$(echo "$line" | sed -n 's/.*memory about \([0-9.e+-]*\) GB per rank (\([0-9.e+-]*\) GB in all.*/\1 \2/p')
awk -v p="${per% *}" -v a="${per#* }" -v np="$np" \
  'BEGIN { exit !(p > 0 && p <= a * 1.0000001 && p * np >= a * 0.9) }' ||
  { echo "FAILED: memory per rank ($per) does not fit the total on $np ranks"; ok=0; }
echo "$line" | grep -Eq "estimated time [0-9.]+ (s|min|h)[^;]* on $np ranks x [0-9]+ threads \(at [0-9.]+ M grid-point updates/s per core, measured with " ||
  { echo "FAILED: no estimated time with its basis"; ok=0; }
grep -q "check passed" stdout || { echo "FAILED: no 'check passed'"; ok=0; }
[ $ok -eq 1 ] && echo "check_cost: ok"
[ $ok -eq 1 ]
