// source_topography.hpp: point sources with topography: where a source sits (which grid, which
// point of index space), and its grid-point values on the two grids (NUMERICS 20).
//
// Why built so. With topography a source lives in index space, not in physical space: its depth
// is turned into mapped coordinates (q, r, s) of the grid it falls in, and there it gets the
// same 6x6x6 tensor-product weights as on a flat grid (source.hpp, NUMERICS.md 6.2), so that
// the moments of the weights are still exact in the index variables. What changes is the
// chain rule: a moment source needs the gradient of a discrete delta in physical space, and
// on grid 1 d/dx of a function of (q, r, s) is d/dq / h + (ds/dx) d/ds. So the source needs the
// mapping's derivatives at its own point; the original takes them from a 6th-order
// interpolation of the gridded surface (8-point weights and their derivatives, NUMERICS 20.5)
// and the analytic s-derivative, not from the grid's metric, and we do the same because it
// decides the last digits. The value at a point is then divided by the cell volume there, J of
// grid 1 (the stored metric's, ghost planes included) or h^3 of grid 0, so that sum f V is the
// discrete integral of the source.
//
// The rules that decide which points get what are the original's (NUMERICS 20.4, 20.7): the
// stencil is biased away from the sides and, except in the interface case, from the ends of its
// grid; grid 1's top is one-sided, so there its z-weights switch to the 5-point surface form
// and are divided by the SBP norm weights; grid 0 never gets either. A stencil that crosses the
// interface (the interface case) is not moved; its values on the other grid's planes are also
// given to that grid (the copies), where the coupling of the grids decides which survives.
// Everything is a function of the source and the global grids, so every rank computes the same
// list and keeps what it owns; no metric array of a piece is needed (the cell volumes come from
// piece_metric over the stencil's box, which is bitwise the whole grid's metric there).
// Receivers with topography: receiver_topography.hpp.
#pragma once

#include <array>
#include <cmath>
#include <vector>

#include "checks/float_bits.hpp"
#include "config.hpp"
#include "source.hpp"
#include "topography/topography.hpp"

