// verify/verify_errors.hpp: the error norms a run prints at its end (NUMERICS 7.3, 25.4, 27.3,
// 28.3): testpointsource's, twilight's and testrayleigh's against the exact solution at the
// grid points, testlamb's against the exact surface motion at its receivers; and the exact
// solution at a grid point that the images' exact and error modes show (PointExact).
//
// Why built so: every problem hands the driver the same three numbers per piece (largest
// error, largest exact value, the exact sum of squares: norms.hpp), so one reduction and one
// line serve them all, and the line reads the same whichever problem and binary printed it.
// No MPI here.
#pragma once

#include <array>
#include <cmath>

#include "subdomain_norms.hpp"
#include "verify/lamb_exact.hpp"
#include "verify/verify_hooks.hpp"

namespace sw4 {

// Whether the run ends with error norms.
inline bool has_error_norms(const Config& cfg) {
  const VerifyKind k = cfg.verify.kind;
  return (cfg.tps.on && !cfg.sources.empty()) || k == VerifyKind::Twilight || k == VerifyKind::Rayleigh ||
         k == VerifyKind::Lamb;
}

// When testlamb's time function and its derivative are zero before (exactly for the pulses,
// which start at t0; below 1e-13 of their peak for the Gaussian and the Ricker, 8/freq before
// t0), and its shortest time scale, for the quadrature (NUMERICS 27.2).
inline std::array<double, 2> lamb_time_window(const SourceCfg& s) {
  const bool pulse = s.type == TimeFunctionType::SmoothWave || s.type == TimeFunctionType::VerySmoothBump ||
                     s.type == TimeFunctionType::C6SmoothBump;
  return {pulse ? s.t0 : s.t0 - 8 / s.freq, 0.25 / s.freq};
}

// Lamb's exact motion for a piece's deck: the half-space, the load's time function (of the
// piece, as its point force uses it) and the quadrature's window, set once; both of testlamb's
// comparisons (its receivers here, SW4's surface norms in lamb_surface.hpp) evaluate it.
struct LambExactMotion {
  LambProblem lp;
  const TimeFunction* g;
  double x0, y0, t_start;
  LambOptions o;
  LambExactMotion(const Subdomain& sd, const Config& cfg)
      : lp{cfg.verify.lamb.rho, cfg.verify.lamb.cp / std::sqrt(3.0), cfg.sources.at(0).fz},
        g(&sd.tfun.at(0)), x0(cfg.sources.at(0).x), y0(cfg.sources.at(0).y) {
    const std::array<double, 2> window = lamb_time_window(cfg.sources.at(0));
    t_start = window[0];
    o.t_width = window[1];
  }
  std::array<double, 2> g_and_gt(double t) const { return {g->g(t), g->g_t(t)}; }
  double vertical(double r, double t) const {
    return lamb_vertical_displacement(lp, r, t, [this](double s) { return g_and_gt(s); }, t_start, o);
  }
  std::array<double, 3> displacement(double x, double y, double t) const {
    return lamb_displacement(lp, x, y, x0, y0, t, [this](double s) { return g_and_gt(s); }, t_start, o);
  }
};

// Every displacement receiver's samples (t = n dt) against exact(x, y, z, t) at its grid point;
// the squares are weighted by dt. Receivers of other modes, or rotated (nsew), are not compared.
template <class Exact>
void receiver_errors(const Subdomain& sd, Exact exact, ErrorNorm& e) {
  const double h = sd.grid.h;
  for (const Receiver& r : sd.receivers) {
    if (r.cfg.mode != RecMode::Displacement || r.cfg.nsew) continue;
    const double x = (r.p.i - 1) * h, y = (r.p.j - 1) * h, z = (r.p.k - 1) * h;
    for (std::size_t n = 0; n < r.nsamples(); ++n) {
      const std::array<double, 3> ex = exact(x, y, z, double(n) * sd.dt);
      for (int c = 0; c < 3; ++c) {
        const double d = r.samples[n * 3 + std::size_t(c)] - ex[c];
        e.linf = std::max(e.linf, std::fabs(d));
        e.solmax = std::max(e.solmax, std::fabs(ex[c]));
        e.l2sum.add(sd.dt * d * d);
      }
    }
  }
}

// testlamb: the receivers against the exact surface motion.
inline void lamb_errors(const Subdomain& sd, const Config& cfg, ErrorNorm& e) {
  const LambExactMotion lamb(sd, cfg);
  receiver_errors(sd, [&](double x, double y, double, double t) { return lamb.displacement(x, y, t); }, e);
}

// testpointsource's second line: its receivers against the exact solution, away from the
// source (the grid norms exclude only a ball of 4h, where the error does not converge).
inline bool has_receiver_norms(const Config& cfg) { return cfg.tps.on && !cfg.sources.empty() && !cfg.recs.empty(); }
inline void pointsource_receiver_errors(const Subdomain& sd, const Config& cfg, ErrorNorm& e) {
  const SourceCfg& src = cfg.sources.at(0);
  receiver_errors(sd, [&](double x, double y, double z, double t) {
    return exact_point_source(src, cfg.tps.rho, cfg.tps.cp, cfg.tps.cs, x, y, z, t, sd.grid.h);
  }, e);
}

// |U - exact| over the owned points of one grid (k from k0 to k1), exact(i, j, k) the exact
// displacement there; the squares are weighted by the point's volume, h^3, or J where the grid's
// Jacobian is given (the curvilinear grid).
// jac: the curvilinear grid's J weights the squares, divided by s^x_i s^y_j when str is given
// (SW4's weights on its curvilinear grid with super-grid sides).
template <class Exact>
void grid_errors(const Field& u, const Box& owned, int k0, int k1, double h, Exact exact, ErrorNorm& e,
                 const Array3* jac = nullptr, const Profiles* strx = nullptr, const Profiles* stry = nullptr) {
  const double h3 = h * h * h;
  for (int k = k0; k <= k1; ++k)
    for (int j = owned.jb; j <= owned.je; ++j)
      for (int i = owned.ib; i <= owned.ie; ++i) {
        const std::array<double, 3> ex = exact(i, j, k);
        for (int c = 0; c < 3; ++c) {
          const double d = u[c](i, j, k) - ex[c];
          e.linf = std::max(e.linf, std::fabs(d));
          e.solmax = std::max(e.solmax, std::fabs(ex[c]));
          double w = jac ? double((*jac)(i, j, k)) : h3;
          if (strx) w = w / (double(strx->str(i)) * double(stry->str(j)));
          e.l2sum.add(w * d * d);
        }
      }
}

// The exact displacement of the deck's test problem at grid g's point (i, j, k) of a piece at
// time t, for the problems that know it at every grid point (exact_at_every_point, config.hpp):
// what the error norms compare with (NUMERICS 7.3, 25.4, 28.3), and what an image's exact and
// error modes show (output/image.hpp). Twilight's at the point's own z on either grid (the
// mapping's on the curvilinear grid), testrayleigh's wave, testpointsource's whole-space
// solution of the first source (zero at the source point).
class PointExact {
 public:
  explicit PointExact(const Config& cfg) : cfg_(cfg) {
    if (cfg.verify.kind == VerifyKind::Rayleigh) wave_ = rayleigh_profile(cfg);
  }
  std::array<double, 3> operator()(const Subdomain& sd, int g, int i, int j, int k, double t) const {
    const double h = sd.grid.h, x = (i - 1) * h, y = (j - 1) * h;
    if (cfg_.verify.kind == VerifyKind::Twilight) {
      const double z = g ? sd.topography.map.z(i, j, k) : (sd.topo ? sd.topography.grids.zt : 0) + (k - 1) * h;
      return twilight_u(cfg_.verify.tw, x, y, z, t);
    }
    if (cfg_.verify.kind == VerifyKind::Rayleigh) return wave_.displacement(x, y, (k - 1) * h, t);
    if (cfg_.tps.on && !cfg_.sources.empty())
      return exact_point_source(cfg_.sources[0], cfg_.tps.rho, cfg_.tps.cp, cfg_.tps.cs, x, y, (k - 1) * h, t, h);
    return {0, 0, 0};
  }

