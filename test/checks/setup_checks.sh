# What the set-up finds before the first step, in a run and in --check alike: a CFL
# number the scheme cannot take (cfl_stability.hpp: the measured limit, warned about above it,
# refused where rounding alone blows the run up), outputs never written (output_schedule.hpp:
# a warning per line), numbers that cannot stay finite (finite_check.hpp: the time step's
# powers, time functions at the step times, amplitudes whose arithmetic overflows).
gtest_check unit-cfl-stability 1 60 build/test_cfl_stability
gtest_check unit-output-schedule 1 60 build/test_output_schedule
gtest_check unit-finite-check 1 60 build/test_finite_check
sc_dir=$PWD/test-output/setup-checks
# Refused: one line naming the deck line, exit 1 on every rank, nothing written; --check too.
# (test/checks/e2e.sh runs the same decks through bad_deck.sh.)
for sc_deck in cfl-unstable cfl-default-vpvs time-too-short source-too-large source-forces-overflow \
               time-function-overflow; do
  sc_text=$(grep '# BAD:' "test/e2e/bad/$sc_deck.in" | sed 's/.*# BAD: *//')
  cmd_check "setup-refuses-$sc_deck" 60 bash test/e2e/check_finds.sh 2 "test/e2e/bad/$sc_deck.in" "$sc_text" \
    "$sc_dir/refuses-$sc_deck"
done
cmd_check setup-refuses-cfl-onesided 60 env SW4LITE_BIN=sw4lite-onesided bash test/e2e/check_finds.sh 2 \
  test/e2e/bad/cfl-unstable.in "cannot be stable for this run" "$sc_dir/refuses-cfl-onesided"
# Warned about, the run goes on; and no shipped or tested deck warns or is refused.
cmd_check setup-warnings 300 bash test/e2e/setup_warnings.sh "$sc_dir/warnings"
cmd_check setup-warnings-onesided 300 env SW4LITE_BIN=sw4lite-onesided bash test/e2e/setup_warnings.sh \
  "$sc_dir/warnings-onesided"
