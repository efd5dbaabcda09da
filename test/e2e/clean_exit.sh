#!/usr/bin/env bash
# clean_exit.sh: every way out of the program leaves MPI clean: no MPI object alive at
# MPI_Finalize, no rank that exits without it, no MPI_Abort.
#
#   test/e2e/clean_exit.sh WORKDIR
#
# Why built so: an MPI object still alive at MPI_Finalize is no error in the standard's eyes,
# so nothing fails; each MPI only says so in its own words, and only some do (MPICH: "[WARNING]
# yaksa: 2 leaked handle pool objects" on every rank; Open MPI: a paragraph about a process
# that exited "improperly", without calling finalize). So the error paths (an input error, a
# bad option, the NaN stop of both binaries) and a short normal run of both binaries (and of
# every halo model of ./sw4lite) run under whichever MPI the tests use (MPIRUN), and all they
# print, launcher included, must be free of those words.
set -u
[ $# -eq 1 ] || { echo "usage: $0 WORKDIR" >&2; exit 2; }
work=$1
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
# The normal end: blowup.in for 4 steps at the default cfl (at cfl=5 the solution check stops
# it at step 4, 1e5 times beyond its bound).
sed -e 's/steps=400/steps=4/' -e 's/checkfornan=1 cfl=5/checkfornan=0/' "$root/test/e2e/blowup.in" >short.in
pattern='leak|yaksa|[Ff]inalize|still active|MPI_Abort|improperly|WARNING|in flight'
ok=1
# expect NAME STATUS BINARY ARGS...: a 2-rank run that must exit with STATUS and print none of it.
expect() {
  local name=$1 want=$2; shift 2
  "$root/tools/mpirun.sh" 2 "$root/$@" >"$name.out" 2>&1
  local rc=$?
  echo "clean_exit: $name: exit $rc"
  [ $rc -eq "$want" ] || { echo "FAILED: exit status $rc (expected $want)"; ok=0; }
  if grep -Ea "$pattern" "$name.out"; then
    echo "FAILED: $name: MPI reports unfreed objects or an unclean end (above)"; ok=0
  fi
}
for bin in sw4lite sw4lite-onesided; do
  expect "$bin-input-error" 1 "$bin" "$root/test/e2e/bad/source-outside.in"
  expect "$bin-bad-option" 1 "$bin" --no-such-option short.in
  expect "$bin-nan" 1 "$bin" "$root/test/e2e/blowup.in"
  expect "$bin-normal" 0 "$bin" short.in
done
# The halo models of ./sw4lite (halo_select.hpp): communicators, groups, windows, datatypes,
# at a normal end and when the NaN stop unwinds the driver (collective frees on every rank).
for m in isend neighbor rma-fence rma-pscw rma-passive; do
  expect "sw4lite-halo-$m" 0 sw4lite --halo "$m" short.in
  expect "sw4lite-halo-$m-nan" 1 sw4lite --halo "$m" "$root/test/e2e/blowup.in"
done
[ $ok -eq 1 ] || { echo "---- output of the runs in $work/*.out"; exit 1; }
exit 0
