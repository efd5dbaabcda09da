# 10-solver.sh: the whole solver on the pointsource deck, as ranks x threads 1 x 1, 2 x 1 and
# 1 x 2 (sourced by bench/run_bench.sh, from the repository root).
#
# Why built so: the figure that matters to a user is the time loop of a real run, so this part
# runs the original's pointsource deck (inputs/pointsource.in: 4.08 M points, 23 steps)
# unchanged, SOLVER_BENCH_RUNS times (3) in each configuration of SOLVER_BENCH_CONFIGS
# ("RxT": R ranks, OMP_NUM_THREADS=T), the configurations taking turns run by run so that a
# noisy spell of the shared machine hits them alike, each run in a fresh directory under
# bench-output/solver/. It reports the median: the time loop ("Execution time, solver
# phase"), the timing table and the figure-of-merit line of the median run, and one summary
# line per configuration that scripts can grep:
#   solver-bench ranks=R threads=T loop_s=<median seconds> mups=<median M point-updates/s>
# next to the original's figures on this machine kind (its C kernels: 16.8 s on 1 rank; 8.8 s
# on 2 ranks and 8.69 s on 1 rank x 2 OpenMP threads), then the ratios of the medians that the
# threading is judged by (1 x 2 against 2 x 1 and against 1 x 1). Then the reference kernel
# (kernel=reference) once on 2 ranks, beside the tuned kernel's figure. Nothing is asserted:
# a benchmark, not a test. A run that fails or does not print the published norms is
# reported as such and left out.
solver_runs=${SOLVER_BENCH_RUNS:-3}
solver_configs=${SOLVER_BENCH_CONFIGS:-1x1 2x1 1x2}
solver_out=$PWD/bench-output/solver
solver_norms='Errors at time 0.6 Linf = 0.569416 L2 = 0.0245361 norm of solution = 3.7439'


# solver_once DIR NP THREADS [ARGS]: one run in DIR; prints "loop_s mups DIR", or fails.
solver_once() {
  local dir=$1 np=$2 threads=$3; shift 3
  mkdir -p "$dir"
  (cd "$dir" && OMP_NUM_THREADS=$threads "$SW4LITE_ROOT/tools/mpirun.sh" "$np" "$SW4LITE_ROOT/sw4lite" \
     "$@" "$SW4LITE_ROOT/inputs/pointsource.in" >stdout 2>stderr) || return 1
  grep -Fxq "$solver_norms" "$dir/stdout" || return 1
  echo "$(loop_seconds "$dir/stdout") $(fom_mups "$dir/stdout") $dir"
}

echo "== solver: inputs/pointsource.in, ranks x threads $solver_configs, $solver_runs runs each (median)"
rm -rf "$solver_out"
declare -A solver_rows=() solver_loop=()
for solver_r in $(seq 1 "$solver_runs"); do
  for solver_c in $solver_configs; do
    solver_np=${solver_c%x*} solver_t=${solver_c#*x}
    if solver_row=$(solver_once "$solver_out/$solver_c-run$solver_r" "$solver_np" "$solver_t"); then
      echo "   $solver_np x $solver_t run $solver_r: time loop $(echo "$solver_row" | awk '{print $1}') s, $(echo "$solver_row" | awk '{print $2}') M point-updates/s"
      solver_rows[$solver_c]+="$solver_row"$'\n'
    else
      echo "   $solver_np x $solver_t run $solver_r: FAILED (exit status, or not the published norms; see $solver_out/$solver_c-run$solver_r)"
    fi
  done
done
for solver_c in $solver_configs; do
  solver_np=${solver_c%x*} solver_t=${solver_c#*x}
  rows=${solver_rows[$solver_c]:-}
  if [ -z "$rows" ]; then
    echo "solver-bench ranks=$solver_np threads=$solver_t FAILED (no successful run)"
    continue
  fi
  # The median run by loop time; the median rate is taken on its own.
  solver_med=$(median_row "$rows" 1)
  solver_med_t=$(echo "$solver_med" | awk '{print $1}')
  solver_med_dir=$(echo "$solver_med" | awk '{print $3}')
  solver_med_m=$(median_row "$rows" 2 | awk '{print $2}')
  solver_loop[$solver_c]=$solver_med_t
  echo "-- $solver_np x $solver_t, the median run ($solver_med_dir):"
  grep -a 'Execution time, solver phase' "$solver_med_dir/stdout"
  sed -n '/^----------------------------------------$/,/^----------------------------------------$/p' "$solver_med_dir/stdout"
  grep -a '^Figure of merit:' "$solver_med_dir/stdout"
  case $solver_c in
    1x1) solver_orig="(original, C kernels, this machine kind: time loop 16.8 s)" ;;
    2x1) solver_orig="(original, C kernels, this machine kind: time loop 8.8 s)" ;;
    1x2) solver_orig="(original, C kernels with OpenMP, this machine kind: time loop 8.69 s)" ;;
    *) solver_orig="" ;;
  esac
  echo "solver-bench ranks=$solver_np threads=$solver_t loop_s=$solver_med_t mups=$solver_med_m $solver_orig"
done
if [ -n "${solver_loop[1x2]:-}" ] && [ -n "${solver_loop[2x1]:-}" ] && [ -n "${solver_loop[1x1]:-}" ]; then
  echo "threads-bench 1x2_over_2x1=$(echo "${solver_loop[1x2]} ${solver_loop[2x1]}" | awk '{printf "%.3f", $1 / $2}')" \
    "1x2_over_1x1=$(echo "${solver_loop[1x2]} ${solver_loop[1x1]}" | awk '{printf "%.3f", $1 / $2}')" \
    "(goals: within 1.10 and at most 0.55; the original: 8.69/8.80 = 0.99)"
fi

# The reference kernel: one run (it is about ten times slower), 2 ranks x 1 thread.
if [ "${SOLVER_BENCH_REFERENCE:-1}" = 1 ]; then
  if solver_row=$(solver_once "$solver_out/reference-2x1" 2 1 --kernel reference); then
    echo "kernel-bench kernel=reference ranks=2 threads=1 loop_s=$(echo "$solver_row" | awk '{print $1}') mups=$(echo "$solver_row" | awk '{print $2}')" \
      "(tuned: loop_s=${solver_loop[2x1]:-?})"
  else
    echo "kernel-bench kernel=reference FAILED (see $solver_out/reference-2x1)"
  fi
fi
