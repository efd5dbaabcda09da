# 12-precision.sh: the double and the single build side by side (sourced by bench/run_bench.sh):
# the Cartesian step on inputs/pointsource.in and the curvilinear step on the original's
# topography deck (test/reference/topo/curvilinear.in), 1 rank x 1 thread, then the kernels
# alone in both precisions.
#
# Why built so: the single build's point is speed (half the bytes, twice the vector lanes), and
# a ratio means something only when both builds ran the same deck on the same machine in the
# same minutes, so the two binaries (build/bench-precision/sw4lite-double and -single, which `make
# bench` builds whatever PRECISION says) take turns, run by run, PREC_BENCH_RUNS times (3)
# each, and the medians are compared. One line per deck that scripts can grep:
#   precision-bench deck=D double_loop_s=X single_loop_s=Y double_mups=A single_mups=B single_over_double=R
# (R: the single build's grid-point updates per second over the double build's; the goal on
# pointsource.in is at least 1.6). A run that fails or, on pointsource.in, does not print error
# norms within 1e-4 of the published double ones is reported and left out. Nothing is asserted.
prec_runs=${PREC_BENCH_RUNS:-3}
prec_out=$PWD/bench-output/precision

# prec_once DIR BINARY DECK: one run in DIR; prints "loop_s mups DIR", or fails.
prec_once() {
  local dir=$1 bin=$2 deck=$3
  mkdir -p "$dir"
  cp "$deck" "$dir/deck.in"
  echo "developer reporttiming=1" >>"$dir/deck.in"   # the timing table (the topography deck has none)
  (cd "$dir" && OMP_NUM_THREADS=1 "$SW4LITE_ROOT/tools/mpirun.sh" 1 "$bin" deck.in >stdout 2>stderr) || return 1
  if [ "$(basename "$deck")" = pointsource.in ]; then   # the norms, to 1e-4 relative
    grep -a '^Errors at time' "$dir/stdout" | awk '{ l = $7 / 0.569416 - 1; m = $10 / 0.0245361 - 1
      exit !(l < 1e-4 && l > -1e-4 && m < 1e-4 && m > -1e-4) }' || return 1
  fi
  local mups; mups=$(fom_mups "$dir/stdout")
  echo "$(loop_seconds "$dir/stdout") ${mups:-0} $dir"
}

echo "== precision: double and single builds alternately, 1 rank x 1 thread, $prec_runs runs each (median)"
rm -rf "$prec_out"
for prec_deck in inputs/pointsource.in test/reference/topo/curvilinear.in; do
  prec_name=$(basename "$prec_deck" .in)
  declare -A prec_rows=()
  for prec_r in $(seq 1 "$prec_runs"); do
    for prec_p in double single; do
      prec_dir=$prec_out/$prec_name-$prec_p-run$prec_r
      if prec_row=$(prec_once "$prec_dir" "$SW4LITE_ROOT/build/bench-precision/sw4lite-$prec_p" "$SW4LITE_ROOT/$prec_deck"); then
        echo "   $prec_name $prec_p run $prec_r: time loop $(echo "$prec_row" | awk '{print $1}') s, $(echo "$prec_row" | awk '{print $2}') M point-updates/s"
        prec_rows[$prec_p]+="$prec_row"$'\n'
      else
        echo "   $prec_name $prec_p run $prec_r: FAILED (exit status, or norms off; see $prec_dir)"
      fi
    done
  done
  if [ -z "${prec_rows[double]:-}" ] || [ -z "${prec_rows[single]:-}" ]; then
    echo "precision-bench deck=$prec_name FAILED (a build had no successful run)"
    unset prec_rows
    continue
  fi
  prec_dt=$(median_row "${prec_rows[double]}" 1 | awk '{print $1}')
  prec_st=$(median_row "${prec_rows[single]}" 1 | awk '{print $1}')
  prec_dm=$(median_row "${prec_rows[double]}" 2 | awk '{print $2}')
  prec_sm=$(median_row "${prec_rows[single]}" 2 | awk '{print $2}')
  for prec_p in double single; do
    prec_dir=$(median_row "${prec_rows[$prec_p]}" 1 | awk '{print $3}')
    echo "-- $prec_name, $prec_p, the median run ($prec_dir):"
    grep -a '^Errors at time' "$prec_dir/stdout"
    sed -n '/Execution time summary/,/Clock tick/p' "$prec_dir/stdout"
    grep -a '^Figure of merit:' "$prec_dir/stdout"
  done
  echo "precision-bench deck=$prec_name double_loop_s=$prec_dt single_loop_s=$prec_st double_mups=$prec_dm single_mups=$prec_sm single_over_double=$(echo "$prec_sm $prec_dm" | awk '{printf "%.3f", $1 / $2}')$([ "$prec_name" = pointsource ] && echo ' (goal: at least 1.6)')"
  unset prec_rows
done

echo "== precision: the kernels alone, build/bench-precision/bench_kernels-double and -single 201 201 101 (median of 5, 1 thread)"
for prec_p in double single; do
  echo "-- $prec_p"
  OMP_NUM_THREADS=1 "build/bench-precision/bench_kernels-$prec_p" 201 201 101 5
done