 private:
  const Config& cfg_;
  RayleighProfile wave_;
};

// This piece's part of the norms at time t.
inline ErrorParts error_parts(const Subdomain& sd, const Config& cfg, double t) {
  if (cfg.tps.on) {
    ErrorParts e = pointsource_errors(sd, cfg, t);
    if (has_receiver_norms(cfg)) pointsource_receiver_errors(sd, cfg, e.at_receivers);
    return e;
  }
  ErrorParts e;
  const double h = sd.grid.h;
  if (cfg.verify.kind == VerifyKind::Lamb) lamb_errors(sd, cfg, e);
  if (cfg.verify.kind != VerifyKind::Twilight && cfg.verify.kind != VerifyKind::Rayleigh) return e;
  const PointExact exact(cfg);
  // SW4's sgstretching sides are super-grid sides, whose gp boundary points SW4 leaves out of its
  // norms (NUMERICS 25.6); its sides 4 and 5 are free surfaces or exact there.
  Box o = sd.owned;
  if (cfg.verify.kind == VerifyKind::Twilight && cfg.verify.tw.sgstretching) {
    Bc phys[6];
    physical_bcs(cfg, phys);
    const int nsg = cfg.sg.gp;
    if (phys[0] == Bc::SuperGrid) o.ib = std::max(o.ib, nsg + 1);
    if (phys[1] == Bc::SuperGrid) o.ie = std::min(o.ie, sd.grid.nx - nsg);
    if (phys[2] == Bc::SuperGrid) o.jb = std::max(o.jb, nsg + 1);
    if (phys[3] == Bc::SuperGrid) o.je = std::min(o.je, sd.grid.ny - nsg);
  }
  grid_errors(sd.u, o, 1, sd.grid.nz, h, [&](int i, int j, int k) { return exact(sd, 0, i, j, k, t); }, e);
  // Grid 1 as SW4 measures it (NUMERICS 25.4): k = 1..nc, so the plane nc, grid 0's k = 1
  // after the injection, counts in both grids, and J weights the squares.
  Box o1 = sd.top.owned;  // the same columns as grid 0's
  o1.ib = o.ib, o1.ie = o.ie, o1.jb = o.jb, o1.je = o.je;
  const bool sg = cfg.verify.kind == VerifyKind::Twilight && cfg.verify.tw.sgstretching;
  const Profiles* sx = sg ? &sd.px : nullptr;
  const Profiles* sy = sg ? &sd.py : nullptr;
  if (sd.topo)
    grid_errors(sd.top.u, o1, 1, sd.top.nc, h, [&](int i, int j, int k) { return exact(sd, 1, i, j, k, t); }, e,
                &sd.top.met.J, sx, sy);
  if (cfg.verify.kind != VerifyKind::Twilight || !sd.att.on()) return e;
  // alpha as SW4 measures it (NUMERICS 36.5), on both grids as the displacement
  const double z0 = sd.topo ? sd.topography.grids.zt : 0;
  grid_errors(sd.att.a[0], o, 1, sd.grid.nz, h, [&](int i, int j, int k) {
    return twilight_alpha(cfg.verify.tw, (i - 1) * h, (j - 1) * h, z0 + (k - 1) * h, t);
  }, e.memory);
  if (sd.topo)
    grid_errors(sd.top.att.a[0], o1, 1, sd.top.nc, h, [&](int i, int j, int k) {
      return twilight_alpha(cfg.verify.tw, (i - 1) * h, (j - 1) * h, sd.topography.map.z(i, j, k), t);
    }, e.memory, &sd.top.met.J, sx, sy);
  return e;
}

}  // namespace sw4
