# source_topography.hpp, receiver_topography.hpp: sources and receivers with topography (test_source_topography), receivers' points, header location and curvilinear derivative modes (test_receiver_topography)
gtest_check unit-source_topography 1 120 build/test_source_topography
gtest_check unit-receiver_topography 1 120 build/test_receiver_topography
