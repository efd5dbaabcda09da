# 30-onesided.sh: two-sided against one-sided on the pointsource deck, 2 ranks (sourced by
# bench/run_bench.sh, from the repository root).
#
# Why built so: the one-sided mode earns its keep by overlap (balanced case) and by moving work
# away from a slow rank (imbalanced case: `developer imbalance=1:2`, rank 1 redoes its work, so
# the ideal speedup is 1.5). Both binaries run the same deck in the same bench, alternating,
# ONESIDED_BENCH_RUNS times (5) each, one line per case:
#   onesided-bench case=<name> twosided_s=<median> onesided_s=<median> speedup=<two/one>
# where the speedup is the median of the rounds' ratios (a round: the two binaries back to
# back, so both see the same machine; a drift in the load between rounds cannot skew it as it
# can a ratio of two medians), followed by the runtime statistics table of the median one-sided
# run. Goals: balanced >= 0.97 (no slower than two-sided, within the noise, with nothing to
# balance), imbalanced >= 1.3 (most of the ideal 1.5 won back). Nothing is asserted.
os_runs=${ONESIDED_BENCH_RUNS:-5}
os_np=${ONESIDED_BENCH_RANKS:-2}
os_out=$PWD/bench-output/onesided
rm -rf "$os_out" && mkdir -p "$os_out"
os_median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'; }

echo "== one-sided vs two-sided: inputs/pointsource.in on $os_np ranks, $os_runs runs each (median)"
for os_case in balanced imbalanced; do
  os_deck=$os_out/$os_case.in
  cp inputs/pointsource.in "$os_deck"
  [ "$os_case" = imbalanced ] && echo "developer imbalance=1:2" >>"$os_deck"
  os_two=""; os_one=""; os_ratio=""
  for os_r in $(seq 1 "$os_runs"); do
    os_pair=""
    for os_bin in sw4lite sw4lite-onesided; do
      os_dir=$os_out/$os_case-$os_bin-$os_r
      mkdir -p "$os_dir"
      (cd "$os_dir" && "$SW4LITE_ROOT/tools/mpirun.sh" "$os_np" "$SW4LITE_ROOT/$os_bin" "$os_deck" >stdout 2>stderr)
      os_t=$(loop_seconds "$os_dir/stdout")
      if [ -z "$os_t" ]; then echo "   $os_case $os_bin run $os_r: FAILED (see $os_dir)"; continue; fi
      echo "   $os_case $os_bin run $os_r: time loop $os_t s"
      os_pair+="$os_bin=$os_t "
      if [ $os_bin = sw4lite ]; then os_two+="$os_t"$'\n'; else os_one+="$os_t $os_dir"$'\n'; fi
    done
    os_ratio+=$(echo "$os_pair" | awk '{ for (i = 1; i <= NF; ++i) { split($i, kv, "="); t[kv[1]] = kv[2] }
      if (t["sw4lite"] > 0 && t["sw4lite-onesided"] > 0) printf "%.4f\n", t["sw4lite"] / t["sw4lite-onesided"] }')$'\n'
  done
  os_two_m=$(printf '%s' "$os_two" | os_median)
  os_one_m=$(printf '%s' "$os_one" | awk '{print $1}' | os_median)
  if [ -z "$os_two_m" ] || [ -z "$os_one_m" ]; then
    echo "onesided-bench case=$os_case FAILED"
    continue
  fi
  echo "onesided-bench case=$os_case twosided_s=$os_two_m onesided_s=$os_one_m speedup=$(printf '%s' "$os_ratio" | grep . | os_median | awk '{ printf "%.3f", $1 }')"
  os_med_dir=$(printf '%s' "$os_one" | awk -v m="$os_one_m" '$1 == m { print $2; exit }')
  sed -n '/^amr_runtime statistics/,/^ Total running time/p' "$os_med_dir/stdout" | sed '$d'
done

# The two halo protocols of the one-sided mode (onesided_step.hpp): the same balanced deck with
# `developer protocol=request` and `protocol=eager`, alternating, ONESIDED_BENCH_RUNS each:
#   onesided-protocol request_s=<median> eager_s=<median> eager_over_request=<ratio>
# where the ratio is the median of the per-round ratios (same machine state in each round).
echo "== one-sided halo protocols: inputs/pointsource.in on $os_np ranks, $os_runs runs each (median)"
for os_p in request eager; do
  cp inputs/pointsource.in "$os_out/protocol-$os_p.in"
  echo "developer protocol=$os_p" >>"$os_out/protocol-$os_p.in"
done
os_req=""; os_eag=""; os_ratio=""
for os_r in $(seq 1 "$os_runs"); do
  os_pair=""
  for os_p in request eager; do
    os_dir=$os_out/protocol-$os_p-$os_r
    mkdir -p "$os_dir"
    (cd "$os_dir" && "$SW4LITE_ROOT/tools/mpirun.sh" "$os_np" "$SW4LITE_ROOT/sw4lite-onesided" "$os_out/protocol-$os_p.in" >stdout 2>stderr)
    os_t=$(loop_seconds "$os_dir/stdout")
    if [ -z "$os_t" ]; then echo "   protocol $os_p run $os_r: FAILED (see $os_dir)"; continue; fi
    echo "   protocol $os_p run $os_r: time loop $os_t s"
    os_pair+="$os_t "
    if [ $os_p = request ]; then os_req+="$os_t"$'\n'; else os_eag+="$os_t"$'\n'; fi
  done
  read -r os_a os_b <<<"$os_pair"
  [ -n "${os_b:-}" ] && os_ratio+="$(awk -v a="$os_a" -v b="$os_b" 'BEGIN { printf "%.4f", b / a }')"$'\n'
done
echo "onesided-protocol request_s=$(printf '%s' "$os_req" | os_median) eager_s=$(printf '%s' "$os_eag" | os_median) eager_over_request=$(printf '%s' "$os_ratio" | os_median)"
