# The DG solver (NUMERICS 30-34; test/e2e/dg.sh): its formulas and kernels, the original's
# printed errors on the single-mode decks, the point force's error falling with h, and the same
# bits on any ranks, threads and in the one-sided binary (with migrations). make test runs one
# configuration of each kind and the two lower degrees' rates; make check the whole matrix.
if quick; then
  gtest_check unit-dg 1 300 build/test_dg --gtest_color=no --gtest_filter=-DgConvergence.DegreesThreeAndFour
else
  gtest_check unit-dg 1 600 build/test_dg --gtest_color=no
fi
gtest_check unit-dg-kernels 1 120 build/test_dg_kernels --gtest_color=no
cmd_check dg-reference-1 300 bash test/e2e/dg.sh reference 1 sw4lite
cmd_check dg-reference-onesided-2 300 bash test/e2e/dg.sh reference 2 sw4lite-onesided
cmd_check dg-pointforce 300 bash test/e2e/dg.sh pointforce
dg_pf=test/reference/dg/pointforce.in
dg_mig="deck=test/reference/dg/pointforce-migrate.in"
if quick; then
  cmd_check dg-identity 300 bash test/e2e/dg.sh identity $dg_pf "1 1 sw4lite" "2 2 sw4lite" \
    "3 1 sw4lite-onesided --partitions 2 $dg_mig"
else
  cmd_check dg-reference-2 300 bash test/e2e/dg.sh reference 2 sw4lite
  cmd_check dg-reference-4 300 bash test/e2e/dg.sh reference 4 sw4lite
  cmd_check dg-identity-ranks 600 bash test/e2e/dg.sh identity $dg_pf "1 1 sw4lite" "2 1 sw4lite" \
    "3 1 sw4lite" "4 1 sw4lite" "1 1 sw4lite --kernel tuned"
  cmd_check dg-identity-threads 600 bash test/e2e/dg.sh identity $dg_pf "1 1 sw4lite" "1 2 sw4lite" \
    "1 4 sw4lite" "2 2 sw4lite"
  cmd_check dg-identity-onesided 600 bash test/e2e/dg.sh identity $dg_pf "1 1 sw4lite" \
    "2 1 sw4lite-onesided" "3 1 sw4lite-onesided --partitions 2" "2 1 sw4lite-onesided --partitions 4 $dg_mig" \
    "4 1 sw4lite-onesided --partitions 2 $dg_mig"
  cmd_check dg-identity-single-mode 600 bash test/e2e/dg.sh identity test/reference/dg/sm-q1.in "1 1 sw4lite" \
    "4 1 sw4lite" "2 2 sw4lite" "3 1 sw4lite-onesided --partitions 2"
fi
unset dg_pf dg_mig
