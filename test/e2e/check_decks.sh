#!/usr/bin/env bash
# check_decks.sh: every deck in inputs/ parses and sets up (`sw4lite --check`), on NP ranks.
#
#   test/e2e/check_decks.sh NP WORKDIR
#
# Why built so: the big original decks (LOH.1-h100, LOH.2-h100 with its 3200 sources, basic,
# uni) are far too long to run in a test, but --check reads them with the same parser and sets
# up the grid, the decomposition, the materials and every source and receiver exactly as a run
# would, and writes nothing. Each deck is checked from the empty directory WORKDIR/run (files a
# deck names are found beside the deck); the check must say "check passed" and leave that
# directory empty. What each check printed is kept in WORKDIR/DECK.out.
set -u
[ $# -eq 2 ] || { echo "usage: $0 NP WORKDIR" >&2; exit 2; }
np=$1 work=$2
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
rm -rf "$work" && mkdir -p "$work/run" && cd "$work/run" || exit 2
failed=0 n=0
for deck in "$root"/inputs/*.in; do
  n=$((n + 1))
  name=$(basename "$deck")
  if "$root/tools/mpirun.sh" "$np" "$root/sw4lite" --check "$deck" >"$work/$name.out" 2>&1 &&
     grep -q "check passed" "$work/$name.out"; then
    echo "ok      $name: $(grep 'check passed' "$work/$name.out" | sed 's/.*check passed //')"
  else
    echo "FAILED  $name:"; tail -n 5 "$work/$name.out" | sed 's/^/   | /'
    failed=$((failed + 1))
  fi
  left=$(ls -A)
  [ -z "$left" ] || { echo "FAILED  $name: --check left files behind: $left"; failed=$((failed + 1)); rm -rf ./*; }
done
[ $n -gt 0 ] || { echo "FAILED: no decks in $root/inputs"; exit 1; }
echo "check_decks: $n decks, $failed failed"
[ $failed -eq 0 ]
