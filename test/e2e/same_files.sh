#!/usr/bin/env bash
# same_files.sh: two output directories hold the same files, byte for byte.
#
#   test/e2e/same_files.sh DIR_A DIR_B [COUNT]
#
# Passes when both directories list the same file names, every file of DIR_A is identical to
# its namesake in DIR_B (cmp), and, when COUNT is given, there are exactly COUNT files (so an
# empty or half-written output cannot pass by agreeing with another empty one).
# Why built so: the contract is bitwise identity of every output whatever the number of ranks
# (DESIGN.md, "The numbers contract"), so cmp, not a tolerance, is the right comparison.
set -u
[ $# -ge 2 ] || { echo "usage: $0 DIR_A DIR_B [COUNT]" >&2; exit 2; }
a=$1 b=$2 count=${3:-}
for d in "$a" "$b"; do [ -d "$d" ] || { echo "FAILED: no directory $d"; exit 1; }; done
la=$(cd "$a" && find . -type f | sort)
lb=$(cd "$b" && find . -type f | sort)
if [ "$la" != "$lb" ]; then
  echo "FAILED: the directories hold different files"
  diff <(echo "$la") <(echo "$lb") | sed 's/^/  /'
  exit 1
fi
n=$(echo "$la" | grep -c .)
if [ -n "$count" ] && [ "$n" -ne "$count" ]; then
  echo "FAILED: $n files in $a (expected $count):"; echo "$la" | sed 's/^/  /'; exit 1
fi
bad=0
while IFS= read -r f; do
  if ! cmp -s -- "$a/$f" "$b/$f"; then
    bad=$((bad + 1))
    [ $bad -le 5 ] && cmp -- "$a/$f" "$b/$f"
  fi
done <<<"$la"
[ $bad -eq 0 ] || { echo "FAILED: $bad of $n files differ between $a and $b"; exit 1; }
echo "same_files: $n files identical in $a and $b"
exit 0
