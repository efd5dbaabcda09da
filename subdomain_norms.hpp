// subdomain_norms.hpp: testpointsource's error norms over a piece of the FD grid (NUMERICS.md
// 7.3), from the exact solution of pointsource_exact.hpp, summed exactly (norms.hpp).
//
// Why built so: the sums are shared with the DG solver, the piece is not, so this part stands
// beside the Subdomain it reads and norms.hpp stays below both solvers (DESIGN.md, "Layers").
// The set S of 7.3 is counted in global indices, so every cut of the grid visits the same
// points; the driver reduces the parts (verify/verify_errors.hpp hands them over). No MPI here.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>

#include "config.hpp"
#include "norms.hpp"
#include "pointsource_exact.hpp"
#include "subdomain.hpp"

namespace sw4 {

// The piece's part at time t: the owned points of S (outside the super-grid layers, farther
// than 4h from the source), weighted by h^3.
inline ErrorParts pointsource_errors(const Subdomain& sd, const Config& cfg, double t) {
  ErrorParts e;
  const GridCfg& g = cfg.grid;
  const SourceCfg& src = cfg.sources.at(0);
  const int nsg = cfg.sg.gp;  // int(0.5 + gp h_top / h) for a single grid
  const bool sgtop = sd.bc[4] != Bc::FreeSurface;
  const int i0 = std::max(sd.owned.ib, nsg + 1), i1 = std::min(sd.owned.ie, g.nx - nsg);
  const int j0 = std::max(sd.owned.jb, nsg + 1), j1 = std::min(sd.owned.je, g.ny - nsg);
  const int k0 = sgtop ? std::max(1, nsg + 1) : 1, k1 = std::min(g.nz, g.nz - nsg);
  const double h = g.h, h3 = h * h * h, r2 = 16 * h * h;
  for (int k = k0; k <= k1; ++k)
    for (int j = j0; j <= j1; ++j)
      for (int i = i0; i <= i1; ++i) {
        const double x = (i - 1) * h, y = (j - 1) * h, z = (k - 1) * h;
        const double dx = x - src.x, dy = y - src.y, dz = z - src.z;
        if (dx * dx + dy * dy + dz * dz <= r2) continue;
        const std::array<double, 3> ex =
            exact_point_source(src, cfg.tps.rho, cfg.tps.cp, cfg.tps.cs, x, y, z, t, h);
        for (int c = 0; c < 3; ++c) {
          const double d = sd.u[c](i, j, k) - ex[c];
          e.linf = std::max(e.linf, std::fabs(d));
          e.solmax = std::max(e.solmax, ex[c]);
          e.l2sum.add(h3 * d * d);
        }
      }
  return e;
}

}  // namespace sw4
