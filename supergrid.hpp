// supergrid.hpp: super-grid absorbing layers (NUMERICS.md 5): the stretching, damping and
// corner-taper profiles along each axis, and the 4th-order artificial dissipation.
//
// Why built so: the layers act only through 1-D profiles sampled at the grid coordinates
// (ghost points included), so they are computed once from global coordinates; every piece of a
// decomposed grid samples the same numbers. The dissipation is a separate pass over the owned
// points so that the timing table can report it and the operator's hot loop stays unchanged;
// since the damping coefficient is zero outside the layers, it evaluates each of its three
// terms only in the layer that term belongs to (a third of the work on the pointsource grid).
// The curvilinear grid of a topography run gets the same dissipation weighted by its Jacobian,
// without a z term (supergrid_damping_curvilinear, at the end).
#pragma once

#include <algorithm>
#include <type_traits>
#include <vector>

#include "grid.hpp"
#include "stencil.hpp"
#include "threads.hpp"

namespace sw4 {

// The taper along one axis of the domain [x0, x1]; a side is "active" when it is super-grid.
struct Taper {
  bool left = false, right = false;
  double x0 = 0, x1 = 1, width = 0;
  static constexpr double kEps = 1e-4;  // the stretching at the boundary (NUMERICS 5.2)
  double eps = kEps;                     // testenergy's sg_eps may change it (NUMERICS 26)

