# The curvilinear grid's boundary pieces: free surface on the hill, interface injection, J-weighted super-grid damping
gtest_check unit-boundary_curvilinear 1 120 build/test_boundary_curvilinear
