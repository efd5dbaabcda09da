# checkpoint.sh: checkpoint and restart (checkpoint*.hpp), end to end. Sourced by test/run_tests.sh.
#
# Why built so: the promise is that a run killed after a checkpoint and restarted gives exactly
# the files an uninterrupted run gives, on another number of ranks and in the other binary, and
# that no crash or bad file can cost a checkpoint or an output. Each deck runs once to the end
# (the reference), once with a checkpoint and SIGKILL after it (checkpoint_kill.sh: every rank
# killed once the checkpoint is complete), and is restarted from that checkpoint in other
# configurations (checkpoint_restart.sh: every output file cmp-identical to the reference's).
# A run killed half-way through writing a checkpoint leaves the previous one, which restarts;
# spoiled checkpoints stop the restart with one line (checkpoint_bad.sh); a full disk stops
# the run with one line and keeps the last good checkpoint (disk_full.sh, on a tmpfs; skipped
# where none can be mounted). The format, the schedule and the header checks are unit-tested
# in test_checkpoint. make test (QUICK=1): the layered deck killed on 2 ranks and restarted on
# 3 in each binary, the spoiled checkpoints and one full disk; make check: all of this file.
gtest_check unit-checkpoint 1 120 build/test_checkpoint --gtest_color=no
ck_dir=$PWD/test-output/checkpoint
rm -rf "$ck_dir" && mkdir -p "$ck_dir"
ck_layered=inputs/layered-identity.in

# The layered deck (4 sources, 7 receivers of every mode, USGS and SAC; 90 steps): reference on
# 2 ranks; killed after step 40 on 2 ranks, on 1 rank, and one-sided with migrations. bufsize=1
# (1 MiB: the smallest round) makes some writes and reads take several collective rounds.
cmd_check ckpt-layered-reference 120 bash test/e2e/run_deck.sh 2 $ck_layered "$ck_dir/ref"
cmd_check ckpt-layered-kill-np2 120 bash test/e2e/checkpoint_kill.sh 2 sw4lite $ck_layered \
  "$ck_dir/kill-np2" after:1 "checkpoint cycle=40 file=ck"
quick || cmd_check ckpt-layered-kill-np1 120 bash test/e2e/checkpoint_kill.sh 1 sw4lite $ck_layered \
  "$ck_dir/kill-np1" after:1 "checkpoint cycle=40 file=ck bufsize=1"
quick || cmd_check ckpt-layered-kill-onesided-migrate 120 bash test/e2e/checkpoint_kill.sh 2 sw4lite-onesided $ck_layered \
  "$ck_dir/kill-os" after:2 "checkpoint cycleInterval=20 file=ck" "developer migrate=7"
ck_ref=$ck_dir/ref/layered-identity-results ck_40=ck.cycle=40.sw4checkpoint
quick || cmd_check ckpt-restart-np2-np2 120 bash test/e2e/checkpoint_restart.sh 2 sw4lite "$ck_dir/kill-np2" $ck_40 "$ck_ref" "$ck_dir/r-2-2"
cmd_check ckpt-restart-np2-np3 120 env CKPT_RESTART_KEYS=bufsize=1 bash test/e2e/checkpoint_restart.sh 3 sw4lite "$ck_dir/kill-np2" $ck_40 "$ck_ref" "$ck_dir/r-2-3"
quick || cmd_check ckpt-restart-np1-np4 120 bash test/e2e/checkpoint_restart.sh 4 sw4lite "$ck_dir/kill-np1" $ck_40 "$ck_ref" "$ck_dir/r-1-4"
cmd_check ckpt-restart-twosided-onesided 120 env CKPT_RESTART_KEYS=bufsize=1 bash test/e2e/checkpoint_restart.sh 3 sw4lite-onesided "$ck_dir/kill-np2" $ck_40 "$ck_ref" "$ck_dir/r-2s-1s"
quick || cmd_check ckpt-restart-onesided-twosided 120 bash test/e2e/checkpoint_restart.sh 2 sw4lite "$ck_dir/kill-os" $ck_40 "$ck_ref" "$ck_dir/r-1s-2s"

