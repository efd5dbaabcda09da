# test/ci/sanitize.sh: the checks of the sanitizer part of .ci/run (sourced by
# test/run_tests.sh after the unit test files), for a build with make DEBUG=1 SANITIZE=1.
#
# Why built so: AddressSanitizer and UBSan find what no output comparison does (a read past
# an array's end that happens to give the right number, a leak, an overflow), but an
# unoptimised, instrumented build runs the e2e decks many times slower. So the runtime's MPI
# tests run on 2 and 3 ranks, and both binaries run a small deck (test/ci/small.in) on 2
# ranks: two-sided, one-sided with forced migrations, one-sided with stealing under an
# emulated slow rank, the request halo protocol, partitions without sources migrating every
# step (test/ci/nosource-migrate.in, on 2 and 3 ranks), a short topography run (two-sided, and
# one-sided with migrations), a checkpoint and a restart, the NaN stop and the other ways out; the
# one-sided outputs must equal the two-sided ones byte for byte; and the test problems of verify/. Any
# sanitizer finding makes the run exit non-zero
# (-fno-sanitize-recover, LSan's exit code), which fails its check.
ci_dir=$PWD/test-output/ci-sanitize
rm -rf "$ci_dir" && mkdir -p "$ci_dir/decks"
gtest_check san-runtime_basic_np2 2 300 build/mpi_runtime_basic
gtest_check san-runtime_migrate_np3 3 300 build/mpi_runtime_migrate
gtest_check san-runtime_steal_np2 2 300 build/mpi_runtime_steal
gtest_check san-runtime_large_np2 2 300 build/mpi_runtime_large
# The set-up's and the solution check's arithmetic and the checkpoint's format and
# read-back, sanitized (written out: .ci/run builds the programs this file names).
gtest_check san-unit-solution-check 1 300 build/test_solution_check
gtest_check san-unit-finite-check 1 300 build/test_finite_check
gtest_check san-unit-cfl-stability 1 300 build/test_cfl_stability
gtest_check san-unit-checkpoint 1 300 build/test_checkpoint
cmd_check san-runtime_error_bad_payload 60 test/mpi_runtime_expect_abort.sh 2 bad_payload \
  "amr_runtime: rank 1: payload of 3 bytes for handler 1 ('twice') on object 1 does not unpack"

cmd_check san-twosided-np2 300 bash test/e2e/run_deck.sh 2 test/ci/small.in "$ci_dir/twosided"
# ci_os NAME KNOBS: a one-sided run of small.in, 2 partitions per rank, with developer KNOBS.
ci_os() {
  cp test/ci/small.in "$ci_dir/decks/$1.in"
  echo "developer $2" >>"$ci_dir/decks/$1.in"
  cmd_check "san-onesided-$1" 300 env SW4LITE_BIN=sw4lite-onesided SW4LITE_ARGS="--partitions 2" \
    bash test/e2e/run_deck.sh 2 "$ci_dir/decks/$1.in" "$ci_dir/$1"
  cmd_check "san-onesided-same-$1" 30 bash test/e2e/same_files.sh \
    "$ci_dir/twosided/small-results" "$ci_dir/$1/small-results"
}
ci_os migrate "migrate=3"
ci_os steal "imbalance=1:2 steal=1"
ci_os request "protocol=request migrate=2 imbalance=1:2"
unset -f ci_os
# Partitions without sources migrate every step, on 2 and 3 ranks: Subdomain::unpack must not
# hand an empty vector's data() (null) to memcpy, which UBSan stops on.
for ci_np in 2 3; do
  cmd_check "san-onesided-nosource-migrate-np$ci_np" 300 env SW4LITE_BIN=sw4lite-onesided \
    bash test/e2e/run_deck.sh "$ci_np" test/ci/nosource-migrate.in "$ci_dir/nosource-np$ci_np"
