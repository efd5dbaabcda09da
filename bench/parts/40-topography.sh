# 40-topography.sh: the solver with topography: the original's topography deck
# (test/reference/topo/curvilinear.in: 65 x 65 x (151 + 103) points, 63 steps, the
# curvilinear grid 40% of the points) on 1 and 2 ranks (sourced by bench/run_bench.sh).
#
# Why built so: the curvilinear operator is the original's second kernel and topography runs
# spend their time in it, so it gets its own figures: TOPO_BENCH_RUNS runs (3) per rank count,
# the configurations taking turns, each in a fresh directory under bench-output/topo/, with
# `developer reporttiming=1` added to a copy of the deck. It prints the median run's time loop,
# timing table and figure of merit, and one line per rank count that scripts can grep:
#   topo-bench ranks=R loop_s=<median seconds> mups=<median M point-updates/s>
# When SW4LITE_ORIGINAL names a binary of the original program (built by you, outside this
# repository), it runs the same deck alternately with sw4lite, run by run, and prints
#   topo-vs-original ranks=R sw4lite_s=<median> original_s=<median> ratio=<sw4lite/original>
# Nothing is asserted: a benchmark, not a test.
topo_runs=${TOPO_BENCH_RUNS:-3}
topo_out=$PWD/bench-output/topo
topo_orig=${SW4LITE_ORIGINAL:-}

# topo_once DIR NP BINARY: one run in DIR; prints "loop_s mups DIR", or fails.
topo_once() {
  local dir=$1 np=$2 bin=$3
  mkdir -p "$dir"
  cp "$SW4LITE_ROOT/test/reference/topo/curvilinear.in" "$dir/deck.in"
  echo "developer reporttiming=1" >>"$dir/deck.in"
  (cd "$dir" && "$SW4LITE_ROOT/tools/mpirun.sh" "$np" "$bin" deck.in >stdout 2>stderr) || return 1
  local mups; mups=$(fom_mups "$dir/stdout")
  echo "$(loop_seconds "$dir/stdout") ${mups:-0} $dir"
}

echo "== topography: test/reference/topo/curvilinear.in on 1 and 2 ranks, $topo_runs runs each (median)${topo_orig:+, alternating with $topo_orig}"
rm -rf "$topo_out"
declare -A topo_rows=() topo_orig_rows=()
for topo_r in $(seq 1 "$topo_runs"); do
  for topo_np in 1 2; do
    if topo_row=$(topo_once "$topo_out/np$topo_np-run$topo_r" "$topo_np" "$SW4LITE_ROOT/sw4lite"); then
      echo "   sw4lite $topo_np rank(s) run $topo_r: time loop $(echo "$topo_row" | awk '{print $1}') s"
      topo_rows[$topo_np]+="$topo_row"$'\n'
    else
      echo "   sw4lite $topo_np rank(s) run $topo_r: FAILED (see $topo_out/np$topo_np-run$topo_r)"
    fi
    [ -n "$topo_orig" ] || continue
    if topo_row=$(topo_once "$topo_out/original-np$topo_np-run$topo_r" "$topo_np" "$topo_orig"); then
      echo "   original $topo_np rank(s) run $topo_r: time loop $(echo "$topo_row" | awk '{print $1}') s"
      topo_orig_rows[$topo_np]+="$topo_row"$'\n'
    else
      echo "   original $topo_np rank(s) run $topo_r: FAILED (see $topo_out/original-np$topo_np-run$topo_r)"
    fi
  done
done
for topo_np in 1 2; do
  rows=${topo_rows[$topo_np]:-}
  if [ -z "$rows" ]; then echo "topo-bench ranks=$topo_np FAILED (no successful run)"; continue; fi
  topo_med=$(median_row "$rows" 1)
  topo_t=$(echo "$topo_med" | awk '{print $1}')
  topo_dir=$(echo "$topo_med" | awk '{print $3}')
  echo "-- $topo_np rank(s), the median run ($topo_dir):"
  grep -a 'Execution time, solver phase' "$topo_dir/stdout"
  sed -n '/Execution time summary/,/Clock tick/p' "$topo_dir/stdout"
  grep -a '^Figure of merit:' "$topo_dir/stdout"
  echo "topo-bench ranks=$topo_np loop_s=$topo_t mups=$(median_row "$rows" 2 | awk '{print $2}')"
  orows=${topo_orig_rows[$topo_np]:-}
  if [ -n "$orows" ]; then
    topo_o=$(median_row "$orows" 1 | awk '{print $1}')
    echo "topo-vs-original ranks=$topo_np sw4lite_s=$topo_t original_s=$topo_o ratio=$(echo "$topo_t $topo_o" | awk '{printf "%.3f", $1 / $2}') (goal: at most 0.7)"
  fi
done
