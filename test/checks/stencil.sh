# Operator, SBP tables, free surface, super-grid (stencil.hpp, sbp.hpp, boundary.hpp, supergrid.hpp)
gtest_check unit-stencil 1 120 build/test_stencil
