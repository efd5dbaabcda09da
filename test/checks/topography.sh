# The curvilinear top grid's first piece (topography.hpp): the Gaussian surface, the two grids'
# sizes, the mapping and its inverse, the metric by differences and analytically
gtest_check unit-topography 1 120 build/test_topography
