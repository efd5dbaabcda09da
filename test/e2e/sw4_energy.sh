#!/usr/bin/env bash
# sw4_energy.sh: the judgements of test/checks/sw4_energy.sh on runs that run_deck.sh made.
#
#   test/e2e/sw4_energy.sh criterion FILE STEPS   SW4's test of an energy.log (below)
#   test/e2e/sw4_energy.sh falls RUNDIR           every step lowered E (the printed line)
#   test/e2e/sw4_energy.sh rate ORDER RUNDIR H... twilight's error falls at the time order
#
# Why built so: SW4's regression script judges an energy file by one rule, which is written
# here again in our own words so that its decks are judged as SW4 judges them: the file holds
# one energy a line; lines 1 to 3 are read, the third is the reference E(3); from line 4 on,
# the check fails at the first line n where (E(n) - E(n-1)) / E(3) exceeds 1e-10, and fails
# when the file has fewer than 4 lines. A fall, however large, passes (damping lowers E). Here
# the file must also hold exactly STEPS lines (one a step: a truncated file cannot pass), each a
# number. `rate` runs twilight (verify/decks/twilight-surface.in) with c = 10, so that its
# time error dominates, at the spacings H... and the time order ORDER (cfl 0.7, stable in
# both): the max-norm rate between the two finest spacings must be 1.8 to 2.6 for ORDER 2 and
# at least 3.5 for ORDER 4, so the second order is second order and no better. With
# SW4E_ATTENUATION=1 the deck is twilight with one standard linear solid
# (verify/decks/twilight-attenuation.in, also c = 10, without its super-grid stretching, which
# the second order does not take with twilight), and the memory variable's error must fall at
# the same rate.
set -u
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root" || exit 2

criterion() {  # FILE STEPS
  [ -f "$1" ] || { echo "FAILED: no file $1"; return 1; }
  awk -v want="$2" -v tol=1e-10 '
    $0 !~ /^[-+]?[0-9]\.[0-9]+e[-+][0-9]+$/ { printf "FAILED: line %d is not one number: %s\n", NR, $0; bad = 1; exit }
    NR <= 3 { e = $1 + 0; if (NR == 3) ref = e; next }
    { prev = e; e = $1 + 0; d = (e - prev) / ref; if (d > rise || NR == 4) rise = d
      if (d > tol) { printf "FAILED: line %d: E rose by %.3e of E(3) = %.17g (allowed: at most %g)\n", NR, d, ref, tol; bad = 1; exit } }
    END {
      if (bad) exit 1
      if (NR < 4) { printf "FAILED: %d lines, fewer than 4\n", NR; exit 1 }
      if (NR != want) { printf "FAILED: %d lines, the run has %d steps\n", NR, want; exit 1 }
      printf "sw4_energy: %d lines, E(3) = %.17g, largest rise in a step %.3e of E(3) (SW4 allows 1e-10)\n", NR, ref, rise
    }' "$1"
}

falls() {  # RUNDIR: run_deck.sh's directory, whose stdout has the Energy: line
  local rise
  rise=$(grep -a '^Energy:' "$1/stdout" | sed -E 's/.*rise in a step = ([^ ]+).*/\1/')
  [ -n "$rise" ] || { echo "FAILED: no Energy: line in $1/stdout"; return 1; }
  echo "sw4_energy: largest relative rise in a step $rise"
  awk -v r="$rise" 'BEGIN { exit !(r < 0) }' || { echo "FAILED: the energy rose in some step"; return 1; }
}

rate() {  # ORDER RUNDIR H...
  local order=$1 dir=$2 prev="" r="" h e
  shift 2
  mkdir -p "$dir"
  for h in "$@"; do
    local d="$dir/h$h"
    mkdir -p "$d"
    if [ "${SW4E_ATTENUATION:-0}" = 1 ]; then
      sed -e "s|@H@|$h|g" -e "s|@OUT@|$d/out|g" -e '/^supergrid/d' -e 's/ sgstretching=1//' -e 's/ c=1.3/ c=10/' \
        verify/decks/twilight-attenuation.in >"$d.in"
    else
      sed -e "s|@H@|$h|g" -e "s|@OUT@|$d/out|g" -e 's/^twilight$/twilight c=10/' verify/decks/twilight-surface.in >"$d.in"
    fi
    echo "developer cfl=0.7 time_order=$order" >>"$d.in"
    tools/mpirun.sh 2 ./sw4lite "$d.in" >"$d.log" 2>&1 || { echo "FAILED: the run at h=$h (log $d.log)"; return 1; }
    e=$(grep -a '^Errors at time' "$d.log" | tail -n 1 | sed -E 's/.*Linf = ([^ ]+) .*/\1/')
    [ -n "$e" ] || { echo "FAILED: no error line in $d.log"; return 1; }
    if [ "${SW4E_ATTENUATION:-0}" = 1 ]; then
      e="$e $(grep -a '^Errors of the memory variable' "$d.log" | tail -n 1 | sed -E 's/.*Linf = ([^ ]+) .*/\1/')"
    fi
    [ -n "$prev" ] && r=$(awk -v a="$prev" -v b="$e" 'BEGIN { split(a, x, " "); n = split(b, y, " ")
      for (i = 1; i <= n; i++) printf "%s%.3f", (i > 1 ? " " : ""), log(x[i] / y[i]) / log(2) }')
    echo "sw4_energy: time_order=$order h=$h Linf=$e${r:+ rate $r}"
    prev=$e
  done
  [ -n "$r" ] || { echo "FAILED: give at least two spacings"; return 1; }
  for x in $r; do
    if [ "$order" = 2 ]; then awk -v r="$x" 'BEGIN { exit !(r >= 1.8 && r <= 2.6) }'
    else awk -v r="$x" 'BEGIN { exit !(r >= 3.5) }'; fi || { echo "FAILED: rate $x for time_order=$order"; return 1; }
  done
}

case ${1:-} in
  criterion) [ $# -eq 3 ] && criterion "$2" "$3" ;;
  falls) [ $# -eq 2 ] && falls "$2" ;;
  rate) [ $# -ge 4 ] && rate "${@:2}" ;;
  *) echo "usage: $0 criterion FILE STEPS | falls RUNDIR | rate ORDER RUNDIR H..." >&2; exit 2 ;;
esac
