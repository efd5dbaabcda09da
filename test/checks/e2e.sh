# e2e.sh: the whole program, end to end (sourced by test/run_tests.sh).
#
# Why built so: the unit tests check each formula; these checks run ./sw4lite on the decks of
# inputs/ under mpirun, as a user would, and hold it to the numbers contract (DESIGN.md): the
# original's error norms on 1, 2 and 4 ranks, the original's receiver series, byte-identical
# output for 1 to 4 ranks, the symmetries of the point-force and LOH decks, 4th-order
# convergence against the exact point-force solution, and one line and exit status 1 for every
# input error. Each run gets an empty directory of its own under test-output/e2e/ (kept after
# the run for inspection; gitignored). The runs only check that they ended well (exit status,
# printed norms); build/test_e2e_outputs then compares their numbers (it reads the directories
# named here, through SW4LITE_E2E_DIR). Fast checks come first, the pointsource runs (about
# 10-40 s each on this machine) last. Timeouts are generous, for a loaded 2-core machine.
# make test (QUICK=1) runs one configuration of each kind: --check and a bad deck of each kind
# of mistake on 2 ranks, the identity deck on 1 and 2 ranks, the symmetry decks and the
# published norms with the original's receivers on 2 ranks; make check runs all of this file.
e2e_dir=$PWD/test-output/e2e
rm -rf "$e2e_dir" && mkdir -p "$e2e_dir"
export SW4LITE_E2E_DIR=$e2e_dir
e2e_norms='Errors at time 0.6 Linf = 0.569416 L2 = 0.0245361 norm of solution = 3.7439'
# The single build (build/precision) prints norms within 1e-4 of these (Linf 0.569421 with GCC:
# the float solution's rounding over the run, 9e-6 of the value), which run_deck.sh checks.
e2e_rel=
[ "$(cat build/precision 2>/dev/null)" = single ] && e2e_rel=1e-4

# Every deck in inputs/ parses and sets up, the original decks unchanged.
quick || cmd_check e2e-check-decks-np1 120 bash test/e2e/check_decks.sh 1 "$e2e_dir/check-np1"
cmd_check e2e-check-decks-np2 120 bash test/e2e/check_decks.sh 2 "$e2e_dir/check-np2"

