// cfl_stability.hpp: the largest stable `developer cfl=` (measured), how fast a run grows above
// it, and the set-up's warning and refusal (docs/user-guide.md, "The CFL number").
//
// Why built so: the time step is dt = cfl h / sqrt(max (4 mu + lambda)/rho) (NUMERICS.md 2.1),
// i.e. cfl is the largest CFL number dt sqrt(vp^2 + 2 vs^2)/h of the grid, and nothing stopped a
// deck from asking for one the scheme cannot take: cfl=1.5 on inputs/pointforce.in grew 2.9x a
// step and exited 0 with |u| = 1e6 instead of 0.94. The limit is a property of the discrete
// operator L_h and of the time integrator. A step is U+ = 2U - Um + dt^2 L U + dt^4/12 L^2 U
// (predictor and corrector), so an eigenvector of L with eigenvalue -w^2 is multiplied each
// step by the larger root r of r + 1/r = 2 - z + z^2/12, z = (w dt)^2: |r| = 1 for z <= 12, and
// beyond it r grows steeply (z = 12.1: 1.37x; z = 13: 2.7x). So the whole question is the
// largest w^2 h^2 / (vp^2 + 2 vs^2) of L_h, and a run past the limit is a power iteration on it:
// its growth per step gives z, hence cfl* = cfl sqrt(12 / z), the CFL number where z = 12. That
// is how tools/cfl_stability.sh measured it (sw4lite itself, one homogeneous box at a time; the
// limit comes out the same to 4 digits from runs at cfl 1.44 to 2.5 and from bisection), and
// what it found:
//
//  - It depends on vp/vs. In the interior the largest eigenvalue of L_h's Fourier symbol is at
//    the grid's Nyquist corner for vp/vs <= 1.6 (cfl* = 1.5 exactly) and moves along the
//    diagonal as lambda/mu grows, where the wide mixed-derivative stencils add to it: cfl* falls
//    to 1.30 as vp/vs grows without bound (the symbol's numbers, which the measurements match to
//    0.2 %).
//  - The free surface lowers it, more so the larger vp/vs: 1.47 at vp/vs 1.2, 1.437 at 2, 1.26
//    at 4, 1.18 for large vp/vs. So the default cfl = 1.3 is unstable where the material at the
//    surface has vp/vs above about 3.2. The mode lives at the surface plane: a layer of that one
//    plane decides it (vp/vs 4 over 2: 1.263, the surface's 1.258; vp/vs 2 over 4: 1.347, the
//    interior's 1.356, measured with 24 interior points), so the surface table is applied to the
//    material of the plane k = 1 and the interior table everywhere (which may be 0.7 % above
//    the truth where the surface plane alone is of another material).
//  - Super-grid layers do not move it (gp 5 to 30, dc 0 to 0.02 at cfl 1.6: within 0.1 %; their
//    own instability is supergrid_stability.hpp's). The grid size does: 0.3 % from 12 to 40
//    interior points, none from 40 to 60; the table is at 40.
//  - Topography: with a flat "hill" the curvilinear grid has the Cartesian free surface's limit
//    (1.4406 and 1.2596 at vp/vs 2 and 4, against 1.4410 and 1.2617), but its time step comes
//    from a bound over the metric at every point, ghost points above the hill included, so over
//    a hill the deck's cfl can go higher (1.46 to 2.40 as the hill's amplitude went from 0.02
//    to 0.3 of the curvilinear grid's depth). The limit there depends on the hill, so with
//    topography the set-up warns and never refuses.
//
// The rule. Each grid point has a CFL number c = dt sqrt(vp^2 + 2 vs^2)/h and a limit c* from
// the table (surface or interior, at its vp/vs; linear in (vs/vp)^2 between the measured
// ratios); the run is unstable where c > c*, growing by r(c / c*) per step, r from z = 12
// (c / c*)^2. Rounding puts about 1e-16 of the solution into every mode each step, so after
// N16 = 16 / log10 r steps the unstable mode is as large as the solution, whatever the sources
// do: a run of at least N16 steps cannot give a correct result and is refused (an input error
// on the developer line); a shorter one is warned about and goes on (the sources may excite the
// mode far above rounding: pointforce.in at cfl 1.5 was at 1e6 after 26 steps, where N16 = 36).
// The worst point is found by material.hpp's max_wave_speed2, without visiting every point.
//
// The second order in time (`developer time_order=2`, NUMERICS 2.4) is U+ = 2U - Um + dt^2 L U:
// r + 1/r = 2 - z, stable for z <= 4 instead of 12, on the same L_h. So its limit is the table's
// over sqrt(3) exactly, and above it |r| is the root of that equation (z = 4 (c / c*)^2).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "checks/float_bits.hpp"
#include "grid.hpp"
#include "material.hpp"
#include "verify/verify_material.hpp"  // a test problem's material (material.hpp asks it)
#include "input.hpp"

