#!/usr/bin/env bash
# setup_warnings.sh: the set-up's warnings about a CFL number above its limit and about outputs
# that are never written (cfl_stability.hpp, output_schedule.hpp), where they must and must not
# appear.
#
#   test/e2e/setup_warnings.sh WORKDIR
#
# 1. No deck the project ships, compares with the original or runs in its tests (inputs/*.in,
#    test/reference/*/*.in, test/e2e/*.in) gets either warning or is refused by --check, but
#    the decks unstable on purpose (cfl-warning.in here, image-unstable.in for the solution
#    check's test/e2e/unstable_check.sh).
# 2. test/e2e/cfl-warning.in (cfl=1.5, 12 steps: unstable, but too short for rounding to reach
#    the solution's size) warns with one line naming its developer line, in --check and in the
#    run, and the run goes on to exit 0.
# 3. test/e2e/never-written.in (images and a checkpoint after the run's last step, a receiver
#    with no format) warns once per line, naming it, in --check and in the run, and the run
#    exits 0 and writes none of those files.
# SW4LITE_BIN picks the binary (sw4lite-onesided).
set -u
[ $# -eq 1 ] || { echo "usage: $0 WORKDIR" >&2; exit 2; }
work=$1
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
bin=$root/${SW4LITE_BIN:-sw4lite}
rm -rf "$work" && mkdir -p "$work/run" || exit 2
ok=1
pattern='warning: developer|never written'
for deck in "$root"/inputs/*.in "$root"/test/reference/*/*.in "$root"/test/e2e/*.in; do
  name=$(basename "$deck")
  case $name in cfl-warning.in|never-written.in|image-unstable.in) continue ;; esac
  out=$work/check-$name.out
  (cd "$work/run" && OMP_NUM_THREADS=1 "$root/tools/mpirun.sh" 1 "$bin" --check "$deck" >"$out" 2>&1)
  grep -q "check passed" "$out" || { echo "FAILED: $name: --check did not pass"; tail -n 3 "$out"; ok=0; }
  if grep -Eq "$pattern" "$out"; then echo "FAILED: $name warns:"; grep -E "$pattern" "$out"; ok=0; fi
done
# run DECK MODE: --check or a run of DECK on 2 ranks in WORKDIR/NAME-MODE; exit status in rc.
run() {
  local deck=$1 mode=$2 d
  d=$work/$(basename "$deck" .in)-$mode
  mkdir -p "$d/run" "$d/err"
  local opt=(); [ "$mode" = check ] && opt=(--check)
  (cd "$d/run" && "$root/tools/mpirun.sh" 2 bash "$root/test/e2e/rank_stderr.sh" "$d/err" "$bin" "${opt[@]}" \
     "$root/test/e2e/$deck" >"$d/stdout" 2>"$d/launcher-stderr")
  rc=$?
  cat "$d"/err/stderr.* >"$d/stderr" 2>/dev/null
  echo "$deck, $mode: exit $rc"; grep "warning" "$d/stdout"; cat "$d/stderr"
  [ $rc -eq 0 ] || { echo "FAILED: $deck, $mode: exit status $rc (expected 0)"; ok=0; }
  [ ! -s "$d/stderr" ] || { echo "FAILED: $deck, $mode: wrote on stderr"; ok=0; }
  out=$d/stdout
}
# expect COUNT TEXT: COUNT lines of the last run's stdout hold TEXT
expect() {
  [ "$(grep -cF -- "$2" "$out")" -eq "$1" ] || { echo "FAILED: not $1 line(s) holding '$2'"; ok=0; }
}
for mode in check run; do
  run cfl-warning.in $mode
  expect 1 "cfl-warning.in:8: warning: developer: cfl=1.5 is unstable: the CFL number"
  expect 1 "grows about 2.81x per step"
  expect 1 "warning:"
  run never-written.in $mode
  expect 1 "never-written.in:10: warning: image: never written: cycle=750 asks for a step after the run's last, 12"
  expect 1 "never-written.in:11: warning: image: never written: time=1.7e+308 asks for a step after"
  expect 1 "never-written.in:13: warning: checkpoint: never written: cycle=750 asks for a step after"
  expect 1 "never-written.in:15: warning: rec: silent is never written: usgsformat=0 and sacformat=0"
  expect 4 "warning:"
done
d=$work/never-written-run/run/never-written-results
written=$(ls "$d" 2>/dev/null)
[ "$written" = "$(printf 'heard.x\nheard.y\nheard.z\nsnap.cycle=06.y=1000.ux.png\nsnap.cycle=06.y=1000.ux.sw4img')" ] ||
  { echo "FAILED: the run wrote: $written"; ok=0; }
[ $ok -eq 1 ]
