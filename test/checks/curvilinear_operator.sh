# The curvilinear operator (stencil_curvilinear.hpp): flat metric = Cartesian, tuned = point-by-point formula, same bits on any box and thread count, 4th order under a hill
gtest_check unit-curvilinear_operator 1 120 build/test_stencil_curvilinear
