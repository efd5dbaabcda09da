# solution_check.sh: the solution check stops an unstable run with one line and exit status 1
# before any output holds its blow-up, the same on any number of ranks and in both binaries
# (docs/user-guide.md, "The solution check"; sourced by test/run_tests.sh). CI part e runs this file with a
# -ffast-math build (.ci/run), where a NaN test the compiler may fold away would fail it.
# make test (QUICK=1): each kind of stop once (checkfornan=1 in both binaries, the default look,
# an image step, the refused cfl=1e100, cfl=1.5 in both binaries); make check: all.
sc_dir=$PWD/test-output/solution-check
rm -rf "$sc_dir" && mkdir -p "$sc_dir"
gtest_check unit-solution-check 1 60 build/test_solution_check

# developer checkfornan=1 stops a run that blows up, naming the step and the grid point.
cmd_check e2e-checkfornan 60 bash test/e2e/nan_check.sh "$sc_dir/nan"
cmd_check e2e-checkfornan-onesided 60 env SW4LITE_BIN=sw4lite-onesided bash test/e2e/nan_check.sh "$sc_dir/nan-onesided"
quick || cmd_check e2e-checkfornan-onesided-np3-migrate 90 env SW4LITE_BIN=sw4lite-onesided NAN_NPS="1 3" \
  NAN_DEVELOPER="migrate=1" bash test/e2e/nan_check.sh "$sc_dir/nan-onesided-np3"
# Without checkfornan=1 (no developer line; checkfornan=0) the check is on too, every 10 steps
# and before receiver files are written: thin unstable layers stop with the same kind of line.
sc_decks="blowup-default blowup-nan0" sc_bins="sw4lite sw4lite-onesided"
quick && sc_decks=blowup-default sc_bins=sw4lite
for sc_deck in $sc_decks; do
  cmd_check "e2e-$sc_deck" 60 bash test/e2e/nan_check.sh "$sc_dir/$sc_deck" test/e2e/$sc_deck.in
  quick || cmd_check "e2e-$sc_deck-onesided" 60 env SW4LITE_BIN=sw4lite-onesided bash test/e2e/nan_check.sh "$sc_dir/$sc_deck-onesided" test/e2e/$sc_deck.in
done

# Image steps are looked at, so no image holds a value beyond the bound.
for sc_bin in $sc_bins; do
  cmd_check "unstable-images-$sc_bin" 90 env SW4LITE_BIN=$sc_bin bash test/e2e/unstable_check.sh \
    "$sc_dir/images-$sc_bin" test/e2e/image-unstable.in
done
# inputs/pointforce.in at cfl=1.5 grows 2.9x per step (to |u| = 1.8e6 by t=0.8) and at cfl=30
# it is 3e4 after its one step: a run that went on to its end would exit 0 with blown-up
# receivers. They stop with one line, before the receivers' files, looked at every step (the
# deck's checkfornan=1) or every 10th (without).
sed -e 's/^time t=1.5$/time t=0.8/' -e 's/^developer checkfornan=1 reporttiming=1$/developer checkfornan=1 cfl=1.5/' \
  inputs/pointforce.in >"$sc_dir/pointforce-cfl1.5.in"
sed -e 's/^time t=1.5$/time t=0.8/' -e 's/^developer checkfornan=1 reporttiming=1$/developer cfl=1.5/' \
  inputs/pointforce.in >"$sc_dir/pointforce-cfl1.5-every10.in"
sed -e 's/^time t=1.5$/time t=0.8/' -e 's/^developer checkfornan=1 reporttiming=1$/developer cfl=30/' \
  inputs/pointforce.in >"$sc_dir/pointforce-cfl30.in"
# cfl=1e100 turns the solution into NaN at once, and built with -O3 -ffast-math (CI part e) a
# NaN test on the values can be folded away, so that the run exits 0 with -nan in every
# receiver file. So the set-up refuses that deck (its time step's fourth power overflows:
# finite_check.hpp), in either build, before anything runs; NaN and infinity met by a run are
# read by their bits (test_solution_check, test_step_end: a NaN and an infinity in U found by
# the look, built with fast math in part e).
sed -e 's/^time t=1.5$/time steps=20/' -e 's/^developer checkfornan=1 reporttiming=1$/developer cfl=1e100/' \
  inputs/pointforce.in >"$sc_dir/pointforce-cfl1e100.in"
for sc_bin in $sc_bins; do
  cmd_check "unstable-pointforce-cfl1e100-refused-$sc_bin" 60 env SW4LITE_BIN=$sc_bin bash test/e2e/check_finds.sh 2 \
    "$sc_dir/pointforce-cfl1e100.in" "whose fourth power overflows" "$sc_dir/pointforce-cfl1e100-$sc_bin"
done
# cfl=1.47 grows 2x per step from step 20 of 27 (|u| 57 times its largest value at the end):
# looked at after steps 10, 20 and 27 only, it stops at step 27, before its receivers' files.
sed -e 's/^time t=1.5$/time t=0.81/' -e 's/^developer checkfornan=1 reporttiming=1$/developer cfl=1.47/' \
  inputs/pointforce.in >"$sc_dir/pointforce-cfl1.47.in"
sc_decks="pointforce-cfl1.5 pointforce-cfl1.5-every10 pointforce-cfl1.47 pointforce-cfl30"
quick && sc_decks=pointforce-cfl1.5
for sc_deck in $sc_decks; do
  for sc_bin in sw4lite sw4lite-onesided; do
    cmd_check "unstable-$sc_deck-$sc_bin" 90 env SW4LITE_BIN=$sc_bin bash test/e2e/unstable_check.sh \
      "$sc_dir/$sc_deck-$sc_bin" "$sc_dir/$sc_deck.in"
  done
  cmd_check "unstable-$sc_deck-same-line" 10 cmp "$sc_dir/$sc_deck-sw4lite/np1/stderr" \
    "$sc_dir/$sc_deck-sw4lite-onesided/np1/stderr"
done
quick && return 0  # the rest of this file is make check's
# Receivers that write every 4 steps, in a run the growth test stops (cfl=1.5, looked at every
# 10th step and at every write): the files due before the stop are written, the same in both
# binaries and on 1 and 2 ranks; none due after it, which the one-sided binary would write if
# it wrote before its ranks agree on the stop (stop_files_same.sh).
sed -e 's/^time t=1.5$/time t=0.8/' -e 's/^developer checkfornan=1 reporttiming=1$/developer cfl=1.5/' \
  -e 's/^rec .*/& writeEvery=4/' inputs/pointforce.in >"$sc_dir/pointforce-cfl1.5-write4.in"
cmd_check unstable-files-written-before-the-stop 120 bash test/e2e/stop_files_same.sh \
  "$sc_dir/pointforce-cfl1.5-write4" "$sc_dir/pointforce-cfl1.5-write4.in"
# The same line with 2 threads (the look's maximum and first point do not depend on them).
cmd_check unstable-pointforce-cfl1.5-threads 90 env OMP_NUM_THREADS=2 UNSTABLE_NPS=1 \
  bash test/e2e/unstable_check.sh "$sc_dir/pointforce-cfl1.5-threads" "$sc_dir/pointforce-cfl1.5.in"
cmd_check unstable-pointforce-cfl1.5-threads-same-line 10 cmp "$sc_dir/pointforce-cfl1.5-sw4lite/np1/stderr" \
  "$sc_dir/pointforce-cfl1.5-threads/np1/stderr"
