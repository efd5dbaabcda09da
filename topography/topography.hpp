// topography.hpp: the curvilinear top grid under a Gaussian hill: the surface, the sizes of the
// two grids, the mapping from index space to depth, and the metric of that mapping.
//
// Why built so. With topography the domain is two grids with the same h, n_x, n_y and (i, j)
// ranges: grid 0, Cartesian, from the interface depth Z_t down to the bottom, and grid 1, whose
// k = 1 plane follows the surface z_t(x, y) = -tau(x, y) and whose k = n_c plane is the flat
// interface z = Z_t. Between them a point (q, r, s) of index space sits at depth
//
//     z(q, r, s) = Z_t - (n_c - s) h - (1 - sigma)^p (Z_t - (n_c - 1) h - z_t(x, y)),
//     sigma = (s - 1) / (zeta (n_c - 1)),   x = (q - 1) h,  y = (r - 1) h,
//
// while sigma < 1, and z = Z_t - (n_c - s) h (uniform spacing h) once sigma >= 1. So the grid
// bends only in its top zeta fraction, and its bottom planes line up with grid 0's. Everything
// here is a plain function of global indices and the parameters: every rank computes the same
// numbers for a point without being told them (DESIGN.md, "The numbers contract"); the mean
// elevation, a reduction over ranks in the original, is a sum over the global extended array
// that each rank can afford to compute whole. No MPI here, and the metric needs no halo
// exchange: a piece generates z a few columns past its own box, so that every one of its points
// gets the whole grid's formula, centred, or one-sided only at the global ghost positions
// (piece_metric; NUMERICS 15.1, 19.3).
//
// The floating-point forms are kept as the original forms them, because two of them decide
// integers or last digits:
//   - the surface has two forms. The "analytic" form, for every point evaluation (the grid, a
//     source's or receiver's depth, the inverse mapping), squares (X - x_c) and multiplies by a
//     precomputed 1/(L_x L_x). The "gridded" form, on the grid columns extended by 4 points per
//     side, squares (x_i - x_c)/L_x; it gives only the mean elevation and (later) the metric at
//     a source;
//   - n_c = int(1 + round((Z_t - e) / h)), e = (min + max)/2 of -tau over the extended columns,
//     in double exactly so: for the reference deck the quotient is 102.49999999999999 and n_c =
//     103, where exact arithmetic would give 104 and a different grid everywhere;
//   - sigma is (s - 1) times 1/(zeta (n_c - 1)), and (1 - sigma)^p is repeated multiplication.
//
// The metric. With z_i, z_j, z_k the undivided index derivatives of z (about h dz/dx, h dz/dy
// and dz/dk), a point stores J = h^2 z_k, m1 = sqrt(z_k), m2 = -z_i/sqrt(z_k), m3 =
// -z_j/sqrt(z_k), m4 = h/sqrt(z_k): sqrt(J) times the gradients of the index functions are
// (m1, 0, 0), (0, m1, 0) and (m2, m3, m4). A flat grid has J = h^3, m1 = m4 = sqrt(h), m2 = m3
// = 0. The derivatives come either from 4th-order differences of the grid's z along each index
// direction over the whole array, one-sided at the first two and last two positions (the
// default), or from the mapping's exact derivatives (analytical_metric). Both are computed
// over ghost points too: the time step's bound is largest at a ghost point above the hill.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "checks/float_bits.hpp"
#include "grid.hpp"
#include "input.hpp"

namespace sw4 {


// (1 - sigma)^n by repeated multiplication (the original's form; pow may round otherwise).
inline double power_of(double base, int n) {
  double r = 1;
  for (int l = 0; l < n; ++l) r *= base;
  return r;
}

// ---------------------------------------------------------------------------------------------
// The surface: elevation tau (positive up) of a Gaussian hill; the surface is z_t = -tau.

struct GaussianHill {
  double A = 0, xc = 0, yc = 0, lx = 1, ly = 1, h = 1;

  GaussianHill() = default;
  GaussianHill(const TopographyCfg& t, double h_)
      : A(t.amp), xc(t.xc), yc(t.yc), lx(t.lx), ly(t.ly), h(h_) {}

