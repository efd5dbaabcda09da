// solution_check.hpp: when a run looks at its solution for a blow-up, and the bound beyond
// which a value is a blow-up (docs/user-guide.md, "The solution check").
//
// Why built so: an unstable run (too large a cfl, super-grid layers too thin for their
// damping) grows by a factor every step until it overflows; without a look at the solution it
// writes 1e271, then NaN, and exits 0. A NaN or an infinity is never a result, and neither is a
// value far beyond anything the sources can make, so the run stops at either with one line
// naming the step and the grid point (step_end.hpp); a run that grows far above its own past
// while no source grows stops too (solution_growth.hpp, the second test). The look costs a read
// of U (Subdomain::look): after every step with `developer checkfornan=1`, otherwise after
// every kCheckEvery-th step, every step whose end writes a receiver's files, a checkpoint or an
// image (step_end.hpp, looked_at), and the last step, so no file and no end of a run holds a
// blown-up value. The steps are the same on every rank and partition, so the point reported
// does not depend on how the grid is cut.
//
// The bound. A point force F g(t) in a medium of shear modulus mu moves a point at distance r by
// at most about |F| max|g| / (mu r) (the near and the far field of the elastic Green's function
// alike); on the grid r is at least h, about. A moment tensor M is a pair of forces |M|/h apart:
// |M| max|g| / (mu h^2). The scheme sees g, and g'' in the corrector, at the step times; a pulse
// shorter than a cell's crossing time tau = h / vs_min acts through its derivatives as well. And
// the solution after step n has only seen the step times before it. So, after step n,
//
//   scale(n) = sum over sources of  A_s E_s(n) / (mu_min h^p_s),   p = 1 (force), 2 (moment),
//   A_s    = |(fx, fy, fz)| or the Frobenius norm of the moment tensor (times f0 or m0),
//   E_s(n) = max over the step times t_m, m = 0..n-1, of max(|g|, tau |g'|, tau^2 |g''|),
//   mu_min, vs_min: the smallest rho vs^2 and vs of the material (blocks at the ends of their
//                   depth ranges, where a product of positive linear functions is smallest),
//
// and a value u of the solution is a blow-up when the bits of |u| are above those of
// kSafety * scale(n) (float_bits.hpp: a NaN, an infinity, or beyond; no compiler flag removes
// the test). Measured at every step of the decks of inputs/, test/reference/, test/e2e/,
// test/ci/ and decks made to push it, the solution stays below 0.47 of scale(n) (a Dirac force
// on the surface; the rest 0.0001 to 0.2; docs/user-guide.md, "The solution check", lists
// them); kSafety = 1e3 leaves three orders
// of magnitude, and still stops inputs/pointforce.in at cfl=30 after its single step (|u| =
// 3.5e4 scale) and a run at cfl=5 at its second step. Where the material has no positive floor
// (it has with any deck the parser accepts), the check keeps to NaN and infinity.
#pragma once

#include <algorithm>
#include <array>
#include <cfloat>
#include <climits>
#include <cmath>
#include <functional>
#include <vector>

#include "checks/float_bits.hpp"
#include "grid.hpp"
#include "material.hpp"
#include "input.hpp"
#include "time_function.hpp"