namespace sw4 {
namespace cfl_measured {

// vp/vs, and the largest stable CFL number with that material at a free surface and inside
// the grid (tools/cfl_stability.sh table: rate at cfl 1.6, 40 interior points, dc=0).
constexpr double kRatio[] = {1000, 100, 30, 10, 6, 4, 3, 2.5, 2.2, 2, 1.8, 1.732, 1.5, 1.2, 1.16};
constexpr int kRows = sizeof kRatio / sizeof kRatio[0];
constexpr double kSurface[kRows] = {1.1783, 1.1785, 1.1798, 1.1914, 1.2143, 1.2574, 1.3153, 1.3656,
                                    1.4073, 1.4374, 1.4624, 1.4656, 1.4699, 1.4740, 1.4705};
constexpr double kInterior[kRows] = {1.3002, 1.3003, 1.3012, 1.3093, 1.3248, 1.3532, 1.3886, 1.4192,
                                     1.4440, 1.4631, 1.4829, 1.4892, 1.5011, 1.5012, 1.5012};

// Rounding's share of the solution that the unstable mode starts from: 16 decades to grow. The
// single build keeps 16 (its floats give the mode 7 decades to grow, so its runs blow up sooner
// and the solution check stops them), so that both builds refuse the same decks.
constexpr double kRoundingDecades = 16;

}  // namespace cfl_measured

// The largest stable CFL number for a material of speeds vp, vs, at the free surface or not:
// linear in q = (vs/vp)^2 between the measured ratios, the end values beyond them.
inline double cfl_limit(double vp, double vs, bool surface) {
  using namespace cfl_measured;
  const double* c = surface ? kSurface : kInterior;
  const double q = (vs / vp) * (vs / vp);
  auto qr = [](int r) { return 1 / (kRatio[r] * kRatio[r]); };
  if (!(q > qr(0))) return c[0];
  for (int r = 1; r < kRows; ++r)
    if (q <= qr(r)) return c[r - 1] + (c[r] - c[r - 1]) * (q - qr(r - 1)) / (qr(r) - qr(r - 1));
  return c[kRows - 1];
}

// log10 of the growth per step at s = CFL number / its limit (0 at or below 1): the larger root
// of r + 1/r = b, b = 2 - z + z^2/12, z = 12 s^2; for large z, r is b to many digits.
inline double cfl_growth_decades(double s, int time_order = 4) {
  if (!(s > 1)) return 0;
  if (time_order == 2) {  // r + 1/r = 2 - z, z = 4 s^2: |r| = a + sqrt(a^2 - 1), a = z/2 - 1
    if (s > 1e70) return std::log10(4.0) + 2 * std::log10(s);  // |r| is z to many digits; z^2 may overflow
    const double z = 4 * s * s, a = z / 2 - 1;
    return std::log10(a + std::sqrt(a * a - 1));
  }
  const double z = 12 * s * s;
  if (z > 1e6) return std::log10(12.0) + 4 * std::log10(s);  // log10(z^2 / 12), z^2 may overflow
  const double b = 2 - z + z * z / 12;
  return std::log10(b / 2 + std::sqrt(b * b / 4 - 1));
}

// The worst point of a run for its CFL number: the largest c / c* and where it is.
struct CflVerdict {
  double ratio = 0;        // c / c* at the worst point (0: nothing known)
  double number = 0;       // c there, dt sqrt(vp^2 + 2 vs^2)/h
  double limit = 0;        // c* there
  double vp = 0, vs = 0;   // the material there
  bool surface = false;    // in the first planes under the free surface
  bool curved = false;     // topography: the curvilinear grid's number (its limit is a bound from below)
  double decades = 0;      // growth per step, decades
  double stable_cfl = 0;   // the deck's cfl that puts the worst point at its limit
  bool second_order = false;  // time_order=2: the limits are the table's over sqrt(3)
};

// The verdict of a run with time step dt; speed2: the grids' largest (4 mu + lambda)/rho
// (grid 0) and the curvilinear grid's eigenvalue bound (grid 1, 0 without topography), as the
// time step was computed from them.
inline CflVerdict cfl_verdict(const Config& cfg, double dt, const std::array<double, 2>& speed2) {
  CflVerdict v;
  const GridCfg& g = cfg.grid;
  if (!(dt > 0) || !finite_bits(dt) || g.nx < 1 || g.ny < 1 || g.nz < 1) return v;
  const bool free_top = !cfg.tps.on || cfg.tps.halfspace;
  // Every point of the Cartesian grid (with topography: the blocks as if the top were flat; a
  // superset of the materials grid 0 holds, and its top is then no free surface).
  const bool surface_planes = free_top && !cfg.topo.on;
  const double order_factor = cfg.dev.time_order == 2 ? 1 / std::sqrt(3.0) : 1.0;
  max_material(cfg, Box{1, g.nx, 1, g.ny, 1, g.nz}, [&](const MaterialPoint& p, int k) {
    if (!(p.rho > 0) || !(p.mu > 0)) return 0.0;
    const double vp = std::sqrt((p.la + 2 * p.mu) / p.rho), vs = std::sqrt(p.mu / p.rho);
    const bool surface = surface_planes && k == 1;
    const double c = dt * std::sqrt(wave_speed2(p)) / g.h, lim = cfl_limit(vp, vs, surface) * order_factor;
    if (c / lim > v.ratio) v = {c / lim, c, lim, vp, vs, surface, false, 0, 0};
    return c / lim;
  });
  // With topography the curvilinear grid: its CFL number against the flat surface's limit of
  // the material with the smallest one (every block's, at both ends of its depth range).
  if (cfg.topo.on && speed2[1] > 0) {
    const double c = dt * std::sqrt(speed2[1]);
    double lim = 0, vp = 0, vs = 0;
    for (const BlockCfg& b : cfg.blocks)
      for (double z : {std::max(b.z1, 0.0), std::min(b.z2, g.zmax)}) {
        const double p = b.vp + b.vpgrad * z, s = b.vs + b.vsgrad * z;
        if (!(p > 0 && s > 0)) continue;
        const double l = cfl_limit(p, s, true) * order_factor;
        if (lim == 0 || l < lim) lim = l, vp = p, vs = s;
      }
    if (lim > 0 && c / lim > v.ratio) v = {c / lim, c, lim, vp, vs, true, true, 0, 0};
  }
  v.second_order = cfg.dev.time_order == 2;
  if (v.ratio > 0) {
    v.decades = v.curved ? 0 : cfl_growth_decades(v.ratio, cfg.dev.time_order);
    v.stable_cfl = cfg.dev.cfl / v.ratio;
  }
  return v;
}

namespace cfl_detail {

inline std::string num(const char* f, double x) {
  char b[48];
  std::snprintf(b, sizeof b, f, x);
  return b;
}
// x rounded down to 3 significant digits, so that "cfl <= x" is on the safe side.
inline std::string down3(double x) {
  if (!(x > 0) || !finite_bits(x)) return num("%g", x);
  const double e = std::pow(10.0, std::floor(std::log10(x)) - 2);
  return num("%g", std::floor(x / e) * e);
}
inline std::string growth(double decades) {
  return decades < 6 ? num("%.3g", std::pow(10.0, decades)) + "x" : "10^" + num("%.3g", decades) + " times";
}
// "the CFL number dt sqrt(vp^2 + 2 vs^2)/h is C at the free surface (vp=.., vs=..), above its limit L (measured)"
inline std::string where(const CflVerdict& v) {
  return std::string(v.curved ? "the curvilinear grid's CFL number is " : "the CFL number dt sqrt(vp^2 + 2 vs^2)/h is ") +
         num("%.4g", v.number) + (v.surface ? " at the free surface" : " inside the grid") + " (vp=" +
         num("%.4g", v.vp) + ", vs=" + num("%.4g", v.vs) + "), above " + num("%.4g", v.limit) +
         (v.curved ? ", the limit of a flat free surface with this material (measured; over a hill the "
                     "limit is higher, by how much depends on the hill)"
                   : v.second_order ? ", its largest stable value (measured for time_order=4, over sqrt(3))"
                                    : ", its largest stable value (measured)");
}
inline int line_of(const Config& cfg) { return cfg.dev.line > 0 ? cfg.dev.line : cfg.grid.line; }
inline std::string cfl_text(const Config& cfg) {
  return "cfl=" + num("%g", cfg.dev.cfl) + (cfg.dev.line > 0 ? "" : " (the default)");
}

}  // namespace cfl_detail

// The input error of a run whose CFL number cannot be stable for its nsteps steps, or "".
inline std::string cfl_problem(const Config& cfg, const CflVerdict& v, long nsteps) {
  using namespace cfl_detail;
  if (cfg.topo.on || !(v.ratio > 1) || !(v.decades * double(nsteps) >= cfl_measured::kRoundingDecades)) return "";
  const double n16 = cfl_measured::kRoundingDecades / v.decades;
  return cfg.filename + ":" + std::to_string(line_of(cfg)) + ": developer: " + cfl_text(cfg) +
         " cannot be stable for this run: " + where(v) + ", so rounding errors grow about " +
         growth(v.decades) + " per step and reach the solution's size after about " +
         num("%.0f", std::ceil(n16)) + " of the run's " + std::to_string(nsteps) +
         " steps (allowed: cfl <= " + down3(v.stable_cfl) + " here" +
         (n16 > 1 ? ", or at most " + num("%.0f", std::ceil(n16) - 1) + " steps" : std::string()) + ")";
}

// "FILE:LINE: warning: ..." for a run above the limit that is not refused.
inline std::vector<std::string> cfl_warnings(const Config& cfg, const CflVerdict& v, long nsteps) {
  using namespace cfl_detail;
  std::vector<std::string> out;
  if (!(v.ratio > 1) || !cfl_problem(cfg, v, nsteps).empty()) return out;
  std::string w = cfg.filename + ":" + std::to_string(line_of(cfg)) + ": warning: developer: " + cfl_text(cfg) +
                  (cfg.topo.on ? " may be unstable: " : " is unstable: ") + where(v);
  if (v.curved) {
    w += " (stable at any hill: cfl <= " + down3(v.stable_cfl) + ")";
  } else {
    const double n16 = cfl_measured::kRoundingDecades / v.decades;
    w += ", so the solution grows about " + growth(v.decades) + " per step: from rounding (1e-16 of its size) to "
         "its size in about " + num("%.0f", std::ceil(n16)) + " steps, sooner where the sources excite the "
         "unstable mode; this run has " + std::to_string(nsteps) + " (stable: cfl <= " + down3(v.stable_cfl) + ")";
  }
  out.push_back(w);
  return out;
}

}  // namespace sw4
