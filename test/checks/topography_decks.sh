# topography_decks.sh: the original's topography decks (their commands and numbers unchanged)
# on 1 and 2 ranks; their receivers against the original's files (sourced by test/run_tests.sh).
#
# Why built so: the decks of test/reference/topo/ are the original's numbers for the
# curvilinear grid (NUMERICS 13, 21); each runs in a directory of its own under
# test-output/topo/, and build/test_topo_outputs compares every series to 1e-10 of its maximum.
# make test (QUICK=1): on 2 ranks, the small deck at h=0.04 and near-source (70 receivers of
# every mode around a source in grid 1, 10 steps: a second), and their series; make check: all.
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
