#!/usr/bin/env bash
# cfl_stability.sh: the measurements behind cfl_stability.hpp's table: the largest stable
# `developer cfl=` and the growth per step above it.
#
#   tools/cfl_stability.sh rate CFL [KEY=VALUE...]      growth of max|U| per step and the limit it implies
#   tools/cfl_stability.sh crit LO HI [KEY=VALUE...]    the largest stable cfl in [LO, HI] (bisection)
#   tools/cfl_stability.sh table                        every run behind the header's table (about 2 hours)
#
#   KEYs: vpvs (2): vp/vs of the homogeneous medium (vs=1000, rho=2000); top (free): free
#   surface on top, or `sg` for super-grid layers there too (testpointsource halfspace=0);
#   gp (10), dc (0.02): the layers; n (12): interior points between the layers; topo (0): 1
#   puts a Gaussian hill (amplitude 0.3 of the curvilinear grid's depth) on top; steps (2000).
#
# Why built so: the limit is measured on the program itself, boundary closures, layers and
# all, and the time integrator gives the rest. A step is U+ = 2U - Um + dt^2 L U + dt^4/12 L^2 U
# (predictor and corrector, NUMERICS.md 2.2), so an eigenvector of L with eigenvalue -w^2 is
# multiplied per step by the larger root r of r + 1/r = 2 - z + z^2/12, z = (w dt)^2: stable
# (|r| = 1) exactly for z <= 12, and beyond it r grows steeply (z = 12.5: 1.52x). An unstable
# run is a power iteration on the largest eigenvalue: its growth per step r gives z and so the
# CFL number at which z = 12, cfl* = cfl sqrt(12 / z), whatever cfl it ran at. `rate` prints
# both (columns: cfl, onset, r, cfl*); `crit` checks the limit directly (stable: max|U| never
# above 1e3 times its peak in the first sixth of the run). Each run is one rank of
# build/sw4lite-maxu (tools/build_maxu.sh: sw4lite with the largest |U| printed, without the
# solution check's stop and the set-up's refusal), on a box of h=50 with a Gaussian point force
# (10 Hz) at its centre. Work files go to test-output/cfl-stability/.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
work=$root/test-output/cfl-stability
mkdir -p "$work"
bin=$(nice -n 19 "$root/tools/build_maxu.sh") || exit 2

# rate CFL KEY=VALUE...: prints "cfl vpvs top gp dc topo onset r cfl*" (onset: first step
# beyond 1e3 x the early peak, or None; r: growth per step; cfl*: the limit r implies, or -).
rate() {
  local cfl=$1; shift
  local vpvs=2 top=free gp=10 dc=0 n=12 topo=0 amp=0.3 cap=0 capvpvs=2 steps=2000 kv
  for kv in "$@"; do local "$kv"; done
  local nx=$((2 * gp + n)) nz=$((gp + n)) d
  [ "$top" = sg ] && nz=$((2 * gp + n))
  local L=$((nx * 50)) Lz=$((nz * 50))
  d=$work/run-$cfl-$vpvs-$top-$gp-$dc-$n-$topo-$amp-$cap-$capvpvs
  mkdir -p "$d"
  local vp; vp=$(awk -v r="$vpvs" 'BEGIN { printf "%.6g", 1000 * r }')
  {
    echo "fileio path=out printcycle=100000"
    echo "grid h=50 x=$L y=$L z=$Lz"
    echo "time steps=$steps"
    echo "supergrid gp=$gp dc=$dc"
    echo "developer cfl=$cfl"
    if [ "$top" = sg ]; then echo "testpointsource cp=$vp cs=1000 rho=2000 halfspace=0"
    else echo "block vp=$vp vs=1000 rho=2000"; fi
    if [ "$cap" != 0 ]; then  # a layer of cap h on top, of vp/vs capvpvs and the same vp^2 + 2 vs^2
      awk -v r="$vpvs" -v q="$capvpvs" -v z="$((cap * 50 - 25))" 'BEGIN {
        s2 = 1e6 * (r * r + 2); vs = sqrt(s2 / (q * q + 2))
        printf "block vp=%.6g vs=%.6g rho=2000 z2=%d\n", q * vs, vs, z }'
    fi
    if [ "$topo" = 1 ]; then
      echo "topography input=gaussian zmax=$((Lz / 2)) order=3 gaussianAmp=$(awk -v a="$amp" -v z="$Lz" 'BEGIN { print a * z / 2 }') gaussianXc=$((L / 2)) gaussianYc=$((L / 2)) gaussianLx=$((L / 6)) gaussianLy=$((L / 6))"
    fi
    echo "source x=$((L / 2)) y=$((L / 2)) z=$((Lz / 2)) fz=1e12 t0=0.3 freq=10 type=Gaussian"
  } >"$d/deck.in"
  (cd "$d" && OMP_NUM_THREADS=1 MAXU_EVERY=1 nice -n 19 "$bin" deck.in >out.txt 2>&1)
  awk -v cfl="$cfl" -v tag="$vpvs $top $gp $dc $topo" '
    $1 == "MAX" { s[++m] = $2; v[m] = $3 + 0 }
    END {
      peak = 0; for (i = 1; i <= int(m / 6) + 1; ++i) if (v[i] > peak) peak = v[i]
      onset = "None"; for (i = 1; i <= m; ++i) if (v[i] > 1e3 * peak) { onset = s[i]; break }
      k = 0; for (i = 1; i <= m; ++i) if (v[i] > 1e4 * peak && v[i] < 1e200 && v[i] > 0) { en[++k] = s[i]; ev[k] = log(v[i]) }
      r = 1; lim = "-"
      if (k >= 6) {
        a = int(k / 3) + 1; r = exp((ev[k] - ev[a]) / (en[k] - en[a]))
        b = r + 1 / r; z = 6 + sqrt(12 + 12 * b)  # the larger root of z^2/12 - z + 2 - b = 0
        lim = sprintf("%.4f", cfl * sqrt(12 / z))
      }
      printf "%s %s %s %.4f %s\n", cfl, tag, onset, r, lim
    }' "$d/out.txt"
}

