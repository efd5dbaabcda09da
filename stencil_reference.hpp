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

// L_h(u) (times h^2, not divided) of component c at (i, j, k); K >= 0 is the free-surface row
// index (k = K + 1) or -1 for the interior formula.
inline Real lh(const Field& uf, const Medium& md, int c, int i, int j, int k, int K) {
  const Array3& mu = *md.mu;
  const Array3& la = *md.la;
  const Array1* str[3] = {md.strx, md.stry, md.strz};
  const int at[3] = {i, j, k};
  auto U = [&](int comp, int di, int dj, int dk) { return uf[comp](i + di, j + dj, k + dk); };
  auto C = [&](const Array3& a, int di, int dj, int dk) { return a(i + di, j + dj, k + dk); };
  auto off = [](int d, int o, int& di, int& dj, int& dk) {
    di = d == 0 ? o : 0;
    dj = d == 1 ? o : 0;
    dk = d == 2 ? o : 0;
  };
  Real r = 0;
  // Pure terms: P_d[coef](u_c); the coefficient is 2 mu + la along d == c.
  for (int d = 0; d < 3; ++d) {
    if (d == 2 && K >= 0) continue;
    Real cm[5], cl[5], Cm[4], Cl[4];
    for (int o = -2; o <= 2; ++o) {
      int di, dj, dk;
      off(d, o, di, dj, dk);
      const Real s = (*str[d])(at[d] + o);
      cm[o + 2] = C(mu, di, dj, dk) * s;
      cl[o + 2] = C(la, di, dj, dk) * s;
    }
    avg4(cm, Cm);
    avg4(cl, Cl);
    const int offs[4] = {-2, -1, 1, 2};
    Real p = 0;
    for (int m = 0; m < 4; ++m) {
      int di, dj, dk;
      off(d, offs[m], di, dj, dk);
      const Real coef = d == c ? 2 * Cm[m] + Cl[m] : Cm[m];
      p += coef * (U(c, di, dj, dk) - U(c, 0, 0, 0));
    }
    r += (*str[d])(at[d]) * p / 6;
  }
  // Mixed terms d_a(coef d_b u_e) / 144 with centre factors s_a s_b; (a, b, coefficient, e).
  struct Mixed {
    int a, b;
    bool lambda;
    int e;
  };
  const Mixed terms[3][4] = {
      {{0, 1, true, 1}, {0, 2, true, 2}, {1, 0, false, 1}, {2, 0, false, 2}},
      {{0, 1, false, 0}, {1, 0, true, 0}, {1, 2, true, 2}, {2, 1, false, 2}},
      {{0, 2, false, 0}, {1, 2, false, 1}, {2, 0, true, 0}, {2, 1, true, 1}}};
  const Real w4[4] = {1, -8, 8, -1};
  const int o4[4] = {-2, -1, 1, 2};
  for (const Mixed& m : terms[c]) {
    const Array3& coef = m.lambda ? la : mu;
    const Real sab = (*str[m.a])(at[m.a]) * (*str[m.b])(at[m.b]);
    if (K >= 0 && (m.a == 2 || m.b == 2)) {
      // NUMERICS 3.3: one-sided D^b along z, centred 4th order along the other direction,
      // only the stretching of that other direction.
      const int other = m.a == 2 ? m.b : m.a;
      const Real s = (*str[other])(at[other]);
      Real sum = 0;
      if (m.b == 2) {  // z inside: delta_other(coef D^b u_e)
        for (int n = 0; n < 4; ++n) {
          int di, dj, dk;
          off(other, o4[n], di, dj, dk);
          Real db = 0;
          for (int q = 0; q < 8; ++q) db += sbp::bope[K][q] * uf[m.e](i + di, j + dj, q + 1);
          sum += w4[n] * coef(i + di, j + dj, k) * db;
        }
      } else {  // z outside: sum_q bope coef(q) delta_other u_e(q)
        for (int q = 0; q < 8; ++q) {
          Real d = 0;
          for (int n = 0; n < 4; ++n) {
            int di, dj, dk;
            off(other, o4[n], di, dj, dk);
            d += w4[n] * uf[m.e](i + di, j + dj, q + 1);
          }
          sum += sbp::bope[K][q] * coef(i, j, q + 1) * d;
        }
      }
      r += s * sum / 12;
      continue;
    }
    Real sum = 0;
    for (int n = 0; n < 4; ++n) {
      int ai, aj, ak;
      off(m.a, o4[n], ai, aj, ak);
      Real d = 0;
      for (int l = 0; l < 4; ++l) {
        int bi, bj, bk;
        off(m.b, o4[l], bi, bj, bk);
        d += w4[l] * U(m.e, ai + bi, aj + bj, ak + bk);
      }
      sum += w4[n] * C(coef, ai, aj, ak) * d;
    }
    r += sab * sum / 144;
  }
  // Free-surface z terms: (mu u_z)_z etc. with the boundary-modified coefficients.
  if (K >= 0) {
    Real z = 0;
    for (int q = 0; q < 8; ++q) {
      Real a = 0;
      for (int m = 0; m < 8; ++m) {
        const Real cm = c == 2 ? 2 * mu(i, j, m + 1) + la(i, j, m + 1) : mu(i, j, m + 1);
        a += sbp::acof[K][q][m] * cm;
      }
      z += a * uf[c](i, j, q + 1);
    }
    if (K == 0) {
      const Real c1 = c == 2 ? 2 * mu(i, j, 1) + la(i, j, 1) : mu(i, j, 1);
      z += sbp::ghcof[0] * c1 * uf[c](i, j, 0);
    }
    r += z;
  }
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
// contract as rhs4 (stencil.hpp), threads over planes.
template <Update mode>
void rhs4_reference(const Field& u, const Medium& md, const Box& eval, bool free_surface_top,
                    double h, const Target& t) {
  const Real cof = 1.0 / (h * h);
  SW4_OMP(parallel for schedule(static))
  for (int k = eval.kb; k <= eval.ke; ++k) {
    const int K = free_surface_top && k <= 6 ? k - 1 : -1;  // SBP row, or -1: interior
    for (int j = eval.jb; j <= eval.je; ++j)
      for (int i = eval.ib; i <= eval.ie; ++i)
        kernel::store<mode>(t.out, t.u, t.um, t.rho, t.factor, u[0].index(i, j, k),
                            cof * reference::lh(u, md, 0, i, j, k, K),
                            cof * reference::lh(u, md, 1, i, j, k, K),
                            cof * reference::lh(u, md, 2, i, j, k, K));
  }
}

}  // namespace sw4
