# Arrays, decomposition (grid.hpp), materials (material.hpp)
gtest_check unit-grid 1 60 build/test_grid
