#!/usr/bin/env bash
# kernels_alone.sh: the operator's headers compile and run with no other file of the project,
# as a compiler vendor's reduced test case would take them.
#
#   test/e2e/kernels_alone.sh        (exit 0: pass; 77: no C++ compiler; else: fail)
#
# Why built so: the kernels are what a compiler tester wants to cut out of sw4lite. They
# promise to need only the arrays (grid.hpp), the SBP tables (sbp.hpp) and three support
# headers (precision.hpp, portable.hpp, threads.hpp): no parser, no MPI, no driver. This copies
# exactly those eight files into an empty directory, writes a main that applies the operator
# once (rhs4 of stencil.hpp, free-surface rows included) to a smooth field over a varying
# material, builds it with a plain C++ compiler (${CXX:-c++}), without OpenMP, and runs it. A
# header that includes anything else fails the compile; the program fails when a value is not
# finite or all are zero.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cxx=${CXX:-c++}
command -v "$cxx" >/dev/null 2>&1 || { echo "kernels_alone: no C++ compiler ($cxx)"; exit 77; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/sw4lite-kernels-alone.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
files="grid.hpp sbp.hpp stencil.hpp stencil_interior.hpp stencil_surface.hpp precision.hpp portable.hpp threads.hpp"
for f in $files; do cp "$root/$f" "$dir/" || exit 1; done
flags=""
[ "$(cat "$root/build/precision" 2>/dev/null)" = single ] && flags=-DSW4LITE_SINGLE
cat >"$dir/main.cpp" <<'EOF'
#include <cmath>
#include <cstdio>

#include "stencil.hpp"

using namespace sw4;

int main() {
  const int n = 12;  // points 1..n each way, 2 ghost points around
  const Box box{-1, n + 2, -1, n + 2, -1, n + 2}, eval{1, n, 1, n, 1, n};
  Field u, out;
  Array3 mu(box), la(box);
  Array1 sx(-1, n + 2, 1.0), sy(-1, n + 2, 1.0), sz(-1, n + 2, 1.0);
  for (int c = 0; c < 3; ++c) {
    u[c].define(box);
    out[c].define(box);
  }
  for (int k = box.kb; k <= box.ke; ++k)
    for (int j = box.jb; j <= box.je; ++j)
      for (int i = box.ib; i <= box.ie; ++i) {
        for (int c = 0; c < 3; ++c) u[c](i, j, k) = std::sin(0.3 * i + 0.2 * j + 0.25 * k + c);
        mu(i, j, k) = 1 + 0.1 * std::cos(0.5 * i + 0.3 * k);
        la(i, j, k) = 2 + 0.2 * std::sin(0.4 * j - 0.2 * k);
      }
  const Medium md{&mu, &la, &sx, &sy, &sz};
  Target t;
  for (int c = 0; c < 3; ++c) t.out[c] = out[c].data();
  RhsWorkspace ws;
  rhs4<Update::Store>(u, md, eval, true, 0.1, t, ws);
  long bad = 0;
  double largest = 0;
  for (int c = 0; c < 3; ++c)
    for (int k = 1; k <= n; ++k)
      for (int j = 1; j <= n; ++j)
        for (int i = 1; i <= n; ++i) {
          const double r = out[c](i, j, k);
          if (!std::isfinite(r)) ++bad;
          else largest = std::fmax(largest, std::fabs(r));
        }
  std::printf("kernels_alone: %ld values not finite, largest |L_h u| = %g\n", bad, largest);
  return bad == 0 && largest > 0 ? 0 : 1;
}
EOF
echo "kernels_alone: $cxx -std=c++17 -I$dir $flags with only: $files"
"$cxx" -std=c++17 -Wall -Wextra -O1 $flags -I"$dir" -o "$dir/kernels" "$dir/main.cpp" || {
  echo "kernels_alone: FAIL: the kernels do not compile alone"
  exit 1
}
"$dir/kernels" || { echo "kernels_alone: FAIL: the operator's values are not finite and non-zero"; exit 1; }
echo "kernels_alone: pass"
