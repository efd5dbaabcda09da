#!/usr/bin/env bash
# halo_same.sh: every halo model of ./sw4lite gives the same files as sendrecv.
#
#   test/e2e/halo_same.sh NP DECK WORKDIR [MODEL...]
#
# Runs DECK on NP ranks once per model (--halo NAME; all six unless named) in WORKDIR/NAME and
# compares every output file (receivers, PointSourceErr.txt) with sendrecv's, byte for byte.
# Each run must exit 0 and print no MPI complaint about objects left at MPI_Finalize.
# Why built so: the models differ only in how the padding travels, never in what it holds
# (halo.hpp), so cmp is the right comparison; and sendrecv's files are compared with a run on
# one rank too, so an exchange that sent nothing at all could not pass by agreeing with itself.
# MPIRUN / MPIRUN_KIND (tools/mpirun.sh) pick the MPI; OMPI_MCA_* variables (a tiny eager
# limit) pass through to Open MPI's ranks. SW4LITE_BIN names the binary of the models' runs,
# SW4LITE_REF_BIN that of the sendrecv references (default: the same; test/checks/shmem.sh runs
# ./sw4lite-shmem's model against ./sw4lite's sendrecv).
set -u
[ $# -ge 3 ] || { echo "usage: $0 NP DECK WORKDIR [MODEL...]" >&2; exit 2; }
np=$1 deck=$2 work=$3; shift 3
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
bin=$root/${SW4LITE_BIN:-sw4lite}
ref=$root/${SW4LITE_REF_BIN:-${SW4LITE_BIN:-sw4lite}}
case $deck in /*) ;; *) deck=$root/$deck ;; esac
models=("$@")
[ ${#models[@]} -gt 0 ] || models=(isend neighbor rma-fence rma-pscw rma-passive)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000} OMP_NUM_THREADS=1
pattern='leak|yaksa|[Ff]inalize|still active|MPI_Abort|improperly|in flight'
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
ok=1
run() {  # run NAME NP MODEL [BINARY]: the deck's outputs in ./NAME, what it printed in ./NAME.out
  local name=$1 n=$2 model=$3 prog=${4:-$bin}
  mkdir -p "$name" && cd "$name" || exit 2
  timeout 120 "$root/tools/mpirun.sh" "$n" "$prog" --halo "$model" "$deck" >"../$name.out" 2>&1
  local rc=$?
  cd ..
  echo "halo_same: $model on $n rank(s) ($(basename "$prog")): exit $rc, $(find "$name" -type f | wc -l) files"
  [ $rc -eq 0 ] || { echo "FAILED: exit $rc"; tail -n 20 "$name.out"; ok=0; return 1; }
  if grep -Ea "$pattern" "$name.out"; then echo "FAILED: an MPI complaint (above)"; ok=0; fi
}
run one 1 sendrecv "$ref"
run sendrecv "$np" sendrecv "$ref"
n=$(find one -type f | wc -l)
[ "$n" -gt 0 ] || { echo "FAILED: no output files"; exit 1; }
bash "$root/test/e2e/same_files.sh" one sendrecv "$n" >/dev/null || {
  echo "FAILED: sendrecv on $np ranks differs from 1 rank"; ok=0; }
for m in "${models[@]}"; do
  run "$m" "$np" "$m" || continue
  if ! bash "$root/test/e2e/same_files.sh" sendrecv "$m" "$n"; then
    echo "FAILED: $m differs from sendrecv"; ok=0
  fi
done
[ $ok -eq 1 ] && echo "halo_same: ${#models[@]} model(s) identical to sendrecv on $np rank(s), $n files each"
[ $ok -eq 1 ]