# crit LO HI KEY=VALUE...: bisects cfl 10 times (4 digits) with runs of `steps` (default 4000).
crit() {
  local lo=$1 hi=$2; shift 2
  local it mid out
  for it in 1 2 3 4 5 6 7 8 9 10; do
    mid=$(awk -v a="$lo" -v b="$hi" 'BEGIN { printf "%.5f", (a + b) / 2 }')
    out=$(rate "$mid" steps=4000 "$@")
    echo "  $out"
    if [ "$(echo "$out" | awk '{ print $7 }')" = None ]; then lo=$mid; else hi=$mid; fi
  done
  echo "$*: stable at cfl <= $lo, unstable at cfl >= $hi"
}

case ${1:-} in
  rate) shift; rate "$@" ;;
  crit) shift; crit "$@" ;;
  table)
    # 1. The limit against vp/vs at a free surface and inside (layers on every side, no free
    #    surface): the table's rows, then the ratios between them that test_cfl_stability checks.
    for r in 1000 100 30 10 6 4 3 2.5 2.2 2 1.8 1.732 1.5 1.2 1.16 1.35 1.65 3.5 5 8; do
      rate 1.6 vpvs=$r n=40; rate 1.6 vpvs=$r n=40 top=sg gp=6
    done
    # 2. The grid size (interior points between the layers).
    for n in 12 24 40 60; do for r in 2 4 30; do rate 1.6 vpvs=$r n=$n; done; done
    # 3. The layers: widths, and damping against none.
    for g in 5 10 20 30; do rate 1.6 gp=$g vpvs=4 n=24; done
    for c in 0 0.02; do rate 1.6 dc=$c vpvs=3; done
    # 4. Topography: a flat hill, then higher ones (the deck's cfl; the curvilinear grid sets dt).
    for a in 0 0.02 0.1 0.3; do rate 3 vpvs=2 topo=1 amp=$a steps=400; rate 3 vpvs=4 topo=1 amp=$a steps=400; done
    # 5. Where the surface's mode lives: a surface layer of 1 to 8 planes, either way round.
    for c in 1 2 3 4 6 8; do rate 1.6 vpvs=2 cap=$c capvpvs=4 n=24; rate 1.6 vpvs=4 cap=$c capvpvs=2 n=24; done
    # 6. The growth per step against cfl (vp/vs 2), and the limit by bisection.
    for c in 1.44 1.45 1.5 1.7 2.5; do rate $c vpvs=2 n=24 steps=3000; done
    crit 1.40 1.46 vpvs=2 n=24 ;;
  *) sed -n '3,6p' "$0" >&2; exit 2 ;;
esac
