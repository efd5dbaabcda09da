#!/usr/bin/env bash
# disk_full.sh: a full disk never passes for success and never costs the last good checkpoint.
#
#   test/e2e/disk_full.sh CASE BINARY WORKDIR
#
# The output directory of a small deck (11 x 11 x 11 points, 2 ranks, a checkpoint is 163336
# bytes) is a tmpfs of its own, mounted for the run and unmounted after it:
#   ckpt-second  200 KiB, a checkpoint every 3 steps: the one of step 3 fits, the one of step 6
#                does not. Open MPI's ompio then returned success from MPI_File_write_all, and
#                the run printed "wrote checkpoint", removed the good one and exited 0.
#   ckpt-first   100 KiB: the first checkpoint does not fit (there is no previous one).
#   receiver     full before the run: the receiver files at the end cannot be written.
#   image        full before the run: the image of step 2 cannot be written.
#   pointsource  full before the run, a testpointsource deck: PointSourceErr.txt cannot be
#                written (it once ended with exit status 0 and an empty file).
# Every case must end with exactly one line on stderr that names what could not be written and
# why, a non-zero exit status (every rank's own, where the run stops all ranks together; the
# launcher's, where the one rank that owns a receiver ends them with MPI_Abort), and no
# "wrote" line for what was not written. The checkpoint cases also check what is left: no
# NAME.tmp, and in ckpt-second the checkpoint of step 3 alone, which must restart (copied to
# a normal directory) and give the same receiver file as an uninterrupted run.
#
# Why built so: a real full disk, not a simulated error, because the failure is in what the
# MPI library does with the write system call's error; a tmpfs of a few hundred KiB fills in a
# second and costs no disk. Lines that the MPI library prints itself are not counted, like the
# launchers' paragraphs: Open MPI's "mca_fbtl_posix_pwritev: error in writev:No space left on
# device" and MPICH's "Abort(1) on node ...". Mounting needs root (or CAP_SYS_ADMIN): where it
# cannot mount, the script exits 77, which test/run_tests.sh counts as skipped.
set -u
[ $# -eq 3 ] || { echo "usage: $0 CASE BINARY WORKDIR" >&2; exit 2; }
kase=$1 bin=$2 work=$(realpath -m "$3")
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}  # the same date in every run's receiver files
mounted=""
cleanup() { [ -n "$mounted" ] && umount "$mounted" 2>/dev/null; }
trap cleanup EXIT
trap 'exit 130' INT TERM
# A mount left by a run that was killed before its trap ran.
awk -v w="$work/" 'index($2, w) == 1 { print $2 }' /proc/mounts | sort -r | while read -r m; do umount "$m"; done
rm -rf "$work" && mkdir -p "$work/run/out" "$work/err" || exit 2
cd "$work/run" || exit 2

size=200k fill=0 ckline="" extra=""
case $kase in
  ckpt-second) ckline="checkpoint cycleInterval=3" ;;
  ckpt-first) size=100k; ckline="checkpoint cycleInterval=3" ;;
esac
# The single build's checkpoints hold 4-byte values, half the double build's (82 KB against
# 160 KB here): half the room, so that the same checkpoint is the first that does not fit.
if [ "$(cat "$root/build/precision" 2>/dev/null)" = single ]; then
  case $kase in ckpt-second) size=100k ;; ckpt-first) size=50k ;; esac
fi
case $kase in
  ckpt-second|ckpt-first) ;;
  receiver) fill=1 ;;
  image) fill=1; extra="image mode=ux z=0 cycle=2 file=im" ;;
  pointsource) fill=1 ;;
  *) echo "disk_full: unknown case $kase" >&2; exit 2 ;;
esac
if [ $kase = pointsource ]; then
  cat >deck.in <<'DECK'
fileio path=out
grid x=8 y=8 z=4 h=0.4
time steps=4
testpointsource rho=1 cp=1.6 cs=0.8 halfspace=1
supergrid gp=3 dc=0.001
source x=4.0 y=4.0 z=1.34 Mxx=1 Myy=1 Mzz=1 t0=0 freq=1 type=C6SmoothBump
DECK
else
  cat >deck.in <<'DECK'
fileio path=out
grid h=50 x=500 y=500 z=500
time steps=20
supergrid gp=3 dc=0.001
block vp=2000 vs=1000 rho=2000
source x=250 y=250 z=200 fz=1e12 t0=0.3 freq=10 type=Gaussian
rec x=250 y=250 z=0 file=r
DECK
fi
[ -n "$extra" ] && echo "$extra" >>deck.in
[ -n "$ckline" ] && echo "$ckline" >>deck.in
[ -n "$ckline" ] && ckno=$(wc -l <deck.in)

mount -t tmpfs -o size=$size tmpfs out 2>"$work/mount-stderr" ||
  { echo "disk_full: SKIPPED: cannot mount a tmpfs here ($(head -n 1 "$work/mount-stderr"))"; exit 77; }
mounted=$work/run/out
[ $fill -eq 1 ] && dd if=/dev/zero of=out/filler bs=4k 2>/dev/null  # until the disk is full

