# 10-solver.sh: the whole solver on the pointsource deck, 1 and 2 ranks (sourced by
# bench/run_bench.sh, from the repository root).
#
# Why built so: the figure that matters to a user is the time loop of a real run, so this part
# runs the original's pointsource deck (inputs/pointsource.in: 4.08 M points, 23 steps)
# unchanged, SOLVER_BENCH_RUNS times (3) on each rank count, each run in a fresh directory
# under bench-output/solver/. One run is noisy on a shared machine, so it reports the median:
# the time loop ("Execution time, solver phase"), the timing table and the figure-of-merit line
# of the median run, and one summary line per rank count that scripts can grep:
#   solver-bench ranks=R loop_s=<median seconds> mups=<median M point-updates/s>
# next to the original's figures on this machine kind (its C kernels: 16.8 s on 1 rank; 8.8 s
# and 10.7 M point-updates/s on 2 ranks). Nothing is asserted: a benchmark, not a test. A run
# that fails or does not print the published norms is reported as such and left out.
solver_runs=${SOLVER_BENCH_RUNS:-3}
solver_ranks=${SOLVER_BENCH_RANKS:-1 2}
solver_out=$PWD/bench-output/solver
solver_norms='Errors at time 0.6 Linf = 0.569416 L2 = 0.0245361 norm of solution = 3.7439'

# M point-updates/s from "Figure of merit: X grid-point updates/s (...)".
solver_mups() {
  grep -a '^Figure of merit:' "$1" | tail -n 1 | awk '{ printf "%.3f\n", $4 / 1e6 }'
}

echo "== solver: inputs/pointsource.in, ranks $solver_ranks, $solver_runs runs each (median)"
rm -rf "$solver_out"
for solver_np in $solver_ranks; do
  solver_rows=""
  for solver_r in $(seq 1 "$solver_runs"); do
    solver_dir=$solver_out/np$solver_np-run$solver_r
    mkdir -p "$solver_dir"
    (cd "$solver_dir" && "$SW4LITE_ROOT/tools/mpirun.sh" "$solver_np" "$SW4LITE_ROOT/sw4lite" \
       "$SW4LITE_ROOT/inputs/pointsource.in" >stdout 2>stderr)
    solver_rc=$?
    if [ $solver_rc -ne 0 ] || ! grep -Fxq "$solver_norms" "$solver_dir/stdout"; then
      echo "   ranks=$solver_np run $solver_r: FAILED (exit $solver_rc, or not the published norms; see $solver_dir)"
      continue
    fi
    solver_t=$(loop_seconds "$solver_dir/stdout")
    solver_m=$(solver_mups "$solver_dir/stdout")
    echo "   ranks=$solver_np run $solver_r: time loop $solver_t s, $solver_m M point-updates/s"
    solver_rows+="$solver_t $solver_m $solver_dir"$'\n'
  done
  if [ -z "$solver_rows" ]; then
    echo "solver-bench ranks=$solver_np FAILED (no successful run)"
    continue
  fi
  # The median run by loop time (the lower middle one for an even count); the median rate is
  # taken on its own.
  solver_n=$(printf '%s' "$solver_rows" | grep -c .)
  solver_mid=$(( (solver_n + 1) / 2 ))
  solver_med=$(printf '%s' "$solver_rows" | sort -g -k1,1 | sed -n "${solver_mid}p")
  solver_med_t=$(echo "$solver_med" | awk '{print $1}')
  solver_med_dir=$(echo "$solver_med" | awk '{print $3}')
  solver_med_m=$(printf '%s' "$solver_rows" | sort -g -k2,2 | sed -n "${solver_mid}p" | awk '{print $2}')
  echo "-- ranks=$solver_np, the median run ($solver_med_dir):"
  grep -a 'Execution time, solver phase' "$solver_med_dir/stdout"
  sed -n '/^----------------------------------------$/,/^----------------------------------------$/p' "$solver_med_dir/stdout"
  grep -a '^Figure of merit:' "$solver_med_dir/stdout"
  case $solver_np in
    1) solver_orig="(original, C kernels, this machine kind: time loop 16.8 s, 5.6 M point-updates/s on 1 rank)" ;;
    2) solver_orig="(original, C kernels, this machine kind: time loop 8.8 s, 10.7 M point-updates/s on 2 ranks)" ;;
    *) solver_orig="" ;;
  esac
  echo "solver-bench ranks=$solver_np loop_s=$solver_med_t mups=$solver_med_m $solver_orig"
done
