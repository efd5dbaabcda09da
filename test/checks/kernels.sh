# The optimised kernels against the plain formulas, and the same bits on any piece of the grid
# (stencil.hpp, stencil_interior.hpp, stencil_surface.hpp, supergrid.hpp)
gtest_check unit-kernels 1 120 build/test_kernels
# The CUDA build's step on its host backend against the CPU step, piece by piece: its launches
# of the point formulas, the look's atomics, the receivers' batches (gpu/)
gtest_check unit-gpu-step 1 120 build/test_gpu_step
# The point bodies the GPU build runs (stencil_point.hpp), on the host, against the tuned kernel
# at every point of boxes cut at many places, every update, and against the plain formulas
gtest_check unit-stencil-point 1 120 build/test_stencil_point
# The curvilinear point bodies the GPU build runs (topography/stencil_curvilinear_point.hpp),
# against the tuned kernel the same way: make test's run (make check runs it with the
# curvilinear operator's tests, test/checks/curvilinear_operator.sh)
if quick; then gtest_check unit-stencil-curvilinear-point 1 120 build/test_stencil_curvilinear_point; fi
# The operator's headers alone (grid, sbp, stencil*, precision, portable, threads) compile with
# a plain C++ compiler and apply L_h once: a compiler vendor's reduced case
cmd_check kernels-compile-alone 120 bash test/e2e/kernels_alone.sh
# Every header includes none of a higher layer (DESIGN.md, "Layers"), and each one below the
# drivers compiles alone among the headers of its layer and the lower ones; the self-test shows
# that an upward include and a header without a layer are caught
cmd_check include-layers 180 bash test/e2e/include_layers.sh
cmd_check include-layers-selftest 60 bash test/e2e/include_layers.sh --self-test
