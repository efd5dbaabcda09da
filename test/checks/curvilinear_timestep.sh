# The curvilinear grid's time-step bound: Jacobi eigenvalues, M, the reference deck's bound
gtest_check unit-timestep_curvilinear 1 120 build/test_timestep_curvilinear
