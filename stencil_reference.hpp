// stencil_reference.hpp: L_h written plainly, point by point, as NUMERICS.md 3.1-3.3 states
// it: the averaged coefficients C1..C4 and the mixed terms evaluated from scratch at every
// point, the free-surface rows from the SBP tables.
//
// Why built so: this is the operator to read first, and the one a compiler tester runs
// (`developer kernel=reference`, `--kernel reference`): plain loops over points, no flux
// buffers, no tiles, so what a compiler makes of straightforward stencil code shows in the
// figure of merit next to the tuned kernel of stencil.hpp. It is slow and obvious: the tests
// hold the tuned kernels to it (same numbers up to rounding) with arbitrary stretching and
// materials, and whole runs with either kernel agree to 1e-12 of the solution's maximum (not
// to the bit: the tuned kernel sums the same terms in another order).
#pragma once

#include "stencil.hpp"
#include "supergrid.hpp"
#include "threads.hpp"

namespace sw4 {
namespace reference {

// NUMERICS 3.1: C1..C4 from the stretched coefficient c~ at offsets -2..2.
inline void avg4(const Real ct[5], Real C[4]) {
  C[0] = ct[1] - Real(0.75) * (ct[2] + ct[0]);
  C[1] = ct[0] + ct[3] + 3 * (ct[2] + ct[1]);
  C[2] = ct[1] + ct[4] + 3 * (ct[3] + ct[2]);
  C[3] = ct[3] - Real(0.75) * (ct[2] + ct[4]);
}

// Directions of a difference (x, y, z: the index i, j, k) and the components of u.
enum Dir { X = 0, Y = 1, Z = 2 };
constexpr int U = 0, V = 1, W = 2;
// The coefficient of a term; the averages of 2 mu + la are 2 C_m[mu] + C_m[la] (NUMERICS 3.1).
enum Coef { Mu, La, TwoMuLa };

// The terms of L_h (times h^2, not divided) at one point (i, j, k), one helper per kind of
// term of NUMERICS 3.1-3.3, each returning the term with its stretching factors. K >= 0 is
// the free-surface row index (k = K + 1), -1 the interior formula. nzb > 0: the row is the
// mirrored closure of a free bottom at k = nzb (NUMERICS 4.1), k = nzb - K: the closure's
// plane q is nzb + 1 - q, and its first differences in z change sign.
struct Terms {
  const Field& u;
  const Medium& md;
  int i, j, k, K;
  int nzb = 0;

  // The plane of the closure's point q (1..8; 0 the ghost) and the sign of a z difference.
  int plane(int q) const { return nzb > 0 ? nzb + 1 - q : q; }
  Real zsign() const { return nzb > 0 ? Real(-1) : Real(1); }

  // The stretching along d at offset o along d from the point.
  Real s(int d, int o = 0) const {
    const Array1* str[3] = {md.strx, md.stry, md.strz};
    return (*str[d])((d == X ? i : d == Y ? j : k) + o);
  }
  // a at offset o along d and o2 along d2 from the point.
  Real at(const Array3& a, int d, int o, int d2 = X, int o2 = 0) const {
    return a(i + (d == X ? o : 0) + (d2 == X ? o2 : 0), j + (d == Y ? o : 0) + (d2 == Y ? o2 : 0),
             k + (d == Z ? o : 0) + (d2 == Z ? o2 : 0));
  }
  // a at offset o along d (x or y) from the point's column, at level kk.
  Real column(const Array3& a, int d, int o, int kk) const {
    return a(i + (d == X ? o : 0), j + (d == Y ? o : 0), kk);
  }
  const Array3& coef(Coef c) const { return c == La ? *md.la : *md.mu; }

  // NUMERICS 3.1: s^d P_d[c](u_e) = (s^d/6) sum_m C_m (q_m - q_0), c = mu or 2 mu + la.
  Real P(Dir d, Coef c, int e) const {
    Real cm[5], cl[5], Cm[4], Cl[4];
    for (int o = -2; o <= 2; ++o) {
      cm[o + 2] = at(*md.mu, d, o) * s(d, o);
      cl[o + 2] = at(*md.la, d, o) * s(d, o);
    }
    avg4(cm, Cm);
    avg4(cl, Cl);
    Real p = 0;
    for (int m = 0; m < 4; ++m) {
      const Real Cc = c == TwoMuLa ? 2 * Cm[m] + Cl[m] : Cm[m];
      p += Cc * (at(u[e], d, kOff[m]) - u[e](i, j, k));
    }
    return s(d) * p / 6;
  }

