// report.hpp: what rank 0 prints, in the original's formats (NUMERICS.md 1.1, 11).
//
// Why built so: the printed lines are part of the interface (scripts grep them), so their
// formats live in one place; the numbers arrive already reduced over ranks. No MPI here.
#pragma once

#include <cstdio>
#include <string>

#include "input.hpp"
#include "subdomain.hpp"
#include "threads.hpp"

namespace sw4 {

inline void print_grid_table(const GridCfg& g) {
  std::printf("\nGlobal grid sizes (without ghost points)\n");
  std::printf("Grid         h        Nx        Ny        Nz       Points\n");
  const long long pts = (long long)g.nx * g.ny * g.nz;
  std::printf("%4i %9g %9i %9i %9i %12lld\n", 0, g.h, g.nx, g.ny, g.nz, pts);
  std::printf("Total number of grid points (without ghost points): %g\n\n", double(pts));
}

// "Time step n t= t" after step 1, every printcycle-th step and the last one.
inline bool print_step(int n, int nsteps, int printcycle) {
  return n == 1 || printcycle == 1 || n % printcycle == 1 || n == nsteps;
}

// "   Execution time, <msg> [h hours ][m minutes ]s seconds"
inline std::string execution_time(double s, const std::string& msg) {
  const int h = static_cast<int>(s / 3600.0);
  s -= h * 3600;
  const int m = static_cast<int>(s / 60.0);
  s -= m * 60;
  std::string out = "   Execution time, " + msg + " ";
  char buf[64];
  if (h > 1) out += std::to_string(h) + " hours ";
  else if (h > 0) out += std::to_string(h) + " hour  ";
  if (m > 1) out += std::to_string(m) + " minutes ";
  else if (m > 0) out += std::to_string(m) + " minute  ";
  if (s > 0) {
    std::snprintf(buf, sizeof buf, "%g seconds ", s);
    out += buf;
  }
  return out;
}

// The timing table of `developer reporttiming=1`: per-rank sums over steps 2..N, averaged
// over ranks. avg = {total, comm, bc, scheme, supergrid, forcing}.
inline void print_timing_table(const double avg[6], double tick, int ranks, int threads) {
  std::printf("\n----------------------------------------\n");
  std::printf("          Execution time summary (%d ranks x %d threads)\n", ranks, threads);
  std::printf("  Total      BC comm    BC phys    Scheme     Supergrid  Forcing \n");
  for (int c = 0; c < 6; ++c) std::printf("%-11.5g", avg[c]);
  std::printf("Clock tick is %g seconds\n", tick);
  std::printf("----------------------------------------\n\n");
}

}  // namespace sw4
