# The curvilinear grid's boundary pieces: interface injection, J-weighted super-grid damping
# (its free surface is tested with the flat one: test/checks/stencil.sh)
gtest_check unit-boundary_curvilinear 1 120 build/test_boundary_curvilinear
