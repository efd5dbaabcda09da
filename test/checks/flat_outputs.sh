# flat_outputs.sh: decks without topography write what they wrote before topography was added
# (sourced by test/run_tests.sh).
#
# Why built so: topography touched the parser, the pieces, the phases, the halos and the
# packing of a partition; a flat deck must not notice. test/reference/flat/expected holds the
# receiver files (every mode, SAC and USGS) that ./sw4lite of commit 311a1cb wrote for
# test/reference/flat/flat.in, built with -ffp-contract=off as the Makefile now builds (the
# USGS files; the SAC files are today's binary's, whose headers are fuller); both binaries, on
# 1 and 3 ranks, must write them byte for byte when built as those were (GCC, this CPU:
# test/reference/flat/BUILD), and to 1e-12 otherwise (test/e2e/flat_same.sh).
flat_dir=$PWD/test-output/flat
rm -rf "$flat_dir" && mkdir -p "$flat_dir"
for flat_np in 1 3; do
  cmd_check "flat-run-np$flat_np" 120 bash test/e2e/run_deck.sh "$flat_np" test/reference/flat/flat.in "$flat_dir/np$flat_np"
  cmd_check "flat-same-np$flat_np" 30 bash test/e2e/flat_same.sh sw4lite test/reference/flat/expected "$flat_dir/np$flat_np/out" 12
done
cmd_check flat-run-onesided 120 env SW4LITE_BIN=sw4lite-onesided SW4LITE_ARGS="--partitions 3" \
  bash test/e2e/run_deck.sh 2 test/reference/flat/flat.in "$flat_dir/onesided"
cmd_check flat-same-onesided 30 bash test/e2e/flat_same.sh sw4lite-onesided test/reference/flat/expected "$flat_dir/onesided/out" 12
