# 75-attenuation.sh: what the visco-elastic memory variables cost (NUMERICS 36): grid-point
# updates per second of one deck elastic, with nmech=1 and with nmech=3, on the same ranks
# (sourced by bench/run_bench.sh, from the repository root).
#
# Why built so: a visco-elastic step applies L_h once more per mechanism in each phase and
# adds pointwise updates of the memory variables, so its price is a ratio to the elastic step
# of the same grid, and the cost line (checks/cost.hpp) scales its rate by that ratio. One
# deck serves all three: inputs/loh1-small.in at h = 100 (121 x 121 x 61 = 0.89 M points, far
# beyond the caches like a real run's) and t = 1.5, its blocks given LOH.3's Q (which the
# elastic run ignores) and, for the visco-elastic runs, LOH.3's attenuation line with the
# mechanism count changed. The three configurations take turns, ATT_BENCH_RUNS times (3) on
# ATT_BENCH_RANKS ranks (2, both cores busy as in a real run), each run in a fresh directory
# under bench-output/attenuation/. The time step differs (the unrelaxed moduli are stiffer), so
# the figure compared is updates per second, not the loop time. Lines scripts grep:
#   att-bench nmech=N ranks=R mups=<median M updates/s> loop_s=<median> steps=S
#   att-bench-ratio nmech=N time_per_update_over_elastic=<median of the runs' own ratios>
# where each run's ratio is taken against the elastic run of the same round (ratios measured
# in one round, then their median). Nothing is asserted: a benchmark, not a test.
att_runs=${ATT_BENCH_RUNS:-3}
att_np=${ATT_BENCH_RANKS:-2}
att_out=$PWD/bench-output/attenuation
rm -rf "$att_out" && mkdir -p "$att_out"

# att_deck NMECH: the deck, elastic for "elastic", with `attenuation nmech=NMECH` otherwise.
att_deck() {
  awk -v n="$1" '
    /^grid / { print "grid h=100 x=12000 y=12000 z=6000"; next }
    /^time / { print "time t=1.5"; next }
    /^fileio / { print "fileio path=results printcycle=1000"; next }
    /^developer / { print "developer checkfornan=0 reporttiming=1"; next }
    /^block / && /z2=1000/ && !/z1=/ { print $0 " qp=120 qs=40"; next }
    /^block / && /z1=999/ { print $0 " qp=137.95 qs=54.65"; next }
    /^block / { print $0 " qp=155.9 qs=69.3"
                if (n != "elastic") print "attenuation phasefreq=2.5 nmech=" n " maxfreq=15"; next }
    { print }' "$SW4LITE_ROOT/inputs/loh1-small.in"
}
# att_once DIR: one run of DIR/deck.in; prints "mups loop_s steps", or fails.
att_once() {
  local dir=$1
  (cd "$dir" && "$SW4LITE_ROOT/tools/mpirun.sh" "$att_np" "$SW4LITE_ROOT/sw4lite" deck.in >stdout 2>stderr) || return 1
  local steps; steps=$(grep -a -m1 -o '[0-9]* steps to t' "$dir/stdout" | awk '{print $1}')
  echo "$(fom_mups "$dir/stdout") $(loop_seconds "$dir/stdout") ${steps:-?}"
}

echo "== attenuation: inputs/loh1-small.in at h=100 with LOH.3's Q, elastic and nmech=1, 3, $att_np ranks, $att_runs runs each (median)"
att_configs="elastic 1 3"
declare -A att_rows=() att_ratios=()
for att_r in $(seq 1 "$att_runs"); do
  att_el=""
  for att_c in $att_configs; do
    att_dir=$att_out/$att_c-run$att_r
    mkdir -p "$att_dir" && att_deck "$att_c" >"$att_dir/deck.in"
    if att_row=$(att_once "$att_dir"); then
      echo "   $att_c run $att_r: $(echo "$att_row" | awk '{print $1}') M updates/s, time loop $(echo "$att_row" | awk '{print $2}') s, $(echo "$att_row" | awk '{print $3}') steps"
      att_rows[$att_c]+="$att_row"$'\n'
      att_m=$(echo "$att_row" | awk '{print $1}')
      if [ "$att_c" = elastic ]; then att_el=$att_m
      elif [ -n "$att_el" ]; then att_ratios[$att_c]+="$(awk -v e="$att_el" -v a="$att_m" 'BEGIN { printf "%.4f", e / a }')"$'\n'
      fi
    else
      echo "   $att_c run $att_r: FAILED (see $att_dir)"
    fi
  done
done
for att_c in $att_configs; do
  rows=${att_rows[$att_c]:-}
  if [ -z "$rows" ]; then echo "att-bench nmech=$att_c FAILED (no successful run)"; continue; fi
  att_med=$(median_row "$rows" 1)
  echo "att-bench nmech=$att_c ranks=$att_np mups=$(echo "$att_med" | awk '{print $1}') loop_s=$(median_row "$rows" 2 | awk '{print $2}') steps=$(echo "$att_med" | awk '{print $3}')"
done
for att_c in 1 3; do
  r=${att_ratios[$att_c]:-}
  [ -n "$r" ] || continue
  echo "att-bench-ratio nmech=$att_c time_per_update_over_elastic=$(median_row "$r" 1) (runs: $(echo $r))"
done
