# verify/rayleigh_exact.hpp: the exact Rayleigh wave of testrayleigh (speed, free surface, wave equation).
gtest_check unit-rayleigh-exact 1 120 build/test_rayleigh_exact --gtest_color=no
