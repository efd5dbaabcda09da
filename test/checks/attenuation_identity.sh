# attenuation_identity.sh: attenuation's memory variables in both binaries and across a
# restart, byte for byte (sourced by test/run_tests.sh).
#
# Why built so: the memory variables are a partition's state like U (NUMERICS 36.6): they
# travel with a migrating or stolen partition and a checkpoint holds them, so the contract of
# the one-sided mode and of checkpoints (DESIGN.md, "The numbers contract") holds for them
# unchanged, and cmp of every output file is the test. Three decks: SW4's tw-att-1 cut to t=0.5
# (twilight with one mechanism, free top and bottom, sgstretching: TwilightErr.txt holds the
# memory variable's error too), inputs/layered-identity.in made visco-elastic (nmech=3, Q in
# every block; its four sources and seven receivers of every mode, USGS and SAC), and SW4's
# tw-topo-att-1 cut to t=0.5 (the same twilight under a hill: grid 1's memory variables). Each runs
# under ./sw4lite on one rank (the reference), under ./sw4lite-onesided on 1 to 4 ranks with
# several partitions, with a migration forced every few steps and with stealing from an
# emulated slow rank; under both binaries with 2 and 4 threads; then it is killed after a
# checkpoint and restarted on another rank count and in the other binary. make test (QUICK=1):
# a few of each; make check: all.
ai_dir=$PWD/test-output/att-identity
rm -rf "$ai_dir" && mkdir -p "$ai_dir/decks"
cp inputs/discrete-pulse.txt "$ai_dir/decks/"
sed -e 's/^time t=1$/time t=0.5/' -e 's/path=tw-att-1/path=tw-results/' \
  test/reference/sw4/attenuation/tw-att-1.in >"$ai_dir/decks/tw.in"
# Q of each block (qp = 2 qs, a soft top layer damped most), three mechanisms over 0.05-5 Hz
sed -e 's/^fileio path=layered-identity-results/fileio path=layered-results/' \
  -e 's/^\(block vp=4000 .*\)$/\1 qp=120 qs=60/' -e 's/^\(block vp=2500 .*\)$/\1 qp=30 qs=15/' \
  -e 's/^\(block vp=3200 .*\)$/\1 qp=60 qs=30/' inputs/layered-identity.in >"$ai_dir/decks/layered.in"
echo "attenuation nmech=3 maxfreq=5" >>"$ai_dir/decks/layered.in"
# SW4's tw-topo-att-1 cut to t=0.5: both grids' memory variables under a hill
sed -e 's/^time t=1$/time t=0.5/' -e 's/path=tw-topo-att-1/path=topo-results/' \
  test/reference/sw4/attenuation/tw-topo-att-1.in >"$ai_dir/decks/topo.in"
ai_files_tw=1 ai_files_layered=35 ai_files_topo=1  # TwilightErr.txt; the 7 receivers' USGS and SAC files

# ai_os NAME DECK NP PARTITIONS [DEVELOPER KEYS]: a one-sided run and its files against the reference.
ai_os() {
  local name=$1 deck=$2 np=$3 parts=$4 knobs=${5:-} d=$ai_dir/decks/$1.in
  cp "$ai_dir/decks/$deck.in" "$d"
  [ -n "$knobs" ] && echo "developer $knobs" >>"$d"
  local files=ai_files_$deck
  cmd_check "att-onesided-$name" 180 env SW4LITE_BIN=sw4lite-onesided SW4LITE_ARGS="--partitions $parts" \
    bash test/e2e/run_deck.sh "$np" "$d" "$ai_dir/$name"
  cmd_check "att-onesided-same-$name" 30 bash test/e2e/same_files.sh \
    "$ai_dir/ref-$deck/$deck-results" "$ai_dir/$name/$deck-results" "${!files}"
}

