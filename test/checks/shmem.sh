# shmem.sh: the OpenSHMEM halo model (halo=shmem, ./sw4lite-shmem: halo/halo_shmem.hpp) gives
# the same bytes as ./sw4lite's sendrecv, its reductions (halo/agree.hpp) the same verdicts and
# norms, and every build without it refuses it in one line (sourced by test/run_tests.sh).
#
# Why built so: the model differs from sendrecv only in how the padding travels and the run's
# reductions only in whose collectives carry them, so every output file must equal the two-sided
# binary's sendrecv files, compared byte for byte (test/e2e/halo_same.sh with SW4LITE_REF_BIN):
# on 2, 3 and 4 PEs on the layered deck (receivers next to the split lines); on the pointsource
# deck (PointSourceErr.txt: the norms' exact sums and maxima through shmem_*_to_all); on the
# overlap deck on 4 PEs (the x planes travel while the corrector's inner part runs); the six MPI
# models in the same binary, and the model on one PE; on a short topography deck (two grids:
# two objects with their own symmetric buffers); on testenergy (the energy's limbs summed by
# OpenSHMEM); and a deck that blows up stops at the same step with the same line as ./sw4lite
# (the solution check's agreement). Every run must end with status 0
# or the deck's 1, never the SIGSEGV of Open MPI 4.1.4's shmem_finalize (halo/shmem_start.hpp
# keeps it away). The refusals run everywhere: ./sw4lite, with halo=shmem in a deck or --halo
# shmem, and ./sw4lite-onesided say in one line that the model needs ./sw4lite-shmem, exit 1.
# The model's checks skip, saying why, where ./sw4lite-shmem is not built (no OpenSHMEM
# compiler: make check builds it where oshc++ is) or the launcher is not Open MPI's (OpenSHMEM
# here is Open MPI's). make test (QUICK=1) runs the refusals only: it does not build the
# third binary, and a left-over one may be stale.
sh_dir=$PWD/test-output/shmem
rm -rf "$sh_dir" && mkdir -p "$sh_dir"
sh_why=""
if [ ! -x ./sw4lite-shmem ]; then
  sh_why="./sw4lite-shmem is not built (no OpenSHMEM compiler found: oshc++, Debian's openmpi-bin; make SHMEM=1)"
elif ! ${MPIRUN:-mpirun} --version 2>&1 | grep -q 'Open MPI'; then
  sh_why="the launcher (${MPIRUN:-mpirun}) is not Open MPI's, whose OpenSHMEM ./sw4lite-shmem is built on"
