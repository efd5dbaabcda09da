# input.hpp: the parser (reference decks, defaults, every error message). Sourced by test/run_tests.sh.
# Good decks in test_input, bad ones (one test per message) in test_input_errors.
# --gtest_color=no: under mpirun the output is a pty, and colour codes would hide the counts.
gtest_check unit-input 1 120 build/test_input --gtest_color=no
gtest_check unit-input-errors 1 120 build/test_input_errors --gtest_color=no
# The developer command's time order and SW4's mesh-refinement keys (input/input_developer.hpp).
gtest_check unit-input-developer 1 120 build/test_input_developer --gtest_color=no
# dgalerkin (input/input_dg.hpp): the DG solver's decks and what it refuses.
gtest_check unit-input-dg 1 120 build/test_input_dg --gtest_color=no
# What a deck may ask of a run and of the machine (limits.hpp): names, counts, materials, memory, directory.
gtest_check unit-limits 1 120 build/test_limits --gtest_color=no
# The cost line and the memory estimate with attenuation's memory variables (cost.hpp, limits.hpp).
gtest_check unit-cost 1 60 build/test_cost --gtest_color=no
# The command line (options.hpp).
gtest_check unit-options 1 60 build/test_options --gtest_color=no
# Bounded reads and messages: sample files that are devices, FIFOs or too large, an
# endless deck line, long tokens quoted in messages, grid counts and extents.
gtest_check unit-input-bounds 1 120 build/test_input_bounds --gtest_color=no
# attenuation and a block's qp/qs (input/input_attenuation.hpp): keys, defaults, errors, Q at a point.
gtest_check unit-input-attenuation 1 120 build/test_input_attenuation --gtest_color=no