  // Analytic form at index coordinates (q, r): X = (q-1)h, Y = (r-1)h.
  double tau(double q, double r) const {
    const double X = (q - 1) * h, Y = (r - 1) * h;
    const double ilx2 = 1 / (lx * lx), ily2 = 1 / (ly * ly);
    return A * std::exp(-(X - xc) * (X - xc) * ilx2 - (Y - yc) * (Y - yc) * ily2);
  }
  double surface(double q, double r) const { return -tau(q, r); }  // z_t
  // z_t at a physical (x, y): first q = x/h + 1, r = y/h + 1, as every caller of the original.
  double surface_at_xy(double x, double y) const { return surface(x / h + 1, y / h + 1); }

  // The exact physical slopes of tau at index coordinates (q, r): d tau/dx, d tau/dy.
  std::array<double, 2> slope(double q, double r) const {
    const double X = (q - 1) * h, Y = (r - 1) * h, t = tau(q, r);
    return {-2 * (X - xc) * t / (lx * lx), -2 * (Y - yc) * t / (ly * ly)};
  }

  // Gridded form at grid column (i, j): x_i = (i-1)h, squares of (x_i - x_c)/L_x.
  double tau_gridded(int i, int j) const {
    const double dx = ((i - 1) * h - xc) / lx, dy = ((j - 1) * h - yc) / ly;
    return A * std::exp(-dx * dx - dy * dy);
  }
};

// ---------------------------------------------------------------------------------------------
// The two grids' sizes. Grid 0 (Cartesian, below): k = 1..n0 at z = Z_t + (k-1)h, k = 1 is the
// interface, and the domain's bottom moves to Z_t + (n0-1)h (Z_t itself is not moved to a grid
// point). Grid 1 (curvilinear, on top): k = 1..nc, k = 1 the surface, k = nc the interface.

constexpr int kTopoReach = 4;  // the gridded surface reaches 4 columns past 1 and past n

struct TopoGrids {
  double h = 0;
  int nx = 0, ny = 0;
  double zt = 0;     // Z_t
  int n0 = 0;        // grid 0's points in z
  double zmax = 0;   // the domain's bottom, Z_t + (n0-1)h
  double ebar = 0;   // mean elevation: (min + max)/2 of -tau over the extended columns
  int nc = 0;        // grid 1's points in z
  int p = 4;         // order of the blending
  double zeta = 0.95;
  double n0_count = 0, nc_count = 0;  // n0 and nc before they are made ints (what messages print)
};

// Global index box of a grid with nz points in z: 2 ghost points on every side.
inline Box topo_box(const TopoGrids& g, int nz) {
  return Box{1 - kGhost, g.nx + kGhost, 1 - kGhost, g.ny + kGhost, 1 - kGhost, nz + kGhost};
}
inline Box cartesian_box(const TopoGrids& g) { return topo_box(g, g.n0); }
inline Box curvilinear_box(const TopoGrids& g) { return topo_box(g, g.nc); }

// ebar over the global extended columns i in [-3, nx+4], j in [-3, ny+4] (each rank's own
// extension, ghosts included, reaches 2 past its array, and these are their union).
inline double mean_elevation(const GaussianHill& hill, int nx, int ny) {
  const int e = kTopoReach;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (int j = 1 - e; j <= ny + e; ++j)
    for (int i = 1 - e; i <= nx + e; ++i) {
      const double zt = -hill.tau_gridded(i, j);
      lo = std::min(lo, zt);
      hi = std::max(hi, zt);
    }
  return 0.5 * (lo + hi);
}

// A count of points computed in double as an int: beyond +-(kMaxPoints1d + 1) (a hill of 1e10
// over h = 1, say) it is kept at that bound, which topography_grid_problem refuses, so that no
// conversion overflows and no message prints a wrapped count; NaN gives -(kMaxPoints1d + 1).
inline int clamped_count(double n) {
  const double lim = kMaxPoints1d + 1.0;
  return !(n > -lim) ? -int(lim) : n > lim ? int(lim) : int(n);
}

// The sizes from the grid command (h, nx, ny; its zmax is the requested bottom) and the
// topography: n0 = int(1 + round((zmax - Z_t)/h)), nc = int(1 + round((Z_t - ebar)/h)),
// round() halves away from zero, both in double exactly as written (clamped_count).
inline TopoGrids topography_grids(const GridCfg& grid, const TopographyCfg& t) {
  TopoGrids g;
  g.h = grid.h;
  g.nx = grid.nx;
  g.ny = grid.ny;
  g.zt = t.zmax;
  g.p = t.order;
  g.zeta = t.zetabreak;
  g.n0_count = 1 + std::round((grid.zmax - g.zt) / g.h);
  g.n0 = clamped_count(g.n0_count);
  g.zmax = g.zt + (g.n0 - 1) * g.h;
  g.ebar = mean_elevation(GaussianHill(t, g.h), g.nx, g.ny);
  g.nc_count = 1 + std::round((g.zt - g.ebar) / g.h);
  g.nc = clamped_count(g.nc_count);
  return g;
}

// Every digit of a count of points (a whole number in double).
inline std::string point_count_text(double n) {
  char b[400];
  std::snprintf(b, sizeof b, "%.0f", n);
  return b;
}

// A grid with more points along z than any axis may have (kMaxPoints1d, input.hpp), or "".
// limits.hpp asks this before it estimates the memory of such a grid.
inline std::string topography_count_problem(const TopoGrids& g) {
  const std::string most = " points in z (allowed: at most " + std::to_string(kMaxPoints1d) + ": ";
  if (g.nc_count > kMaxPoints1d)
    return "the curvilinear grid would have " + point_count_text(g.nc_count) + most +
           "a lower hill, a shallower zmax or a larger h)";
  if (g.n0_count > kMaxPoints1d)
    return "the Cartesian grid would have " + point_count_text(g.n0_count) + most +
           "a deeper zmax, a shallower bottom or a larger h)";
  return "";
}

// What is wrong with the sizes, or "" (the parser turns it into an input error): the counts
// above; grid 1's top closure is one-sided over 8 planes; grid 0 needs a point.
inline std::string topography_grid_problem(const TopoGrids& g) {
  const std::string counts = topography_count_problem(g);
  if (!counts.empty()) return counts;
  if (g.nc < 8)
    return "the curvilinear grid has " + point_count_text(g.nc_count) +
           " points in z (at least 8 are needed: lower zmax or raise the surface less)";
  if (g.n0 < 1) return "the interface zmax is below the bottom of the domain";
  return "";
}

// ---------------------------------------------------------------------------------------------
// The mapping of grid 1 and its inverse.

struct CurvilinearMapping {
  GaussianHill hill;
  double h = 0, zt = 0, zeta = 0.95;
  int nc = 0, p = 4;

