# receiver.hpp: recording modes, USGS text against the original's reference files, SAC header
# round trip and layout, atomic writes, pack/unpack. (No colour: mpirun gives gtest a terminal.)
gtest_check receiver 1 60 build/test_receiver --gtest_color=no
