// verify/energy_attenuation.hpp: testenergy's energy with the memory variables (NUMERICS 36.7),
// summed exactly per step as the elastic one (energy.hpp, which includes this file).
//
// Why built so: with alpha_nu the stress is sigma(C; u) - sum_nu sigma(C_nu; alpha_nu), C the
// unrelaxed moduli, C_nu the mechanisms', R = C - sum C_nu the relaxed ones. L_h's closure makes
// <L_h(X) w, v> = -S_X(w, v) - (the surface's traction term of w under X) for any ghost value of
// w, S_X symmetric, positive for positive moduli, and linear in X. The traction condition of U
// (with the memory variables' share) cancels the surface terms, so the scheme is
// rho U_tt = K(U, A) with <K(U, A), v> = -S_R(U, v) - sum S_nu(U - A_nu, v), and
//
//   E(n) = sum w [rho |U - Um|^2/dt^2] + S_R(U, Um) + sum_nu [S_nu(U - A, Um - Am) + S_nu(A - Am, A - Am)/2]
//          - (dt^2/12) sum w K(U, A).K(Um, Am)/rho
//
// (U, A at t_n, Um, Am at t_(n-1)) changes by -sum_nu S_nu(A+ - Am, A+ - Am)/(2 dt omega_nu) <= 0
// a step under the second-order parts of the scheme (derivation in NUMERICS 36.7): exactly, up
// to rounding, in the second order in time, whose E has no dt^2 term (36.8). S_X(w, v) is
// computed as -<L_h(X) w^, v>, w^ being w with its ghost plane re-solved traction-free under X,
// by the solver's own kernel and ghost solve. Copies only: the run's fields are not touched.
#pragma once

#include <utility>
#include <vector>

#include "attenuation/memory_variables.hpp"
#include "boundary.hpp"
#include "norms.hpp"
#include "sbp.hpp"
#include "subdomain.hpp"

namespace sw4 {
namespace energy_detail {

inline Field zeros_like(const Box& b) {
  Field f;
  for (int c = 0; c < 3; ++c) f[c].define(b);
  return f;
}
// a + s b at every point of the array box, ghosts included
inline Field plus(const Field& a, double s, const Field& b) {
  Field f = a;
  for (int c = 0; c < 3; ++c)
    for (std::size_t p = 0; p < f[c].v.size(); ++p) f[c].v[p] = Real(double(a[c].v[p]) + s * double(b[c].v[p]));
  return f;
}

}  // namespace energy_detail

// w_k: the SBP weights of the rows k = 1..4 under a free surface (top), 1 elsewhere (NUMERICS 26).
inline double energy_row_weight(bool top, int k) { return top && k <= 4 ? double(sbp::hnorm[k - 1]) : 1.0; }

// The weight of a Cartesian point in E: h^3 w_k / (s^x s^y s^z).
inline auto energy_weight(const Subdomain& sd) {
  const double h = sd.grid.h, h3 = h * h * h;
  return [&sd, h3](int i, int j, int k) {
    return h3 * energy_row_weight(sd.free_surface_top, k) / (double(sd.px.str(i)) * sd.py.str(j) * sd.pz.str(k));
  };
}

// coef S_X(f, v) into the sum over the piece's owned points, X = (m, l): f's ghost plane made
// traction-free under X, then -<L_h(X) f, v>.
template <class Weight>
void add_form(Subdomain& sd, const Array3& m, const Array3& l, Field f, const Field& v, double coef,
              Weight w, ExactSum& sum) {
  if (sd.free_surface_top) free_surface(f, m, l, sd.px.str, sd.py.str, sd.grid, 0, nullptr);
  Field lf = energy_detail::zeros_like(sd.box);
  sd.lh(f, lf, &m, &l);
  const Box& pts = sd.owned;
  for (int k = pts.kb; k <= pts.ke; ++k)
    for (int j = pts.jb; j <= pts.je; ++j)
      for (int i = pts.ib; i <= pts.ie; ++i)
        for (int c = 0; c < 3; ++c) sum.add(-coef * w(i, j, k) * double(lf[c](i, j, k)) * double(v[c](i, j, k)));
}

// Adds this piece's part of E (above) after a step, weight w(i, j, k) per point as energy.hpp's.
template <class Weight>
void add_attenuation_energy(Subdomain& sd, Weight w, ExactSum& sum) {
  using energy_detail::plus;
  using energy_detail::zeros_like;
  MemoryVariables& at = sd.att;
  const Box& pts = sd.owned;
  auto form = [&](const Array3& m, const Array3& l, Field f, const Field& v, double coef) {
    add_form(sd, m, l, std::move(f), v, coef, w, sum);
  };
  // K(f, alpha) = L_h(C) f - sum L_h^0(C_nu) alpha_nu: f's ghost as the run left it, alpha's
  // extrapolated (the closure without a ghost point, NUMERICS 36.1)
  auto K = [&](const Field& f, const std::vector<Field>& alpha) {
    Field out = zeros_like(sd.box), l0 = zeros_like(sd.box);
    sd.lh(f, out);
    for (int nu = 0; nu < at.n; ++nu) {
      Field a = alpha[std::size_t(nu)];
      if (sd.free_surface_top) extrapolate_ghost(a, 0, 1);
      sd.lh(a, l0, &at.mu[std::size_t(nu)], &at.la[std::size_t(nu)]);
      for (int c = 0; c < 3; ++c)
        for (std::size_t p = 0; p < out[c].v.size(); ++p) out[c].v[p] -= l0[c].v[p];
    }
    return out;
  };

  Array3 muR = sd.mu, laR = sd.la;
  for (int nu = 0; nu < at.n; ++nu)
    for (std::size_t p = 0; p < muR.v.size(); ++p) {
      muR.v[p] -= at.mu[std::size_t(nu)].v[p];
      laR.v[p] -= at.la[std::size_t(nu)].v[p];
    }
  const double dt = sd.dt, q = dt * dt / 12;
  const bool fourth = sd.time_order == 4;  // the second order's E has no dt^2 term (36.8)
  Field ku, kum;
  if (fourth) {
    ku = K(sd.u, at.a);
    kum = K(sd.um, at.am);
  }
  for (int k = pts.kb; k <= pts.ke; ++k)
    for (int j = pts.jb; j <= pts.je; ++j)
      for (int i = pts.ib; i <= pts.ie; ++i) {
        const double wp = w(i, j, k), r = sd.rho(i, j, k);
        for (int c = 0; c < 3; ++c) {
          const double v = (double(sd.u[c](i, j, k)) - double(sd.um[c](i, j, k))) / dt;
          sum.add(wp * r * v * v);
          if (fourth) sum.add(-wp * q * double(ku[c](i, j, k)) * double(kum[c](i, j, k)) / r);
        }
      }
  form(muR, laR, sd.u, sd.um, 1);
  for (int nu = 0; nu < at.n; ++nu) {
    const Array3 &m = at.mu[std::size_t(nu)], &l = at.la[std::size_t(nu)];
    const Field &A = at.a[std::size_t(nu)], &Am = at.am[std::size_t(nu)];
    form(m, l, plus(sd.u, -1, A), plus(sd.um, -1, Am), 1);
    const Field dA = plus(A, -1, Am);
    form(m, l, dA, dA, 0.5);
  }
}

}  // namespace sw4