  CurvilinearMapping() = default;
  CurvilinearMapping(const TopoGrids& g, const TopographyCfg& t)
      : hill(t, g.h), h(g.h), zt(g.zt), zeta(g.zeta), nc(g.nc), p(g.p) {}

  double sigma(double s) const { return (s - 1) * (1 / (zeta * (nc - 1))); }
  // The first k of the uniform part: the smallest k with sigma(k) >= 1.
  int k_uniform() const {
    int k = 1;
    while (k <= nc && sigma(k) < 1) ++k;
    return k;
  }

  // z at index coordinates (q, r, s); at integers it is grid 1's point (i, j, k).
  double z(double q, double r, double s) const {
    const double sg = sigma(s), flat = zt - (nc - s) * h;
    if (sg >= 1) return flat;
    return flat - power_of(1 - sg, p) * (zt - (nc - 1) * h - hill.surface(q, r));
  }

  // The exact undivided derivatives (z_q, z_r, z_s), with shat = (s-1)/(nc-1), sigma = shat/zeta:
  // z_q = -h (1-sigma)^p tau_x, z_r = -h (1-sigma)^p tau_y,
  // z_s = h + p (1-sigma)^(p-1) (Z_t - (nc-1)h + tau) / (zeta (nc-1)); (0, 0, h) once shat >= zeta.
  std::array<double, 3> dz(double q, double r, double s) const {
    const double shat = (s - 1) / (nc - 1);
    if (shat >= zeta) return {0, 0, h};
    const double sg = shat / zeta, b = power_of(1 - sg, p - 1), bp = b * (1 - sg);
    const auto tx = hill.slope(q, r);
    return {-h * bp * tx[0], -h * bp * tx[1],
            h + p * b * (zt - (nc - 1) * h + hill.tau(q, r)) / (zeta * (nc - 1))};
  }

