# 20-runtime.sh: the active-message runtime against raw MPI, on 2 ranks (sourced by
# bench/run_bench.sh, from the repository root).
#
# Why built so: the runtime's promise is that addressing objects instead of ranks costs little,
# so its ping-pong is timed beside MPI_Send/MPI_Recv in the same run (same machine state, the
# two alternating trial by trial, medians of RUNTIME_BENCH_TRIALS trials, default 5), one line
# per size from 8 B to 1 MB, then the rate of small invocations:
#   pingpong size=<bytes> runtime_us=<round trip> mpi_us=<round trip> ratio=<runtime/mpi>
#   msgrate handlers_per_s=<n>
# then the same lines as pingpong_preposted/msgrate_preposted for a runtime in the same run
# with RUNTIME_BENCH_PREPOSTED receives posted in advance for small messages (default 8; 0
# leaves them out), so the two ways of finding a message are compared on equal terms. The
# machine is shared: a ratio is the median of per-trial ratios, and a run on a busy machine
# says little. The lines are also kept in bench-output/runtime.txt. Nothing is asserted.
runtime_bench_trials=${RUNTIME_BENCH_TRIALS:-5}
runtime_bench_preposted=${RUNTIME_BENCH_PREPOSTED:-8}
if [ -x build/bench_runtime ]; then
  tools/mpirun.sh 2 build/bench_runtime "$runtime_bench_trials" "$runtime_bench_preposted" |
    tee bench-output/runtime.txt
else
  echo "runtime bench: build/bench_runtime is not built (make build/bench_runtime)"
fi
