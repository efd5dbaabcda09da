# 50-checkpoint.sh: the cost of a checkpoint: write and read bandwidth of a checkpoint of
# inputs/pointsource.in (205 x 205 x 105 points with ghosts, U and Um: 212 MB) on 2 ranks
# (sourced by bench/run_bench.sh).
#
# Why built so: what a checkpoint costs is the MPI-IO of checkpoint_io.hpp, not the solver, so
# each run takes 2 steps of the deck (`time steps=2`) and writes one checkpoint after step 2;
# a second run restarts from it (reading it, checking its checksums) and takes no step. The
# figures are the program's own line "Checkpoint: 1 written, S s, B MB/s" (the write's time
# includes reading the file back to check it, checkpoint_io.hpp) and "1 read", medians of
# CKPT_BENCH_RUNS runs (3), each in a fresh directory under bench-output/ckpt/.
# The file was just written, so the read may come from the page cache: an upper bound for a
# cold file system. One line that scripts can grep:
#   ckpt-bench ranks=2 bytes=<file size> write_MBps=<median> read_MBps=<median>
# Nothing is asserted: a benchmark, not a test.
ckpt_runs=${CKPT_BENCH_RUNS:-3}
ckpt_out=$PWD/bench-output/ckpt

# The MB/s of the "Checkpoint:" line of stdout $1 for "written" or "read" ($2).
ckpt_rate() {
  grep -a '^Checkpoint:' "$1" | tail -n 1 | tr ';' '\n' | grep -a " $2," | sed 's/.*, \([0-9.e+]*\) MB\/s.*/\1/'
}

echo "== checkpoint: inputs/pointsource.in on 2 ranks, one checkpoint written and read, $ckpt_runs runs (median)"
rm -rf "$ckpt_out"
ckpt_w="" ckpt_r="" ckpt_bytes=0
for ckpt_i in $(seq 1 "$ckpt_runs"); do
  ckpt_dir=$ckpt_out/run$ckpt_i
  mkdir -p "$ckpt_dir"
  sed 's/^time t=.*/time steps=2/' "$SW4LITE_ROOT/inputs/pointsource.in" >"$ckpt_dir/write.in"
  echo "checkpoint cycle=2 file=ck" >>"$ckpt_dir/write.in"
  { cat "$ckpt_dir/write.in"; echo "restart file=pointsource-h0p04/ck.cycle=2.sw4checkpoint"; } >"$ckpt_dir/read.in"
  if (cd "$ckpt_dir" && "$SW4LITE_ROOT/tools/mpirun.sh" 2 "$SW4LITE_ROOT/sw4lite" write.in >write.out 2>write.err &&
      "$SW4LITE_ROOT/tools/mpirun.sh" 2 "$SW4LITE_ROOT/sw4lite" read.in >read.out 2>read.err); then
    w=$(ckpt_rate "$ckpt_dir/write.out" written) r=$(ckpt_rate "$ckpt_dir/read.out" read)
    ckpt_bytes=$(stat -c %s "$ckpt_dir/pointsource-h0p04/ck.cycle=2.sw4checkpoint")
    echo "   run $ckpt_i: write ${w:-?} MB/s, read ${r:-?} MB/s ($ckpt_bytes bytes)"
    ckpt_w+="${w:-0}"$'\n' ckpt_r+="${r:-0}"$'\n'
  else
    echo "   run $ckpt_i: FAILED (see $ckpt_dir)"
  fi
  rm -f "$ckpt_dir"/pointsource-h0p04/*.sw4checkpoint*  # 212 MB each
done
ckpt_med() { local n; n=$(printf '%s' "$1" | grep -c .); printf '%s' "$1" | sort -g | sed -n "$(( (n + 1) / 2 ))p"; }
if [ -n "$ckpt_w" ]; then
  echo "ckpt-bench ranks=2 bytes=$ckpt_bytes write_MBps=$(ckpt_med "$ckpt_w") read_MBps=$(ckpt_med "$ckpt_r")"
else
  echo "ckpt-bench ranks=2 FAILED (no successful run)"
fi
