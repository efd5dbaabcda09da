// report.hpp: what rank 0 prints, in the original's formats (NUMERICS.md 1.1, 11).
//
// Why built so: the printed lines are part of the interface (scripts grep them), so their
// formats live in one place; the numbers arrive already reduced over ranks. No MPI here.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "checks/cfl_stability.hpp"
#include "input.hpp"
#include "checks/output_schedule.hpp"
#include "topography/receiver_topography.hpp"
#include "topography/source_topography.hpp"
#include "subdomain.hpp"
#include "checks/supergrid_stability.hpp"
#include "topography/topography.hpp"
#include "threads.hpp"

namespace sw4 {

// The grid table; with topography grid 0 is the Cartesian grid below, grid 1 the curvilinear
// one on top (NUMERICS 14.3).
inline void print_grid_table(const Config& cfg) {
  const GridCfg& g = cfg.grid;
  std::printf("\nGlobal grid sizes (without ghost points)\n");
  std::printf("Grid         h        Nx        Ny        Nz       Points\n");
  std::vector<int> nz = {g.nz};
  if (cfg.topo.on) {
    const TopoGrids t = topography_grids(g, cfg.topo);
    nz = {t.n0, t.nc};
  }
  long long total = 0;
  for (std::size_t n = 0; n < nz.size(); ++n) {
    const long long pts = (long long)g.nx * g.ny * nz[n];
    std::printf("%4i %9g %9i %9i %9i %12lld\n", int(n), g.h, g.nx, g.ny, nz[n], pts);
    total += pts;
  }
  std::printf("Total number of grid points (without ghost points): %g\n\n", double(total));
}

// Grid points updated a step (ghosts excluded), both grids with topography.
inline double grid_points(const Config& cfg) {
  const GridCfg& g = cfg.grid;
  if (!cfg.topo.on) return double(g.nx) * g.ny * g.nz;
  const TopoGrids t = topography_grids(g, cfg.topo);
  return double(g.nx) * g.ny * (t.n0 + t.nc);
}

// The warnings about sources and receivers that lie above the surface and are left out
// (NUMERICS 20.1, 21).
inline std::vector<std::string> topography_dropped(const Config& cfg) {
  std::vector<std::string> out;
  if (!cfg.topo.on) return out;
  const Topography topo(cfg.grid, cfg.topo);
  auto line = [&](int no, const std::string& what) {
    out.push_back(cfg.filename + ":" + std::to_string(no) + ": warning: " + what);
  };
  for (const SourceCfg& s : cfg.sources)
    if (place_source(s, topo).dropped)
      line(s.line, "source at x=" + input_detail::fmt(s.x) + ", y=" + input_detail::fmt(s.y) +
                       " is above the surface and is ignored");
  for (const RecCfg& r : cfg.recs)
    if (place_receiver(r, topo).dropped)
      line(r.line, "rec " + r.file + " at x=" + input_detail::fmt(r.x) + ", y=" + input_detail::fmt(r.y) +
                       " is above the surface and is ignored");
  return out;
}

// Every warning the setup prints once the number of steps is known: sources and receivers
// above the surface, super-grid layers unstable for the run's length (supergrid_stability.hpp),
// a CFL number above its limit (cfl_stability.hpp), outputs never written (output_schedule.hpp).
inline std::vector<std::string> setup_warnings(const Config& cfg, double dt, long nsteps, const CflVerdict& cfl) {
  std::vector<std::string> out = topography_dropped(cfg);
  for (const std::string& w : supergrid_warnings(cfg, dt, nsteps)) out.push_back(w);
  for (const std::string& w : cfl_warnings(cfg, cfl, nsteps)) out.push_back(w);
  for (const std::string& w : unwritten_outputs(cfg, nsteps, dt)) out.push_back(w);
  return out;
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
