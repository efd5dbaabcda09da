#!/usr/bin/env bash
# no_zero_series.sh: no receiver file of a run is all zeros (a deck that stops before the wave
# arrives writes a seismogram of zeros, which says nothing and looks like a bug).
#
#   test/e2e/no_zero_series.sh DIR...
#
# Why built so: a deck in inputs/ is an example; each of its receivers must record something.
# Every USGS text file (*.txt but PointSourceErr.txt) under each DIR must hold a non-zero value
# in some data column; every SAC file a non-zero DEPMIN or DEPMAX (header words 1 and 2, read
# with od). One component may be zero by symmetry; a whole receiver may not.
set -u
[ $# -ge 1 ] || { echo "usage: $0 DIR..." >&2; exit 2; }
ok=1 n=0
for dir in "$@"; do
  [ -d "$dir" ] || { echo "FAILED: no directory $dir"; ok=0; continue; }
  while IFS= read -r f; do
    n=$((n + 1))
    case $f in
      *.txt)
        awk '!/^#/ { for (i = 2; i <= NF; ++i) if ($i + 0 != 0) { found = 1; exit } } END { exit !found }' "$f" ||
          { echo "FAILED: $f: every sample is zero"; ok=0; } ;;
      *)
        read -r mn mx < <(od -A n -t f4 -j 4 -N 8 "$f")
        awk -v a="$mn" -v b="$mx" 'BEGIN { exit !(a + 0 != 0 || b + 0 != 0) }' ||
          { echo "FAILED: $f: DEPMIN = DEPMAX = 0 (every sample is zero)"; ok=0; } ;;
    esac
  done < <(find "$dir" -type f \( -name '*.txt' ! -name 'PointSourceErr.txt' -o -name '*.[xyzenu]' -o -name '*.[xyzenu]v' -o -name '*.div' -o -name '*.curl?' -o -name '*.[xyz][xyz]' -o -name '*.du[xyz]d[xyz]' \))
done
echo "no_zero_series: $n receiver files"
[ $n -gt 0 ] || { echo "FAILED: no receiver files"; ok=0; }
[ $ok -eq 1 ]
