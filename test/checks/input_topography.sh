# The topography command and its checks against the grid (input_topography.hpp, topography.hpp)
gtest_check unit-input-topography 1 60 build/test_input_topography
