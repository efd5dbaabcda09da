#!/usr/bin/env bash
# timing_columns.sh: both binaries print the same timing table (DESIGN.md, "The timing table").
#
#   test/e2e/timing_columns.sh NP DECK RUNDIR
#
# Why built so: the values are the machine's, so only what must hold on any machine is
# checked: the two binaries print the same header (the same columns in the same order), six
# non-negative numbers under it, and the five parts never add up to more than Total, since
# each is measured inside Total's window (1% and 1 ms of slack for two clocks' rounding).
set -u
[ $# -eq 3 ] || { echo "usage: $0 NP DECK RUNDIR" >&2; exit 2; }
np=$1 deck=$2 dir=$3
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
case $deck in /*) ;; *) deck=$root/$deck ;; esac
rm -rf "$dir" && mkdir -p "$dir" || exit 2
cp "$deck" "$dir/deck.in"
cp "$(dirname "$deck")"/*.txt "$dir/" 2>/dev/null
echo "developer reporttiming=1" >>"$dir/deck.in"
headers=()
for bin in sw4lite sw4lite-onesided; do
  SW4LITE_BIN=$bin bash "$root/test/e2e/run_deck.sh" "$np" "$dir/deck.in" "$dir/$bin" >"$dir/$bin.log" 2>&1 ||
    { cat "$dir/$bin.log"; exit 1; }
  out=$dir/$bin/stdout
  header=$(grep -a -A1 'Execution time summary' "$out" | tail -n 1 | tr -s ' ' | sed 's/^ //; s/ $//')
  values=$(grep -a -A2 'Execution time summary' "$out" | tail -n 1)
  echo "$bin: $header | $values"
  [ "$header" = "Total BC comm BC phys Scheme Supergrid Forcing" ] ||
    { echo "FAILED: $bin prints the columns '$header'"; exit 1; }
  echo "$values" | awk -v bin="$bin" '{
    if (NF < 6) { print "FAILED: " bin ": fewer than six values"; exit 1 }
    parts = 0
    for (i = 1; i <= 6; ++i) {
      if ($i !~ /^[0-9.eE+-]+$/ || $i < 0) { print "FAILED: " bin ": value " i " is " $i; exit 1 }
      if (i > 1) parts += $i
    }
    if (parts > 1.01 * $1 + 0.001) { printf "FAILED: %s: the parts add to %g > Total %g\n", bin, parts, $1; exit 1 }
  }' || exit 1
  headers+=("$header")
done
[ "${headers[0]}" = "${headers[1]}" ] || { echo "FAILED: the binaries print different columns"; exit 1; }
echo "timing_columns: both binaries print the same columns; the parts fit in Total"
