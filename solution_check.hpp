// solution_check.hpp: when a run looks at its solution for a blow-up, and the bound beyond
// which a value is a blow-up (README, "The solution check").
//
// Why built so: an unstable run (too large a cfl, super-grid layers too thin for their
// damping) grows by a factor every step until it overflows; without a look at the solution it
// writes 1e271, then NaN, and exits 0. A NaN or an infinity is never a result, and neither is a
// value many orders of magnitude beyond anything the sources can make, so the run stops at
// either with one line naming the step and the grid point (step_end.hpp). The look costs a read
// of U (Subdomain::first_bad): after every step with `developer checkfornan=1`, otherwise
// after every kCheckEvery-th step, every step whose end writes a receiver's files (or a
// checkpoint: StepEnd::checks), and the last step, so no file and no end of a run holds a
// blown-up value. The steps are the same on every
// rank and partition, so the point reported does not depend on how the grid is cut.
//
// The bound. A point force F g(t) in a medium of shear modulus mu moves a point at distance r by
// at most about |F| max|g| / (mu r) (the near and the far field of the elastic Green's function
// alike); on the grid r is at least h, about. A moment tensor M is a pair of forces |M|/h apart:
// |M| max|g| / (mu h^2). The scheme sees g, and g'' in the corrector, at the step times; a pulse
// shorter than a cell's crossing time tau = h / vs_min acts through its derivatives as well. So
//
//   scale = sum over sources of  A_s G_s / (mu_min h^p_s),   p = 1 (force), 2 (moment),
//   A_s   = |(fx, fy, fz)| or the Frobenius norm of the moment tensor (times f0 or m0),
//   G_s   = max over the step times t_m, m = 0..N-1, of max(|g|, tau |g'|, tau^2 |g''|),
//   mu_min, vs_min: the smallest rho vs^2 and vs of the material (blocks at the ends of their
//                   depth ranges, where a product of positive linear functions is smallest),
//
// and a value u of the solution is a blow-up when !(|u| <= kSafety * scale): a NaN, an
// infinity, or more than kSafety times that scale. The decks of inputs/ and test/reference/
// stay below 0.16 times the scale (measured: README); kSafety = 1e10 leaves ten more orders of
// magnitude, and costs an exponentially growing run only a few dozen steps before it stops.
// Where the material has no positive floor (it has with any deck the parser accepts), the
// check keeps to NaN and infinity.
#pragma once

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "grid.hpp"
#include "input.hpp"
#include "time_function.hpp"

namespace sw4 {

constexpr long kCheckEvery = 10;   // steps between two looks at U without checkfornan=1
constexpr double kSafety = 1e10;   // how far beyond the sources' scale a value is a blow-up
constexpr double kFloor = 1e-300;  // the bound is never below this (sources that are all zero)

// True when some receiver writes its files after step n (Receiver::write_due: a displacement-
// like receiver holds n + 1 samples after step n, a velocity receiver n).
inline bool receiver_writes_after(const Config& cfg, long n) {
  for (const RecCfg& r : cfg.recs) {
    const long w = r.writeEvery, samples = r.mode == RecMode::Velocity ? n : n + 1;
    if (w > 0 && samples > 1 && (samples - 1) % w == 0) return true;
  }
  return false;
}

// Whether the run looks at U after step n of nsteps.
inline bool check_due(const Config& cfg, long n, long nsteps) {
  return cfg.dev.checkfornan || n % kCheckEvery == 0 || n >= nsteps ||
         receiver_writes_after(cfg, n);
}

// The smallest rho vs^2 and vs of the material, {0, 0} when there is no positive floor.
inline std::array<double, 2> material_floor(const Config& cfg) {
  if (cfg.tps.on) return {cfg.tps.rho * cfg.tps.cs * cfg.tps.cs, cfg.tps.cs};
  const GridCfg& g = cfg.grid;
  // Depths the blocks are evaluated at: the grid's, and with topography down from the top of
  // the hill (absolute z may be negative) to below the deepest point under a valley.
  const double a = std::fabs(cfg.topo.amp), lo = cfg.topo.on ? -a : 0, hi = g.zmax + a;
  double mu = INFINITY, vs = INFINITY;
  for (const BlockCfg& b : cfg.blocks) {
    double zs[2];
    if (cfg.topo.on) {
      zs[0] = std::clamp(b.z1, lo, hi);
      zs[1] = std::clamp(b.z2, lo, hi);
    } else {  // the grid planes the block holds (where the parser checked vp, vs, rho > 0)
      const std::array<int, 2> k = block_index_range(b.z1, b.z2, g.h, 1, g.nz);
      if (k[0] > k[1]) continue;
      zs[0] = (k[0] - 1) * g.h;
      zs[1] = (k[1] - 1) * g.h;
    }
    for (double z : zs) {
      const double rho = b.rho + b.rhograd * z, s = b.vs + b.vsgrad * z;
      mu = std::min(mu, rho * s * s);
      vs = std::min(vs, s);
    }
  }
  if (!(mu > 0 && vs > 0 && mu < INFINITY)) return {0, 0};
  return {mu, vs};
}

// kSafety times the scale above, for a run of nsteps steps of dt (the step times accumulate
// as the drivers' do); DBL_MAX when the material gives no floor (NaN and infinity only).
inline double blowup_bound(const Config& cfg, double dt, long nsteps) {
  const std::array<double, 2> fl = material_floor(cfg);
  if (!(fl[0] > 0)) return DBL_MAX;
  const double h = cfg.grid.h, tau = h / fl[1];
  double scale = 0;
  for (const SourceCfg& s : cfg.sources) {
    const double a = s.is_force ? std::sqrt(s.fx * s.fx + s.fy * s.fy + s.fz * s.fz)
                                : std::sqrt(s.mxx * s.mxx + s.myy * s.myy + s.mzz * s.mzz +
                                            2 * (s.mxy * s.mxy + s.mxz * s.mxz + s.myz * s.myz));
    if (!(a > 0)) continue;
    const TimeFunction tf = TimeFunction::from(s);
    double G = 0, t = 0;
    for (long m = 0; m < std::max(nsteps, 1L); ++m, t += dt) {
      const tf::G3 v = tf.all(t - s.t0);
      G = std::max({G, std::fabs(v[0]), tau * std::fabs(v[1]), tau * tau * std::fabs(v[2])});
    }
    scale += a * G / (fl[0] * (s.is_force ? h : h * h));
  }
  const double bound = kSafety * scale;
  if (!(bound < DBL_MAX)) return DBL_MAX;
  return std::max(bound, kFloor);
}

}  // namespace sw4
