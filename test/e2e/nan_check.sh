#!/usr/bin/env bash
# nan_check.sh: a run that blows up stops with one line naming the step and the grid point.
#
#   test/e2e/nan_check.sh WORKDIR [DECK]
#
# Runs DECK (default test/e2e/blowup.in: thin super-grid layers, checkfornan=1) on 1 and 2 ranks.
# Each run must exit with status 1 and write exactly one line on stderr (over all ranks) that
# names the step and the grid point: "... NaN|infinite|blow-up ... grid point (i,j,k) ... time
# step N ...". The lines must be identical (with fast math, but for the point: same_stop_line): the
# first bad value is a property of the solution, not of the decomposition (every point is
# computed by the same arithmetic whoever owns it, and every rank looks at the same steps). No
# receiver file the run wrote may hold a NaN, an infinity or a number beyond 1e30 (the look at U
# comes before a step's files are written). Nothing may follow on stdout after the last progress
# line (no report, no timing table, no runtime statistics): the stop is the run's last word.
# SW4LITE_BIN picks the binary (sw4lite-onesided), NAN_NPS the rank counts (default "1 2"),
# NAN_DEVELOPER adds a developer line to the deck (migrate=1).
set -u
[ $# -ge 1 ] || { echo "usage: $0 WORKDIR [DECK]" >&2; exit 2; }
work=$1
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/stop_helpers.sh"
deck=${2:-$root/test/e2e/blowup.in}
case $deck in /*) ;; *) deck=$PWD/$deck ;; esac
rm -rf "$work" && mkdir -p "$work" || exit 2
if [ -n "${NAN_DEVELOPER:-}" ]; then
  { cat "$deck"; echo "developer $NAN_DEVELOPER"; } >"$work/deck.in"
  deck=$work/deck.in
fi
nps=${NAN_NPS:-1 2}
ok=1
for np in $nps; do
  d=$work/np$np
  stop_run "$d" "$np" "${SW4LITE_BIN:-sw4lite}" "$deck" nan_check
  grep -Eq '(NaN|infinite value|blow-up).*grid point \([0-9]+,[0-9]+,[0-9]+\).*time step [0-9]+' "$d/stderr" ||
    { echo "FAILED: the line does not name the grid point (i,j,k) and the time step"; ok=0; }
  tail -n 1 "$d/stdout" | grep -Eq '^Time step [0-9]+ t= ' ||
    { echo "FAILED: stdout goes on after the last progress line: $(tail -n 1 "$d/stdout")"; ok=0; }
  for f in $(find "$d/run" -name '*.txt'); do
    awk '!/^#/ { for (i = 1; i <= NF; ++i) { v = $i + 0; if ($i ~ /nan|inf/ || v > 1e30 || v < -1e30) bad = 1 } }
         END { exit bad }' "$f" || { echo "FAILED: $f holds a NaN, an infinity or a value beyond 1e30"; ok=0; }
  done
done
set -- $nps
for np in "$@"; do
  same_stop_line "$work/np$1" "$work/np$np" || { echo "FAILED: $1 and $np ranks report different first bad values"; ok=0; }
done
[ $ok -eq 1 ] || { echo "---- stdout of the $np-rank run"; tail -n 20 "$work/np$np/stdout"; exit 1; }
exit 0