  // NUMERICS 3.2: s^a s^b M_ab[c](u_e) = s^a s^b (1/144) delta_a(c delta_b u_e); in a
  // free-surface row a z difference is the one-sided one of NUMERICS 3.3 (below).
  Real M(Dir a, Dir b, Coef c, int e) const {
    if (K >= 0 && b == Z) return M_z_inside(a, c, e);
    if (K >= 0 && a == Z) return M_z_outside(b, c, e);
    Real sum = 0;
    for (int n = 0; n < 4; ++n) {
      Real d = 0;
      for (int l = 0; l < 4; ++l) d += kW[l] * at(u[e], a, kOff[n], b, kOff[l]);
      sum += kW[n] * at(coef(c), a, kOff[n]) * d;
    }
    return s(a) * s(b) * sum / 144;
  }

  // NUMERICS 3.3, z inside, e.g. d_x(la d_z w): s^a (1/12) delta_a(c D^b u_e), D^b the
  // one-sided first difference of row K.
  Real M_z_inside(Dir a, Coef c, int e) const {
    Real sum = 0;
    for (int n = 0; n < 4; ++n) {
      Real db = 0;
      for (int q = 0; q < 8; ++q) db += sbp::bope[K][q] * column(u[e], a, kOff[n], plane(q + 1));
      sum += kW[n] * at(coef(c), a, kOff[n]) * db;
    }
    return zsign() * s(a) * sum / 12;
  }

  // NUMERICS 3.3, z outside, e.g. d_z(mu d_x w): s^b sum_q b_Kq c(i, j, q) (1/12) delta_b u_e(q).
  Real M_z_outside(Dir b, Coef c, int e) const {
    Real sum = 0;
    for (int q = 0; q < 8; ++q) {
      Real d = 0;
      for (int n = 0; n < 4; ++n) d += kW[n] * column(u[e], b, kOff[n], plane(q + 1));
      sum += sbp::bope[K][q] * coef(c)(i, j, plane(q + 1)) * d;
    }
    return zsign() * s(b) * sum / 12;
  }

  // NUMERICS 3.3: the z pure term of row K, sum_q (sum_m a_Kqm c_m) u_e(q) + gamma_K c_1 u_e(0),
  // c = mu or 2 mu + la; no stretching.
  Real P_z_closure(Coef c, int e) const {
    const Array3 &mu = *md.mu, &la = *md.la;
    auto cm = [&](int m) {
      const int p = plane(m);
      return c == TwoMuLa ? 2 * mu(i, j, p) + la(i, j, p) : mu(i, j, p);
    };
    Real z = 0;
    for (int q = 0; q < 8; ++q) {
      Real a = 0;
      for (int m = 0; m < 8; ++m) a += sbp::acof[K][q][m] * cm(m + 1);
      z += a * u[e](i, j, plane(q + 1));
    }
    if (K == 0) z += sbp::ghcof[0] * cm(1) * u[e](i, j, plane(0));
    return z;
  }

