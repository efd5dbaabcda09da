# Attenuation (NUMERICS 35): the material fit of the standard linear solids (relaxation and
# collocation frequencies, the least-squares weights and their Q(omega), the unrelaxed moduli).
# Its input (the attenuation command, a block's qp/qs) is in input.sh.
gtest_check unit-attenuation-fit 1 60 build/test_attenuation_fit --gtest_color=no
