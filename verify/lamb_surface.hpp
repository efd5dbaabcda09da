// verify/lamb_surface.hpp: testlamb's surface norms after every step, as SW4 measures them for
// its LambErr.txt (NUMERICS 27.4): u_z on the free surface against Lamb's exact u_z, away from
// the absorbing layers and from the load.
//
// Why built so: SW4 compares the whole surface every step, where the receiver norms of
// verify_errors.hpp compare a few points; SW4's regression tests hold its file's last line, so
// this is the one way to compare a run with SW4's numbers. The exact u_z depends on the distance
// r and the time only, so a step evaluates it once per distinct r of the piece's points (a
// value per r, from the same formula on every rank: the bits do not depend on the cut), about a
// third of the points on SW4's lamb-1 grid; the points and their distances are found once per
// piece, so a step allocates nothing but its record. The squares go into an exact sum (norms.hpp) and the
// maxima are maxima, so the driver's reduction over ranks gives the same file on any number of
// ranks and in both binaries. No MPI here.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <vector>

#include "boundary.hpp"
#include "norms.hpp"
#include "subdomain.hpp"
#include "verify/lamb_exact.hpp"
#include "verify/verify_errors.hpp"

namespace sw4 {

// One step's part of the norms: its time, max |u_z - exact|, max |exact|, and the exact sum of
// h^2 (u_z - exact)^2.
struct LambSurfaceStep {
  double t = 0, errinf = 0, solinf = 0;
  ExactSum l2sum;
};

// The points SW4 compares: k = 1 of the Cartesian grid, i in gp+1..nx-gp (where the side is a
// super-grid side; all of 1..nx otherwise), j likewise, and of those the ones at 4h from the
// load or farther. SW4 tests d^2 > 16 h^2, and its rounding keeps the four grid points at
// exactly 4h from a load on a grid point; this build's rounding (fused multiply-adds) may put
// them a bit inside. A margin far below the gap between grid distances (h^2 of 16 h^2) keeps
// them whatever the rounding: without them the L2 norm of SW4's lamb-1 deck differs by 13%
// while the wave is near the load.
struct LambSurfacePoint {
  int i, j;
  double d2;
};
inline std::vector<LambSurfacePoint> lamb_surface_points(const Subdomain& sd, const Config& cfg) {
  Bc side[6];
  physical_bcs(cfg, side);
  const int gp = cfg.sg.gp, nx = cfg.grid.nx, ny = cfg.grid.ny;
  const int i0 = std::max(sd.owned.ib, side[0] == Bc::SuperGrid ? gp + 1 : 1);
  const int i1 = std::min(sd.owned.ie, side[1] == Bc::SuperGrid ? nx - gp : nx);
  const int j0 = std::max(sd.owned.jb, side[2] == Bc::SuperGrid ? gp + 1 : 1);
  const int j1 = std::min(sd.owned.je, side[3] == Bc::SuperGrid ? ny - gp : ny);
  const SourceCfg& src = cfg.sources.at(0);
  const double h = cfg.grid.h, r2 = (4 * h) * (4 * h) * (1 - 1e-9);
  std::vector<LambSurfacePoint> pts;
  for (int j = j0; j <= j1; ++j)
    for (int i = i0; i <= i1; ++i) {
      const double dx = (i - 1) * h - src.x, dy = (j - 1) * h - src.y, d2 = dx * dx + dy * dy;
      if (d2 >= r2) pts.push_back({i, j, d2});
    }
  return pts;
}

// A piece's compared points with the distinct distances among them (sorted) and, per point, the
// index of its distance: what every step of that piece reuses, with room for the exact values.
struct LambSurfacePiece {
  std::vector<LambSurfacePoint> pts;
  std::vector<double> d2;              // distinct squared distances
  std::vector<std::size_t> at;         // pts[n]'s distance is d2[at[n]]
  std::vector<double> uz;              // the exact u_z at each distance, this step
  LambSurfacePiece(const Subdomain& sd, const Config& cfg) : pts(lamb_surface_points(sd, cfg)) {
    for (const LambSurfacePoint& p : pts) d2.push_back(p.d2);
    std::sort(d2.begin(), d2.end());
    d2.erase(std::unique(d2.begin(), d2.end()), d2.end());
    for (const LambSurfacePoint& p : pts)
      at.push_back(std::size_t(std::lower_bound(d2.begin(), d2.end(), p.d2) - d2.begin()));
    uz.resize(d2.size());
  }
};

// This piece's part of the norms after a step, U at time t.
inline void lamb_surface_norms(const Subdomain& sd, const Config& cfg, double t, LambSurfacePiece& pc,
                               LambSurfaceStep& e) {
  const LambExactMotion lamb(sd, cfg);
  for (std::size_t n = 0; n < pc.d2.size(); ++n) pc.uz[n] = lamb.vertical(std::sqrt(pc.d2[n]), t);
  const double h = cfg.grid.h;
  e.t = t;
  for (std::size_t n = 0; n < pc.pts.size(); ++n) {
    const LambSurfacePoint& p = pc.pts[n];
    const double ex = pc.uz[pc.at[n]];
    const double d = std::fabs(double(sd.u[2](p.i, p.j, 1)) - ex);
    e.errinf = std::max(e.errinf, d);
    e.solinf = std::max(e.solinf, std::fabs(ex));
    e.l2sum.add(h * h * d * d);
  }
}

// Every step this rank's pieces took, by step (one-sided: whichever partitions ran here); the
// driver reduces over the ranks (sw4lite_report.hpp, report_lamb_surface). A piece's points are
// found at its first step and kept by its owned box, which a partition keeps when it migrates.
struct LambSurfaceRecord {
  std::map<long, LambSurfaceStep> by_step;
  std::map<std::array<int, 4>, LambSurfacePiece> pieces;
  void add(const Subdomain& sd, const Config& cfg, long n, double t) {
    const std::array<int, 4> key{sd.owned.ib, sd.owned.ie, sd.owned.jb, sd.owned.je};
    auto it = pieces.find(key);
    if (it == pieces.end()) it = pieces.emplace(key, LambSurfacePiece(sd, cfg)).first;
    lamb_surface_norms(sd, cfg, t, it->second, by_step[n]);
  }
};

}  // namespace sw4