# Input errors: one line FILE:LINE: ..., exit status 1, nothing written; every bad deck on 2
# ranks, and one of each kind of mistake (unknown key, point outside the grid, bad number,
# missing material, layers too wide) on 1 rank too (a failing run costs Open MPI 1-2 s).
for e2e_deck in test/e2e/bad/*.in; do
  e2e_name=$(basename "$e2e_deck" .in)
  case $e2e_name in
    unknown-key|source-outside|bad-number|missing-material|supergrid-too-wide) e2e_nps="2 1" ;;
    *) e2e_nps=2 ;;
  esac
  if quick; then  # one of each kind of mistake (the list above), on 2 ranks
    [ "$e2e_nps" = 2 ] && continue
    e2e_nps=2
  fi
  for e2e_np in $e2e_nps; do
    cmd_check "e2e-bad-$e2e_name-np$e2e_np" 60 bash test/e2e/bad_deck.sh "$e2e_np" "$e2e_deck" "$e2e_dir/bad/$e2e_name-np$e2e_np"
  done
done
# The NaN and blow-up checks are in solution_check.sh.
if ! quick; then
  # The timing table: the same columns with the same meaning in both binaries.
  cmd_check e2e-timing-columns 120 bash test/e2e/timing_columns.sh 2 inputs/pointforce.in "$e2e_dir/timing-columns"
  # Every way out (input error, bad option, NaN stop, normal end; both binaries) frees every MPI
  # object before MPI_Finalize: no MPI's leak warning or complaint in the output.
  cmd_check e2e-clean-exit 120 bash test/e2e/clean_exit.sh "$e2e_dir/clean-exit"
  # --check and a run's setup say the cost, so that nobody starts a half-hour run unawares:
  # 301 x 301 x 171 points, 536 steps of LOH.1-h100.
  cmd_check e2e-check-cost-loh1 60 bash test/e2e/check_cost.sh 2 inputs/LOH.1-h100.in 1.55e+07 536 "$e2e_dir/check-cost-loh1"
  # LOH.3-h100: the same grid, 554 steps (the unrelaxed moduli are stiffer), 11 x 3 more values a point.
  cmd_check e2e-check-cost-loh3 60 bash test/e2e/check_cost.sh 2 inputs/LOH.3-h100.in 1.55e+07 554 "$e2e_dir/check-cost-loh3"
  cmd_check e2e-check-cost-onesided 60 env SW4LITE_BIN=sw4lite-onesided bash test/e2e/check_cost.sh 1 inputs/loh1-small.in 115351 119 "$e2e_dir/check-cost-onesided"
  # --check finds what the setup finds: one-sided partitions too many for the grid.
  cmd_check e2e-check-finds-partitions-onesided 60 env SW4LITE_BIN=sw4lite-onesided bash test/e2e/check_finds.sh 2 \
    test/ci/small.in "2000 partitions are too many" "$e2e_dir/check-finds-partitions" --partitions 1000
  # A failure no deck check foresees (a receiver file that cannot be written): one line, exit 1.
  cmd_check e2e-write-failure 60 bash test/e2e/write_failure.sh "$e2e_dir/write-failure"
  cmd_check e2e-write-failure-onesided 60 env SW4LITE_BIN=sw4lite-onesided bash test/e2e/write_failure.sh "$e2e_dir/write-failure-onesided"
fi

# Byte-identical receiver files (USGS text and SAC, every mode) for 1, 2, 3 and 4 ranks.
e2e_nps="1 2 3 4"; quick && e2e_nps="1 2"
for e2e_np in $e2e_nps; do
  cmd_check "e2e-identity-run-np$e2e_np" 120 bash test/e2e/run_deck.sh "$e2e_np" inputs/layered-identity.in "$e2e_dir/identity-np$e2e_np"
done
for e2e_np in ${e2e_nps#1 }; do
  cmd_check "e2e-identity-same-np1-np$e2e_np" 30 bash test/e2e/same_files.sh \
    "$e2e_dir/identity-np1/layered-identity-results" "$e2e_dir/identity-np$e2e_np/layered-identity-results" 35
done

# The point-force and LOH decks run to completion (their symmetries: test_e2e_outputs).
cmd_check e2e-pointforce-np2 120 bash test/e2e/run_deck.sh 2 inputs/pointforce.in "$e2e_dir/pointforce-np2"
cmd_check e2e-loh1-small-np2 120 bash test/e2e/run_deck.sh 2 inputs/loh1-small.in "$e2e_dir/loh1-small-np2"
# One force against the exact solution, at h and at h/2 (the same deck with h and gp changed).
if ! quick; then
  cmd_check e2e-pointforce-exact-np2 120 bash test/e2e/run_deck.sh 2 inputs/pointforce-exact.in "$e2e_dir/pointforce-exact-np2"
  sed -e 's/^grid x=3 y=3 z=3 h=0.05$/grid x=3 y=3 z=3 h=0.025/' -e 's/^supergrid gp=15$/supergrid gp=30/' \
    inputs/pointforce-exact.in >"$e2e_dir/pointforce-exact-h2.in"
  cmd_check e2e-pointforce-exact-h2-np2 240 bash test/e2e/run_deck.sh 2 "$e2e_dir/pointforce-exact-h2.in" "$e2e_dir/pointforce-exact-h2-np2"
fi

# The published pointsource norms on 1, 2 and 4 ranks; the 2-rank run is the deck with
# receivers (the same solution: receivers do not change it), compared with the original's.
quick || cmd_check e2e-pointsource-np1 300 env SW4LITE_NORMS_REL=$e2e_rel bash test/e2e/run_deck.sh 1 inputs/pointsource.in "$e2e_dir/pointsource-np1" "$e2e_norms"
cmd_check e2e-pointsource-rec-np2 300 env SW4LITE_NORMS_REL=$e2e_rel bash test/e2e/run_deck.sh 2 inputs/pointsource-rec.in "$e2e_dir/pointsource-rec-np2" "$e2e_norms"
quick || cmd_check e2e-pointsource-np4 300 env SW4LITE_NORMS_REL=$e2e_rel bash test/e2e/run_deck.sh 4 inputs/pointsource.in "$e2e_dir/pointsource-np4" "$e2e_norms"

# Every receiver of the decks of inputs/ run above records something: a deck that stops before
# its waves reach a receiver writes an all-zero series and shows nothing (basic.in, too large
# for a test, is not among them; the topography deck is run here for this check alone).
e2e_series=("$e2e_dir/identity-np1" "$e2e_dir/pointforce-np2" "$e2e_dir/loh1-small-np2" "$e2e_dir/pointsource-rec-np2")
if ! quick; then
  cmd_check e2e-topography-np2 120 bash test/e2e/run_deck.sh 2 inputs/topography.in "$e2e_dir/topography-np2"
  e2e_series+=("$e2e_dir/topography-np2")
fi
cmd_check e2e-no-zero-series 60 bash test/e2e/no_zero_series.sh "${e2e_series[@]}"

# The numbers of all the runs above: PointSourceErr.txt, recA-C, symmetries, convergence, SAC.
# (make test: the runs on 1 and 4 ranks and the one at h/2 are left out, and their tests too.)
e2e_filter=; quick && e2e_filter=--gtest_filter=-E2E.PointSourceErrOneRank:E2E.PointSourceErrFourRanks:E2E.PointForceExactConverges
gtest_check e2e-outputs 1 120 build/test_e2e_outputs --gtest_color=no $e2e_filter
