#!/usr/bin/env bash
# mpi_runtime_expect_abort.sh: runs one case of build/mpi_runtime_fault under mpirun and passes
# when the run fails (non-zero exit) and its output holds the runtime's one-line message.
# Usage: test/mpi_runtime_expect_abort.sh NP CASE 'expected text'
set -u
cd "$(dirname "$0")/.."
np=$1 case=$2 want=$3
out=$(tools/mpirun.sh "$np" build/mpi_runtime_fault "$case" 2>&1); rc=$?
# MPICH's launcher once in dozens of runs loses all output of a job killed by MPI_Abort
# (not even its own "Abort" line comes through): an empty failure is run once more.
if [ "$rc" -ne 0 ] && [ -z "$out" ]; then
  echo "case $case: failed with no output at all; running it once more"
  out=$(tools/mpirun.sh "$np" build/mpi_runtime_fault "$case" 2>&1); rc=$?
fi
if [ "$rc" -eq 0 ]; then
  echo "case $case: exit status 0, expected a failure"; echo "$out"; exit 1
fi
if ! grep -F -q -- "$want" <<<"$out"; then
  echo "case $case: no line containing: $want"; echo "$out"; exit 1
fi
grep -F -- "amr_runtime: rank" <<<"$out" | head -n 1
exit 0