for ai_deck in tw layered topo; do
  cmd_check "att-ref-$ai_deck" 180 bash test/e2e/run_deck.sh 1 "$ai_dir/decks/$ai_deck.in" "$ai_dir/ref-$ai_deck"
  if quick && [ $ai_deck = topo ]; then
    ai_os "$ai_deck-np3-migrate2" $ai_deck 3 2 "migrate=2"
  elif quick; then
    ai_os "$ai_deck-np2-p3" $ai_deck 2 3
    ai_os "$ai_deck-np3-migrate2" $ai_deck 3 2 "migrate=2"
    ai_os "$ai_deck-np2-steal" $ai_deck 2 4 "imbalance=1:2 steal=1"
  else
    for ai_np in 1 2 3 4; do ai_os "$ai_deck-np$ai_np-p3" $ai_deck $ai_np 3; done
    for ai_np in 2 3 4; do
      ai_os "$ai_deck-np$ai_np-migrate1" $ai_deck $ai_np 2 "migrate=1"
      ai_os "$ai_deck-np$ai_np-steal" $ai_deck $ai_np 4 "imbalance=1:2 steal=1"
    done
    ai_os "$ai_deck-np2-request-migrate3" $ai_deck 2 4 "protocol=request migrate=3"
    cmd_check "att-twosided-np3-$ai_deck" 180 bash test/e2e/run_deck.sh 3 "$ai_dir/decks/$ai_deck.in" "$ai_dir/np3-$ai_deck"
    files=ai_files_$ai_deck
    cmd_check "att-twosided-same-np3-$ai_deck" 30 bash test/e2e/same_files.sh \
      "$ai_dir/ref-$ai_deck/$ai_deck-results" "$ai_dir/np3-$ai_deck/$ai_deck-results" "${!files}"
  fi
done

# Threads (the numbers contract covers the thread count, DESIGN.md): the memory variables'
# loops, L_h^0 and the surfaces' memory share under OpenMP, against the 1-thread reference.
# Waiting threads sleep (OMP_WAIT_POLICY=passive), as in threads.sh: 4 threads oversubscribe.
ai_th() {  # NAME DECK BINARY NP THREADS [ARGS]
  local name=$1 deck=$2 bin=$3 np=$4 t=$5 args=${6:-} files=ai_files_$2
  cmd_check "att-threads-$name" 180 env OMP_NUM_THREADS="$t" OMP_WAIT_POLICY=passive SW4LITE_BIN="$bin" \
    SW4LITE_ARGS="$args" bash test/e2e/run_deck.sh "$np" "$ai_dir/decks/$deck.in" "$ai_dir/th-$name"
  cmd_check "att-threads-same-$name" 30 bash test/e2e/same_files.sh \
    "$ai_dir/ref-$deck/$deck-results" "$ai_dir/th-$name/$deck-results" "${!files}"
}
for ai_deck in tw layered topo; do
  ai_th "$ai_deck-np1-t2" $ai_deck sw4lite 1 2
  quick && continue
  ai_th "$ai_deck-np2-t2" $ai_deck sw4lite 2 2
  ai_th "$ai_deck-np1-t4" $ai_deck sw4lite 1 4
  ai_th "$ai_deck-onesided-np2-t2" $ai_deck sw4lite-onesided 2 2 "--partitions 3"
done

# Checkpoint and restart: killed once the checkpoint after step 10 (tw: of 14 steps) or 40
# (layered: of 94) is complete; restarted on another rank count and in the other binary.
ai_ck() {  # DECK CYCLE
  local deck=$1 c=$2 ref=$ai_dir/ref-$1/$1-results ck=ck.cycle=$2.sw4checkpoint
  cmd_check "att-ckpt-$deck-kill-np2" 180 bash test/e2e/checkpoint_kill.sh 2 sw4lite "$ai_dir/decks/$deck.in" \
    "$ai_dir/kill-$deck" after:1 "checkpoint cycle=$c file=ck"
  cmd_check "att-ckpt-$deck-restart-np3-onesided" 180 bash test/e2e/checkpoint_restart.sh 3 sw4lite-onesided \
    "$ai_dir/kill-$deck" $ck "$ref" "$ai_dir/r-$deck-2s-3os"
  quick && return 0
  cmd_check "att-ckpt-$deck-restart-np1" 180 bash test/e2e/checkpoint_restart.sh 1 sw4lite \
    "$ai_dir/kill-$deck" $ck "$ref" "$ai_dir/r-$deck-2s-1s"
  cmd_check "att-ckpt-$deck-kill-onesided-migrate" 180 bash test/e2e/checkpoint_kill.sh 3 sw4lite-onesided \
    "$ai_dir/decks/$deck.in" "$ai_dir/kill-os-$deck" after:1 "checkpoint cycle=$c file=ck" "developer migrate=3"
  cmd_check "att-ckpt-$deck-restart-onesided-np4" 180 bash test/e2e/checkpoint_restart.sh 4 sw4lite \
    "$ai_dir/kill-os-$deck" $ck "$ref" "$ai_dir/r-$deck-3os-4s"
}
ai_ck tw 10
ai_ck layered 40
ai_ck topo 10
unset ai_deck ai_np files
