#!/usr/bin/env bash
# check_finds.sh: a mistake that only the run's setup can see (not the parser) is found by
# --check as well as by the run, before the first step: both exit with status 1, print one
# line on stderr that holds TEXT, and leave nothing behind.
#
#   test/e2e/check_finds.sh NP DECK TEXT WORKDIR [OPTION...]
#
# Why built so: --check is worth running only if it finds every error a run can meet from its
# deck and its options (else a run can fail after a clean --check); the one-sided binary once
# checked its partitions only when it ran. Each
# run happens in an empty directory; SW4LITE_BIN picks the binary, OPTIONs go before the deck.
set -u
[ $# -ge 4 ] || { echo "usage: $0 NP DECK TEXT WORKDIR [OPTION...]" >&2; exit 2; }
np=$1 deck=$2 text=$3 work=$4; shift 4
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
case $deck in /*) ;; *) deck=$root/$deck ;; esac
rm -rf "$work" && mkdir -p "$work" || exit 2
ok=1
for mode in check run; do
  d=$work/$mode
  mkdir -p "$d/run" "$d/err"
  opts=("$@")
  [ $mode = check ] && opts=(--check "$@")
  (cd "$d/run" && "$root/tools/mpirun.sh" "$np" bash "$root/test/e2e/rank_stderr.sh" "$d/err" \
     "$root/${SW4LITE_BIN:-sw4lite}" "${opts[@]}" "$deck" >"$d/stdout" 2>"$d/launcher-stderr")
  rc=$?
  cat "$d"/err/stderr.* >"$d/stderr" 2>/dev/null
  echo "check_finds: $mode, $np rank(s): exit $rc; stderr:"; cat "$d/stderr"
  [ $rc -eq 1 ] || { echo "FAILED: $mode: exit status $rc (expected 1)"; ok=0; }
  [ "$(wc -l <"$d/stderr")" -eq 1 ] || { echo "FAILED: $mode: not exactly 1 line on stderr"; ok=0; }
  grep -Fq -- "$text" "$d/stderr" || { echo "FAILED: $mode: the line does not hold '$text'"; ok=0; }
  [ -z "$(ls -A "$d/run")" ] || { echo "FAILED: $mode: left files behind: $(ls -A "$d/run")"; ok=0; }
done
[ $ok -eq 1 ] || exit 1
exit 0
