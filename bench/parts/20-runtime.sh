# 20-runtime.sh: the active-message runtime against raw MPI, on 2 ranks (sourced by
# bench/run_bench.sh, from the repository root).
#
# Why built so: the runtime's promise is that addressing objects instead of ranks costs little,
# so its ping-pong is timed beside MPI_Send/MPI_Recv in the same run (same machine state, the
# two alternating trial by trial, medians of RUNTIME_BENCH_TRIALS trials, default 5), one line
# per size from 8 B to 1 MB, then the rate of small invocations:
#   pingpong size=<bytes> runtime_us=<round trip> mpi_us=<round trip> ratio=<runtime/mpi>
#   msgrate handlers_per_s=<n>
# then the same lines as pingpong_probe/msgrate_probe for a runtime in the same run that finds
# every message by MPI_Improbe (RUNTIME_BENCH_PROBE=0 leaves it out), so the two ways of
# finding a message are compared on equal terms, and last the 8-byte round trip's ratio, the
# runtime's promise in one number:
#   runtime-roundtrip size=8 ratio=<runtime/mpi> (goal 1.3)
# The machine is shared: a ratio is the median of per-trial ratios, and a run on a busy
# machine says little (bench/runtime_path.sh counts where a message's time goes in
# instructions, which the load does not change). The lines are also kept in
# bench-output/runtime.txt. Nothing is asserted.
runtime_bench_trials=${RUNTIME_BENCH_TRIALS:-5}
runtime_bench_probe=${RUNTIME_BENCH_PROBE:-1}
if [ -x build/bench_runtime ]; then
  tools/mpirun.sh 2 build/bench_runtime "$runtime_bench_trials" "$runtime_bench_probe" |
    tee bench-output/runtime.txt
  awk '$1 == "pingpong" && $2 == "size=8" { sub(/ratio=/, "", $5); print "runtime-roundtrip size=8 ratio=" $5 " (goal 1.3)" }' \
    bench-output/runtime.txt
else
  echo "runtime bench: build/bench_runtime is not built (make build/bench_runtime)"
fi
