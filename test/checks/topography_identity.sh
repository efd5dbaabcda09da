# topography_identity.sh: a topography deck writes the same bytes on 1 to 4 ranks and in both
# modes (sourced by test/run_tests.sh).
#
# Why built so: the numbers contract (DESIGN.md) holds for both grids: inputs/topography.in has
# sources in each grid and across the interface, and receivers of every mode on the surface, at
# depth and in the Cartesian grid; every output file must equal the two-sided one-rank run's,
# byte for byte, on 2, 3 and 4 ranks, under ./sw4lite-onesided with partitions, with a
# migration forced every other step, and with stealing from an emulated slow rank.
# make test (QUICK=1): 2 ranks, and one-sided with migrations and with stealing; make check: all.
ti_dir=$PWD/test-output/topo-identity
rm -rf "$ti_dir" && mkdir -p "$ti_dir/decks"
ti_files=16  # hilltop x,y,z,txt; flank xv,yv,zv,txt; below, strain, curl, grad txt; deep x,y,z,txt
cmd_check topo-identity-ref 180 bash test/e2e/run_deck.sh 1 inputs/topography.in "$ti_dir/np1"
ti_nps="2 3 4"; quick && ti_nps=2
for ti_np in $ti_nps; do
  cmd_check "topo-identity-np$ti_np" 180 bash test/e2e/run_deck.sh "$ti_np" inputs/topography.in "$ti_dir/np$ti_np"
  cmd_check "topo-identity-same-np$ti_np" 30 bash test/e2e/same_files.sh \
    "$ti_dir/np1/topography-results" "$ti_dir/np$ti_np/topography-results" "$ti_files"
done
# ti_os NAME NP PARTITIONS [DEVELOPER KEYS]
ti_os() {
  local d=$ti_dir/decks/$1.in
  cp inputs/topography.in "$d"
  [ -n "${4:-}" ] && echo "developer $4" >>"$d"
  cmd_check "topo-identity-onesided-$1" 180 env SW4LITE_BIN=sw4lite-onesided SW4LITE_ARGS="--partitions $3" \
    bash test/e2e/run_deck.sh "$2" "$d" "$ti_dir/$1"
  cmd_check "topo-identity-same-onesided-$1" 30 bash test/e2e/same_files.sh \
    "$ti_dir/np1/topography-results" "$ti_dir/$1/topography-results" "$ti_files"
}
quick || ti_os parts 2 3
ti_os migrate 2 2 "migrate=2"
ti_os steal 2 4 "imbalance=1:3"
