# verify/lamb_exact.hpp: the exact surface motion of Lamb's problem (test_lamb_exact).
gtest_check unit-lamb-exact 1 120 build/test_lamb_exact --gtest_color=no
