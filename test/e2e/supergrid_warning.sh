#!/usr/bin/env bash
# supergrid_warning.sh: the setup warning about unstable super-grid layers, where it must and
# must not appear.
#
#   test/e2e/supergrid_warning.sh WORKDIR
#
# 1. No deck the project ships or compares with the original (inputs/*.in, test/reference/*/*.in)
#    warns (`sw4lite --check`, 1 rank): their layers are stable for their length.
# 2. test/e2e/thin-layers.in (gp=12, dc=0.02, 754 steps) warns at setup with one line
#    "thin-layers.in:9: warning: supergrid: ..." on stdout, the run goes on, and the solution
#    check stops it when the layers blow up: exit status 1 and one line on stderr.
# SW4LITE_BIN picks the binary (sw4lite-onesided).
set -u
[ $# -eq 1 ] || { echo "usage: $0 WORKDIR" >&2; exit 2; }
work=$1
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
bin=$root/${SW4LITE_BIN:-sw4lite}
rm -rf "$work" && mkdir -p "$work/run" || exit 2
ok=1
for deck in "$root"/inputs/*.in "$root"/test/reference/*/*.in; do
  name=$(basename "$deck")
  out=$work/check-$name.out
  (cd "$work/run" && OMP_NUM_THREADS=1 "$root/tools/mpirun.sh" 1 "$bin" --check "$deck" >"$out" 2>&1)
  grep -q "check passed" "$out" || { echo "FAILED: $name: --check did not pass"; tail -n 3 "$out"; ok=0; }
  if grep -q "warning: supergrid" "$out"; then
    echo "FAILED: $name warns:"; grep "warning: supergrid" "$out"; ok=0
  fi
done
d=$work/thin
mkdir -p "$d/run" "$d/err"
(cd "$d/run" && "$root/tools/mpirun.sh" 2 bash "$root/test/e2e/rank_stderr.sh" "$d/err" "$bin" \
   "$root/test/e2e/thin-layers.in" >"$d/stdout" 2>"$d/launcher-stderr")
rc=$?
cat "$d"/err/stderr.* >"$d/stderr" 2>/dev/null
echo "thin-layers: exit $rc"; grep "warning" "$d/stdout"; cat "$d/stderr"
[ "$(grep -c 'thin-layers.in:9: warning: supergrid: layers of gp=12 points with dc=0.02 are unstable' "$d/stdout")" -eq 1 ] ||
  { echo "FAILED: no (or more than one) setup warning naming thin-layers.in:9"; ok=0; }
grep -q "^Time step 1 t=" "$d/stdout" || { echo "FAILED: the run did not go on after the warning"; ok=0; }
[ $rc -eq 1 ] || { echo "FAILED: exit status $rc (expected 1: the solution check stops the blow-up)"; ok=0; }
[ "$(wc -l <"$d/stderr")" -eq 1 ] && grep -q 'blow-up.*grid point.*time step' "$d/stderr" ||
  { echo "FAILED: stderr is not one line naming the blow-up's grid point and step"; ok=0; }
[ $ok -eq 1 ]