namespace sw4 {

// ---------------------------------------------------------------------------------------------
// 8-point interpolation weights and their derivatives (NUMERICS 20.5): index m = 0..7 is the
// point ic-3+m, a the offset. sum_m w_m (m-3-a)^k = delta_k0 for k = 0..6; w'_m = dw_m/da,
// differentiated term by term from the w_m (so sum_m w'_m (m-3-a)^k = k delta_k1).
inline std::array<double, 8> interpolation_weights8(double a) {
  const double a2 = a * a, a3 = a2 * a, a4 = a2 * a2, a5 = a4 * a, a6 = a3 * a3, a7 = a6 * a;
  const double pi = a7 * (-251 + 135 * a + 25 * a2 - 33 * a3 + 6 * a4) / 720;
  return {-a / 60 + a2 / 180 + a3 / 48 + 23 * a4 / 144 - (17 * a + 223) * a5 / 720 - pi,
          3 * a / 20 - 3 * a2 / 40 - a3 / 6 - 13 * a4 / 12 + 97 * a5 / 45 + a6 / 6 + 7 * pi,
          -3 * a / 4 + 3 * a2 / 4 + (13 + 155 * a) * a3 / 48 - 103 * a5 / 16 - 121 * a6 / 240 -
              21 * pi,
          1 - 49 * a2 / 36 - 49 * a4 / 9 + 385 * a5 / 36 + 61 * a6 / 72 + 35 * pi,
          3 * a / 4 + 3 * a2 / 4 - 13 * a3 / 48 + 89 * a4 / 16 - 1537 * a5 / 144 - 41 * a6 / 48 -
              35 * pi,
          -3 * a / 20 - 3 * a2 / 40 + a3 / 6 - 41 * a4 / 12 + 32 * a5 / 5 + 31 * a6 / 60 + 21 * pi,
          a / 60 + a2 / 180 - a3 / 48 + 167 * a4 / 144 - 1537 * a5 / 720 - 25 * a6 / 144 - 7 * pi,
          -a4 / 6 + 11 * a5 / 36 + a6 / 40 + pi};
}
inline std::array<double, 8> interpolation_derivative_weights8(double a) {
  const double a2 = a * a, a3 = a2 * a, a4 = a2 * a2, a5 = a4 * a, a6 = a3 * a3;
  const double dpi = a6 * (-1757 + 1080 * a + 225 * a2 - 330 * a3 + 66 * a4) / 720;
  return {-1.0 / 60 + a / 90 + a2 / 16 + 23 * a3 / 36 - (102 * a + 1115) * a4 / 720 - dpi,
          3.0 / 20 - 3 * a / 20 - a2 / 2 - 13 * a3 / 3 + 97 * a4 / 9 + a5 + 7 * dpi,
          -3.0 / 4 + 3 * a / 2 + (39 * a2 + 620 * a3) / 48 - 515 * a4 / 16 - 121 * a5 / 40 - 21 * dpi,
          -49 * a / 18 - 196 * a3 / 9 + 1925 * a4 / 36 + 61 * a5 / 12 + 35 * dpi,
          3.0 / 4 + 3 * a / 2 - 13 * a2 / 16 + 89 * a3 / 4 - 7685 * a4 / 144 - 41 * a5 / 8 - 35 * dpi,
          -3.0 / 20 - 3 * a / 20 + a2 / 2 - 41 * a3 / 3 + 32 * a4 + 31 * a5 / 10 + 21 * dpi,
          1.0 / 60 + a / 90 - a2 / 16 + 167 * a3 / 36 - 1537 * a4 / 144 - 25 * a5 / 24 - 7 * dpi,
          -2 * a3 / 3 + 55 * a4 / 36 + 3 * a5 / 20 + dpi};
}

// ---------------------------------------------------------------------------------------------
// Where a source sits.

// One value of a source at a point of one grid (grid 0 Cartesian, 1 curvilinear), before the
// time function; global indices.
struct TopoGridPointForce {
  int grid;
  int i, j, k;
  double fx, fy, fz;
};

// dropped: above the surface (the caller prints "Ignoring Source at X= ... because it is above
// the surface"); grid and its mapped coordinates (q, r, s); z0 the source's absolute z. s =
// -1e38 (as the original) when the inverse mapping does not converge.
struct TopoSourcePlace {
  bool dropped = false;
  int grid = 1;
  double q = 0, r = 0, s = 0;
  double z0 = 0;
};

// NUMERICS 20.1-20.3: z0 = depth + z_t(x, y) for depth=, the given z for z=; dropped when z0 <
// z_t - 1e-9; grid 0 when z0 > Z_t (strictly) or z0 >= the bottom, else grid 1; q = x/h + 1,
// r = y/h + 1 (not snapped), s = (z0 - Z_t)/h + 1 on grid 0 and the inverse mapping on grid 1.
inline TopoSourcePlace place_source(const SourceCfg& src, const Topography& topo) {
  const TopoGrids& g = topo.grids;
  TopoSourcePlace pl;
  const double zt = topo.map.hill.surface_at_xy(src.x, src.y);
  pl.z0 = src.z_is_depth ? src.z + zt : src.z;
  pl.q = src.x / g.h + 1;
  pl.r = src.y / g.h + 1;
  if (pl.z0 < zt - 1e-9) {
    pl.dropped = true;
    return pl;
  }
  pl.grid = (pl.z0 > g.zt || pl.z0 >= g.zmax) ? 0 : 1;
  if (pl.grid == 0) {
    pl.s = (pl.z0 - g.zt) / g.h + 1;
  } else {
    pl.s = topo.map.invert(pl.q, pl.r, pl.z0);
    if (!finite_bits(pl.s)) pl.s = -1e38;  // NaN: no convergence (by the bits: float_bits.hpp)
  }
  return pl;
}

// The stencil of a placed source (NUMERICS 20.4): its point (ic, jc, kc) (weight index 2; the
// stencil is ic-2..ic+3 and so on), the offsets, whether it is the interface case, and the six
// 1-D weight sets with grid 1's surface form and SBP-norm division already applied. The division
// applies to every z-weight on k = 1..4 of grid 1, whether or not the 5-point form was chosen,
// as the flat grid's free surface has it (NUMERICS.md 6.2): that is what keeps the moments in
// the SBP inner product for a stencil that reaches k <= 4 from kc = 3..6.
struct TopoSourceStencil {
  int grid = 1, ng = 0;  // the grid and its number of k-points (n_0 or n_c)
  int ic = 0, jc = 0, kc = 0;
  double a = 0, b = 0, c = 0;
  bool interface_case = false;
  std::array<double, 6> Wi{}, Wj{}, Wk{}, Di{}, Dj{}, Dk{};
};

inline TopoSourceStencil source_stencil(const TopoSourcePlace& pl, const Topography& topo) {
  const TopoGrids& g = topo.grids;
  TopoSourceStencil st;
  st.grid = pl.grid;
  st.ng = pl.grid == 0 ? g.n0 : g.nc;
  const int ng = st.ng;
  int ic = static_cast<int>(std::floor(pl.q)), jc = static_cast<int>(std::floor(pl.r));
  // floor(s) clamped in double first: s may be -1e38 (inversion failed), no int holds it
  int kc = static_cast<int>(std::fmin(std::fmax(std::floor(pl.s), 0.0), double(ng)));
  if (ic <= 2) ic = 3;
  if (ic >= g.nx - 2) ic = g.nx - 3;
  if (jc <= 2) jc = 3;
  if (jc >= g.ny - 2) jc = g.ny - 3;
  if (kc >= ng) kc = ng - 1;
  if (kc < 1) kc = 1;
  const bool upper = kc <= 3, lower = kc >= ng - 3;  // kc is in [1, ng-1] here
  st.interface_case = (pl.grid == 0 && upper) || (pl.grid == 1 && lower);
  if (!st.interface_case) {
    if (kc <= 2) kc = 3;
    if (kc >= ng - 2) kc = ng - 3;
  }
  st.ic = ic;
  st.jc = jc;
  st.kc = kc;
  st.a = pl.q - ic;
  st.b = pl.r - jc;
  st.c = pl.s - kc;
  st.Wi = delta_weights(st.a);
  st.Wj = delta_weights(st.b);
  st.Di = delta_derivative_weights(st.a);
  st.Dj = delta_derivative_weights(st.b);
  const bool surface = pl.grid == 1 && !st.interface_case && kc == 3 && st.c <= 0;
  st.Wk = surface ? delta_weights_surface(st.c) : delta_weights(st.c);
  st.Dk = surface ? delta_derivative_weights_surface(st.c) : delta_derivative_weights(st.c);
  if (pl.grid == 1)  // grid 1's top is one-sided: the moments hold in its SBP inner product
    for (int m = 0; m < 6; ++m) {
      const int k = kc - 2 + m;
      if (1 <= k && k <= 4) {
        st.Wk[m] /= sbp_hnorm[k - 1];
        st.Dk[m] /= sbp_hnorm[k - 1];
      }
    }
  return st;
}

// The undivided derivatives (z_q, z_r, z_s) of grid 1's mapping at the source, as the source's
// weights use them (NUMERICS 20.5): flat (0, 0, h) when kc > n_c - 3 or sigma >= 1; else from
// the 8-point interpolation of the gridded elevation around (ic, jc) with the stencil's offsets
// a, b, and the analytic s-derivative at that interpolated elevation. Grid 0: (0, 0, h).
inline std::array<double, 3> source_mapping_derivatives(const TopoSourcePlace& pl,
                                                        const TopoSourceStencil& st,
                                                        const Topography& topo) {
  const TopoGrids& g = topo.grids;
  const double h = g.h, zeta = g.zeta;
  const int nc = g.nc, p = g.p;
  if (pl.grid == 0 || st.kc > nc - 3) return {0, 0, h};
  const double sg = (pl.s - 1) / (zeta * (nc - 1));
  if (sg >= 1) return {0, 0, h};
  const auto wa = interpolation_weights8(st.a), wb = interpolation_weights8(st.b);
  const auto da = interpolation_derivative_weights8(st.a),
             db = interpolation_derivative_weights8(st.b);
  double tau = 0, tau_q = 0, tau_r = 0;
  for (int l = 0; l < 8; ++l)
    for (int m = 0; m < 8; ++m) {
      const double t = topo.map.hill.tau_gridded(st.ic - 3 + m, st.jc - 3 + l);
      tau += wa[m] * wb[l] * t;
      tau_q += da[m] * wb[l] * t;
      tau_r += wa[m] * db[l] * t;
    }
  const double b = power_of(1 - sg, p - 1), bp = b * (1 - sg);
  return {-tau_q * bp, -tau_r * bp, h + (p / zeta) * b * (g.zt - (nc - 1) * h + tau) / (nc - 1)};
}

// ---------------------------------------------------------------------------------------------
// The grid-point values (NUMERICS 20.6, 20.7).

// All grid-point values of one source: global indices, no ownership filter, one entry per
// (grid, i, j, k) that receives a value, in stencil order (k, then j, then i), an interface
// copy right after the value it copies. Own entries have 1 <= k <= n_g; in the interface case
// grid 1's points k >= n_c also go to grid 0 at k - n_c + 1, grid 0's points k <= 1 also to
// grid 1 at n_c - 1 + k, with the same value. Moment sources: every stencil point, zero or not
// (216 own entries away from the ends); force sources: only nonzero weight products, none if
// F = 0; nothing for a dropped source. V = J of grid 1 at the point, h^3 on grid 0; grid 0's
// values are formed exactly as source.hpp forms them.
inline std::vector<TopoGridPointForce> topo_grid_point_forces(const SourceCfg& src,
                                                              const Topography& topo) {
  std::vector<TopoGridPointForce> out;
  const TopoSourcePlace pl = place_source(src, topo);
  if (pl.dropped) return out;
  if (src.is_force && src.fx == 0 && src.fy == 0 && src.fz == 0) return out;
  const TopoSourceStencil st = source_stencil(pl, topo);
  const TopoGrids& g = topo.grids;
  const double h = g.h;
  const int ic = st.ic, jc = st.jc, kc = st.kc, ng = st.ng;
  Metric met;  // grid 1: the cell volumes J over the stencil's box
  if (pl.grid == 1) piece_metric(topo, Box{ic - 2, ic + 3, jc - 2, jc + 3, kc - 2, kc + 3}, met);

  // s's physical gradient (NUMERICS 20.5): (-z_q/(h z_s), -z_r/(h z_s), 1/z_s) on grid 1.
  double dsdx = 0, dsdy = 0, dsdz = 1 / h;
  if (pl.grid == 1) {
    const auto d = source_mapping_derivatives(pl, st, topo);
    dsdx = -d[0] / (h * d[2]);
    dsdy = -d[1] / (h * d[2]);
    dsdz = 1 / d[2];
  }
  auto emit = [&](int i, int j, int k, double fx, double fy, double fz) {
    if (1 <= k && k <= ng) out.push_back({pl.grid, i, j, k, fx, fy, fz});
    if (!st.interface_case) return;
    if (pl.grid == 1 && k >= g.nc) out.push_back({0, i, j, k - g.nc + 1, fx, fy, fz});
    if (pl.grid == 0 && k <= 1) out.push_back({1, i, j, g.nc - 1 + k, fx, fy, fz});
  };

  const double hi = 1 / h, ih3 = 1.0 / (h * h * h);
  if (!src.is_force) out.reserve(216 + 36);
  for (int k = kc - 2; k <= kc + 3; ++k)
    for (int j = jc - 2; j <= jc + 3; ++j)
      for (int i = ic - 2; i <= ic + 3; ++i) {
        const int mi = i - ic + 2, mj = j - jc + 2, mk = k - kc + 2;
        if (src.is_force) {
          double w = st.Wi[mi] * st.Wj[mj] * st.Wk[mk];
          if (w == 0) continue;
          if (pl.grid == 0)
            w /= h * h * h;
          else
            w /= met.J(i, j, k);
          emit(i, j, k, w * src.fx, w * src.fy, w * src.fz);
          continue;
        }
        if (pl.grid == 0) {  // NUMERICS.md 6.2, formed as source.hpp forms it
          const double Gx = hi * st.Di[mi] * st.Wj[mj] * st.Wk[mk];
          const double Gy = st.Wi[mi] * hi * st.Dj[mj] * st.Wk[mk];
          const double Gz = st.Wi[mi] * st.Wj[mj] * hi * st.Dk[mk];
          emit(i, j, k, -(src.mxx * Gx + src.mxy * Gy + src.mxz * Gz) * ih3,
               -(src.mxy * Gx + src.myy * Gy + src.myz * Gz) * ih3,
               -(src.mxz * Gx + src.myz * Gy + src.mzz * Gz) * ih3);
          continue;
        }
        // grid 1: d/dx = (d/dq)/h + (ds/dx) d/ds, the same for y; d/dz = (ds/dz) d/ds
        const double WWD = st.Wi[mi] * st.Wj[mj] * st.Dk[mk], V = met.J(i, j, k);
        const double Gx = st.Di[mi] * st.Wj[mj] * st.Wk[mk] / h + dsdx * WWD;
        const double Gy = st.Wi[mi] * st.Dj[mj] * st.Wk[mk] / h + dsdy * WWD;
        const double Gz = dsdz * WWD;
        emit(i, j, k, -(src.mxx * Gx + src.mxy * Gy + src.mxz * Gz) / V,
             -(src.mxy * Gx + src.myy * Gy + src.myz * Gz) / V,
             -(src.mxz * Gx + src.myz * Gy + src.mzz * Gz) / V);
      }
  return out;
}

}  // namespace sw4
