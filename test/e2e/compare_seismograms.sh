#!/usr/bin/env bash
# compare_seismograms.sh: tools/compare_seismograms on records whose answer is known: a pulse
# scaled by 0.8 and delayed by 0.05 s (peak ratio 0.8, lag 0.05), and a Gaussian of width 0.05
# against the same Gaussian of width 0.06 (after --sigma 0.05 0.06 the two are one curve).
#
#   test/e2e/compare_seismograms.sh WORKDIR
#
# Why built so: docs/user-guide.md's LOH.3 figures (peak ratios, delays, misfits against
# SW4's records) are this tool's numbers, so its lag sign, its fractional lag and its pulse
# conversion are held to records built here with awk, tolerances stated beside each check.
set -u
[ $# -eq 1 ] || { echo "usage: $0 WORKDIR" >&2; exit 2; }
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
work=$1
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
# gauss_record FILE WIDTH CENTRE SCALE DT: three components (g, -g/2 and 0.01 g', g' =
# -g (t - c) / w^2 its derivative, which a convolution widens as it widens g) of a unit-area
# Gaussian g, 0..4 s, after a header line as sw4lite's.
gauss_record() {
  awk -v w="$2" -v c="$3" -v a="$4" -v dt="$5" 'BEGIN {
    print "# a synthetic record"
    for (i = 0; i * dt <= 4; ++i) {
      t = i * dt; g = a * exp(-0.5 * ((t - c) / w) ^ 2) / (w * sqrt(2 * 3.141592653589793))
      printf "%.6e %.12e %.12e %.12e\n", t, g, -g / 2, -0.01 * g * (t - c) / (w * w)
    } }' >"$1"
}
gauss_record b.txt 0.1 1.5 1 0.01
gauss_record a.txt 0.1 1.55 0.8 0.025    # another step: A is read at B's times
gauss_record a5.txt 0.05 1.5 1 0.005
gauss_record b6.txt 0.06 1.5 1 0.01
ok=1
out=$("$root/tools/compare_seismograms" a.txt b.txt) || { echo "FAILED: exit status"; ok=0; }
echo "$out"
# Peak ratio 0.8 to the sampling's 1e-3; lag 0.05 to 2e-3 s (the parabola on steps of 0.01).
echo "$out" | awk '/^compare c=/ { for (i = 2; i <= NF; ++i) { split($i, kv, "="); v[kv[1]] = kv[2] }
  if (v["ratio"] < 0.799 || v["ratio"] > 0.801 || v["lag"] < 0.048 || v["lag"] > 0.052) bad = 1; n++ }
  END { exit !(n == 3 && !bad) }' || { echo "FAILED: not ratio 0.8 and lag 0.05 on every component"; ok=0; }
out=$("$root/tools/compare_seismograms" --sigma 0.05 0.06 a5.txt b6.txt) || { echo "FAILED: exit status"; ok=0; }
echo "$out"
# The discrete Gaussian on A's step of 0.005 (0.1 of its width) is the continuous one to
# about 1e-4; misfit below 1e-3, peaks within 1e-3.
echo "$out" | awk '/^compare c=/ { for (i = 2; i <= NF; ++i) { split($i, kv, "="); v[kv[1]] = kv[2] }
  if (v["misfit"] > 1e-3 || v["ratio"] < 0.999 || v["ratio"] > 1.001) bad = 1; n++ }
  END { exit !(n == 3 && !bad) }' || { echo "FAILED: --sigma 0.05 0.06 does not turn A into B"; ok=0; }
# Without the conversion the narrower pulse is taller: the check above can fail.
"$root/tools/compare_seismograms" a5.txt b6.txt | awk '/^compare c=x/ { split($9, kv, "="); exit !(kv[2] > 0.05) }' ||
  { echo "FAILED: the unconverted pulses agree, so the conversion check proves nothing"; ok=0; }
[ $ok -eq 1 ] && echo "compare_seismograms: ok"
[ $ok -eq 1 ]
