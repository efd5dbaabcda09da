# The optimised kernels against the plain formulas, and the same bits on any piece of the grid
# (stencil.hpp, stencil_interior.hpp, stencil_surface.hpp, supergrid.hpp)
gtest_check unit-kernels 1 120 build/test_kernels
# The operator's headers alone (grid, sbp, stencil*, precision, portable, threads) compile with
# a plain C++ compiler and apply L_h once: a compiler vendor's reduced case
cmd_check kernels-compile-alone 120 bash test/e2e/kernels_alone.sh
