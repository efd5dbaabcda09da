# Attenuation (NUMERICS 35, 36): the material fit of the standard linear solids (relaxation and
# collocation frequencies, the least-squares weights and their Q(omega), the unrelaxed moduli),
# and the memory variables' step (the predictor's and corrector's orders, the extrapolated ghost,
# the free surface's memory share, twilight's memory variable), and testenergy's energy with the
# memory variables' part (it falls at every step, by the mechanisms' dissipation). Its input (the attenuation
# command, a block's qp/qs) is in input.sh; SW4's tw-att decks in sw4.sh; the rates in verify.sh.
gtest_check unit-attenuation-fit 1 60 build/test_attenuation_fit --gtest_color=no
gtest_check unit-attenuation-step 1 60 build/test_attenuation_step --gtest_color=no
gtest_check unit-energy-attenuation 1 120 build/test_energy_attenuation --gtest_color=no
