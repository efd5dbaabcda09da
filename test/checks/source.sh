# source.hpp: time functions, source weights, Discrete interpolant, exact point-source solution.
# (--gtest_color=no: mpirun hands the program a pty, and coloured lines escape the pass counter.)
gtest_check unit-source 1 120 build/test_source --gtest_color=no
