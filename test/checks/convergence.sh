# The whole scheme on a manufactured solution: 4th-order convergence (subdomain.hpp)
gtest_check unit-convergence 1 300 build/test_convergence