namespace sw4 {

constexpr long kCheckEvery = 10;   // steps between two looks at U without checkfornan=1
constexpr double kSafety = 1e3;    // how far beyond the sources' scale a value is a blow-up
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

// The first step after `at` whose end writes some receiver's files, LONG_MAX if none does: the
// one-sided run pauses there, so that its ranks agree on the look before the files are written.
inline long next_receiver_write(const Config& cfg, long at) {
  long next = LONG_MAX;
  for (const RecCfg& r : cfg.recs) {
    if (r.writeEvery <= 0) continue;
    const long w = r.writeEvery, lag = r.mode == RecMode::Velocity ? 1 : 0;  // n = k w + lag, k >= 1
    next = std::min(next, std::max(1L, (at - lag) / w + 1) * w + lag);
  }
  return next;
}

// Whether the run looks at U after step n of nsteps.
inline bool check_due(const Config& cfg, long n, long nsteps) {
  return cfg.dev.checkfornan || n % kCheckEvery == 0 || n >= nsteps ||
         receiver_writes_after(cfg, n);
}

// The smallest rho vs^2 and vs of the material, {0, 0} when there is no positive floor.
inline std::array<double, 2> material_floor(const Config& cfg) {
  if (cfg.tps.on) return {cfg.tps.rho * cfg.tps.cs * cfg.tps.cs, cfg.tps.cs};
  if (cfg.verify.kind == VerifyKind::Lamb) {  // testlamb's uniform half-space, cs = cp / sqrt(3)
    const double cs = cfg.verify.lamb.cp / std::sqrt(3.0);
    return {cfg.verify.lamb.rho * cs * cs, cs};
  }
  const GridCfg& g = cfg.grid;
  // Depths the blocks are evaluated at: the grid's, and with topography down from the top of
  // the hill (absolute z may be negative) to below the deepest point under a valley.
  const double a = std::fabs(cfg.topo.amp), lo = cfg.topo.on ? -a : 0, hi = g.zmax + a;
  double mu = DBL_MAX, vs = DBL_MAX;
  bool any = false;
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
      // by the bits: a NaN compares as anything under fast math (float_bits.hpp)
      if (!finite_bits(rho * s * s) || !finite_bits(s)) return {0, 0};
      mu = std::min(mu, rho * s * s);
      vs = std::min(vs, s);
      any = true;
    }
  }
  if (!any || mu <= 0 || vs <= 0) return {0, 0};
  return {mu, vs};
}

// A source's strength A: the force's length or the moment tensor's Frobenius norm.
inline double source_strength(const SourceCfg& s) {
  return s.is_force ? std::sqrt(s.fx * s.fx + s.fy * s.fy + s.fz * s.fz)
                    : std::sqrt(s.mxx * s.mxx + s.myy * s.myy + s.mzz * s.mzz +
                                2 * (s.mxy * s.mxy + s.mxz * s.mxz + s.myz * s.myz));
}

// The scale after step n, and source by source: A_s E_s(n) / (mu_min h^p_s), with E_s(n) the
// largest of |g|, tau |g'|, tau^2 |g''| over the step times t_0 .. t_{n-1} the scheme has
// used so far (the essay). Each step time is evaluated once, as a cursor moves forward; the
// sum is kept at the steps `keep` names (the steps the run looks at), so any rank or
// partition may ask for any such step, in any order, and gets the same number. For the growth
// test (solution_growth.hpp) each of the three terms is kept apart, source by source, where it
// has doubled: the solution follows whichever term drives it, and one term may still grow
// while another, larger, has peaked (a GaussianInt force in a 100 m/s layer: tau |g'| peaks
// first, |g| grows 6 times more; measured, the growth test read 1.8 with the largest term
// alone, 1.2 term by term). A running maximum is a staircase, so a deck of 3200 sources, as
// inputs/LOH.2-h100.in, keeps a few hundred numbers each; a term read at a step is at most 2
// times below the true one, and the same at any two steps after the term's peak.
class SourceScale {
 public:
  using Terms = std::array<double, 3>;  // A_s / (mu_min h^p) times max |g|, tau |g'|, tau^2 |g''|

  SourceScale() = default;
  SourceScale(const Config& cfg, double dt, std::function<bool(long)> keep) : keep_(std::move(keep)) {
    const std::array<double, 2> fl = material_floor(cfg);
    floor_ = fl[0] > 0;
    const double h = cfg.grid.h;
    tau_ = floor_ ? h / fl[1] : 0;
    dt_ = dt;
    for (const SourceCfg& s : cfg.sources) {
      const double a = source_strength(s);
      if (!finite_bits(a) || !(a > 0) || !floor_) continue;
      tf_.push_back(TimeFunction::from(s));
      t0_.push_back(s.t0);
      weight_.push_back(a / (fl[0] * (s.is_force ? h : h * h)));
    }
    env_.assign(tf_.size(), Terms{0, 0, 0});
    kept_.resize(3 * tf_.size());
  }
  bool has_floor() const { return floor_; }
  std::size_t sources() const { return tf_.size(); }  // those with a non-zero strength

