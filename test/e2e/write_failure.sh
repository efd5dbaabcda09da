#!/usr/bin/env bash
# write_failure.sh: a failure no deck check can foresee (a receiver file that cannot be
# written after the steps) ends the run with one line and exit status 1, never with an
# uncaught exception (SIGABRT, exit 134) or a hang of the ranks that wait for the failed one.
#
#   test/e2e/write_failure.sh WORKDIR
#
# Why built so: the deck is good and its output directory writable, so every check before the
# first step passes; a directory where the receiver's temporary file must go (r.x.tmp) makes
# the write fail on the rank that owns the receiver: after the last step, and (writeEvery=5)
# at step 5, inside a handler in one-sided mode. On 1 rank and on 2 (the receiver on rank 1,
# while rank 0 waits in the report's reduction or in a halo exchange) the run must exit
# with status 1 and print exactly one line, naming the rank and the file (in one-sided mode
# any rank: stealing may move the receiver's partition). On 2 ranks the
# failed rank ends the others with MPI_Abort (they wait in a collective call and no launcher
# is bound to stop them otherwise), and MPICH then adds its own line "Abort(1) on node ...",
# which is the MPI's, like the launchers' paragraphs, and is not counted. Then the norm file
# of testpointsource, PointSourceErr.txt, with a directory in its place, on 2 ranks: rank 0
# writes it and every rank must stop with status 1 (it once printed a line and exited 0).
# SW4LITE_BIN picks the binary.
set -u
[ $# -eq 1 ] || { echo "usage: $0 WORKDIR" >&2; exit 2; }
work=$1
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
rm -rf "$work" && mkdir -p "$work" || exit 2
ok=1
for when in end step; do
for np in 1 2; do
  d=$work/$when-np$np
  mkdir -p "$d/run/out/r.x.tmp" "$d/err"
  cat >"$d/run/deck.in" <<'DECK'
fileio path=out
grid h=100 x=2000 y=2000 z=1400
supergrid gp=5
block vp=2000 vs=1000 rho=2000
source x=1000 y=1000 z=500 fz=1e12 t0=0.3 freq=10 type=Gaussian
DECK
  if [ $when = end ]; then
    printf 'time steps=3\nrec x=1000 y=1900 z=0 file=r\n' >>"$d/run/deck.in"
  else
    printf 'time steps=30\nrec x=1000 y=1900 z=0 file=r writeEvery=5\n' >>"$d/run/deck.in"
  fi
  (cd "$d/run" && "$root/tools/mpirun.sh" "$np" bash "$root/test/e2e/rank_stderr.sh" "$d/err" \
     "$root/${SW4LITE_BIN:-sw4lite}" deck.in >"$d/stdout" 2>"$d/launcher-stderr")
  rc=$?
  cat "$d"/err/stderr.* 2>/dev/null | grep -v '^Abort([0-9]*) on node ' >"$d/stderr"
  echo "write_failure: write at the $when ($( [ $when = end ] && echo "after the last step" || echo "step 5")), $np rank(s): exit $rc; stderr:"; cat "$d/stderr"
  [ $rc -eq 1 ] || { echo "FAILED: exit status $rc (expected 1)"; ok=0; }
  n=$(wc -l <"$d/stderr")
  [ "$n" -eq 1 ] || { echo "FAILED: $n lines on stderr (expected exactly 1)"; ok=0; }
  # One-sided: an idle rank may have stolen the receiver's partition, so any rank may own it.
  owner=$((np - 1)); case ${SW4LITE_BIN:-sw4lite} in *onesided*) owner='[0-9]+' ;; esac
  grep -Eq "^sw4lite: rank $owner: cannot write receiver file out/r\.x " "$d/stderr" ||
    { echo "FAILED: the line does not name rank $owner and the file out/r.x"; ok=0; }
done
done

d=$work/pointsource
mkdir -p "$d/run/out/PointSourceErr.txt" "$d/err"
cat >"$d/run/deck.in" <<'DECK'
fileio path=out
grid x=8 y=8 z=4 h=0.4
time steps=4
testpointsource rho=1 cp=1.6 cs=0.8 halfspace=1
supergrid gp=3 dc=0.001
source x=4.0 y=4.0 z=1.34 Mxx=1 Myy=1 Mzz=1 t0=0 freq=1 type=C6SmoothBump
DECK
(cd "$d/run" && "$root/tools/mpirun.sh" 2 bash "$root/test/e2e/rank_exit.sh" "$d/err" \
   "$root/${SW4LITE_BIN:-sw4lite}" deck.in >"$d/stdout" 2>"$d/launcher-stderr")
cat "$d"/err/stderr.* >"$d/stderr" 2>/dev/null
echo "write_failure: PointSourceErr.txt a directory, 2 ranks: rank exit statuses $(cat "$d"/err/exit.* 2>/dev/null | tr '\n' ' '); stderr:"
cat "$d/stderr"
[ "$(ls "$d"/err/exit.* 2>/dev/null | wc -l)" -eq 2 ] && [ "$(cat "$d"/err/exit.* | sort -u)" = 1 ] ||
  { echo "FAILED: expected exit status 1 on every rank"; ok=0; }
[ "$(wc -l <"$d/stderr")" -eq 1 ] || { echo "FAILED: $(wc -l <"$d/stderr") lines on stderr (expected exactly 1)"; ok=0; }
grep -q '^sw4lite: cannot write out/PointSourceErr\.txt (.*Is a directory)$' "$d/stderr" ||
  { echo "FAILED: the line does not name out/PointSourceErr.txt and why"; ok=0; }
[ $ok -eq 1 ] || { echo "---- stdout of the last 2-rank run"; tail -n 20 "$work/step-np2/stdout"; exit 1; }
exit 0