  // s with z(q, r, s) = z0, for a point of grid 1 (z0 <= Z_t): in the uniform part directly,
  // above it by Newton's method on shat = (s-1)/(nc-1) from the uniform guess, until the step
  // is at most 1e-9 (at most 10 steps; it is quadratic, so the result is converged to
  // rounding). NaN when Newton does not converge.
  double invert(double q, double r, double z0) const {
    const double L = (nc - 1) * h, shat0 = 1 - (zt - z0) / L;
    if (shat0 >= zeta) return (nc - 1) * shat0 + 1;
    const double drop = zt - L - hill.surface(q, r);
    double shat = shat0;
    for (int it = 0; it < 10; ++it) {
      const double w = 1 - shat / zeta;
      const double f = zt - L * (1 - shat) - power_of(w, p) * drop - z0;
      const double df = L + (p / zeta) * power_of(w, p - 1) * drop;
      const double step = f / df;
      shat -= step;
      if (std::fabs(step) <= 1e-9) return (nc - 1) * shat + 1;
    }
    return std::numeric_limits<double>::quiet_NaN();
  }
};

// Grid 1's z at every point of the box (ghosts included: k = 0, -1 continue the formula above
// the surface, k = nc+1, nc+2 are uniform and coincide with grid 0's k = 2, 3).
inline void generate_grid(const CurvilinearMapping& map, Array3d& z) {
  const Box& b = z.box;
  for (int k = b.kb; k <= b.ke; ++k)
    for (int j = b.jb; j <= b.je; ++j)
      for (int i = b.ib; i <= b.ie; ++i) z(i, j, k) = map.z(i, j, k);
}

// ---------------------------------------------------------------------------------------------
// The metric.

struct Metric {
  Array3 J, m1, m2, m3, m4;
  void define(const Box& b) {
    for (Array3* a : {&J, &m1, &m2, &m3, &m4}) a->define(b);
  }
};

// J and m1..m4 at one point from the undivided derivatives.
inline void store_metric(Metric& m, int i, int j, int k, double zi, double zj, double zk,
                         double h) {
  const double rz = std::sqrt(zk);
  m.J(i, j, k) = h * h * zk;
  m.m1(i, j, k) = rz;
  m.m2(i, j, k) = -zi / rz;
  m.m3(i, j, k) = -zj / rz;
  m.m4(i, j, k) = h / rz;
}

// The h in J and m4 is the grid's h at every point. (The original takes x(ib+1) - x(ib) of its
// piece's coordinates (i-1)h: exactly h on a piece whose array starts at the physical ghost
// i = -1, one rounding off elsewhere, which makes the last bit depend on the cut; with h itself
// the metric is the original's single-piece one on any cut.)

// The undivided derivative along one index direction of an array with n >= 6 points on that
// line; f(l) is the value at position l = 0..n-1, d the position. 4th order, exact for
// polynomials of degree <= 4 in the index; one-sided at the two first and two last positions.
// Some coefficients are formed as sums (29/6 = 4 + 5/6, 7/3 = 1 + 4/3, 13/12 = 1 + 1/12), as
// the original forms them, so that the last bits agree.
template <class F>
double index_derivative(const F& f, int d, int n) {
  static const double c2_3 = 2.0 / 3, c1_12 = 1.0 / 12, c1_6 = 1.0 / 6, c29_6 = 4 + 5.0 / 6,
                      c14_3 = 14.0 / 3, c13_12 = 1 + 1.0 / 12, c7_3 = 1 + 4.0 / 3,
                      c4_3 = 4.0 / 3;
  if (d >= 2 && d <= n - 3) return c2_3 * (f(d + 1) - f(d - 1)) - c1_12 * (f(d + 2) - f(d - 2));
  if (d == 0)
    return -2.25 * f(0) + c29_6 * f(1) - c14_3 * f(2) + 3 * f(3) - c13_12 * f(4) + c1_6 * f(5);
  if (d == 1)
    return -c1_6 * f(0) - 1.25 * f(1) + c7_3 * f(2) - c4_3 * f(3) + 0.5 * f(4) - c1_12 * f(5);
  const int e = n - 1;  // the last position
  if (d == e - 1)
    return c1_6 * f(e) + 1.25 * f(e - 1) - c7_3 * f(e - 2) + c4_3 * f(e - 3) - 0.5 * f(e - 4) +
           c1_12 * f(e - 5);
  return 2.25 * f(e) - c29_6 * f(e - 1) + c14_3 * f(e - 2) - 3 * f(e - 3) + c13_12 * f(e - 4) -
         c1_6 * f(e - 5);
}

// The metric by differences at every point of box b from z given over (at least) the points
// the formulas read; a derivative's position along each direction is counted in box `pos`
// (one-sided at its first and last two positions).
inline bool metric_by_differences(const Array3d& z, const Box& pos, const Box& b, double h,
                                  Metric& m) {
  bool ok = true;
  for (int k = b.kb; k <= b.ke; ++k)
    for (int j = b.jb; j <= b.je; ++j)
      for (int i = b.ib; i <= b.ie; ++i) {
        const auto along_i = [&](int l) { return z(pos.ib + l, j, k); };
        const auto along_j = [&](int l) { return z(i, pos.jb + l, k); };
        const auto along_k = [&](int l) { return z(i, j, pos.kb + l); };
        const double zi = index_derivative(along_i, i - pos.ib, pos.ni());
        const double zj = index_derivative(along_j, j - pos.jb, pos.nj());
        const double zk = index_derivative(along_k, k - pos.kb, pos.nk());
        if (!(zk > 0)) ok = false;
        store_metric(m, i, j, k, zi, zj, zk, h);
      }
  return ok;
}

// The metric from the mapping's exact derivatives at every grid point of the box
// (analytical_metric). The grid's z is unchanged. No check of z_k: a folded grid gives NaN.
inline void metric_analytic(const CurvilinearMapping& map, const Box& b, Metric& m) {
  m.define(b);
  for (int k = b.kb; k <= b.ke; ++k)
    for (int j = b.jb; j <= b.je; ++j)
      for (int i = b.ib; i <= b.ie; ++i) {
        const auto d = map.dz(i, j, k);
        store_metric(m, i, j, k, d[0], d[1], d[2], map.h);
      }
}

// ---------------------------------------------------------------------------------------------
// The two grids of a run, as every rank knows them.

struct Topography {
  TopographyCfg cfg;
  TopoGrids grids;
  CurvilinearMapping map;

