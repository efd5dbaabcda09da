#!/usr/bin/env bash
# flat_same.sh: a run's receiver files against the stored outputs of test/reference/flat.
#
#   test/e2e/flat_same.sh BINARY EXPECTED_DIR RESULTS_DIR COUNT
#
# Why built so: the stored files were written by a GCC build on this machine kind
# (test/reference/flat/BUILD: the compiler's .comment line and the CPU model); a build by the
# same compiler for the same CPU must reproduce them byte for byte (same_files.sh). Another
# compiler or CPU rounds differently (fused multiply-adds, vectorisation), so its files are held
# to 1e-12 of each receiver's maximum instead (close_files.sh), and the check says so.
set -u
[ $# -eq 4 ] || { echo "usage: $0 BINARY EXPECTED_DIR RESULTS_DIR COUNT" >&2; exit 2; }
bin=$1 want=$2 got=$3 count=$4
here=$(dirname "$0")
build() {
  readelf -p .comment "$1" 2>/dev/null | sed -n 's/^ *\[ *[0-9a-f]*\] *//p'
  grep -m1 "model name" /proc/cpuinfo | sed 's/^model name[[:space:]]*: */cpu: /'
}
# The stored files are the double build's; the single build's samples are float solutions, never
# the same bytes: held to 1e-5 of each receiver's maximum (measured 2.4e-6, float's rounding
# over the run).
prec=$(cat "$here/../../build/precision" 2>/dev/null)
if [ "$prec" != single ] && [ "$(build "$bin")" = "$(cat "$want/../BUILD")" ]; then
  exec bash "$here/same_files.sh" "$want" "$got" "$count"
fi
echo "flat_same: $bin was built otherwise than the stored files (test/reference/flat/BUILD):"
build "$bin" | sed 's/^/  /'
rel=1e-12
[ "$prec" = single ] && rel=1e-5
echo "flat_same: comparing the USGS files to $rel of each receiver's maximum instead of byte for byte"
exec bash "$here/close_files.sh" "$want" "$got" "$rel" "$(cd "$want" && find . -name '*.txt' | grep -c .)"