  // Source s's three terms after step n, as kept at or before n (0 before they started).
  Terms terms(std::size_t s, long n) {
    advance(n);
    Terms v{0, 0, 0};
    for (int c = 0; c < 3; ++c) {
      const std::vector<Kept>& k = kept_[3 * s + std::size_t(c)];
      const auto it = std::upper_bound(k.begin(), k.end(), n, [](long m, const Kept& e) { return m < e.step; });
      if (it != k.begin()) v[std::size_t(c)] = (it - 1)->value;
    }
    return v;
  }
  // Source s's part of the scale after step n, as kept: the largest of its terms.
  double part(std::size_t s, long n) {
    const Terms v = terms(s, n);
    return std::max({v[0], v[1], v[2]});
  }
  // The scale after step n (n a kept step; otherwise the latest kept step before it).
  double scale(long n) {
    advance(n);
    const auto it = std::upper_bound(steps_.begin(), steps_.end(), n);
    return it == steps_.begin() ? 0.0 : sums_[std::size_t(it - steps_.begin()) - 1];
  }

 private:
  struct Kept {
    long step;
    double value;
  };
  std::function<bool(long)> keep_;
  bool floor_ = false;
  double tau_ = 0, dt_ = 0, t_ = 0;  // t_: the next step time, accumulated as the drivers do
  long cursor_ = 0;                  // step times t_0 .. t_{cursor-1} are in env_
  std::vector<TimeFunction> tf_;
  std::vector<double> t0_, weight_;
  std::vector<Terms> env_;               // per source, each term's running maximum
  std::vector<std::vector<Kept>> kept_;  // per source and term, where it doubled
  std::vector<long> steps_;              // the kept steps, increasing
  std::vector<double> sums_;             // the scale after each

  void advance(long n) {
    while (cursor_ < n) {  // step cursor_+1 uses the step time t_{cursor_}
      ++cursor_;
      double sum = 0;
      for (std::size_t s = 0; s < tf_.size(); ++s) {
        const tf::G3 g = tf_[s].all(t_ - t0_[s]);
        const Terms now{std::fabs(g[0]), tau_ * std::fabs(g[1]), tau_ * tau_ * std::fabs(g[2])};
        Terms& e = env_[s];
        for (std::size_t c = 0; c < 3; ++c) {
          e[c] = std::max(e[c], now[c]);
          const double v = weight_[s] * e[c];
          std::vector<Kept>& k = kept_[3 * s + c];
          if (v > 0 && (k.empty() || v >= 2 * k.back().value)) k.push_back({cursor_, v});
        }
        sum += weight_[s] * std::max({e[0], e[1], e[2]});
      }
      t_ += dt_;
      if (keep_ && keep_(cursor_)) {
        steps_.push_back(cursor_);
        sums_.push_back(sum);
      }
    }
  }
};

// The bound of a look after step n: kSafety times the scale so far, at least kFloor;
// DBL_MAX where the material gives no floor or the product overflows (NaN and infinity only).
inline double blowup_bound(SourceScale& sc, long n) {
  if (!sc.has_floor()) return DBL_MAX;
  const double bound = kSafety * sc.scale(n);
  if (!finite_bits(bound)) return DBL_MAX;
  return std::max(bound, kFloor);
}
// A test problem without sources (twilight, testrayleigh, testenergy) knows the size of its
// solution instead: |u| <= 1 for twilight, the wave's amplitude (times the ratio of its two
// axes, below 2) for testrayleigh. testenergy's random data of size 1 keep a conserved energy,
// but one whose weight 1/(s^x s^y s^z) reaches 1e12 in the layers' corners, and the waves
// gather where it is small: |u| reached 1.9e3 over the 1000 steps of verify/decks/energy.in and
// energy-topography.in, so its size is taken as 1e3. The bound is kSafety times the size; 0:
// the sources' bound.
inline double test_problem_scale(const Config& cfg) {
  switch (cfg.verify.kind) {
    case VerifyKind::Twilight: return 1;
    case VerifyKind::Rayleigh: return 2 * cfg.verify.ray.amplitude;
    case VerifyKind::Energy: return 1e3;
    default: return 0;
  }
}

// The same after the last of nsteps steps of dt (the tests' and the user guide's figure).
inline double blowup_bound(const Config& cfg, double dt, long nsteps) {
  SourceScale sc(cfg, dt, [nsteps](long n) { return n == std::max(nsteps, 1L); });
  return blowup_bound(sc, std::max(nsteps, 1L));
}

}  // namespace sw4
