# source.hpp: time functions and the Discrete interpolant (test_source), source weights and grid
# forces (test_source_weights), the exact point-source solution (test_source_exact).
# (--gtest_color=no: mpirun hands the program a pty, and coloured lines escape the pass counter.)
gtest_check unit-source 1 120 build/test_source --gtest_color=no
gtest_check unit-source-weights 1 120 build/test_source_weights --gtest_color=no
gtest_check unit-source-exact 1 120 build/test_source_exact --gtest_color=no