# Truncated, one byte flipped, wrong version, other deck, missing, a FIFO: one line, exit 1,
# no output touched.
cmd_check ckpt-bad-checkpoints 180 bash test/e2e/checkpoint_bad.sh "$ck_dir/kill-np2" $ck_40 "$ck_dir/bad"
# A full disk at the second checkpoint (below: every case).
if quick; then
  cmd_check ckpt-disk-full-second 120 bash test/e2e/disk_full.sh ckpt-second sw4lite "$ck_dir/full-ckpt-second"
  return 0  # the rest of this file is make check's
fi

# Killed half-way through the second checkpoint: the first (step 20) is intact and restarts.
cmd_check ckpt-crash-while-writing 120 bash test/e2e/checkpoint_kill.sh 2 sw4lite $ck_layered \
  "$ck_dir/kill-half" half:2 "checkpoint cycleInterval=20 file=ck"
cmd_check ckpt-restart-after-crash 120 bash test/e2e/checkpoint_restart.sh 2 sw4lite "$ck_dir/kill-half" \
  ck.cycle=20.sw4checkpoint "$ck_ref" "$ck_dir/r-half"

# A full disk: the second checkpoint or the first does not fit, both binaries; the
# receiver files, an image, PointSourceErr.txt do not fit. One line, a non-zero exit on every
# rank, no "wrote" line for what was not written, the checkpoint before kept and restartable.
for ck_case in ckpt-second ckpt-first; do
  cmd_check "ckpt-disk-full-${ck_case#ckpt-}" 120 bash test/e2e/disk_full.sh $ck_case sw4lite "$ck_dir/full-$ck_case"
  cmd_check "ckpt-disk-full-${ck_case#ckpt-}-onesided" 120 bash test/e2e/disk_full.sh $ck_case sw4lite-onesided "$ck_dir/full-$ck_case-os"
done
for ck_case in receiver image pointsource; do
  cmd_check "disk-full-$ck_case" 120 bash test/e2e/disk_full.sh $ck_case sw4lite "$ck_dir/full-$ck_case"
done

# PointSourceErr.txt of the point-source deck (h doubled, 12 steps): 2 ranks -> 3.
sed -e 's/h=0.04/h=0.08/' -e 's/gp=30/gp=15/' -e 's/path=pointsource-h0p04/path=ps/' inputs/pointsource.in >"$ck_dir/ps.in"
cmd_check ckpt-pointsource-reference 120 bash test/e2e/run_deck.sh 2 "$ck_dir/ps.in" "$ck_dir/ps-ref"
cmd_check ckpt-pointsource-kill 120 bash test/e2e/checkpoint_kill.sh 2 sw4lite "$ck_dir/ps.in" \
  "$ck_dir/ps-kill" after:1 "checkpoint cycle=5 file=ck"
cmd_check ckpt-pointsource-restart-np3 120 bash test/e2e/checkpoint_restart.sh 3 sw4lite "$ck_dir/ps-kill" \
  ck.cycle=05.sw4checkpoint "$ck_dir/ps-ref/ps" "$ck_dir/ps-r"

# Topography: both grids in the checkpoint, 2 ranks -> 3 (75 steps, checkpoint after 30).
cmd_check ckpt-topography-reference 120 bash test/e2e/run_deck.sh 2 inputs/topography.in "$ck_dir/topo-ref"
cmd_check ckpt-topography-kill 120 bash test/e2e/checkpoint_kill.sh 2 sw4lite inputs/topography.in \
  "$ck_dir/topo-kill" after:1 "checkpoint cycle=30 file=ck"
cmd_check ckpt-topography-restart-np3 120 bash test/e2e/checkpoint_restart.sh 3 sw4lite "$ck_dir/topo-kill" \
  ck.cycle=30.sw4checkpoint "$ck_dir/topo-ref/topography-results" "$ck_dir/topo-r"