fi
# shmem_check NAME TIMEOUT COMMAND...: cmd_check, or a skip (exit 77) with the reason above.
shmem_check() {
  local name=$1 t=$2; shift 2
  cmd_check "$name" "$t" bash -c '[ -z "$1" ] || { echo "$1"; exit 77; }; shift; exec "$@"' _ "$sh_why" "$@"
}
sed 's/^time t=.*/time t=0.45/' inputs/layered-identity.in >"$sh_dir/layered-short.in"
cp inputs/discrete-pulse.txt "$sh_dir/"
if ! quick; then
  for sh_np in 2 3 4; do
    sh_layered=inputs/layered-identity.in
    [ "$sh_np" -ge 3 ] && sh_layered=$sh_dir/layered-short.in
    shmem_check "shmem-layered-np$sh_np" 240 env SW4LITE_BIN=sw4lite-shmem SW4LITE_REF_BIN=sw4lite \
      bash test/e2e/halo_same.sh "$sh_np" "$sh_layered" "$sh_dir/layered-np$sh_np" shmem
  done
  for sh_np in 2 4; do
    shmem_check "shmem-pointsource-np$sh_np" 150 env SW4LITE_BIN=sw4lite-shmem SW4LITE_REF_BIN=sw4lite \
      bash test/e2e/halo_same.sh "$sh_np" test/e2e/halo-pointsource.in "$sh_dir/ps-np$sh_np" shmem
  done
  # The third binary runs MPI's six models too, OpenSHMEM started beside them (osc/rdma's windows
  # and the library kept loaded by halo/shmem_start.hpp), and the model on one PE (no neighbour).
  shmem_check shmem-binary-models-np4 150 env SW4LITE_BIN=sw4lite-shmem SW4LITE_REF_BIN=sw4lite \
    bash test/e2e/halo_same.sh 4 test/e2e/halo-pointsource.in "$sh_dir/models-np4" \
    isend neighbor rma-fence rma-pscw rma-passive shmem
  shmem_check shmem-one-pe 120 env SW4LITE_BIN=sw4lite-shmem SW4LITE_REF_BIN=sw4lite \
    bash test/e2e/halo_same.sh 1 test/e2e/halo-pointsource.in "$sh_dir/one-pe" shmem
  shmem_check shmem-overlap-np4 150 env SW4LITE_BIN=sw4lite-shmem SW4LITE_REF_BIN=sw4lite \
    bash test/e2e/halo_same.sh 4 test/e2e/halo-overlap.in "$sh_dir/overlap-np4" shmem
  sed 's/^time t=.*/time t=0.1/' inputs/topography.in >"$sh_dir/topography-short.in"
  shmem_check shmem-topography-np4 240 env SW4LITE_BIN=sw4lite-shmem SW4LITE_REF_BIN=sw4lite \
    bash test/e2e/halo_same.sh 4 "$sh_dir/topography-short.in" "$sh_dir/topo-np4" shmem
  sed 's/^time steps=.*/time steps=30/' test/e2e/energy-order2.in >"$sh_dir/energy.in"
  shmem_check shmem-energy-np3 150 env SW4LITE_BIN=sw4lite-shmem SW4LITE_REF_BIN=sw4lite \
    bash test/e2e/halo_same.sh 3 "$sh_dir/energy.in" "$sh_dir/energy-np3" shmem
  # The blow-up: both binaries stop with exit 1 and the same one line (rank 0's stderr).
  shmem_check shmem-blowup-np2 120 bash -c 'cd "$1" && for b in sw4lite sw4lite-shmem; do
      rm -rf "$2/blowup-$b" && mkdir -p "$2/blowup-$b" && (cd "$2/blowup-$b" &&
        timeout 100 "$1/tools/mpirun.sh" 2 bash "$1/test/e2e/rank_stderr.sh" . "$1/$b" --halo \
        "$([ $b = sw4lite ] && echo sendrecv || echo shmem)" "$1/test/e2e/blowup.in" >out 2>&1)
      rc=$?; echo "$b: exit $rc: $(cat "$2/blowup-$b/stderr.0")"; [ $rc -eq 1 ] || exit 1
      [ "$(wc -l <"$2/blowup-$b/stderr.0")" -eq 1 ] || exit 1
    done; cmp "$2/blowup-sw4lite/stderr.0" "$2/blowup-sw4lite-shmem/stderr.0"' _ "$PWD" "$sh_dir"
fi
# The refusals: one line on every rank's stderr (test/e2e/rank_stderr.sh), exit 1.
cp test/e2e/halo-pointsource.in "$sh_dir/ask-shmem.in" && echo "developer halo=shmem" >>"$sh_dir/ask-shmem.in"
sh_line=$(wc -l <"$sh_dir/ask-shmem.in")
sh_needs="needs the OpenSHMEM build: ./sw4lite-shmem (make SHMEM=1; Open MPI's oshc++), not"
# sh_refused NAME EXPECTED BINARY ARGS...: two ranks, exit 1, rank 0's one line is EXPECTED.
sh_refused() {
  local name=$1 want=$2; shift 2
  cmd_check "$name" 60 bash -c 'rm -rf "$2/$3" && mkdir -p "$2/$3" && cd "$1" && want=$4 && shift 4 &&
    tools/mpirun.sh 2 bash test/e2e/rank_stderr.sh "$0" "$@" >/dev/null 2>&1; rc=$?; cat "$0"/stderr.*
    [ $rc -eq 1 ] && [ "$(cat "$0"/stderr.* | wc -l)" -eq 1 ] && grep -qxF "$want" "$0"/stderr.0' \
    "$sh_dir/$name" "$PWD" "$sh_dir" "$name" "$want" "$@"
}
sh_refused shmem-refused-deck "$sh_dir/ask-shmem.in:$sh_line: developer: halo=shmem $sh_needs this binary" \
  ./sw4lite "$sh_dir/ask-shmem.in"
sh_refused shmem-refused-option "sw4lite: --halo shmem $sh_needs this binary" \
  ./sw4lite --halo shmem test/e2e/halo-pointsource.in
sh_refused shmem-refused-onesided \
  "$sh_dir/ask-shmem.in:$sh_line: developer: halo=shmem $sh_needs the one-sided binary, whose halos go through its runtime" \
  ./sw4lite-onesided "$sh_dir/ask-shmem.in"
