# 70-dg.sh: the DG solver's speed (NUMERICS 30-34) at degrees 1-4, beside the FD solver's
# (sourced by bench/run_bench.sh, from the repository root).
#
# Why built so: DG's work per unknown grows with the degree (the element operators are dense
# in the modes), so its figure is degree-of-freedom updates per second per core at each degree,
# on the single-mode problem (the unit cube, mirror sides; h chosen so that a run takes a few
# seconds), DG_BENCH_RUNS times (3) on 1 and 2 ranks, taking turns, the median reported. The
# FD solver's grid-point updates per second per core on a flat deck of the same cube is the
# line beside it; one FD grid-point update carries 3 unknowns. Then the reference (plain dense)
# face kernels once at q = 2 against the tuned ones. Lines scripts grep:
#   dg-bench q=Q ranks=R dofs_per_s_per_core=<median>
dg_runs=${DG_BENCH_RUNS:-3}
dg_out=$PWD/bench-output/dg
rm -rf "$dg_out" && mkdir -p "$dg_out"
dg_deck() {  # Q H STEPS -> a single-mode deck of STEPS steps
  printf 'grid x=1 y=1 z=1 h=%s\ntime steps=%s\ndgalerkin singlemode=1 order=%s\ndeveloper cfl=0.3\n' "$2" "$3" "$1"
}
# dg_once DIR NP ARGS...: the per-core figure of one run, or nothing when it failed.
dg_once() {
  local dir=$1 np=$2; shift 2
  mkdir -p "$dir"
  (cd "$dir" && "$SW4LITE_ROOT/tools/mpirun.sh" "$np" "$SW4LITE_ROOT/sw4lite" "$@" ../deck.in >stdout 2>stderr) || return 1
  awk '/^Figure of merit:/ { v = $4 } END { if (v) printf "%.4g\n", v / np }' np="$np" "$dir/stdout"
}
echo "== DG solver: degree-of-freedom updates/s per core (single-mode problem, median of $dg_runs)"
for spec in "1 0.0625 40" "2 0.0625 20" "3 0.125 30" "4 0.125 15"; do
  set -- $spec
  q=$1
  mkdir -p "$dg_out/q$q" && dg_deck "$@" >"$dg_out/q$q/deck.in"
  for np in 1 2; do
    vals=""
    for r in $(seq "$dg_runs"); do vals+="$(dg_once "$dg_out/q$q/np$np-$r" "$np")"$'\n'; done
    med=$(median_row "$vals" 1)
    echo "dg-bench q=$q ranks=$np dofs_per_s_per_core=${med:-failed}"
  done
done
# The plain dense face tables at q = 2, one rank, once each way.
ref=$(dg_once "$dg_out/q2/reference" 1 --kernel reference)
tun=$(dg_once "$dg_out/q2/tuned" 1 --kernel tuned)
echo "dg-bench q=2 kernel=reference dofs_per_s_per_core=${ref:-failed} (tuned: ${tun:-failed})"
# FD on the same cube, 1 rank: grid-point updates/s (each 3 unknowns).
mkdir -p "$dg_out/fd"
printf 'grid x=1 y=1 z=1 h=0.015625\ntime steps=40\nblock vp=2 vs=1 rho=1\nsupergrid gp=8\n' >"$dg_out/fd/deck.in"
fdv=$(cd "$dg_out/fd" && "$SW4LITE_ROOT/tools/mpirun.sh" 1 "$SW4LITE_ROOT/sw4lite" deck.in 2>/dev/null | awk '/^Figure of merit:/ { print $4 }')
echo "fd-bench ranks=1 grid_point_updates_per_s=${fdv:-failed} (= $(awk -v v="${fdv:-0}" 'BEGIN { printf "%.4g", 3 * v }') unknown updates/s)"
unset dg_runs dg_out q ref tun fdv vals med
