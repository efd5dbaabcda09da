#!/usr/bin/env bash
# close_files.sh: the USGS text receiver files of two output directories agree to a tolerance.
#
#   test/e2e/close_files.sh DIR_A DIR_B REL [COUNT]
#
# Passes when both directories hold the same *.txt files (and COUNT of them, when given), with
# the same time column (as text) and the same number of rows, and every value of B lies within
# REL times the largest |value| of A's file (all components: the solution's maximum at that
# receiver) of A's value. Why built so: two kernels that sum the same terms in another order
# agree to rounding, not to the bit, so same_files.sh's cmp is too strict; the values are
# printed with 17 significant digits (%24.17e), so awk reads them exactly.
set -u
[ $# -ge 3 ] || { echo "usage: $0 DIR_A DIR_B REL [COUNT]" >&2; exit 2; }
a=$1 b=$2 rel=$3 count=${4:-}
for d in "$a" "$b"; do [ -d "$d" ] || { echo "FAILED: no directory $d"; exit 1; }; done
la=$(cd "$a" && find . -type f -name '*.txt' | sort)
lb=$(cd "$b" && find . -type f -name '*.txt' | sort)
[ "$la" = "$lb" ] || { echo "FAILED: the directories hold different .txt files"; diff <(echo "$la") <(echo "$lb"); exit 1; }
n=$(echo "$la" | grep -c .)
[ "$n" -gt 0 ] || { echo "FAILED: no .txt files in $a"; exit 1; }
if [ -n "$count" ] && [ "$n" -ne "$count" ]; then echo "FAILED: $n .txt files in $a (expected $count)"; exit 1; fi
bad=0
while IFS= read -r f; do
  if ! awk -v rel="$rel" -v name="$f" '
      FNR == 1 { file++ }
      /^#/ || NF == 0 { next }
      file == 1 { ra++; t[ra] = $1; nf[ra] = NF; for (c = 2; c <= NF; c++) { v[ra, c] = $c + 0; m = (v[ra, c] < 0 ? -v[ra, c] : v[ra, c]); if (m > big) big = m } }
      file == 2 { rb++; if (t[rb] != $1 || nf[rb] != NF) { printf "%s: row %d differs in time or columns\n", name, rb; shape = 1; next }
                  for (c = 2; c <= NF; c++) { d = $c - v[rb, c]; if (d < 0) d = -d; if (d > worst) worst = d } }
      END {
        if (ra != rb || ra == 0) { printf "%s: %d rows against %d\n", name, ra, rb; exit 1 }
        if (shape) exit 1
        if (worst > rel * big) { printf "%s: largest difference %.3e > %s x max %.3e\n", name, worst, rel, big; exit 1 }
        printf "%s: %d rows, largest difference %.3e (%.2e of max %.3e)\n", name, ra, worst, (big > 0 ? worst / big : 0), big
      }' "$a/$f" "$b/$f"; then
    bad=$((bad + 1))
  fi
done <<<"$la"
[ $bad -eq 0 ] || { echo "FAILED: $bad of $n files differ by more than $rel of their maximum"; exit 1; }
echo "close_files: $n files agree to $rel of their maximum in $a and $b"
