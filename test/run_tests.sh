#!/usr/bin/env bash
# The test driver of `make check` and `make test`. Each file test/checks/*.sh lists checks with
# two helpers:
#   gtest_check NAME NP TIMEOUT BINARY [ARGS...]   a GoogleTest binary under mpirun -np NP;
#                                                  every test case counts once
#   cmd_check   NAME TIMEOUT COMMAND [ARGS...]     passes when the command exits 0; exit 77
#                                                  (automake's convention) counts as skipped:
#                                                  the machine cannot run it (disk_full.sh
#                                                  needs to mount a tmpfs: root)
# A check that runs past TIMEOUT seconds is killed and counts as failed ("hang"). Logs go to
# build/test-logs/, each check's seconds to build/test-logs/times.txt. Arguments name the check
# files to run (default: all). The last line is "N passed, N failed" (", N skipped" when any
# were).
#   make check   every file, every configuration (bash test/run_tests.sh)
#   make test    QUICK=1 on the files the Makefile names (QUICK_CHECKS): a file reads it through
#                quick() and runs one configuration of each kind instead of its whole matrix
#                (one or two rank counts, one thread count, each binary once), so that a
#                newcomer's first `make test` covers every feature in minutes.
set -u
cd "$(dirname "$0")/.."
export SW4LITE_ROOT=$PWD
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}   # reproducible receiver headers
# One thread per rank unless a check asks for more (threads.sh does): the checks run up to 4
# ranks on 2 cores, and OpenMP's default of a thread per core per rank made oversubscribed
# runs spin at barriers (a 3-rank one-sided run took 95 s instead of 10).
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}
export GTEST_COLOR=no   # mpirun gives programs a terminal; colour codes would hide the counts
logdir=build/test-logs
mkdir -p "$logdir"
: >"$logdir/times.txt"
passed=0; failed=0; skipped=0
failures=()

quick() { [ "${QUICK:-0}" = 1 ]; }  # make test's one configuration of each kind (above)
quick && echo "QUICK=1 (make test): one configuration of each kind; make check runs them all"

_log() { echo "$logdir/$(printf '%s' "$1" | tr -c 'A-Za-z0-9_.-' '_').log"; }

_run() {  # TIMEOUT LOG CMD... -> exit status; 124 on timeout. Seconds go to times.txt.
  local t=$1 log=$2; shift 2
  local t0=$SECONDS rc=0
  timeout -k 10 "$t" "$@" >"$log" 2>&1 || rc=$?
  echo "$((SECONDS - t0)) $(basename "$log" .log)" >>"$logdir/times.txt"
  return $rc
}

cmd_check() {
  local name=$1 t=$2; shift 2
  local log; log=$(_log "$name")
  _run "$t" "$log" "$@"; local rc=$?
  if [ $rc -eq 0 ]; then
    passed=$((passed+1)); echo "PASS  $name"
  elif [ $rc -eq 77 ]; then
    skipped=$((skipped+1)); echo "SKIP  $name ($(tail -n 1 "$log"))"
  else
    failed=$((failed+1)); failures+=("$name")
    if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then echo "FAIL  $name (hang: killed after ${t}s; log $log)"
    else echo "FAIL  $name (exit $rc; log $log)"; fi
    tail -n 15 "$log" | sed 's/^/      | /'
  fi
}

gtest_check() {
  local name=$1 np=$2 t=$3 bin=$4; shift 4
  local log; log=$(_log "$name")
  _run "$t" "$log" tools/mpirun.sh "$np" "$bin" "$@"; local rc=$?
  local p f s
  p=$(grep -a -o '\[  PASSED  \] [0-9]*' "$log" | tail -n 1 | grep -o '[0-9]*$')
  f=$(grep -a -o '\[  FAILED  \] [0-9]* test' "$log" | tail -n 1 | grep -o '[0-9][0-9]*')
  s=$(grep -a -o '\[  SKIPPED \] [0-9]* test' "$log" | tail -n 1 | grep -o '[0-9][0-9]*')
  p=${p:-0}; f=${f:-0}; s=${s:-0}
  if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi   # crash, abort or hang: one failure
  # A run that ran no test (a --gtest_filter that matches none: a renamed test) checks nothing.
  local none=0
  if [ "$p" -eq 0 ] && [ "$f" -eq 0 ] && [ "$s" -eq 0 ]; then f=1; none=1; fi
  passed=$((passed+p)); failed=$((failed+f)); skipped=$((skipped+s))
  if [ "$f" -eq 0 ]; then
    echo "PASS  $name ($p tests${s:+, $s skipped})" | sed 's/, 0 skipped//'
  else
    failures+=("$name")
    if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then echo "FAIL  $name (hang: killed after ${t}s; log $log)"
    elif [ $none -eq 1 ]; then echo "FAIL  $name (no test ran; log $log)"
    else echo "FAIL  $name ($p passed, $f failed, exit $rc; log $log)"; fi
    grep -a -E '^\[  FAILED  \]|Failure|error|Error' "$log" | head -n 20 | sed 's/^/      | /'
  fi
}

# Arguments (optional) name the check files to run, e.g. `bash test/run_tests.sh e2e grid`.
# An argument with a slash is a path (the CI's own check files, test/ci/).
if [ $# -gt 0 ]; then files=(); for n in "$@"; do case $n in */*) files+=("$n") ;; *) files+=("test/checks/$n.sh") ;; esac; done
else files=(test/checks/*.sh); fi
for f in "${files[@]}"; do
  [ -f "$f" ] || { echo "no such check file: $f"; failed=$((failed+1)); continue; }
  # shellcheck source=/dev/null
  source "$f"
done

[ ${#failures[@]} -gt 0 ] && echo "failed: ${failures[*]}"
if [ "$skipped" -gt 0 ]; then echo "$passed passed, $failed failed, $skipped skipped"
else echo "$passed passed, $failed failed"; fi
[ "$failed" -eq 0 ]
