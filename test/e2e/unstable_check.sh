#!/usr/bin/env bash
# unstable_check.sh: an unstable run stops before any output holds its blow-up.
#
#   test/e2e/unstable_check.sh WORKDIR DECK
#
# Runs DECK on 1 and 2 ranks (UNSTABLE_NPS) with SW4LITE_BIN (default sw4lite). Each run must
# exit with status 1 and write exactly one line on stderr (over all ranks) naming a blow-up
# ("NaN", "an infinite value" or "a blow-up (|u| = ...") at a grid point after a time step,
# and stdout must hold no report (solver phase, figure of merit). The lines must be identical:
# the decision is the solution's, not the decomposition's. What the run wrote:
#   - no receiver file (the decks used here write their receivers at the end only, which the
#     stop must come before);
#   - images (SW4 image files of one double-precision patch) only of steps before the step
#     the line names, each value no larger than the bound the line names (an image of a step
#     the check did not look at can hold anything: 1.5e24 against a bound of 1.24e12 was seen).
set -u
[ $# -ge 2 ] || { echo "usage: $0 WORKDIR DECK" >&2; exit 2; }
work=$1 deck=$2
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/stop_helpers.sh"
case $deck in /*) ;; *) deck=$PWD/$deck ;; esac
rm -rf "$work" && mkdir -p "$work" || exit 2
nps=${UNSTABLE_NPS:-1 2}
ok=1
for np in $nps; do
  d=$work/np$np
  stop_run "$d" "$np" "${SW4LITE_BIN:-sw4lite}" "$deck" unstable_check
  grep -Eq '^sw4lite: (NaN|an infinite value|a blow-up \(\|u\| = [^ ]+, [^)]*\)) in component [1-3] at grid point \([0-9-]+,[0-9-]+,[0-9-]+\).* after time step [0-9]+ \(t=' "$d/stderr" ||
    { echo "FAILED: the line does not name a blow-up, the grid point and the time step"; ok=0; }
  ! grep -Eq 'solver phase|Figure of merit|Total running time' "$d/stdout" ||
    { echo "FAILED: the run reported as if it had ended: $(grep -E 'solver phase' "$d/stdout")"; ok=0; }
  stop=$(sed -n 's/.* after time step \([0-9]*\) .*/\1/p' "$d/stderr" | head -n 1)
  bound=$(sed -n 's/.*beyond the bound \([^ ]*\) that.*/\1/p' "$d/stderr" | head -n 1)
  while IFS= read -r f; do
    case $f in
      *.sw4img)
        step=$(basename "$f" | sed -n 's/.*\.cycle=0*\([0-9][0-9]*\)\..*/\1/p')
        [ -n "$stop" ] && [ "${step:-0}" -lt "$stop" ] ||
          { echo "FAILED: $f is of step $step, not before the stop at step $stop"; ok=0; }
        [ -z "$bound" ] && continue
        vals=$(od -A n -t f8 -v -j 101 "$f") && [ -n "$vals" ] ||
          { echo "FAILED: cannot read the values of $f"; ok=0; continue; }
        echo "$vals" | awk -v b="$bound" -v f="$f" \
          '{ for (i = 1; i <= NF; ++i) { v = $i + 0; if (v < 0) v = -v; if ($i ~ /nan|inf/ || v > b + 0) { print "FAILED: " f " holds " $i ", beyond the bound " b; bad = 1; exit } } }
           END { exit bad }' || ok=0 ;;
      *.png) ;;
      *) echo "FAILED: the run wrote $f (a receiver's file: the stop must come first)"; ok=0 ;;
    esac
  done < <(find "$d/run" -type f | sort)
done
set -- $nps
for np in "$@"; do
  same_stop_line "$work/np$1" "$work/np$np" || { echo "FAILED: $1 and $np ranks stop with different lines"; ok=0; }
done
[ $ok -eq 1 ] || { echo "---- stdout of the $np-rank run"; tail -n 20 "$work/np$np/stdout"; exit 1; }
exit 0