done
# Topography: both grids, their halos and a migrating partition's packing, 8 steps of
# inputs/topography.in (receivers in every mode on both grids).
sed 's/^time t=0.6$/time steps=8/' inputs/topography.in >"$ci_dir/decks/topo.in"
{ cat "$ci_dir/decks/topo.in"; echo "developer migrate=2"; } >"$ci_dir/decks/topo-migrate.in"
cmd_check san-topo-twosided 300 bash test/e2e/run_deck.sh 2 "$ci_dir/decks/topo.in" "$ci_dir/topo"
cmd_check san-topo-onesided 300 env SW4LITE_BIN=sw4lite-onesided SW4LITE_ARGS="--partitions 2" \
  bash test/e2e/run_deck.sh 2 "$ci_dir/decks/topo-migrate.in" "$ci_dir/topo-migrate"
cmd_check san-topo-onesided-same 30 bash test/e2e/same_files.sh \
  "$ci_dir/topo/topography-results" "$ci_dir/topo-migrate/topography-results" 16
# Checkpoint and restart (checkpoint_io.hpp's MPI-IO, the one-sided pause): a two-sided run
# killed after step 10 goes on one-sided and writes the uninterrupted run's files.
cmd_check san-checkpoint-kill 300 bash test/e2e/checkpoint_kill.sh 2 sw4lite test/ci/small.in \
  "$ci_dir/ckpt-kill" after:1 "checkpoint cycle=10 file=ck"
cmd_check san-checkpoint-restart-onesided 300 bash test/e2e/checkpoint_restart.sh 2 sw4lite-onesided \
  "$ci_dir/ckpt-kill" ck.cycle=10.sw4checkpoint "$ci_dir/twosided/small-results" "$ci_dir/ckpt-restart"
cmd_check san-checkfornan 300 bash test/e2e/nan_check.sh "$ci_dir/nan"
cmd_check san-checkfornan-onesided 300 env SW4LITE_BIN=sw4lite-onesided bash test/e2e/nan_check.sh "$ci_dir/nan-onesided"
cmd_check san-clean-exit 300 bash test/e2e/clean_exit.sh "$ci_dir/clean-exit"
# An exception on one rank (a receiver file that cannot be written): one line, exit 1, no leak.
cmd_check san-write-failure 300 bash test/e2e/write_failure.sh "$ci_dir/write-failure"
# The test problems (verify/): twilight under the hill (both grids' hooks, the curved surface's
# traction), twilight with super-grid terms one-sided with migrations (the hooks installed again
# where a partition lands, their tables rebuilt there), testlamb's exact motion at its
# receivers, and 50 steps of testenergy under the hill. Each deck at one coarse spacing.
gtest_check san-unit-input-verify 1 300 build/test_input_verify
gtest_check san-unit-lamb-exact 1 300 build/test_lamb_exact
ci_verify() {  # NAME DECK H BINARY [KNOBS]
  local d="$ci_dir/verify-$1"
  mkdir -p "$d"
  sed -e "s|@H@|$3|g" -e "s|@OUT@|$d|g" -e "s|@GP@|1|g" -e 's/^time steps=1000$/time steps=50/' \
    "verify/decks/$2" >"$d.in"
  [ -n "${5:-}" ] && echo "developer $5" >>"$d.in"
  cmd_check "san-verify-$1" 300 tools/mpirun.sh 2 "./$4" "$d.in"
}
ci_verify twilight-topography twilight-topography.in 0.041666666666666664 sw4lite
ci_verify twilight-supergrid-migrate twilight-supergrid.in 0.0625 sw4lite-onesided "migrate=2"
ci_verify lamb lamb.in 0.0625 sw4lite
ci_verify energy-topography energy-topography.in 0 sw4lite
unset -f ci_verify
# The DG solver (dg/): its unit tests but the long ones (energy, rates), the tuned face kernels,
# and 5 steps of the point-force deck (sources, receivers, faces exchanged on 2 ranks; one-sided
# on 3 with a migration every 2 steps).
gtest_check san-unit-dg 1 300 build/test_dg --gtest_filter=-DgEnergy.*:DgConvergence.*
gtest_check san-unit-dg-kernels 1 300 build/test_dg_kernels
sed 's/^time t=0.5$/time steps=5/' test/reference/dg/pointforce-migrate.in >"$ci_dir/dg.in"
cmd_check san-dg-twosided 300 tools/mpirun.sh 2 ./sw4lite "$ci_dir/dg.in"
cmd_check san-dg-onesided-migrate 300 tools/mpirun.sh 3 ./sw4lite-onesided --partitions 2 "$ci_dir/dg.in"
