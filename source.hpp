// source.hpp: point-source grid weights: the spatial factor of each source on the grid.
//
// Why built so. A source is a point in space times a function of time, f(x,t) = S(x) g(t - t0).
// The two factors never meet until the time loop, so they are built apart: grid_point_forces()
// turns the spatial part into a short list of grid-point values once at set-up, and a
// TimeFunction (time_function.hpp) gives g and its exact second derivative (the corrector needs g'', NUMERICS §2.2)
// once per source per step. The time loop multiplies the two; nothing here allocates after
// set-up, and a TimeFunction is a few numbers plus, for a user series, a shared table.
//
// The weights are the original's (NUMERICS §6.2): a 6-point tensor-product approximation of
// delta and delta' in each direction whose discrete moments are exact up to degree 4, so the
// grid force has exactly the moments of the continuous one. Near the free surface the z-weights
// switch to a 5-point stencil that stays inside the domain, and weights on k = 1..4 are divided by
// the SBP norm weights, so that the moments hold in the SBP inner product the scheme is built on.
// The original's quirks are kept (they decide the published numbers): moment sources give all
// 216 points, zero or not; force sources skip zero products; only 1 <= k <= nz is kept.
// Time functions: time_function.hpp; the exact solution of testpointsource: pointsource_exact.hpp.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "config.hpp"
#include "time_function.hpp"

