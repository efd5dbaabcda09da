#!/usr/bin/env bash
# checkpoint_kill.sh: a run that writes checkpoints and is killed (SIGKILL on every rank), for
# the restart checks of test/checks/checkpoint.sh.
#
#   test/e2e/checkpoint_kill.sh NP BINARY DECK WORKDIR KILL CHECKPOINT_LINE [DECK_LINE...]
#
# WORKDIR gets deck.in (DECK, the extra DECK_LINEs, CHECKPOINT_LINE) with the sample files that
# lie beside DECK, and the run in it with SW4LITE_CHECKPOINT_KILL=KILL (checkpoint_run.hpp):
# after:K kills every rank once the K-th checkpoint is complete, half:K half-way through
# writing it. The run must die, and leave exactly one complete checkpoint (the previous ones
# are removed once a newer one is complete) and, after half:K, the half-written K-th one as
# NAME.tmp only. Why built so: killing at a chosen checkpoint is deterministic, where a kill
# from outside after the file appears would race with the run's next steps.
set -u
[ $# -ge 6 ] || { echo "usage: $0 NP BINARY DECK WORKDIR KILL CHECKPOINT_LINE [DECK_LINE...]" >&2; exit 2; }
np=$1 bin=$2 deck=$3 work=$4 kill=$5 ckline=$6; shift 6
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
case $deck in /*) ;; *) deck=$root/$deck ;; esac
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
for f in "$(dirname "$deck")"/*.txt; do [ -f "$f" ] && cp "$f" .; done
{ cat "$deck"; for l in "$@"; do echo "$l"; done; echo "$ckline"; } >deck.in
SW4LITE_CHECKPOINT_KILL=$kill "$root/tools/mpirun.sh" "$np" "$root/$bin" deck.in >stdout 2>stderr
rc=$?
complete=$(find . -name '*.sw4checkpoint' | sort)
partial=$(find . -name '*.sw4checkpoint.tmp' | sort)
echo "checkpoint_kill: $bin on $np rank(s), SW4LITE_CHECKPOINT_KILL=$kill: exit $rc"
echo "  complete: ${complete:-none}"; echo "  partial:  ${partial:-none}"
ok=1
[ $rc -ne 0 ] || { echo "FAILED: the run was not killed (exit 0)"; ok=0; }
[ "$(echo "$complete" | grep -c .)" -eq 1 ] || { echo "FAILED: expected exactly one complete checkpoint"; ok=0; }
case $kill in
  half:*) [ "$(echo "$partial" | grep -c .)" -eq 1 ] || { echo "FAILED: expected one NAME.tmp"; ok=0; } ;;
  *) [ -z "$partial" ] || { echo "FAILED: a NAME.tmp is left"; ok=0; } ;;
esac
[ $ok -eq 1 ] || { echo "---- stdout"; tail -n 20 stdout; echo "---- stderr"; tail -n 20 stderr; exit 1; }
exit 0
