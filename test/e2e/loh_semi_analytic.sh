#!/usr/bin/env bash
# loh_semi_analytic.sh: tools/loh_semi_analytic on an impulse response whose answer is known:
# a radial spike and an upward vertical spike become Gaussians of the deck's width, 6 sigma
# later, of area 1e5 times the spike's, split 0.6 / 0.8 into x and y, z with its sign turned.
#
#   test/e2e/loh_semi_analytic.sh WORKDIR
#
# Why built so: docs/user-guide.md's misfits against the SCEC semi-analytic LOH.1 and LOH.3
# rest on this filter, its scale, its rotation to sta10's frame and its vertical's sign; a
# spike makes each of them one number to check.
set -u
[ $# -eq 1 ] || { echo "usage: $0 WORKDIR" >&2; exit 2; }
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
rm -rf "$1" && mkdir -p "$1" && cd "$1" || exit 2
# time, vertical (up), radial, transverse: radial 1e-5 at t = 1, vertical 2e-5 at t = 2
awk 'BEGIN { for (i = 0; i <= 1000; ++i) { t = i * 0.004
  printf "%.6e %.6e %.6e %.6e\n", t, (i == 500) ? 2e-5 : 0, (i == 250) ? 1e-5 : 0, 0 } }' >spikes.txt
"$root/tools/loh_semi_analytic" 0.05 spikes.txt >table.txt || { echo "FAILED: exit status"; exit 1; }
# Peak of dt g: 0.004 / (sqrt(2 pi) 0.05) = 0.0319154; x 0.6 of it at t = 1.3, y 0.8, z -2 at 2.3.
awk 'function abs(v) { return v < 0 ? -v : v }
  { for (c = 2; c <= 4; ++c) if (abs($c) > abs(m[c])) { m[c] = $c; tm[c] = $1 } }
  END { p = 0.004 / (sqrt(2 * 3.141592653589793) * 0.05)
    printf "peaks x %.6g at %.3f, y %.6g at %.3f, z %.6g at %.3f (expected %.6g, %.6g at 1.3; %.6g at 2.3)\n",
           m[2], tm[2], m[3], tm[3], m[4], tm[4], 0.6 * p, 0.8 * p, -2 * p
    ok = abs(m[2] - 0.6 * p) < 1e-6 && abs(m[3] - 0.8 * p) < 1e-6 && abs(m[4] + 2 * p) < 1e-6 &&
         abs(tm[2] - 1.3) < 1e-6 && abs(tm[3] - 1.3) < 1e-6 && abs(tm[4] - 2.3) < 1e-6
    exit !ok }' table.txt || { echo "FAILED: scale, rotation, delay or vertical sign"; exit 1; }
echo "loh_semi_analytic: ok"