namespace sw4 {

// ------------------------------------------------------------------------------------------------
// 1-D source weights (NUMERICS §6.2). Index m = 0..5 is the point ic-2+m; a = q - ic.
// W: sum_m W_m (m-2-a)^p = delta_p0, D: sum_m D_m (m-2-a)^p = -delta_p1, for p = 0..4.
inline std::array<double, 6> delta_weights(double a) {
  const double a2 = a * a, a3 = a2 * a, a4 = a2 * a2;
  const double P5 = a4 * a * (5.0 / 3 - 7.0 / 24 * a - 17.0 / 12 * a2 + 9.0 / 8 * a3 - a4 / 4);
  return {(2 * a - a2 - 2 * a3 - 19 * a4) / 24 + P5,
          (-4 * a + 4 * a2 + a3) / 6 + 4 * a4 - 5 * P5,
          1 - 5.0 / 4 * a2 - 97.0 / 12 * a4 + 10 * P5,
          (4 * a + 4 * a2 - a3 + 49 * a4) / 6 - 10 * P5,
          (-2 * a - a2 + 2 * a3) / 24 - 33.0 / 8 * a4 + 5 * P5,
          5.0 / 6 * a4 - P5};
}
inline std::array<double, 6> delta_derivative_weights(double a) {
  const double a2 = a * a, a3 = a2 * a, a4 = a2 * a2;
  const double Q = a4 * (-25.0 / 12 - 0.75 * a + 59.0 / 12 * a2 - 4 * a3 + a4);
  return {(-1 + a + 3 * a2 + 8 * a3) / 12 + Q,
          2.0 / 3 * (1 - 2 * a) - a2 / 2 - 3.5 * a3 - 5 * Q,
          2.5 * a + 22.0 / 3 * a3 + 10 * Q,
          2.0 / 3 * (-1 - 2 * a) + a2 / 2 - 23.0 / 3 * a3 - 10 * Q,
          (1 + a) / 12 - a2 / 4 + 4 * a3 + 5 * Q,
          -5.0 / 6 * a3 - Q};
}
// Near the surface (kc = 3, c <= 0): quartic Lagrange interpolation on the 5 points kc-2..kc+2,
// and minus its c-derivative; the same moments, p = 0..4.
inline std::array<double, 6> delta_weights_surface(double c) {
  const double c2 = c * c, c3 = c2 * c, c4 = c2 * c2;
  return {(2 * c - c2 - 2 * c3 + c4) / 24, (-4 * c + 4 * c2 + c3 - c4) / 6,
          1 - 1.25 * c2 + 0.25 * c4, (4 * c + 4 * c2 - c3 - c4) / 6,
          (-2 * c - c2 + 2 * c3 + c4) / 24, 0};
}
inline std::array<double, 6> delta_derivative_weights_surface(double c) {
  const double c2 = c * c, c3 = c2 * c;
  return {(-1 + c + 3 * c2 - 2 * c3) / 12, (2 - 4 * c - 1.5 * c2 + 2 * c3) / 3, 2.5 * c - c3,
          (-2 - 4 * c + 1.5 * c2 + 2 * c3) / 3, (1 + c - 3 * c2 - 2 * c3) / 12, 0};
}
// SBP norm weights of the boundary rows k = 1..4 (the h-scaled diagonal of the SBP norm).
constexpr std::array<double, 4> sbp_hnorm = {17.0 / 48, 59.0 / 48, 43.0 / 48, 49.0 / 48};

// One source's value at one grid point, before the time function.
struct GridPointForce {
  int i, j, k;
  double fx, fy, fz;
};

// All grid-point values of one source on the global grid (global indices, 1 <= k <= nz; no
// ownership filter). Moment sources: all 6x6x6 points, zero or not; force sources: only nonzero
// products, none if F = 0. The 5-point surface z-weights are chosen by position alone (kc = 3
// and c <= 0), as the original does whatever the top boundary; the SBP-norm division of the
// weights on k = 1..4 only with a free-surface top (the original tests is_onesided(top)). The
// original's matching correction at the bottom is left out: no deck makes the bottom one-sided.
inline std::vector<GridPointForce> grid_point_forces(const SourceCfg& src, const GridCfg& grid,
                                                     bool free_surface_top) {
  const double h = grid.h;
  const double q = src.x / h + 1, r = src.y / h + 1, s = src.z / h + 1;  // z_min = 0
  int ic = static_cast<int>(std::floor(q)), jc = static_cast<int>(std::floor(r)),
      kc = static_cast<int>(std::floor(s));
  // Bias the stencil inside: no source weight on ghost points.
  if (ic <= 2) ic = 3;
  if (ic >= grid.nx - 2) ic = grid.nx - 3;
  if (jc <= 2) jc = 3;
  if (jc >= grid.ny - 2) jc = grid.ny - 3;
  if (kc >= grid.nz) kc = grid.nz - 1;
  if (kc < 1) kc = 1;
  if (kc <= 2) kc = 3;
  if (kc >= grid.nz - 2) kc = grid.nz - 3;
  const double a = q - ic, b = r - jc, c = s - kc;
  const auto Wi = delta_weights(a), Wj = delta_weights(b), Di = delta_derivative_weights(a),
             Dj = delta_derivative_weights(b);
  const bool surface = (kc == 3 && c <= 0);
  auto Wk = surface ? delta_weights_surface(c) : delta_weights(c);
  auto Dk = surface ? delta_derivative_weights_surface(c) : delta_derivative_weights(c);
  if (free_surface_top)
    for (int m = 0; m < 6; ++m) {
      const int k = kc - 2 + m;
      if (1 <= k && k <= 4) {
        Wk[m] /= sbp_hnorm[k - 1];
        Dk[m] /= sbp_hnorm[k - 1];
      }
    }

  std::vector<GridPointForce> out;
  if (src.is_force) {
    if (src.fx == 0 && src.fy == 0 && src.fz == 0) return out;
    for (int k = kc - 2; k <= kc + 3; ++k)
      for (int j = jc - 2; j <= jc + 3; ++j)
        for (int i = ic - 2; i <= ic + 3; ++i) {
          double w = Wi[i - ic + 2] * Wj[j - jc + 2] * Wk[k - kc + 2];
          if (w == 0 || k < 1 || k > grid.nz) continue;
          w /= h * h * h;
          out.push_back({i, j, k, w * src.fx, w * src.fy, w * src.fz});
        }
    return out;
  }
  // f_a = -sum_b M_ab G_b / h^3 with G = grad of the discrete delta: G_x = D_i W_j W_k / h ...
  const double hi = 1 / h, ih3 = 1.0 / (h * h * h);
  out.reserve(216);
  for (int k = kc - 2; k <= kc + 3; ++k) {
    if (k < 1 || k > grid.nz) continue;
    for (int j = jc - 2; j <= jc + 3; ++j)
      for (int i = ic - 2; i <= ic + 3; ++i) {
        const int mi = i - ic + 2, mj = j - jc + 2, mk = k - kc + 2;
        const double Gx = hi * Di[mi] * Wj[mj] * Wk[mk];
        const double Gy = Wi[mi] * hi * Dj[mj] * Wk[mk];
        const double Gz = Wi[mi] * Wj[mj] * hi * Dk[mk];
        out.push_back({i, j, k, -(src.mxx * Gx + src.mxy * Gy + src.mxz * Gz) * ih3,
                       -(src.mxy * Gx + src.myy * Gy + src.myz * Gz) * ih3,
                       -(src.mxz * Gx + src.myz * Gy + src.mzz * Gz) * ih3});
      }
  }
  return out;
}

// The grid-point values of all sources on one grid of a piece, summed per point in input
// order (DESIGN.md, "The numbers contract"): each point keeps its contributions, source by
// source, and a step sums them with that step's time-function values.
struct PointForces {
  struct Contribution {
    int source;
    double fx, fy, fz;
  };
  struct SourcePoint {
    long p;
    int first, count;  // contributions, in input order
  };
  std::vector<Contribution> contrib;
  std::vector<SourcePoint> points;

  // From (array index, contribution) pairs in input order of the sources.
  void build(std::vector<std::pair<long, Contribution>> all) {
    std::stable_sort(all.begin(), all.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    contrib.clear();
    points.clear();
    for (std::size_t n = 0; n < all.size(); ++n) {
      if (points.empty() || points.back().p != all[n].first)
        points.push_back({all[n].first, int(n), 0});
      points.back().count++;
      contrib.push_back(all[n].second);
    }
  }
  // add(p, fx, fy, fz) once per point with the sum of its sources times gval[source].
  template <class Add>
  void apply(const std::vector<double>& gval, Add add) const {
    for (const SourcePoint& sp : points) {
      double fx = 0, fy = 0, fz = 0;
      for (int n = sp.first; n < sp.first + sp.count; ++n) {
        const Contribution& c = contrib[n];
        fx += c.fx * gval[c.source];
        fy += c.fy * gval[c.source];
        fz += c.fz * gval[c.source];
      }
      add(sp.p, fx, fy, fz);
    }
  }
};

}  // namespace sw4
