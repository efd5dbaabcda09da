# topography_decks.sh: the original's topography decks (their commands and numbers unchanged)
# on 1 and 2 ranks; their receivers against the original's files (sourced by test/run_tests.sh).
#
# Why built so: the decks of test/reference/topo/ are the original's numbers for the
# curvilinear grid (NUMERICS 13, 21); each runs in a directory of its own under
# test-output/topo/, and build/test_topo_outputs compares every series to 1e-10 of its maximum.
# make test (QUICK=1): on 2 ranks, the small deck at h=0.04 and near-source (70 receivers of
# every mode around a source in grid 1, 10 steps: a second), and their series; make check: all,
# and SW4's twilight deck under a hill (sw4-gauss-twi-1*.in) against SW4's own error norms,
# to 1e-5 relative (the tolerance of SW4's test suite; NUMERICS 25.5).
topo_dir=$PWD/test-output/topo
rm -rf "$topo_dir" && mkdir -p "$topo_dir"
export SW4LITE_TOPO_DIR=$topo_dir
topo_decks="curvilinear small-h004 varA varB varC near-source" topo_nps="1 2" topo_filter=
quick && topo_decks="small-h004 near-source" topo_nps=2 \
  topo_filter=--gtest_filter=Original/TopoDecks.ReceiversMatchTheOriginal/small_h004_np2:Original/TopoDecks.ReceiversMatchTheOriginal/near_source_np2
for topo_deck in $topo_decks; do
  for topo_np in $topo_nps; do
    cmd_check "topo-run-$topo_deck-np$topo_np" 300 bash test/e2e/run_deck.sh "$topo_np" \
      "test/reference/topo/$topo_deck.in" "$topo_dir/$topo_deck-np$topo_np"
  done
done
gtest_check topo-outputs 1 60 build/test_topo_outputs $topo_filter
# Not in the single build: float's rounding, near 1e-6 of the solution, is 1e-3 of these errors.
if ! quick && [ "$(cat build/precision 2>/dev/null)" != single ]; then
  cmd_check "topo-sw4-twilight" 120 env SW4LITE_NORMS_REL=1e-5 bash test/e2e/run_deck.sh 2 \
    test/reference/topo/sw4-gauss-twi-1.in "$topo_dir/sw4-gauss-twi-1" \
    "Errors at time 0.8 Linf = 1.7461713e-03 L2 = 2.3463586e-04 norm of solution = 9.9533262e-01"
  cmd_check "topo-sw4-twilight-default" 120 env SW4LITE_NORMS_REL=1e-5 bash test/e2e/run_deck.sh 2 \
    test/reference/topo/sw4-gauss-twi-1-default.in "$topo_dir/sw4-gauss-twi-1-default" \
    "Errors at time 0.8 Linf = 1.7416191e-03 L2 = 2.3349114e-04 norm of solution = 9.9533262e-01"
fi
