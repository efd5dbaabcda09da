#!/usr/bin/env bash
# supergrid_stability.sh: the measurements behind supergrid_stability.hpp's tables.
#
#   tools/supergrid_stability.sh rate GP DC CFL [STEPS]   growth of max|U| per step (decades)
#   tools/supergrid_stability.sh crit GP CFL LO HI        the largest stable dc in [LO, HI]
#
# Why built so: the rule that warns about unstable super-grid layers is measured, not derived,
# so the measurement must be repeatable. Each run is a homogeneous box (vp=2000, vs=1000,
# rho=2000, h=50) with 12 interior points between layers of GP points on x, y and the bottom
# (free surface on top) and one point force (Gaussian, 10 Hz), on 1 rank. The largest |U| over
# the grid is printed every 5 steps by build/sw4lite-maxu (tools/build_maxu.sh: sw4lite with
# that line added and the solution check's stop taken out, so a blow-up runs on). "Stable": within STEPS (2000) the maximum never exceeds 1e3 times its largest value in
# the first sixth of the run. The rate is the slope of log10 max|U| over the last two thirds of
# the part between 1e4 times that value and 1e200. `crit` bisects dc 5 times (3 digits).
# Work files go to test-output/supergrid-stability/. A run takes seconds (gp=8) to a minute
# (gp=30) on one core.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
work=$root/test-output/supergrid-stability
mkdir -p "$work" "$root/build"
bin=$("$root/tools/build_maxu.sh") || exit 2

# rate GP DC CFL STEPS: prints "gp dc cfl onset rate" (onset: first step beyond 1e3 x, or None)
rate() {
  local gp=$1 dc=$2 cfl=$3 steps=${4:-2000}
  local n=$((2 * gp + 12)) d=$work/run-$1-$2-$3
  local L=$((n * 50)) Lz=$(((gp + 12) * 50))
  mkdir -p "$d"
  cat >"$d/deck.in" <<EOD
fileio path=out printcycle=100000
grid h=50 x=$L y=$L z=$Lz
time steps=$steps
supergrid gp=$gp dc=$dc
developer cfl=$cfl
block vp=2000 vs=1000 rho=2000
source x=$((L / 2)) y=$((L / 2)) z=$((Lz / 3)) fz=1e12 t0=0.3 freq=10 type=Gaussian
EOD
  (cd "$d" && OMP_NUM_THREADS=1 "$bin" deck.in >out.txt 2>&1)
  awk -v gp="$gp" -v dc="$dc" -v cfl="$cfl" '
    $1 == "MAX" { n[++m] = $2; v[m] = $3 + 0 }
    END {
      peak = 0; for (i = 1; i <= int(m / 6) + 1; ++i) if (v[i] > peak) peak = v[i]
      onset = "None"; for (i = 1; i <= m; ++i) if (v[i] > 1e3 * peak) { onset = n[i]; break }
      k = 0; for (i = 1; i <= m; ++i) if (v[i] > 1e4 * peak && v[i] < 1e200) { en[++k] = n[i]; ev[k] = log(v[i]) / log(10) }
      r = 0; if (k >= 4) { a = int(k / 3) + 1; r = (ev[k] - ev[a]) / (en[k] - en[a]) }
      printf "%s %s %s %s %.4f\n", gp, dc, cfl, onset, r
    }' "$d/out.txt"
}

case ${1:-} in
  rate) shift; rate "$@" ;;
  crit)
    gp=$2 cfl=$3 lo=$4 hi=$5
    for it in 1 2 3 4 5; do
      mid=$(awk -v a="$lo" -v b="$hi" 'BEGIN { printf "%.5f", (a + b) / 2 }')
      out=$(rate "$gp" "$mid" "$cfl" 2000)
      echo "  $out"
      if [ "$(echo "$out" | awk '{ print $4 }')" = None ]; then lo=$mid; else hi=$mid; fi
    done
    echo "gp=$gp cfl=$cfl: stable at dc <= $lo, unstable at dc >= $hi" ;;
  *) sed -n '3,4p' "$0" >&2; exit 2 ;;
esac