  // delta's weights at the offsets -2, -1, 1, 2 (NUMERICS 3.2), and the offsets.
  static constexpr Real kW[4] = {1, -8, 8, -1};
  static constexpr int kOff[4] = {-2, -1, 1, 2};
};

// L_h(u) (times h^2, not divided) of component c at (i, j, k), K as in Terms: line by line
// the terms of NUMERICS 3.1's list and 3.2's table, summed in the order written; in the
// free-surface rows (3.3) the z pure term is the closure's, added last; nzb as in Terms.
inline Real lh(const Field& u, const Medium& md, int c, int i, int j, int k, int K, int nzb = 0) {
  const Terms t{u, md, i, j, k, K, nzb};
  const bool interior = K < 0;
  Real r = 0;
  switch (c) {
    case U:
      r += t.P(X, TwoMuLa, U);
      r += t.P(Y, Mu, U);
      if (interior) r += t.P(Z, Mu, U);
      r += t.M(X, Y, La, V);
      r += t.M(X, Z, La, W);
      r += t.M(Y, X, Mu, V);
      r += t.M(Z, X, Mu, W);
      break;
    case V:
      r += t.P(X, Mu, V);
      r += t.P(Y, TwoMuLa, V);
      if (interior) r += t.P(Z, Mu, V);
      r += t.M(X, Y, Mu, U);
      r += t.M(Y, X, La, U);
      r += t.M(Y, Z, La, W);
      r += t.M(Z, Y, Mu, W);
      break;
    default:
      r += t.P(X, Mu, W);
      r += t.P(Y, Mu, W);
      if (interior) r += t.P(Z, TwoMuLa, W);
      r += t.M(X, Z, Mu, U);
      r += t.M(Y, Z, Mu, V);
      r += t.M(Z, X, La, U);
      r += t.M(Z, Y, La, V);
  }
  if (!interior) r += t.P_z_closure(c == W ? TwoMuLa : Mu, c);
  return r;
}

// NUMERICS 5.3 at one point, component c: the super-grid damping term that is subtracted.
inline Real damping(const Field& u, const Field& um, const Array3& rho, const Profiles& px,
                      const Profiles& py, const Profiles& pz, int c, int i, int j, int k,
                      Real beta) {
  auto w = [&](int a, int b, int d) { return u[c](a, b, d) - um[c](a, b, d); };
  auto term = [&](int dir) {
    Real sum = 0;
    for (int o = -1; o <= 1; ++o) {
      const int a = i + (dir == 0 ? o : 0), b = j + (dir == 1 ? o : 0), d = k + (dir == 2 ? o : 0);
      const int e[3] = {dir == 0, dir == 1, dir == 2};
      const Real d2 = w(a + e[0], b + e[1], d + e[2]) - 2 * w(a, b, d) +
                        w(a - e[0], b - e[1], d - e[2]);
      const Real dc = dir == 0 ? px.dc(a) : dir == 1 ? py.dc(b) : pz.dc(d);
      sum += (o == 0 ? -2 : 1) * rho(a, b, d) * dc * d2;
    }
    return sum;
  };
  return beta / rho(i, j, k) *
         (px.str(i) * py.co(j) * pz.co(k) * term(0) + py.str(j) * px.co(i) * pz.co(k) * term(1) +
          pz.str(k) * px.co(i) * py.co(j) * term(2));
}

}  // namespace reference

// L_h(u) at every point of `eval` by the formula above, consumed as `mode` says: the same
// contract as rhs4 (stencil.hpp), threads over planes. nz_bottom > 0: the bottom k = nz_bottom
// is a free surface too, its rows nz_bottom - 5..nz_bottom the mirrored closure (NUMERICS 4.1);
// the tuned kernels have no such rows, and a piece with a free bottom runs these rows here
// (subdomain.hpp, apply_lh).
template <Update mode>
void rhs4_reference(const Field& u, const Medium& md, const Box& eval, bool free_surface_top,
                    double h, const Target& t, int nz_bottom = 0) {
  const Real cof = 1.0 / (h * h);
  SW4_OMP(parallel for schedule(static))
  for (int k = eval.kb; k <= eval.ke; ++k) {
    int K = free_surface_top && k <= 6 ? k - 1 : -1;  // SBP row, or -1: interior
    const bool bottom = nz_bottom > 0 && k > nz_bottom - 6;
    if (bottom) K = nz_bottom - k;
    const int nzb = bottom ? nz_bottom : 0;
    for (int j = eval.jb; j <= eval.je; ++j)
      for (int i = eval.ib; i <= eval.ie; ++i)
        kernel::store<mode>(t.out, t.u, t.um, t.rho, t.factor, u[0].index(i, j, k),
                            cof * reference::lh(u, md, 0, i, j, k, K, nzb),
                            cof * reference::lh(u, md, 1, i, j, k, K, nzb),
                            cof * reference::lh(u, md, 2, i, j, k, K, nzb));
  }
}

}  // namespace sw4
