# The verification layer (verify/; NUMERICS 25-28): the exact solutions' own tests, twilight's
# forcing against the operator, the new commands' input errors, then each test problem's rate
# at its two coarser spacings and the energy of testenergy (verify/run_verify.sh --quick);
# make check adds the same bits on 1-4 ranks and one-sided. make verify prints the full tables.
gtest_check unit-lamb-exact 1 120 build/test_lamb_exact --gtest_color=no
gtest_check unit-rayleigh-exact 1 120 build/test_rayleigh_exact --gtest_color=no
gtest_check unit-twilight 1 120 build/test_twilight --gtest_color=no
gtest_check unit-input-verify 1 120 build/test_input_verify --gtest_color=no
for p in twilight-surface twilight-supergrid twilight-topography rayleigh lamb pointforce pointmoment energy; do
  cmd_check "verify-rate-$p" 300 bash verify/run_verify.sh --quick "$p"
done
if ! quick; then
  for p in twilight-surface twilight-supergrid twilight-topography rayleigh lamb pointforce pointmoment energy; do
    cmd_check "verify-identity-$p" 300 bash verify/run_verify.sh "identity-$p"
  done
fi
