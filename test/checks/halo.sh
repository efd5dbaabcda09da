# halo.sh: the halo models of ./sw4lite (developer halo=, --halo; halo_select.hpp) give the
# same bytes as sendrecv (sourced by test/run_tests.sh).
#
# Why built so: the models differ only in how the padding travels (halo.hpp), so every output
# file must equal sendrecv's, which must equal one rank's (test/e2e/halo_same.sh): on 1 to 4
# ranks, on the layered deck (every source and receiver kind, next to the split lines) and on
# a short pointsource deck (PointSourceErr.txt); on a short topography deck (two grids, two
# exchanges per phase); with a tiny eager limit on 4 oversubscribed ranks (rendezvous for
# every halo, so a model that relies on buffering would hang, caught by the timeout); on a
# deck whose sources and surface receivers straddle the edges of the overlapped corrector's
# inner box (test/e2e/halo-overlap.in, 3 and 4 ranks: isend and the RMA models split the
# corrector, sendrecv does not, so a wrong box shows as different bytes); and a bad --halo
# name gets one line with the allowed names and exit 1. make test (QUICK=1): every model on the
# layered deck on 2 ranks and on the overlap deck on 4 (2 x 2 pieces: an inner box and a rim
# in both directions), and the bad name; make check: all.
hl_dir=$PWD/test-output/halo
rm -rf "$hl_dir" && mkdir -p "$hl_dir"
# On 3 and 4 ranks (oversubscribed here: MPICH's waiting ranks spin, 53 s for the whole deck
# on 4) the layered deck runs to t=0.45, as in threads.sh: by then the waves of every source
# have crossed the split lines and reached the receivers.
sed 's/^time t=.*/time t=0.45/' inputs/layered-identity.in >"$hl_dir/layered-short.in"
cp inputs/discrete-pulse.txt "$hl_dir/"
hl_nps="1 2 3 4" hl_overlap_nps="3 4"
quick && hl_nps=2 hl_overlap_nps=4
for hl_np in $hl_nps; do
  hl_layered=inputs/layered-identity.in
  [ "$hl_np" -ge 3 ] && hl_layered=$hl_dir/layered-short.in
  quick || cmd_check "halo-pointsource-np$hl_np" 150 bash test/e2e/halo_same.sh "$hl_np" test/e2e/halo-pointsource.in "$hl_dir/ps-np$hl_np"
  cmd_check "halo-layered-np$hl_np" 240 bash test/e2e/halo_same.sh "$hl_np" "$hl_layered" "$hl_dir/layered-np$hl_np"
done
for hl_np in $hl_overlap_nps; do
  cmd_check "halo-overlap-np$hl_np" 150 bash test/e2e/halo_same.sh "$hl_np" test/e2e/halo-overlap.in "$hl_dir/overlap-np$hl_np"
done
if ! quick; then
  sed 's/^time t=.*/time t=0.1/' inputs/topography.in >"$hl_dir/topography-short.in"
  cmd_check halo-topography-np4 240 bash test/e2e/halo_same.sh 4 "$hl_dir/topography-short.in" "$hl_dir/topo-np4" \
    isend neighbor rma-pscw rma-passive
  cmd_check halo-topography-np3 240 bash test/e2e/halo_same.sh 3 "$hl_dir/topography-short.in" "$hl_dir/topo-np3" \
    rma-fence neighbor
  # Open MPI's shared-memory eager limit (ompi_info: btl_vader_eager_limit); other MPIs ignore it.
  cmd_check halo-eager-limit-np4 240 env OMPI_MCA_btl_vader_eager_limit=1024 \
    bash test/e2e/halo_same.sh 4 test/e2e/halo-pointsource.in "$hl_dir/eager-np4"
fi
# The ranks' own stderr (test/e2e/rank_stderr.sh), without the launcher's words about exit 1.
cmd_check halo-bad-option 60 bash -c 'rm -rf "$2/bad" && mkdir -p "$2/bad" && cd "$1" &&
  tools/mpirun.sh 2 bash test/e2e/rank_stderr.sh "$2/bad" ./sw4lite --halo rma-lock test/e2e/halo-pointsource.in \
  >/dev/null 2>&1; rc=$?; cat "$2"/bad/stderr.*; [ $rc -eq 1 ] && [ "$(cat "$2"/bad/stderr.* | wc -l)" -eq 1 ] &&
  grep -qx "sw4lite: --halo rma-lock: not a halo model (allowed: sendrecv, isend, neighbor, rma-fence, rma-pscw, rma-passive, shmem)" "$2"/bad/stderr.0' \
  _ "$PWD" "$hl_dir"
