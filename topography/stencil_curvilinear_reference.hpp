// stencil_curvilinear_reference.hpp: the curvilinear operator L_h of grid 1 written plainly,
// point by point, term by term, as NUMERICS 16.1-16.3 state it: the nine terms T_ab, each
// pairing B(a, b) d = mu (a.b) d + la a (b.d) + mu b (a.d) formed from its two vectors, every
// inner difference and every averaged coefficient evaluated from scratch.
//
// Why built so: this is the formula to read before the tuned kernel (stencil_curvilinear.hpp),
// and the oracle its tests hold it to. Nothing is shared with the tuned kernel but the SBP
// tables and the averages C1..C4 of NUMERICS 3.1: the pairings are not expanded into
// components by hand here (the tuned kernel uses the expanded table of NUMERICS 16.2), so a
// slip in one expansion shows as a disagreement. It is slow (every flux is recomputed at each
// of its neighbours) and meant for small boxes.
#pragma once

#include <array>

#include "topography/stencil_curvilinear.hpp"
#include "stencil_reference.hpp"

namespace sw4 {
namespace reference_curv {

using Vec = std::array<Real, 3>;

inline Real dot(const Vec& a, const Vec& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

// The quantities of one grid point (NUMERICS 16.1): material, metric, the vectors n, a_x,
// a_y (stretched with the point's own s^x_i, s^y_j) and the unstretched a^_x, a^_y.
struct PointData {
  Real mu, la, J;
  Vec n, ax, ay, hax, hay;
};

inline PointData point(const CurvMedium& md, int i, int j, int k) {
  const Metric& m = *md.met;
  const Real sx = (*md.strx)(i), sy = (*md.stry)(j), m1 = m.m1(i, j, k);
  PointData p;
  p.mu = (*md.mu)(i, j, k);
  p.la = (*md.la)(i, j, k);
  p.J = m.J(i, j, k);
  p.n = {sx * m.m2(i, j, k), sy * m.m3(i, j, k), m.m4(i, j, k)};
  p.ax = {m1 * sx, 0, 0};
  p.ay = {0, m1 * sy, 0};
  p.hax = {m1, 0, 0};
  p.hay = {0, m1, 0};
  return p;
}

// B(a, b) d at a point with material mu, la.
inline Vec pairing(const PointData& p, const Vec& a, const Vec& b, const Vec& d) {
  const Real ab = dot(a, b), bd = dot(b, d), ad = dot(a, d);
  Vec r;
  for (int c = 0; c < 3; ++c) r[c] = p.mu * ab * d[c] + p.la * a[c] * bd + p.mu * b[c] * ad;
  return r;
}

// The centred undivided difference D of NUMERICS 16.1 from the values at offsets -2..2.
inline Real D(Real m2, Real m1, Real p1, Real p2) {
  return Real(2.0 / 3) * (p1 - m1) - Real(1.0 / 12) * (p2 - m2);
}

// D u along direction dir (0 = i, 1 = j, 2 = k) at (i, j, k); for dir = 2 in a closure row
// (K >= 0) the one-sided sum_q bope[K][q] u(i, j, q) of NUMERICS 16.3 instead.
inline Vec Du(const Field& u, int dir, int i, int j, int k, int K) {
  Vec r;
  for (int c = 0; c < 3; ++c) {
    if (dir == 2 && K >= 0) {
      Real s = 0;
      for (int q = 0; q < 8; ++q) s += sbp::bope[K][q] * u[c](i, j, q + 1);
      r[c] = s;
      continue;
    }
    auto f = [&](int o) {
      return u[c](i + (dir == 0 ? o : 0), j + (dir == 1 ? o : 0), k + (dir == 2 ? o : 0));
    };
    r[c] = D(f(-2), f(-1), f(1), f(2));
  }
  return r;
}

// P[c~](f) of NUMERICS 16.1 from the coefficient and the values at offsets -2..2.
inline Real P(const Real ct[5], const Real f[5]) {
  Real C[4];
  reference::avg4(ct, C);
  return (C[0] * (f[0] - f[2]) + C[1] * (f[1] - f[2]) + C[2] * (f[3] - f[2]) +
          C[3] * (f[4] - f[2])) / 6;
}

// The entry (c, d) of B(n, n) at a point: component c of B(n, n) e_d.
inline Real beta(const PointData& p, int c, int d) {
  Vec e{0, 0, 0};
  e[d] = 1;
  return pairing(p, p.n, p.n, e)[c];
}

// Each helper below adds its terms of NUMERICS 16.2/16.3 at (i, j, k) to r, component by
// component; K = k - 1 in the closure rows k = 1..6, -1 for the interior formula.

// T_ii (dir 0) or T_jj (dir 1): s^x_i P[c~](u_c along i), c~ = kappa_c m1^2 s^x with kappa =
// (2 mu + la, mu, mu); along j likewise with kappa' = (mu, 2 mu + la, mu).
inline void add_T_aa(Vec& r, const Field& u, const CurvMedium& md, int dir, int i, int j, int k) {
  const Real sx = (*md.strx)(i), sy = (*md.stry)(j);
  for (int c = 0; c < 3; ++c) {
    Real ct[5], f[5];
    for (int o = -2; o <= 2; ++o) {
      const int ii = i + (dir == 0 ? o : 0), jj = j + (dir == 1 ? o : 0);
      const PointData p = point(md, ii, jj, k);
      const Real kappa = c == dir ? 2 * p.mu + p.la : p.mu;
      const Real s = dir == 0 ? (*md.strx)(ii) : (*md.stry)(jj);
      ct[o + 2] = kappa * p.hax[0] * p.hax[0] * s;
      f[o + 2] = u[c](ii, jj, k);
    }
    r[c] += (dir == 0 ? sx : sy) * P(ct, f);
  }
}

// T_kk: sum_d P[beta_cd](u_d along k), beta = B(n, n); in the closure rows the acof rows and
// the ghost's ghcof term, beta taken at k = 1 there (NUMERICS 16.3).
inline void add_T_kk(Vec& r, const Field& u, const CurvMedium& md, int i, int j, int k, int K) {
  for (int c = 0; c < 3; ++c)
    for (int d = 0; d < 3; ++d) {
      if (K < 0) {
        Real ct[5], f[5];
        for (int o = -2; o <= 2; ++o) {
          ct[o + 2] = beta(point(md, i, j, k + o), c, d);
          f[o + 2] = u[d](i, j, k + o);
        }
        r[c] += P(ct, f);
      } else {
        Real s = 0;
        for (int q = 0; q < 8; ++q) {
          Real a = 0;
          for (int m = 0; m < 8; ++m) a += sbp::acof[K][q][m] * beta(point(md, i, j, m + 1), c, d);
          s += a * u[d](i, j, q + 1);
        }
        s += sbp::ghcof[K] * beta(point(md, i, j, 1), c, d) * u[d](i, j, 0);
        r[c] += s;
      }
    }
}

// D's weights at the offsets -2, -1, 1, 2, and the offsets.
constexpr Real kW[4] = {1.0 / 12, -2.0 / 3, 2.0 / 3, -1.0 / 12};
constexpr int kOff[4] = {-2, -1, 1, 2};

// T_ij, T_ik: s^x_i D_i( B(a^_x, a_y) D_j u + B(a^_x, n) D_k u ), inside at (i', j, k);
// T_ji, T_jk: s^y_j D_j( B(a^_y, a_x) D_i u + B(a^_y, n) D_k u ), inside at (i, j', k);
// summed offset by offset of the outer difference, the i terms first. In the closure rows
// D_k is the one-sided sum (Du).
inline void add_T_ij_ik_ji_jk(Vec& r, const Field& u, const CurvMedium& md, int i, int j, int k,
                              int K) {
  const Real sx = (*md.strx)(i), sy = (*md.stry)(j);
  for (int n = 0; n < 4; ++n) {
    {
      const int ii = i + kOff[n];
      const PointData p = point(md, ii, j, k);
      const Vec tij = pairing(p, p.hax, p.ay, Du(u, 1, ii, j, k, K));
      const Vec tik = pairing(p, p.hax, p.n, Du(u, 2, ii, j, k, K));
      for (int c = 0; c < 3; ++c) r[c] += sx * kW[n] * tij[c] + sx * kW[n] * tik[c];
    }
    {
      const int jj = j + kOff[n];
      const PointData p = point(md, i, jj, k);
      const Vec tji = pairing(p, p.hay, p.ax, Du(u, 0, i, jj, k, K));
      const Vec tjk = pairing(p, p.hay, p.n, Du(u, 2, i, jj, k, K));
      for (int c = 0; c < 3; ++c) r[c] += sy * kW[n] * tji[c] + sy * kW[n] * tjk[c];
    }
  }
}

// T_ki, T_kj: D_k( B(n, a_x) D_i u + B(n, a_y) D_j u ), inside at (i, j, k'); the closure
// rows take sum_q bope[K][q] of the same at levels q = 1..8.
inline void add_T_ki_kj(Vec& r, const Field& u, const CurvMedium& md, int i, int j, int k,
                        int K) {
  auto tk = [&](int kk, Real weight) {
    const PointData p = point(md, i, j, kk);
    const Vec tki = pairing(p, p.n, p.ax, Du(u, 0, i, j, kk, K));
    const Vec tkj = pairing(p, p.n, p.ay, Du(u, 1, i, j, kk, K));
    for (int c = 0; c < 3; ++c) r[c] += weight * tki[c] + weight * tkj[c];
  };
  if (K < 0)
    for (int n = 0; n < 4; ++n) tk(k + kOff[n], kW[n]);
  else
    for (int q = 0; q < 8; ++q) tk(q + 1, sbp::bope[K][q]);
}

// L_h(u) of NUMERICS 16.2/16.3 at (i, j, k), all three components: (1/J) times the nine
// terms, added in the order written.
inline Vec lh(const Field& u, const CurvMedium& md, int i, int j, int k, int K) {
  Vec r{0, 0, 0};
  add_T_aa(r, u, md, 0, i, j, k);  // T_ii
  add_T_aa(r, u, md, 1, i, j, k);  // T_jj
  add_T_kk(r, u, md, i, j, k, K);
  add_T_ij_ik_ji_jk(r, u, md, i, j, k, K);
  add_T_ki_kj(r, u, md, i, j, k, K);
  const Real J = (*md.met).J(i, j, k);
  for (int c = 0; c < 3; ++c) r[c] /= J;
  return r;
}

}  // namespace reference_curv

// L_h(u) by the formula above at every point of `eval` (eval.kb = 1: rows 1..6 closed),
// consumed as `mode` says: the contract of rhs_curvilinear, one thread per plane.
template <Update mode>
void rhs_curvilinear_reference(const Field& u, const CurvMedium& md, const Box& eval,
                               const Target& tg) {
  SW4_OMP(parallel for schedule(static))
  for (int k = eval.kb; k <= eval.ke; ++k) {
    const int K = k <= 6 ? k - 1 : -1;
    for (int j = eval.jb; j <= eval.je; ++j)
      for (int i = eval.ib; i <= eval.ie; ++i) {
        const reference_curv::Vec r = reference_curv::lh(u, md, i, j, k, K);
        kernel::store<mode>(tg.out, tg.u, tg.um, tg.rho, tg.factor, u[0].index(i, j, k), r[0],
                            r[1], r[2]);
      }
  }
}

}  // namespace sw4
