# The curvilinear top grid's first piece (topography.hpp): the Gaussian surface, the two grids'
# sizes, the mapping and its inverse, the metric by differences and analytically. The metric's
# convergence to the analytic one is a test of the double build only (test_topography.cpp says
# why): the single build (build/precision) leaves it out rather than count it skipped.
topo_filter=
[ "$(cat build/precision 2>/dev/null)" = single ] && topo_filter=--gtest_filter=-MetricTest.DifferencesConvergeToTheAnalyticMetric
gtest_check unit-topography 1 120 build/test_topography $topo_filter
