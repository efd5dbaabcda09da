# threads.sh: OpenMP threads and the reference kernel, end to end (sourced by test/run_tests.sh).
#
# Why built so: the numbers contract (DESIGN.md) covers the thread count as it covers the rank
# count and the mode, so both binaries run on 1 and 2 ranks with OMP_NUM_THREADS=1, 2 and 4
# (oversubscribed) and every output file (receivers in every mode, USGS and SAC, and
# PointSourceErr.txt) must equal, byte for byte, that of ./sw4lite on 1 rank and 1 thread. The
# reference kernel (kernel=reference) sums the same terms in another order, so its receiver
# series are held to the tuned kernel's to 1e-12 of each receiver's largest value instead.
# (A binary built with OPENMP=0 ignores OMP_NUM_THREADS; the checks then compare 1 thread
# with 1 thread and still pass.) make test (QUICK=1): the layered deck only, both binaries on 2
# ranks with 2 threads, and the reference kernel; make check: all of this file.
th_dir=$PWD/test-output/threads
rm -rf "$th_dir" && mkdir -p "$th_dir"

# th_run NAME BINARY NP THREADS DECK [ARGS]: a run of DECK in $th_dir/NAME. Threads that wait
# sleep at once (OMP_WAIT_POLICY=passive): most runs here put more threads than cores, where
# a thread spinning at a barrier holds the core its partner needs (a 4 x 2 run took 60 s
# spinning, 1 s sleeping, on a loaded 2-core machine). The bits do not depend on it.
th_run() {
  local name=$1 bin=$2 np=$3 threads=$4 deck=$5 args=${6:-}
  cmd_check "threads-$name" 180 env OMP_NUM_THREADS="$threads" OMP_WAIT_POLICY=passive \
    SW4LITE_BIN="$bin" SW4LITE_ARGS="$args" \
    bash test/e2e/run_deck.sh "$np" "$deck" "$th_dir/$name"
}

# Receivers in every mode (layered-identity), PointSourceErr.txt (pointforce-exact), both grids
# of a topography deck (topography).
th_decks="layered-identity pointforce-exact topography" th_nps="1 2" th_ts="1 2 4"
quick && th_decks=layered-identity th_nps=2 th_ts=2
for th_deck in $th_decks; do
  th_res=$(sed -n 's/^fileio .*path=\([^ ]*\).*/\1/p' "inputs/$th_deck.in")
  th_res=${th_res%/}
  th_run "$th_deck-ref" sw4lite 1 1 "inputs/$th_deck.in"
  for th_bin in sw4lite sw4lite-onesided; do
    for th_np in $th_nps; do
      for th_t in $th_ts; do
        [ "$th_bin" = sw4lite ] && [ $th_np -eq 1 ] && [ $th_t -eq 1 ] && continue
        th_name=$th_deck-$th_bin-np$th_np-t$th_t
        th_run "$th_name" "$th_bin" $th_np $th_t "inputs/$th_deck.in"
        cmd_check "threads-same-$th_name" 30 bash test/e2e/same_files.sh \
          "$th_dir/$th_deck-ref/$th_res" "$th_dir/$th_name/$th_res"
      done
    done
  done
done

# Short copies of decks (time t= cut) for the costliest runs below: the reference kernel is
# about 20 times slower than the tuned one, and 4 ranks x 2 threads oversubscribe 2 cores 4
# times. Each cut still reaches past every source's pulse and the first arrivals at the
# receivers, so the series compared are not zero.
cp inputs/discrete-pulse.txt "$th_dir/"
th_short() {  # DECK T: $th_dir/DECK-short.in, the deck with time t=T
  sed "s/^time t=.*/time t=$2/" "inputs/$1.in" >"$th_dir/$1-short.in"
}
th_short layered-identity 0.45
th_short pointforce 0.6
th_short loh1-small 2.2
th_short topography 0.35
th_decks="layered-identity pointforce loh1-small topography"
quick && th_decks=layered-identity
for th_deck in $th_decks; do
  th_run "$th_deck-short-ref" sw4lite 1 1 "$th_dir/$th_deck-short.in"
done

# The corrector split around the halo exchange (isend, rma-passive: subdomain_overlap.hpp) has
# threaded loops of its own: 4 ranks (2 x 2, so every piece has an inner box and a rim) and
# 2 threads against 1 rank and 1 thread.
th_models="isend rma-passive"; quick && th_models=
for th_model in $th_models; do
  th_name=layered-identity-$th_model-np4-t2
  th_run "$th_name" sw4lite 4 2 "$th_dir/layered-identity-short.in" "--halo $th_model"
  cmd_check "threads-same-$th_name" 30 bash test/e2e/same_files.sh \
    "$th_dir/layered-identity-short-ref/layered-identity-results" "$th_dir/$th_name/layered-identity-results"
done

# The reference kernel against the tuned one (2 ranks, 2 threads: its loops are threaded too);
# in the single build to 1e-5 (float's rounding of the two orders of the sums: 1.6e-6 measured).
th_close=1e-12
[ "$(cat build/precision 2>/dev/null)" = single ] && th_close=1e-5
for th_deck in $th_decks; do
  th_res=$(sed -n 's/^fileio .*path=\([^ ]*\).*/\1/p' "inputs/$th_deck.in")
  th_res=${th_res%/}
  th_run "$th_deck-reference-kernel" sw4lite 2 2 "$th_dir/$th_deck-short.in" "--kernel reference"
  cmd_check "threads-close-$th_deck-reference-kernel" 30 bash test/e2e/close_files.sh \
    "$th_dir/$th_deck-short-ref/$th_res" "$th_dir/$th_deck-reference-kernel/$th_res" "$th_close"
done
# developer kernel=reference in the deck does the same as --kernel reference (one-sided binary).
quick && return 0  # the rest of this file is make check's
cp "$th_dir/layered-identity-short.in" "$th_dir/layered-identity-deck-kernel.in"
echo "developer kernel=reference" >>"$th_dir/layered-identity-deck-kernel.in"
th_run layered-identity-deck-kernel sw4lite-onesided 2 1 "$th_dir/layered-identity-deck-kernel.in"
cmd_check threads-close-layered-identity-deck-kernel 30 bash test/e2e/close_files.sh \
  "$th_dir/layered-identity-short-ref/layered-identity-results" \
  "$th_dir/layered-identity-deck-kernel/layered-identity-results" "$th_close"
cmd_check threads-deck-kernel-says-reference 10 grep -q 'reference kernel' "$th_dir/layered-identity-deck-kernel/stdout"
