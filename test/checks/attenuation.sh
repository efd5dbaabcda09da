# Attenuation (NUMERICS 35, 36): the material fit of the standard linear solids (relaxation and
# collocation frequencies, the least-squares weights and their Q(omega), the unrelaxed moduli),
# and the memory variables' step (the predictor's and corrector's orders, the extrapolated ghost,
# the free surface's memory share, twilight's memory variable), and testenergy's energy with the
# memory variables' part (it falls at every step, by the mechanisms' dissipation). Its input (the attenuation
# command, a block's qp/qs) is in input.sh; SW4's tw-att decks in sw4.sh; the rates in verify.sh.
gtest_check unit-attenuation-fit 1 60 build/test_attenuation_fit --gtest_color=no
gtest_check unit-attenuation-step 1 60 build/test_attenuation_step --gtest_color=no
gtest_check unit-energy-attenuation 1 120 build/test_energy_attenuation --gtest_color=no
# The time order with one standard linear solid (NUMERICS 36.8): twilight's displacement and
# memory variable errors fall as h^2 with time_order=2 (measured 2.19 and 2.42 between h = 0.5024
# and 0.2512), and at least as h^3.5 with the fourth order (3.60 and 3.81).
att_dir=$PWD/test-output/attenuation
rm -rf "$att_dir" && mkdir -p "$att_dir"
for att_o in 2 4; do
  cmd_check "attenuation-time-order-$att_o" 300 env SW4E_ATTENUATION=1 bash test/e2e/sw4_energy.sh rate "$att_o" \
    "$att_dir/rate$att_o" 0.5024 0.2512
done
unset att_dir att_o
