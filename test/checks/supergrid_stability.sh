# Unstable super-grid layers (supergrid_stability.hpp): the measured rule, and the setup warning
# where it must appear (test/e2e/thin-layers.in, which the solution check then stops) and where
# it must not (every shipped deck and every deck with the original's reference files).
gtest_check unit-supergrid-stability 1 60 build/test_supergrid_stability
sgs_dir=$PWD/test-output/supergrid-warning
cmd_check supergrid-warning 180 bash test/e2e/supergrid_warning.sh "$sgs_dir/twosided"
cmd_check supergrid-warning-onesided 180 env SW4LITE_BIN=sw4lite-onesided bash test/e2e/supergrid_warning.sh "$sgs_dir/onesided"