# Every rank's exit status where the run stops together; the launcher's where MPI_Abort ends it.
wrap=rank_exit.sh; [ $kase = receiver ] && wrap=rank_stderr.sh
"$root/tools/mpirun.sh" 2 bash "$root/test/e2e/$wrap" "$work/err" "$root/$bin" deck.in >"$work/stdout" 2>"$work/launcher-stderr"
rc=$?
cat "$work"/err/stderr.* 2>/dev/null | grep -av -e '^mca_' -e '^Abort([0-9]*) on node ' >"$work/stderr"
left=$(cd out && find . -type f ! -name filler | sort | tr '\n' ' ')
echo "disk_full: $kase, $bin on 2 ranks, $size: launcher exit $rc, rank exits $(cat "$work"/err/exit.* 2>/dev/null | tr '\n' ' ')"
echo "  left in out/: ${left:-nothing}"; echo "  stderr:"; sed 's/^/    /' "$work/stderr"
ok=1
bad() { echo "FAILED ($kase): $*"; ok=0; }
if [ $wrap = rank_exit.sh ]; then
  [ "$(ls "$work"/err/exit.* 2>/dev/null | wc -l)" -eq 2 ] || bad "not every rank reported its exit status"
  [ "$(cat "$work"/err/exit.* 2>/dev/null | sort -u)" = 1 ] || bad "rank exit statuses $(cat "$work"/err/exit.* | tr '\n' ' ')(expected 1 on every rank)"
else
  [ $rc -ne 0 ] || bad "exit status 0"
fi
[ "$(wc -l <"$work/stderr")" -eq 1 ] || bad "$(wc -l <"$work/stderr") lines on stderr (expected exactly 1)"
line=$(head -n 1 "$work/stderr")
nospace='No space left on device'
case $kase in
  ckpt-second) want="deck.in:$ckno: checkpoint: out/restart.cycle=06.sw4checkpoint: cannot write the checkpoint (" ;;
  ckpt-first) want="deck.in:$ckno: checkpoint: out/restart.cycle=03.sw4checkpoint: cannot write the checkpoint (" ;;
  receiver) want="cannot write receiver file out/r." ;;
  image) want="deck.in:8: image: cannot write out/im." ;;
  pointsource) want="sw4lite: cannot write out/PointSourceErr.txt (" ;;
esac
case $line in *"$want"*) ;; *) bad "the line does not hold '$want'" ;; esac
case $kase in
  receiver | image | pointsource) case $line in *"$nospace"*) ;; *) bad "the line does not say '$nospace'" ;; esac ;;
esac
case $kase in
  ckpt-second)
    grep -q '^wrote checkpoint out/restart.cycle=03.sw4checkpoint ' "$work/stdout" || bad "no 'wrote checkpoint' line for step 3"
    grep -q '^wrote checkpoint out/restart.cycle=06' "$work/stdout" && bad "'wrote checkpoint' for step 6, which did not fit"
    [ "$left" = "./restart.cycle=03.sw4checkpoint " ] || bad "expected the checkpoint of step 3 alone in out/" ;;
  ckpt-first)
    grep -q '^wrote checkpoint' "$work/stdout" && bad "a 'wrote checkpoint' line"
    [ -z "$left" ] || bad "expected nothing in out/" ;;
  receiver) [ -z "$left" ] || bad "expected nothing in out/ (a receiver file is whole or absent)" ;;
  image)
    grep -q '^wrote image' "$work/stdout" && bad "a 'wrote image' line"
    [ -z "$left" ] || bad "expected nothing in out/" ;;
  pointsource) [ -z "$left" ] || bad "expected nothing in out/" ;;
esac

# The checkpoint that survived is whole: a restart from it, on a normal directory, gives the
# receiver file of an uninterrupted run.
if [ $kase = ckpt-second ] && [ -f out/restart.cycle=03.sw4checkpoint ]; then
  mkdir -p "$work/disk" && cp out/restart.cycle=03.sw4checkpoint "$work/disk/" || exit 2
  cd "$work/disk" || exit 2
  grep -v '^checkpoint ' "$work/run/deck.in" | sed 's/^fileio path=out$/fileio path=ref/' >ref.in
  { sed 's/^fileio path=ref$/fileio path=restarted/' ref.in; echo "restart file=restart.cycle=03.sw4checkpoint"; } >restart.in
  "$root/tools/mpirun.sh" 2 "$root/$bin" ref.in >ref.stdout 2>ref.stderr || bad "the uninterrupted run failed (disk/ref.stderr)"
  "$root/tools/mpirun.sh" 2 "$root/$bin" restart.in >restart.stdout 2>restart.stderr ||
    bad "the restart from the surviving checkpoint failed: $(head -n 1 restart.stderr)"
  grep -q '^starting at time [^ ]* at cycle 4$' restart.stdout || bad "the restart did not start at cycle 4"
  for f in r.x r.y r.z; do cmp -s ref/$f restarted/$f || bad "restarted/$f differs from the uninterrupted run's"; done
fi
[ $ok -eq 1 ] || { echo "---- stdout"; tail -n 12 "$work/stdout"; exit 1; }
exit 0
