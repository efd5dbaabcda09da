# Arrays, decomposition, materials (grid.hpp)
gtest_check unit-grid 1 60 build/test_grid
