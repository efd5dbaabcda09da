# The optimised kernels against the plain formulas, and the same bits on any piece of the grid
# (stencil.hpp, stencil_interior.hpp, stencil_surface.hpp, supergrid.hpp)
gtest_check unit-kernels 1 120 build/test_kernels
