// verify/verify_errors.hpp: the error norms a run prints at its end (NUMERICS 7.3, 25.4, 27.3,
// 28.3): testpointsource's, twilight's and testrayleigh's against the exact solution at the
// grid points, testlamb's against the exact surface motion at its receivers.
//
// Why built so: every problem hands the driver the same three numbers per piece (largest
// error, largest exact value, the exact sum of squares: norms.hpp), so one reduction and one
// line serve them all, and the line reads the same whichever problem and binary printed it.
// No MPI here.
#pragma once

#include <array>
#include <cmath>

#include "norms.hpp"
#include "verify/verify_hooks.hpp"

namespace sw4 {

// Whether the run ends with error norms.
inline bool has_error_norms(const Config& cfg) {
  const VerifyKind k = cfg.verify.kind;
  return (cfg.tps.on && !cfg.sources.empty()) || k == VerifyKind::Twilight || k == VerifyKind::Rayleigh;
}

// |U - exact| over the owned points of one grid (k from k0 to k1), exact(i, j, k) the exact
// displacement there; h^3 weights the squares.
template <class Exact>
void grid_errors(const Field& u, const Box& owned, int k0, int k1, double h, Exact exact, ErrorParts& e) {
  const double h3 = h * h * h;
  for (int k = k0; k <= k1; ++k)
    for (int j = owned.jb; j <= owned.je; ++j)
      for (int i = owned.ib; i <= owned.ie; ++i) {
        const std::array<double, 3> ex = exact(i, j, k);
        for (int c = 0; c < 3; ++c) {
          const double d = u[c](i, j, k) - ex[c];
          e.linf = std::max(e.linf, std::fabs(d));
          e.solmax = std::max(e.solmax, std::fabs(ex[c]));
          e.l2sum.add(h3 * d * d);
        }
      }
}

// This piece's part of the norms at time t.
inline ErrorParts error_parts(const Subdomain& sd, const Config& cfg, double t) {
  if (cfg.tps.on) return pointsource_errors(sd, cfg, t);
  ErrorParts e;
  const double h = sd.grid.h;
  if (cfg.verify.kind == VerifyKind::Twilight) {
    const TwilightCfg& tw = cfg.verify.tw;
    const double z0 = sd.topo ? sd.topography.grids.zt : 0;
    grid_errors(sd.u, sd.owned, 1, sd.grid.nz, h, [&](int i, int j, int k) {
      return twilight_u(tw, (i - 1) * h, (j - 1) * h, z0 + (k - 1) * h, t);
    }, e);
    if (sd.topo)  // k = nc is grid 0's k = 1 (the injection): counted once
      grid_errors(sd.top.u, sd.top.owned, 1, sd.top.nc - 1, h, [&](int i, int j, int k) {
        return twilight_u(tw, (i - 1) * h, (j - 1) * h, sd.topography.map.z(i, j, k), t);
      }, e);
  }
  if (cfg.verify.kind == VerifyKind::Rayleigh) {
    const RayleighProfile w = rayleigh_profile(cfg);
    grid_errors(sd.u, sd.owned, 1, sd.grid.nz, h, [&](int i, int j, int k) {
      return w.displacement((i - 1) * h, (j - 1) * h, (k - 1) * h, t);
    }, e);
  }
  return e;
}

}  // namespace sw4