  Topography() = default;
  Topography(const GridCfg& grid, const TopographyCfg& t)
      : cfg(t), grids(topography_grids(grid, t)), map(grids, t) {}
  Box global_box() const { return curvilinear_box(grids); }
};

// The metric over box b (a piece's grid-1 array box) with the values the whole grid's arrays
// hold: a derivative is one-sided only at the global box's first and last two positions, so a
// piece needs no halo exchange of the metric and any cut gives the same bits. z is generated
// on b grown by 5 columns each way (within the global box): the centred formula reads 2 past a
// point, the one-sided ones at the global edges up to 5. Returns false when some z_k <= 0
// (difference metric only: the grid folds).
inline bool piece_metric(const Topography& topo, const Box& b, Metric& m) {
  m.define(b);
  if (topo.cfg.analytical_metric) {
    metric_analytic(topo.map, b, m);
    return true;
  }
  const Box g = topo.global_box();
  const Box e{std::max(b.ib - 5, g.ib), std::min(b.ie + 5, g.ie), std::max(b.jb - 5, g.jb),
              std::min(b.je + 5, g.je), g.kb, g.ke};
  Array3d z(e);
  generate_grid(topo.map, z);
  return metric_by_differences(z, g, b, topo.map.h, m);
}

// ---------------------------------------------------------------------------------------------
// What the `topography` line and the grid decide together (NUMERICS 14.1, 14.3, 20.1, 21): the
// two grids must exist, the hill must stay above the interface, the bottom layer must fit,
// sources and receivers must lie above the moved bottom. Throws InputError "FILE:LINE: ...",
// like the parser; every rank calls it on the same Config.
inline void check_topography(const Config& cfg) {
  const TopographyCfg& t = cfg.topo;
  if (!t.on) return;
  const std::string& file = cfg.filename;
  auto fail = [&](int line, const std::string& m) { input_detail::fail_at(file, line, m); };
  if (cfg.tps.on)
    fail(t.line, "topography: cannot be combined with testpointsource (its exact solution is that "
                 "of a flat surface; remove one of them)");
  const Topography topo(cfg.grid, t);
  const TopoGrids& g = topo.grids;
  double deepest = -1e300;  // the largest z of the surface over the columns
  for (int j = 1; j <= g.ny; ++j)
    for (int i = 1; i <= g.nx; ++i) deepest = std::max(deepest, topo.map.hill.surface(i, j));
  if (!(deepest < t.zmax))
    fail(t.line, "topography: the surface reaches z=" + input_detail::fmt(deepest) +
                     ", below the interface zmax=" + input_detail::fmt(t.zmax) +
                     " (allowed: zmax deeper than every point of the surface)");
  if (g.n0 < 1 || !(t.zmax < cfg.grid.zmax))
    fail(t.line, "topography: zmax=" + input_detail::fmt(t.zmax) + " is not above the bottom z=" +
                     input_detail::fmt(cfg.grid.zmax) + " (allowed: zmax < the grid's z)");
  const std::string problem = topography_grid_problem(g);
  if (!problem.empty()) fail(t.line, "topography: " + problem);
  const double width = cfg.sg.gp * g.h;
  if (!dirichlet_sides(cfg) && !(width < g.zmax - t.zmax))  // Dirichlet sides have no layers
    fail(cfg.sg.line ? cfg.sg.line : cfg.grid.line,
         "supergrid: the bottom layer (gp*h = " + input_detail::fmt(width) +
             ") does not fit in the Cartesian grid below the topography (allowed: gp*h < " +
             input_detail::fmt(g.zmax - t.zmax) + ")");
  // Newton's inversion of the mapping (NUMERICS 20.3) must converge where a point is placed.
  auto inverts = [&](double x, double y, double z0) {
    const double zt = topo.map.hill.surface_at_xy(x, y);
    // invert's NaN (no convergence) read by the bits: fast math folds std::isnan (float_bits.hpp)
    return z0 > g.zt || z0 < zt - 1e-9 || finite_bits(topo.map.invert(x / g.h + 1, y / g.h + 1, z0));
  };
  const std::string no_inverse = " (the inverse of the grid mapping does not converge there: move it, "
                                 "or make the hill smoother)";
  for (const SourceCfg& s : cfg.sources) {
    const double z0 = s.z_is_depth ? s.z + topo.map.hill.surface_at_xy(s.x, s.y) : s.z;
    if (!(z0 <= g.zmax))
      fail(s.line, "source: z=" + input_detail::fmt(z0) + " is below the bottom of the domain (allowed: z <= " +
                       input_detail::fmt(g.zmax) + ")");
    if (!inverts(s.x, s.y, z0)) fail(s.line, "source: z=" + input_detail::fmt(z0) + no_inverse);
  }
  for (const RecCfg& r : cfg.recs) {
    const double z0 = r.z_is_depth ? r.z + topo.map.hill.surface_at_xy(r.x, r.y) : r.z;
    if (!inverts(r.x, r.y, z0)) fail(r.line, "rec: z=" + input_detail::fmt(z0) + no_inverse);
  }
  for (const RecCfg& r : cfg.recs)
    if (!(r.z <= g.zmax) && !(!r.z_is_depth && r.z < g.zt))
      fail(r.line, std::string("rec: ") + (r.z_is_depth ? "depth=" : "z=") + input_detail::fmt(r.z) +
                       " is below the bottom of the domain (allowed: <= " + input_detail::fmt(g.zmax) + ")");
}

}  // namespace sw4
