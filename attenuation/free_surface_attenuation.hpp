// attenuation/free_surface_attenuation.hpp: the memory variables' share of a free surface, flat
// (NUMERICS 36.3) or curved (36.9): the ghost values of U that make the visco-elastic traction,
// not the elastic one, equal the prescribed traction.
//
// Why built so: with attenuation the stress is sigma(mu, la; u) - sum_nu sigma(muVE_nu, laVE_nu;
// alpha_nu), and only U has ghost points: the memory variables enter the condition through the
// one-sided derivative without a ghost point (the same closure their operator uses) and the
// stretched centred tangential differences. The elastic condition of boundary.hpp has already
// put the ghost where the elastic traction balances; the memory terms are linear in the ghost's
// coefficient, so adding their share divided by that coefficient gives the whole condition,
// and the elastic path stays one body for every run. Columns as the elastic condition's: two
// off the array's edges. On the curved surface the share is known before the ghost solve, so
// it joins the boundary forcing there (CurvilinearMemoryShare).
#pragma once

#include <vector>

#include "attenuation/memory_variables.hpp"
#include "boundary.hpp"
#include "topography/boundary_curvilinear.hpp"

namespace sw4 {

// The one-sided normal difference at the plane k1 without a ghost point, sum_{w=1..5} s_w
// f(k1 + dir (w - 1)) with s = (-25/12, 4, -3, 4/3, -1/4): dir = +1 at the top (k1 = 1), -1 at
// the bottom (k1 = nz), where the outward derivative changes sign.
inline double normal_no_ghost(const Real* f, long q, long sk, int dir) {
  const long s = dir * sk;
  return -25.0 / 12 * f[q] + 4.0 * f[q + s] - 3.0 * f[q + 2 * s] + 4.0 / 3 * f[q + 3 * s] - 0.25 * f[q + 4 * s];
}

// u's ghost plane at k1 - dir gets the memory variables' share of the traction.
inline void free_surface_memory_side(Field& u, const Array3& mu, const Array3& la, const MemoryVariables& mv,
                                     const std::vector<Field>& alpha, const Array1& strx, const Array1& stry,
                                     int k1, int dir) {
  const Box& b = u[0].box;
  const long sj = u[0].sj, sk = u[0].sk;
  const double b0 = sbp::sbop[0];
  SW4_OMP(parallel for schedule(static))
  for (int j = b.jb + 2; j <= b.je - 2; ++j)
    for (int i = b.ib + 2; i <= b.ie - 2; ++i) {
      const long q = u[0].index(i, j, k1);
      const double sx = strx(i), sy = stry(j);
      double g[3] = {0, 0, 0};
      for (int nu = 0; nu < mv.n; ++nu) {
        const Real* al[3] = {alpha[nu][0].data(), alpha[nu][1].data(), alpha[nu][2].data()};
        const double m = mv.mu[nu].v[q], l = mv.la[nu].v[q];
        g[0] += m * (dir * normal_no_ghost(al[0], q, sk, dir) + sx * tangential_at(al[2], q, 1));
        g[1] += m * (dir * normal_no_ghost(al[1], q, sk, dir) + sy * tangential_at(al[2], q, sj));
        g[2] += (2 * m + l) * dir * normal_no_ghost(al[2], q, sk, dir) +
                l * (sx * tangential_at(al[0], q, 1) + sy * tangential_at(al[1], q, sj));
      }
      const double m0 = mu.v[q], l0 = la.v[q], d = dir * b0;
      u[0].v[q - dir * sk] += Real(g[0] / (d * m0));
      u[1].v[q - dir * sk] += Real(g[1] / (d * m0));
      u[2].v[q - dir * sk] += Real(g[2] / (d * (2 * m0 + l0)));
    }
}

// Both flat free surfaces a piece may have: the top (k = 1) and a free bottom (k = nz).
inline void free_surface_memory(Field& u, const Bc bc[6], int nz, const Array3& mu, const Array3& la,
                                const MemoryVariables& mv, const std::vector<Field>& alpha, const Array1& strx,
                                const Array1& stry) {
  if (bc[4] == Bc::FreeSurface) free_surface_memory_side(u, mu, la, mv, alpha, strx, stry, 1, 1);
  if (bc[5] == Bc::FreeSurface) free_surface_memory_side(u, mu, la, mv, alpha, strx, stry, nz, -1);
}

// The curved free surface of grid 1 (NUMERICS 36.9): each mechanism's k-flux of alpha_nu with
// its moduli, divided by s^x s^y as the ghost solve's forcing is, the tangential part as U's
// and the normal one the difference without a ghost point, B(n, n) w = mu |n|^2 w + (lambda +
// mu) n (n . w). Added to the forcing tau, so that the visco-elastic traction of U and the
// alphas, not U's alone, carries the prescribed one.
struct CurvilinearMemoryShare : SurfaceShare {
  const MemoryVariables* mv;
  const std::vector<Field>* alpha;
  const Metric* met;
  const Array1 *strx, *stry;
  CurvilinearMemoryShare(const MemoryVariables* m, const std::vector<Field>* a, const Metric* g, const Array1* sx,
                         const Array1* sy)
      : mv(m), alpha(a), met(g), strx(sx), stry(sy) {}
  void add(int i, int j, long q, double tau[3]) const override {
    const double m1 = met->m1(i, j, 1), m2 = met->m2(i, j, 1), m3 = met->m3(i, j, 1), m4 = met->m4(i, j, 1);
    const double sx = (*strx)(i), sy = (*stry)(j);
    const double n[3] = {sx * m2, sy * m3, m4}, nn = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
    const double isxy = 1 / (sx * sy);
    for (int nu = 0; nu < mv->n; ++nu) {
      const Field& a = (*alpha)[std::size_t(nu)];
      const Real* f[3] = {a[0].data(), a[1].data(), a[2].data()};
      const double m = mv->mu[std::size_t(nu)].v[std::size_t(q)], l = mv->la[std::size_t(nu)].v[std::size_t(q)];
      double t[3], w[3];
      curvilinear_tangential_flux(f, q, a[0].sj, m, l, m1, m2, m3, m4, sx, sy, t);
      for (int c = 0; c < 3; ++c) w[c] = normal_no_ghost(f[c], q, a[0].sk, 1);
      const double nw = n[0] * w[0] + n[1] * w[1] + n[2] * w[2];
      for (int c = 0; c < 3; ++c) tau[c] += t[c] + isxy * (m * nn * w[c] + (l + m) * n[c] * nw);
    }
  }
};

}  // namespace sw4
