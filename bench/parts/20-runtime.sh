# 20-runtime.sh: the active-message runtime against raw MPI, on 2 ranks (sourced by
# bench/run_bench.sh, from the repository root).
#
# Why built so: the runtime's promise is that addressing objects instead of ranks costs little,
# so its ping-pong is timed beside MPI_Send/MPI_Recv in the same run (same machine state, the
# two alternating trial by trial, medians of RUNTIME_BENCH_TRIALS trials, default 5), one line
# per size from 8 B to 1 MB, then the rate of small invocations:
#   pingpong size=<bytes> runtime_us=<round trip> mpi_us=<round trip> ratio=<runtime/mpi>
#   msgrate handlers_per_s=<n>
# The lines are also kept in bench-output/runtime.txt. Nothing is asserted: a benchmark.
runtime_bench_trials=${RUNTIME_BENCH_TRIALS:-5}
if [ -x build/bench_runtime ]; then
  tools/mpirun.sh 2 build/bench_runtime "$runtime_bench_trials" | tee bench-output/runtime.txt
else
  echo "runtime bench: build/bench_runtime is not built (make build/bench_runtime)"
fi
