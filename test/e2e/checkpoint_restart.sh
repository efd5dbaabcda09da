#!/usr/bin/env bash
# checkpoint_restart.sh: restart a killed run (checkpoint_kill.sh) and compare its outputs with
# an uninterrupted run's, byte for byte.
#
#   test/e2e/checkpoint_restart.sh NP BINARY KILLDIR CHECKPOINT REFOUT WORKDIR
#
# KILLDIR is copied to WORKDIR (so that several restarts from one killed run do not meet), its
# deck gets `restart file=CHECKPOINT` (CHECKPOINT: a file name; it is looked for under WORKDIR;
# CKPT_RESTART_KEYS adds keys to that line, e.g. bufsize=1 for reads in many collective rounds),
# and the run must end well, print "starting at time T at cycle K+1", and leave in the output
# directory exactly the files of REFOUT (the uninterrupted run's output directory), each
# identical (cmp); checkpoint files are not compared. Why built so: the contract is that a
# restarted run gives exactly the files an uninterrupted run gives, on any number of ranks and
# in either binary, so the comparison is cmp of every file, as for the rank-count identity.
set -u
[ $# -eq 6 ] || { echo "usage: $0 NP BINARY KILLDIR CHECKPOINT REFOUT WORKDIR" >&2; exit 2; }
np=$1 bin=$2 killdir=$3 ck=$4 ref=$5 work=$6
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
[ -d "$killdir" ] && [ -d "$ref" ] || { echo "FAILED: no $killdir or no $ref"; exit 1; }
rm -rf "$work" && cp -r "$killdir" "$work" && cd "$work" || exit 2
file=$(find . -name "$ck" | head -n 1)
[ -n "$file" ] || { echo "FAILED: no checkpoint $ck in $killdir"; exit 1; }
file=${file#./}
out=$(dirname "$file")
cycle=$(echo "$ck" | sed 's/.*\.cycle=0*\([0-9][0-9]*\)\.sw4checkpoint$/\1/')
{ cat deck.in; echo "restart file=$file ${CKPT_RESTART_KEYS:-}"; } >restart.in
"$root/tools/mpirun.sh" "$np" "$root/$bin" restart.in >stdout 2>stderr
rc=$?
echo "checkpoint_restart: $bin on $np rank(s) from $file: exit $rc"
fail() { echo "FAILED: $*"; echo "---- stdout"; tail -n 20 stdout; echo "---- stderr"; cat stderr; exit 1; }
[ $rc -eq 0 ] || fail "exit status $rc (expected 0)"
grep -Eq "^starting at time [^ ]+ at cycle $((cycle + 1))\$" stdout || fail "no line 'starting at time T at cycle $((cycle + 1))'"
la=$(cd "$ref" && find . -type f ! -name '*.sw4checkpoint*' | sort)
lb=$(cd "$out" && find . -type f ! -name '*.sw4checkpoint*' | sort)
[ "$la" = "$lb" ] || { diff <(echo "$la") <(echo "$lb"); fail "the output directories hold different files"; }
n=$(echo "$la" | grep -c .)
[ "$n" -gt 0 ] || fail "no output files"
bad=0
while IFS= read -r f; do cmp -- "$ref/$f" "$out/$f" || bad=$((bad + 1)); done <<<"$la"
[ $bad -eq 0 ] || fail "$bad of $n files differ from the uninterrupted run's"
echo "checkpoint_restart: $n files identical to the uninterrupted run's"
exit 0
