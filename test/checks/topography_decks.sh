# topography_decks.sh: the original's topography decks (their commands and numbers unchanged)
# on 1 and 2 ranks; their receivers against the original's files (sourced by test/run_tests.sh).
#
# Why built so: the decks of test/reference/topo/ are the original's numbers for the
# curvilinear grid (NUMERICS 13); each runs in a directory of its own under
# test-output/topo/, and build/test_topo_outputs compares every series to 1e-10 of its maximum.
topo_dir=$PWD/test-output/topo
rm -rf "$topo_dir" && mkdir -p "$topo_dir"
export SW4LITE_TOPO_DIR=$topo_dir
for topo_deck in curvilinear small-h004 varA varB varC; do
  for topo_np in 1 2; do
    cmd_check "topo-run-$topo_deck-np$topo_np" 300 bash test/e2e/run_deck.sh "$topo_np" \
      "test/reference/topo/$topo_deck.in" "$topo_dir/$topo_deck-np$topo_np"
  done
done
gtest_check topo-outputs 1 60 build/test_topo_outputs
