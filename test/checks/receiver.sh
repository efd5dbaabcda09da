# receiver.hpp: recording modes, atomic writes, pack/unpack (test_receiver); USGS text against
# the original's reference files, SAC header round trip and layout (test_receiver_formats).
# (No colour: mpirun gives gtest a terminal.)
gtest_check receiver 1 60 build/test_receiver --gtest_color=no
gtest_check receiver-formats 1 60 build/test_receiver_formats --gtest_color=no
