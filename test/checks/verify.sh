# The verification layer (verify/; NUMERICS 25-28): the exact solutions' own tests, twilight's
# forcing against the operator, the new commands' input errors, then each test problem's rate
# at its two coarser spacings and the energy of testenergy (verify/run_verify.sh --quick);
# make check adds the same bits on 1-4 ranks and one-sided. make verify prints the full tables.
gtest_check unit-lamb-exact 1 120 build/test_lamb_exact --gtest_color=no
gtest_check unit-rayleigh-exact 1 120 build/test_rayleigh_exact --gtest_color=no
gtest_check unit-twilight 1 120 build/test_twilight --gtest_color=no
gtest_check unit-input-verify 1 120 build/test_input_verify --gtest_color=no
# The single build (build/precision): float's rounding floor (about 1e-6 of the solution) is
# reached between h = 1/16 and 1/32 on twilight and Rayleigh, and the energy cannot be conserved
# to 1e-12: it checks twilight at 1/8 and 1/16 and the problems whose errors stay above the floor.
if [ "$(cat build/precision 2>/dev/null)" = single ]; then
  vr_problems="twilight-coarse lamb pointforce pointmoment"
else
  vr_problems="twilight-surface twilight-supergrid twilight-freelower twilight-attenuation twilight-attenuation-memory
    twilight-topography rayleigh lamb pointforce pointmoment energy"
fi
for p in $vr_problems; do
  cmd_check "verify-rate-$p" 300 bash verify/run_verify.sh --quick "$p"
done
unset vr_problems
if ! quick; then
  for p in twilight-surface twilight-supergrid twilight-freelower twilight-attenuation twilight-topography rayleigh \
      lamb pointforce pointmoment energy; do
    cmd_check "verify-identity-$p" 300 bash verify/run_verify.sh "identity-$p"
  done
fi
