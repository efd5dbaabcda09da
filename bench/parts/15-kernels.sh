# 15-kernels.sh: the time-step kernels alone on one piece of the pointsource grid (sourced by
# bench/run_bench.sh): median ms and M points/s per kernel, single core (one thread), the
# tuned operator next to the plain reference one (kernel=reference).
echo "== kernels: build/bench_kernels 201 201 101 (median of 5, 1 thread)"
OMP_NUM_THREADS=1 build/bench_kernels 201 201 101 5
