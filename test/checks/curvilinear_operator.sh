# The curvilinear operator (stencil_curvilinear.hpp): flat metric = Cartesian, tuned = point-by-point formula, same bits on any box and thread count, 4th order under a hill
gtest_check unit-curvilinear_operator 1 120 build/test_stencil_curvilinear
# Its point bodies for the GPU build (stencil_curvilinear_point.hpp) against the tuned kernel at every point of boxes cut at many places, every update, the closure rows and the interior; against the point-by-point formula; no read beyond the closure (make test runs it from kernels.sh)
gtest_check unit-stencil-curvilinear-point 1 120 build/test_stencil_curvilinear_point
