#!/usr/bin/env bash
# run_deck.sh: run one deck end to end in a fresh directory of its own, for test/checks/e2e.sh.
#
#   test/e2e/run_deck.sh NP DECK RUNDIR [EXPECTED_LINE]
#
# Why built so: every run of the end-to-end checks starts from an empty RUNDIR (the deck's
# fileio path is relative, so its outputs land inside RUNDIR and runs never see each other's
# files), keeps the program's stdout and stderr there (RUNDIR/stdout, RUNDIR/stderr) for the
# comparisons that follow, and fails loudly: a non-zero exit status or a missing EXPECTED_LINE
# (compared as a whole line, byte for byte) fails the check and prints what the program said,
# which the test log keeps. With SW4LITE_NORMS_REL=R an EXPECTED_LINE of error norms ("Errors at
# time T Linf = A L2 = B norm of solution = C") is met by a line of the same time whose three
# numbers are within R relative of A, B, C (the single build against the published double
# norms: docs/user-guide.md, "Single precision"). DECK is given relative to the repository
# root; the program reads it by its absolute path, so that files the deck names (a Discrete
# sample file) are found beside it.
set -u
[ $# -ge 3 ] || { echo "usage: $0 NP DECK RUNDIR [EXPECTED_LINE]" >&2; exit 2; }
np=$1 deck=$2 rundir=$3 expect=${4:-}
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
case $deck in /*) ;; *) deck=$root/$deck ;; esac
[ -f "$deck" ] || { echo "run_deck: no deck $deck" >&2; exit 2; }

rm -rf "$rundir" && mkdir -p "$rundir" && cd "$rundir" || exit 2
start=${EPOCHREALTIME:-$(date +%s)}
# SW4LITE_BIN picks the binary (sw4lite-onesided), SW4LITE_ARGS adds options (--partitions N).
# shellcheck disable=SC2086
"$root/tools/mpirun.sh" "$np" "$root/${SW4LITE_BIN:-sw4lite}" ${SW4LITE_ARGS:-} "$deck" >stdout 2>stderr
rc=$?
echo "run_deck: ${SW4LITE_BIN:-sw4lite} ${SW4LITE_ARGS:-}, $np rank(s), $(basename "$deck"): exit $rc after $(echo "$start ${EPOCHREALTIME:-$(date +%s)}" | awk '{printf "%.1f", $2 - $1}') s in $rundir"

fail() {
  echo "FAILED: $*"
  echo "---- stdout (last 30 lines)"; tail -n 30 stdout
  echo "---- stderr"; cat stderr
  exit 1
}
[ $rc -eq 0 ] || fail "exit status $rc (expected 0)"
# stderr may hold an MPI installation's own warnings, so it is shown, not judged.
if [ -s stderr ]; then echo "run_deck: stderr:"; cat stderr; fi
if [ -n "$expect" ] && [ -n "${SW4LITE_NORMS_REL:-}" ]; then
  got=$(grep -a '^Errors at time' stdout | tail -n 1)
  echo "$expect|$got" | awk -F'|' -v r="$SW4LITE_NORMS_REL" '{ n = split($1, e, " "); m = split($2, g, " ")
    if (n != 15 || m != 15 || e[4] != g[4]) exit 1
    split("7 10 15", at, " "); for (k = 1; k <= 3; ++k) { i = at[k]; d = g[i] / e[i] - 1; if (d > r || d < -r) exit 1 } }' ||
    fail "no error norms within $SW4LITE_NORMS_REL of '$expect' in stdout (found: ${got:-none})"
  echo "run_deck: printed '$got', within $SW4LITE_NORMS_REL of '$expect'"
elif [ -n "$expect" ]; then
  grep -Fxq -- "$expect" stdout || fail "no line '$expect' in stdout (found: $(grep -a '^Errors' stdout))"
  echo "run_deck: printed '$expect'"
fi
exit 0
