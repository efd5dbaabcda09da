#!/usr/bin/env bash
# build_maxu.sh: builds build/sw4lite-maxu, the measuring copy of sw4lite that the stability
# tools (supergrid_stability.sh, cfl_stability.sh) run.
#
#   tools/build_maxu.sh      prints the binary's path; rebuilds it when sw4lite.cpp is newer
#
# Why built so: a measurement of how fast an unstable run grows needs the largest |U| as the
# run goes and needs the run to go on past the point where sw4lite would stop it. So this is a
# copy of sw4lite.cpp with one block added after the progress line (every MAXU_EVERY steps,
# default 5: "MAX n max|U|" over both grids, the run ending once it passes 1e200), and without
# the two stops: the solution check's (stop_on_bad_solution) and the set-up's refusal of a CFL
# number that cannot be stable for the run (cfl_problem, cfl_stability.hpp). Nothing else
# changes, so the numbers are those of ./sw4lite. One rank, two-sided. Run outside `make test`.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
work=$root/test-output/maxu
mkdir -p "$work" "$root/build"
bin=$root/build/sw4lite-maxu
if [ ! -x "$bin" ] || [ "$root/sw4lite.cpp" -nt "$bin" ] || [ "$0" -nt "$bin" ]; then
  awk '/if \(end.checks\(n\)\) stop_on_bad_solution/ { next }
       /stop_on_problem\(cfl_problem/ { next }
       { print }
       /if \(rank_ == 0\) end.progress\(n, t\);/ {
         print "    static const int maxu_every = std::getenv(\"MAXU_EVERY\") ? std::atoi(std::getenv(\"MAXU_EVERY\")) : 5;"
         print "    if (n % maxu_every == 0) {"
         print "      double mx = 0;"
         print "      for (int c = 0; c < 3; ++c) for (double v : sd.u[c].v) mx = std::max(mx, std::fabs(v));"
         print "      for (int c = 0; c < 3; ++c) for (double v : sd.top.u[c].v) mx = std::max(mx, std::fabs(v));"
         print "      mx = reduce(mx, MPI_MAX);"
         print "      if (rank_ == 0) std::printf(\"MAX %d %.6e\\n\", n, mx);"
         print "      if (!(mx < 1e200)) break;"
         print "    }"
       }' "$root/sw4lite.cpp" >"$work/sw4lite-maxu.cpp"
  grep -q 'MAX %d' "$work/sw4lite-maxu.cpp" || { echo "cannot find the progress line in sw4lite.cpp" >&2; exit 2; }
  ${MPICXX:-mpicxx} -std=c++17 -O3 -march=native -fopenmp -DOMPI_SKIP_MPICXX -DMPICH_SKIP_MPICXX \
    -I"$root" -o "$bin" "$work/sw4lite-maxu.cpp" >&2 || exit 2
fi
echo "$bin"
