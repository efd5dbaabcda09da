# Operator, SBP tables, super-grid (stencil.hpp, sbp.hpp, supergrid.hpp)
gtest_check unit-stencil 1 120 build/test_stencil
# The free surface's ghost solve, flat and on the hill (boundary.hpp, topography/boundary_curvilinear.hpp)
gtest_check unit-free-surface 1 120 build/test_free_surface
# The free bottom of twilight freelower=1: the mirrored closure and ghost plane, SW4's sides
gtest_check unit-free-bottom 1 120 build/test_free_bottom
