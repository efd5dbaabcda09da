# The curvilinear scheme's order on a manufactured solution under a smooth hill (NUMERICS 16)
gtest_check unit-topography-convergence 1 300 build/test_topography_convergence