  // C5 step from 0 (xi <= 0) to 1 (xi >= 1).
  static double psi0(double xi) {
    if (xi <= 0) return 0;
    if (xi >= 1) return 1;
    const double x2 = xi * xi, x6 = x2 * x2 * x2;
    return x6 * (462 - 1980 * xi + 3465 * x2 - 3080 * x2 * xi + 1386 * x2 * x2 -
                 252 * x2 * x2 * xi);
  }
  // psi with the layer measured in units of `scale` from the layer's inner edge.
  double ramp(double x, double scale) const {
    if (left && x < x0 + width) return psi0((x0 + width - x) / scale);
    if (right && x > x1 - width) return psi0((x - (x1 - width)) / scale);
    return 0;
  }
  double lin(double x) const {
    if (left && x < x0 + width) return (x0 + width - x) / width;
    if (right && x > x1 - width) return (x - (x1 - width)) / width;
    return 0;
  }
  // The default as the constant it always was: 1 - kEps is folded and the product contracted
  // into the subtraction as before (a deck's eps read at run time rounded 2 ulps apart in a
  // layer's steepest points), so every deck without sg_eps keeps its bits.
  double stretching(double x) const {
    return eps == kEps ? 1 - (1 - kEps) * ramp(x, width) : 1 - (1 - eps) * ramp(x, width);
  }
  double damping(double x) const { return ramp(x, 0.5 * width) / stretching(x); }
  double corner(double x) const { return 1 - 0.67 * lin(x); }
};

// The three profiles of one axis over global indices first..last, at coordinates origin + (i-1)h
// (origin: the z of k = 1, Z_t for the Cartesian grid under topography, else 0).
struct Profiles {
  Array1 str, dc, co;  // stretching s, damping coefficient d, corner taper c
};
inline Profiles sample_profiles(const Taper& tp, int first, int last, double h, double origin = 0) {
  Profiles pr{Array1(first, last), Array1(first, last), Array1(first, last)};
  for (int i = first; i <= last; ++i) {
    const double x = origin + (i - 1) * h;
    pr.str(i) = tp.stretching(x);
    pr.dc(i) = tp.damping(x);
    pr.co(i) = tp.corner(x);
  }
  return pr;
}

namespace kernel {

// The damping sum of component u - um at point p, with the x, y and z terms as X, Y, Z say (a
// term whose three damping coefficients are zero is zero, and is left out); U+ -= beta/rho sum.
// d*: the damping coefficients at offsets -1, 0, +1 (dx along x: dx[-1..1]); s*, c*: stretching
// and corner taper. One body for the CPU's rows below and the CUDA build (gpu/gpu_kernels.hpp).
template <bool X, bool Y, bool Z>
SW4_HD SW4_INLINE Real damp_point(const Real* u, const Real* um, const Real* r, long p, long sj,
                                  long sk, const Real* dx, Real sxc, Real cxc, Real dym, Real dy0,
                                  Real dyp, Real dzm, Real dz0, Real dzp, Real syc, Real cyc,
                                  Real szc, Real czc) {
  // second difference of w = u - um at q along stride s
  auto d2 = [&](long q, long s) SW4_INLINE_LAMBDA {
    return (u[q + s] - um[q + s]) - 2 * (u[q] - um[q]) + (u[q - s] - um[q - s]);
  };
  Real sum = 0;
  if constexpr (X)
    sum += sxc * cyc * czc *
           (r[p + 1] * dx[1] * d2(p + 1, 1) - 2 * r[p] * dx[0] * d2(p, 1) +
            r[p - 1] * dx[-1] * d2(p - 1, 1));
  if constexpr (Y)
    sum += syc * cxc * czc *
           (r[p + sj] * dyp * d2(p + sj, sj) - 2 * r[p] * dy0 * d2(p, sj) +
            r[p - sj] * dym * d2(p - sj, sj));
  if constexpr (Z)
    sum += szc * cxc * cyc *
           (r[p + sk] * dzp * d2(p + sk, sk) - 2 * r[p] * dz0 * d2(p, sk) +
            r[p - sk] * dzm * d2(p - sk, sk));
  return sum;
}

// damp_point at the points t0 <= t < t1 of one row (t: column offset from the row's first
// point p0); dx, sx, cx per point of the row.
template <bool X, bool Y, bool Z>
SW4_INLINE void damp_row(Real* out, const Real* u, const Real* um, const Real* r,
                         long p0, int t0, int t1, long sj, long sk, const Real* dx,
                         const Real* sx, const Real* cx, Real dym, Real dy0, Real dyp,
                         Real dzm, Real dz0, Real dzp, Real syc, Real cyc, Real szc,
                         Real czc, Real beta) {
  SW4_IVDEP
  for (int t = t0; t < t1; ++t) {
    const long p = p0 + t;
    const Real sum = damp_point<X, Y, Z>(u, um, r, p, sj, sk, dx + t, sx[t], cx[t], dym, dy0, dyp,
                                         dzm, dz0, dzp, syc, cyc, szc, czc);
    out[p] -= beta / r[p] * sum;
  }
}

}  // namespace kernel

// A row of n points (d^x at offsets -1..n from dx) in stretches of equal "x term on": the x
// term of point t is on when d^x is not zero at one of i-1, i, i+1.
struct DampStretch {
  int t0, t1;
  bool x;
};
inline std::vector<DampStretch> damp_stretches(const Real* dx, int n) {
  auto x_on = [&](int t) { return dx[t - 1] != 0 || dx[t] != 0 || dx[t + 1] != 0; };
  std::vector<DampStretch> out;
  for (int t = 0; t < n;) {
    int e = t + 1;
    while (e < n && x_on(e) == x_on(t)) ++e;
    out.push_back({t, e, x_on(t)});
    t = e;
  }
  return out;
}

// U+ -= beta/rho [ s^x c^y c^z Dx(rho d^x Dx w) + s^y c^x c^z Dy(...) + s^z c^x c^y Dz(...) ],
// w = U - Um, D the undivided second difference (NUMERICS 5.3), over the box `eval`.
//
// The damping coefficient d is zero outside the layers, and so is each term there: the terms
// are evaluated only where one of their three coefficients is not zero (a row without any is
// skipped: about a third of the points of the pointsource grid). Whether a point's term is
// evaluated depends only on the global profiles, so a point gets the same arithmetic on any
// decomposition. (On 201 x 201 x 101 points with 30-point layers: 0.6 of the time of the
// plain loops; 36 instead of 90 instructions a point.)
inline void supergrid_damping(Field& up, const Field& u, const Field& um, const Array3& rho,
                              const Profiles& px, const Profiles& py, const Profiles& pz,
                              const Box& eval, Real beta) {
  const long sj = rho.sj, sk = rho.sk;
  const Real* r = rho.data();
  Real* const out[3] = {up[0].data(), up[1].data(), up[2].data()};
  const Real* const a[3] = {u[0].data(), u[1].data(), u[2].data()};
  const Real* const b[3] = {um[0].data(), um[1].data(), um[2].data()};
  const int i0 = eval.ib, n = eval.ni();
  const Real* sx = px.str.at(i0);
  const Real* cx = px.co.at(i0);
  const Real* dx = px.dc.at(i0);
  const std::vector<DampStretch> stretches = damp_stretches(dx, n);
  // Tiles of at most 16 rows marching up in k, so that the five planes of U and Um that a
  // plane's z term reads stay in cache for the next planes (a fifth faster than whole planes
  // on the pointsource grid). Threads take whole tiles, as many as they are free (tiles in the
  // layers cost more than those between); fewer rows a tile when 16 would leave fewer than
  // four tiles a thread. A point's arithmetic does not depend on its tile.
  const int threads = max_threads(), nj = eval.nj();
  const int tile_rows = std::clamp((nj + 4 * threads - 1) / (4 * threads), 2, 16);
  const int tiles = (nj + tile_rows - 1) / tile_rows;
  SW4_OMP(parallel for schedule(dynamic, 1) num_threads(threads))
  for (int tile = 0; tile < tiles; ++tile) {
    const int jt = eval.jb + tile * tile_rows;
    const int je = std::min(eval.je, jt + tile_rows - 1);
    for (int k = eval.kb; k <= eval.ke; ++k) {
      const Real szc = pz.str(k), czc = pz.co(k);
      const Real dzm = pz.dc(k - 1), dz0 = pz.dc(k), dzp = pz.dc(k + 1);
      const bool z = dzm != 0 || dz0 != 0 || dzp != 0;
      for (int j = jt; j <= je; ++j) {
        const Real syc = py.str(j), cyc = py.co(j);
        const Real dym = py.dc(j - 1), dy0 = py.dc(j), dyp = py.dc(j + 1);
        const bool y = dym != 0 || dy0 != 0 || dyp != 0;
        const long p0 = rho.index(i0, j, k);
        for (int c = 0; c < 3; ++c)
          for (const DampStretch& st : stretches) {
            auto go = [&](auto X, auto Y, auto Z) {
              kernel::damp_row<X(), Y(), Z()>(out[c], a[c], b[c], r, p0, st.t0, st.t1, sj, sk, dx,
                                              sx, cx, dym, dy0, dyp, dzm, dz0, dzp, syc, cyc, szc,
                                              czc, beta);
            };
            using T = std::true_type;
            using F = std::false_type;
            if (st.x) {
              if (y) z ? go(T{}, T{}, T{}) : go(T{}, T{}, F{});
              else z ? go(T{}, F{}, T{}) : go(T{}, F{}, F{});
            } else {
              if (y) z ? go(F{}, T{}, T{}) : go(F{}, T{}, F{});
              else if (z) go(F{}, F{}, T{});
            }
          }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The damping on the curvilinear grid 1 (NUMERICS 18.2).

namespace kernel {

// The damping sum of grid 1 for w = u - um at point p: the Cartesian damp_point with rho J in
// place of rho (r: rho, jac: J), no corner taper c^z and no z term (grid 1 has no z layer); U+
// -= beta/(rho J) sum. dx: the damping coefficients at offsets -1, 0, +1 along x (dx[-1..1]);
// sxc, cxc the point's x stretching and taper; the y values are the row's. One body for the
// CPU's rows below and the CUDA build.
template <bool X, bool Y>
SW4_HD SW4_INLINE Real damp_point_curvilinear(const Real* u, const Real* um, const Real* r,
                                              const Real* jac, long p, long sj, const Real* dx,
                                              Real sxc, Real cxc, Real dym, Real dy0, Real dyp,
                                              Real syc, Real cyc) {
  auto d2 = [&](long q, long s) SW4_INLINE_LAMBDA {
    return (u[q + s] - um[q + s]) - 2 * (u[q] - um[q]) + (u[q - s] - um[q - s]);
  };
  auto rj = [&](long q) SW4_INLINE_LAMBDA { return r[q] * jac[q]; };
  Real sum = 0;
  if constexpr (X)
    sum += sxc * cyc *
           (rj(p + 1) * dx[1] * d2(p + 1, 1) - 2 * rj(p) * dx[0] * d2(p, 1) +
            rj(p - 1) * dx[-1] * d2(p - 1, 1));
  if constexpr (Y)
    sum += syc * cxc *
           (rj(p + sj) * dyp * d2(p + sj, sj) - 2 * rj(p) * dy0 * d2(p, sj) +
            rj(p - sj) * dym * d2(p - sj, sj));
  return sum;
}

// damp_point_curvilinear at the points t0 <= t < t1 of one row into out (t: column offset
// from the row's first point p0). sj: the stride from a row to the next; dx, sx, cx: the x
// profiles per point t (dx also at t - 1, t + 1).
template <bool X, bool Y>
SW4_INLINE void damp_row_curvilinear(Real* out, const Real* u, const Real* um,
                                     const Real* r, const Real* jac, long p0, int t0, int t1,
                                     long sj, const Real* dx, const Real* sx,
                                     const Real* cx, Real dym, Real dy0, Real dyp,
                                     Real syc, Real cyc, Real beta) {
  SW4_IVDEP
  for (int t = t0; t < t1; ++t) {
    const long p = p0 + t;
    const Real sum = damp_point_curvilinear<X, Y>(u, um, r, jac, p, sj, dx + t, sx[t], cx[t], dym,
                                                  dy0, dyp, syc, cyc);
    out[p] -= beta / (r[p] * jac[p]) * sum;
  }
}

}  // namespace kernel

// U+ -= (beta/(rho J)) [ s^x_i c^y_j Dx(rho J d^x Dx w)_i + s^y_j c^x_i Dy(rho J d^y Dy w)_j ],
// w = U - Um, D the undivided second difference, at every point of `eval` (k in [1, nc]).
//
// Grid 1 carries the conservative form of the operator, so the dissipation is weighted by the
// volume J as well as rho: in a compressed column the same w is damped by the same physical
// amount. Its profiles are grid 0's x and y ones; it has no z layer, so no z term and no c^z.
// Terms are skipped where their three d coefficients are zero, decided by the global profiles
// only, as in supergrid_damping (a skipped term is exactly zero). up, u, um, rho, J must share
// one box. Rows are independent, so threads take whole rows; a point's arithmetic does not
// depend on which piece or thread computes it.
inline void supergrid_damping_curvilinear(Field& up, const Field& u, const Field& um,
                                          const Array3& rho, const Array3& J, const Profiles& px,
                                          const Profiles& py, const Box& eval, Real beta) {
  const long sj = rho.sj;
  const Real* r = rho.data();
  const Real* jac = J.data();
  Real* const out[3] = {up[0].data(), up[1].data(), up[2].data()};
  const Real* const a[3] = {u[0].data(), u[1].data(), u[2].data()};
  const Real* const b[3] = {um[0].data(), um[1].data(), um[2].data()};
  const int i0 = eval.ib, n = eval.ni(), nj = eval.nj(), nk = eval.nk();
  if (n <= 0 || nj <= 0 || nk <= 0) return;
  const Real* sx = px.str.at(i0);
  const Real* cx = px.co.at(i0);
  const Real* dx = px.dc.at(i0);
  const std::vector<DampStretch> stretches = damp_stretches(dx, n);
  [[maybe_unused]] const int threads = max_threads();  // unused without OpenMP
  SW4_OMP(parallel for collapse(2) schedule(static) num_threads(threads))
  for (int k = eval.kb; k <= eval.ke; ++k)
    for (int j = eval.jb; j <= eval.je; ++j) {
      const Real syc = py.str(j), cyc = py.co(j);
      const Real dym = py.dc(j - 1), dy0 = py.dc(j), dyp = py.dc(j + 1);
      const bool y = dym != 0 || dy0 != 0 || dyp != 0;
      const long p0 = rho.index(i0, j, k);
      for (int c = 0; c < 3; ++c)
        for (const DampStretch& st : stretches) {
          auto go = [&](auto X, auto Y) {
            kernel::damp_row_curvilinear<X(), Y()>(out[c], a[c], b[c], r, jac, p0, st.t0, st.t1,
                                                   sj, dx, sx, cx, dym, dy0, dyp, syc, cyc, beta);
          };
          using T = std::true_type;
          using F = std::false_type;
          if (st.x)
            y ? go(T{}, T{}) : go(T{}, F{});
          else if (y)
            go(F{}, T{});
        }
    }
}

}  // namespace sw4
