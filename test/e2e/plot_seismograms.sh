#!/usr/bin/env bash
# plot_seismograms.sh: tools/plot_seismograms turns a run's receiver files into valid PNGs.
#
#   test/e2e/plot_seismograms.sh WORKDIR
#
# Why built so: a plotting script that nothing runs breaks unseen (a reader that misreads SAC,
# an empty PNG). A short run (test/reference/flat/flat.in: receivers of every mode,
# USGS text and SAC) on 1 rank; then (1) the SAC reader of the script (od) gives the USGS
# file's numbers to float32 rounding, (2) without gnuplot the script says how to install it
# and exits 1, (3) with gnuplot every receiver gets a PNG (signature, IHDR first with the
# width asked for, IEND last), from the text files and from SAC files alone. When gnuplot is
# not installed (3) is skipped, and the check says "skipped" and passes.
set -u
[ $# -eq 1 ] || { echo "usage: $0 WORKDIR" >&2; exit 2; }
work=$1
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
plot=$root/tools/plot_seismograms
rm -rf "$work" && mkdir -p "$work/run" || exit 2
cd "$work/run" || exit 2
"$root/tools/mpirun.sh" 1 "$root/sw4lite" "$root/test/reference/flat/flat.in" >stdout 2>stderr ||
  { echo "FAILED: the run"; cat stderr; exit 1; }
out=$work/run/out
ok=1

# (1) SAC through od = USGS text, to float32 rounding of each column's maximum
for pair in "surf.x surf.txt" "vel.xv vel.txt"; do
  set -- $pair
  "$plot" --table "$out/$1" >"$work/$1.table" || { echo "FAILED: --table $1"; ok=0; continue; }
  "$plot" --table "$out/$2" >"$work/$2.table" || { echo "FAILED: --table $2"; ok=0; continue; }
  head -n 1 "$work/$1.table" | grep -q "velocity (m/s)\|displacement (m)" ||
    { echo "FAILED: $1: no unit in the titles: $(head -n 1 "$work/$1.table")"; ok=0; }
  paste -d ' ' "$work/$1.table" "$work/$2.table" | awk 'NR > 1 {
      n = NF / 2; for (c = 1; c <= n; ++c) { d = $c - $(c + n); if (d < 0) d = -d; if (d > e[c]) e[c] = d
        m = $(c + n) < 0 ? -$(c + n) : $(c + n); if (m > mx[c]) mx[c] = m }; rows++ }
    END { if (rows < 10) { print "too few rows: " rows; exit 1 }
          for (c in e) if (e[c] > 1e-6 * mx[c] + 1e-30) { print "column " c ": " e[c] " of " mx[c]; exit 1 } }' ||
    { echo "FAILED: $1 read through od differs from $2"; ok=0; }
done

# (2) no gnuplot: one line saying how to install it, exit 1
GNUPLOT=/nonexistent/gnuplot "$plot" "$out" >"$work/nognuplot.out" 2>"$work/nognuplot.err"
rc=$?
[ $rc -eq 1 ] && grep -q "apt-get install gnuplot" "$work/nognuplot.err" ||
  { echo "FAILED: without gnuplot: exit $rc, said: $(cat "$work/nognuplot.err")"; ok=0; }

# (3) the PNGs
valid_png() {  # FILE WIDTH
  [ "$(od -A n -t x1 -N 8 "$1" | tr -d ' \n')" = 89504e470d0a1a0a ] || return 1
  [ "$(dd if="$1" bs=1 skip=12 count=4 2>/dev/null)" = IHDR ] || return 1
  [ "$(od -A n -t u1 -j 16 -N 4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')" = "$2" ] || return 1
  [ "$(tail -c 8 "$1" | head -c 4)" = IEND ]
}
if ! command -v gnuplot >/dev/null 2>&1; then
  echo "plot_seismograms: skipped: gnuplot is not installed (apt-get install gnuplot-nox)"
  [ $ok -eq 1 ]; exit
fi
"$plot" -o "$work/png" "$out" >"$work/plot.out" 2>"$work/plot.err" || { echo "FAILED: plotting"; cat "$work/plot.err"; ok=0; }
for name in surf vel div curl strain grad; do
  valid_png "$work/png/$name.png" 800 || { echo "FAILED: $name.png is missing or not a valid PNG"; ok=0; }
done
[ "$(ls "$work/png" | wc -l)" -eq 6 ] || { echo "FAILED: not 6 PNGs: $(ls "$work/png")"; ok=0; }
mkdir -p "$work/sac" && cp "$out"/vel.xv "$out"/vel.yv "$out"/vel.zv "$work/sac/"
"$plot" "$work/sac" >/dev/null 2>"$work/sac.err" && valid_png "$work/sac/vel.png" 800 ||
  { echo "FAILED: no valid PNG from SAC files alone"; cat "$work/sac.err"; ok=0; }
[ $ok -eq 1 ] && echo "plot_seismograms: ok"
[ $ok -eq 1 ]
