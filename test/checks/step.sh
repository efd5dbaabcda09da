# The end of a step both drivers share, the NaN report and point keys (step_end.hpp); the
# one-sided step table on the events that send nothing (onesided_step.hpp)
gtest_check unit-step-end 1 60 build/test_step_end
gtest_check unit-onesided-step 1 60 build/test_onesided_step
