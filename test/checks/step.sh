# The end of a step both drivers share, the NaN report and point keys (step_end.hpp)
gtest_check unit-step-end 1 60 build/test_step_end
