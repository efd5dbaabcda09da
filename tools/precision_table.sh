#!/usr/bin/env bash
# precision_table.sh: the single build's receivers against the double build's, deck by deck
# (docs/user-guide.md, "Single precision").
#   bash tools/precision_table.sh [DECK...]     (default: the decks of that section's table)
# Runs each deck with build/bench-precision/sw4lite-double and -single (`make
# build/bench-precision/sw4lite-double build/bench-precision/sw4lite-single`) on 2 ranks, in
# precision-output/DECK-{double,single}/, and prints one row per deck: the largest difference
# between the two builds' USGS samples, relative to the largest |value| of the double build's
# receiver it was found in (over its components: a component that is zero by symmetry holds
# only rounding noise in either build), the receiver and component where it was found, and
# the testpointsource decks' error norms of both builds.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
out=$PWD/precision-output
decks=("$@")
[ ${#decks[@]} -gt 0 ] || decks=(inputs/pointsource.in inputs/pointsource-rec.in inputs/pointforce.in
  inputs/loh1-small.in inputs/topography.in test/reference/topo/curvilinear.in test/reference/topo/small-h004.in
  test/reference/topo/varA.in test/reference/topo/varB.in test/reference/topo/varC.in)
for p in double single; do
  [ -x "$root/build/bench-precision/sw4lite-$p" ] || { echo "precision_table: build/bench-precision/sw4lite-$p is missing (make it)"; exit 1; }
done

# The largest |a - b| over max |a| of a receiver, over the receiver files of two directories.
compare() {
  local a=$1 b=$2 worst="0 - -" f
  for f in $(cd "$a" && find . -name '*.txt' | sort); do
    [ -f "$b/$f" ] || { echo "missing $f"; return 1; }
    worst=$(paste -d' ' <(grep -v '^#' "$a/$f") <(grep -v '^#' "$b/$f") | awk -v f="$f" -v w="$worst" '
      { n = NF / 2; for (c = 2; c <= n; ++c) { x = $c < 0 ? -$c : $c; if (x > m) m = x
          d = $c - $(c + n); if (d < 0) d = -d; if (d > e[c]) e[c] = d } }
      END { split(w, W, " "); best = W[1]; bf = W[2]; bc = W[3]
        if (m > 0) for (c in e) if (e[c] / m > best) { best = e[c] / m; bf = f; bc = c - 1 }
        printf "%.3g %s %s\n", best, bf, bc }')
  done
  echo "$worst"
}

printf '%-28s %-12s %-22s %s\n' deck rel.diff "worst (file, column)" "error norms double | single"
for deck in "${decks[@]}"; do
  name=$(basename "$deck" .in)
  for p in double single; do
    d=$out/$name-$p
    rm -rf "$d" && mkdir -p "$d"
    cp "$root/$deck" "$d/deck.in"
    (cd "$d" && OMP_NUM_THREADS=1 "$root/tools/mpirun.sh" 2 "$root/build/bench-precision/sw4lite-$p" deck.in \
       >stdout 2>stderr) || { echo "$name: the $p build failed (see $d)"; continue 2; }
  done
  row=$(compare "$out/$name-double" "$out/$name-single") || { echo "$name: $row"; continue; }
  norms=""
  if grep -q '^Errors at time' "$out/$name-double/stdout"; then
    norms="$(grep '^Errors at time' "$out/$name-double/stdout" | awk '{print "Linf", $7, "L2", $10}') | $(grep '^Errors at time' "$out/$name-single/stdout" | awk '{print "Linf", $7, "L2", $10}')"
  fi
  read -r rel file col <<<"$row"
  printf '%-28s %-12s %-22s %s\n' "$name" "$rel" "${file#./} $col" "$norms"
done
