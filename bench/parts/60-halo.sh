# 60-halo.sh: the halo models of ./sw4lite side by side (developer halo=, halo_select.hpp;
# sourced by bench/run_bench.sh, from the repository root).
#
# Why built so: which of MPI's communication models suits a stencil code is a question of how
# much of a step the exchange takes, so two decks: a coarse copy of inputs/pointsource.in on
# HALO_BENCH_RANKS (2) ranks, where the pieces are fat and the exchange a small part of a step,
# and a thin-piece deck (a long, narrow grid cut into 4 slabs, 4 ranks oversubscribed on the
# cores), where it is most of it. Every model runs each deck HALO_BENCH_RUNS (3) times, the
# models taking turns within a round so that all see the same machine state; per deck and
# model the medians make one line:
#   halo-bench deck=<name> model=<name> loop_s=<median> bc_comm_s=<median> ratio=<loop/sendrecv's>
# where bc_comm_s is the timing table's "BC comm" column (seconds per rank in the exchanges).
# The seventh model, shmem (OpenSHMEM puts and flags), runs from ./sw4lite-shmem, the same
# sources with OpenSHMEM on top (make SHMEM=1; make bench builds it where oshc++ is), in the
# same rounds; where that binary is missing it is left out with a line saying so. Nothing is
# asserted. The part takes about 3 minutes on a 2-core machine.
hb_runs=${HALO_BENCH_RUNS:-3}
hb_np=${HALO_BENCH_RANKS:-2}
hb_out=$PWD/bench-output/halo
hb_models=(sendrecv isend neighbor rma-fence rma-pscw rma-passive)
if [ -x "$SW4LITE_ROOT/sw4lite-shmem" ]; then hb_models+=(shmem)
else echo "halo-bench: shmem left out: ./sw4lite-shmem is not built (make SHMEM=1)"; fi
rm -rf "$hb_out" && mkdir -p "$hb_out"
hb_median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'; }
# The coarse pointsource deck: h doubled (1/8 of the points, half the steps), same source.
sed -e 's/h=0.04/h=0.08/' -e 's|path=[^ ]*|path=out|' inputs/pointsource.in >"$hb_out/pointsource.in"
cat >"$hb_out/thin.in" <<'DECK'
fileio path=out
grid x=6 y=0.8 z=0.8 h=0.04
time t=0.5
supergrid gp=6
block vp=1.6 vs=0.8 rho=1
source x=3 y=0.4 z=0.4 Mxx=1 Myy=1 Mzz=1 t0=0 freq=1 type=C6SmoothBump
rec x=2.9 y=0.45 z=0.2 file=r1 usgsformat=1
developer reporttiming=1
DECK
for hb_deck in pointsource thin; do
  hb_n=$hb_np; [ $hb_deck = thin ] && hb_n=4
  echo "== halo models: $hb_deck on $hb_n ranks, $hb_runs runs each (median)"
  for hb_r in $(seq 1 "$hb_runs"); do
    for hb_m in "${hb_models[@]}"; do
      hb_dir=$hb_out/$hb_deck-$hb_m-$hb_r
      mkdir -p "$hb_dir"
      hb_bin=sw4lite; [ "$hb_m" = shmem ] && hb_bin=sw4lite-shmem
      (cd "$hb_dir" && "$SW4LITE_ROOT/tools/mpirun.sh" "$hb_n" "$SW4LITE_ROOT/$hb_bin" --halo "$hb_m" \
        "$hb_out/$hb_deck.in" >stdout 2>stderr)
      hb_t=$(loop_seconds "$hb_dir/stdout")
      hb_c=$(grep -a -A1 '^  Total      BC comm' "$hb_dir/stdout" | tail -n 1 | awk '{ print $2 }')
      if [ -z "$hb_t" ] || [ -z "$hb_c" ]; then echo "   $hb_m run $hb_r: FAILED (see $hb_dir)"; continue; fi
      echo "$hb_t" >>"$hb_out/$hb_deck-$hb_m.loop"
      echo "$hb_c" >>"$hb_out/$hb_deck-$hb_m.comm"
    done
  done
  hb_ref=$(hb_median <"$hb_out/$hb_deck-sendrecv.loop" 2>/dev/null)
  for hb_m in "${hb_models[@]}"; do
    hb_t=$(hb_median <"$hb_out/$hb_deck-$hb_m.loop" 2>/dev/null)
    hb_c=$(hb_median <"$hb_out/$hb_deck-$hb_m.comm" 2>/dev/null)
    if [ -z "$hb_t" ] || [ -z "$hb_ref" ]; then echo "halo-bench deck=$hb_deck model=$hb_m FAILED"; continue; fi
    echo "halo-bench deck=$hb_deck model=$hb_m loop_s=$hb_t bc_comm_s=$hb_c ratio=$(awk -v a="$hb_t" -v b="$hb_ref" 'BEGIN { printf "%.3f", a / b }')"
  done
done
