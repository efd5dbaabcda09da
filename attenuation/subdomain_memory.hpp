// attenuation/subdomain_memory.hpp: the memory variables' parts of a piece's phases (NUMERICS
// 36.1-36.2): -sum_nu L_h^0(alpha_nu) into U*, U+, and alpha's predictor and corrector.
//
// Part of subdomain.hpp, which includes it at its end (include subdomain.hpp, not this).
//
// Why built so: the phases of subdomain.hpp call one method each where attenuation adds work,
// so an elastic run reads as before and pays one test; what the memory variables do lives
// here, beside their formulas (memory_variables.hpp).
#pragma once

#include <vector>

#include "attenuation/relaxation.hpp"

namespace sw4 {

// -sum_nu L_h^0(alpha_nu) with the mechanisms' moduli, added to U+ as `factor` says (-dt^2 in
// the predictor, -dt^4/12 in the corrector): the closure without a ghost point, through the
// extrapolated ghost planes (memory_variables.hpp). level: which of alpha's three levels, the
// same on both grids; under topography grid 1's share goes into its own U+ by the curvilinear
// operator, whose rows at the curved surface read the ghost plane as the Cartesian ones do.
inline void Subdomain::apply_memory_lh(std::vector<Field> MemoryVariables::*level, double factor) {
  Target tg;
  for (int c = 0; c < 3; ++c) tg.out[c] = up[c].data();
  tg.rho = rho.data();
  tg.factor = Real(factor);
  std::vector<Field>& alpha = att.*level;
  for (int nu = 0; nu < att.n; ++nu) {
    if (free_surface_top) extrapolate_ghost(alpha[std::size_t(nu)], 0, 1);
    if (bc[5] == Bc::FreeSurface) extrapolate_ghost(alpha[std::size_t(nu)], grid.nz + 1, -1);
    const Medium md{&att.mu[std::size_t(nu)], &att.la[std::size_t(nu)], &px.str, &py.str, &pz.str};
    apply_lh_with<Update::Corrector>(md, alpha[std::size_t(nu)], eval, tg);
  }
  if (!topo) return;
  const Target tg1 = detail::target(top.up, nullptr, nullptr, top.rho, factor);
  std::vector<Field>& alpha1 = top.att.*level;
  for (int nu = 0; nu < top.att.n; ++nu) {
    extrapolate_ghost(alpha1[std::size_t(nu)], 0, 1);
    const CurvMedium md{&top.att.mu[std::size_t(nu)], &top.att.la[std::size_t(nu)], &top.met, &px.str, &py.str};
    if (reference_kernel) rhs_curvilinear_reference<Update::Corrector>(alpha1[std::size_t(nu)], md, top.eval, tg1);
    else rhs_curvilinear<Update::Corrector>(alpha1[std::size_t(nu)], md, top.eval, tg1);
  }
}

// alpha+ by the predictor from U at t (on each grid), then a test problem's share.
inline void Subdomain::memory_predictor_phase(double t) {
  for (int nu = 0; nu < att.n; ++nu)
    memory_predictor(att.ap[std::size_t(nu)], att.am[std::size_t(nu)], u, att.omega[std::size_t(nu)], dt);
  for (int nu = 0; nu < top.att.n; ++nu)
    memory_predictor(top.att.ap[std::size_t(nu)], top.att.am[std::size_t(nu)], top.u, top.att.omega[std::size_t(nu)],
                     dt);
  if (memory_forcing) memory_forcing(*this, 0, t);
}

// alpha+ by the corrector from U* (its boundary conditions done), U and Um, a test problem's
// share, then alpha'' into the oldest level for the corrector's L_h^0; on each grid.
inline void Subdomain::memory_corrector_phase(double t) {
  for (int nu = 0; nu < att.n; ++nu)
    memory_corrector(att.ap[std::size_t(nu)], att.am[std::size_t(nu)], up, u, um, att.omega[std::size_t(nu)], dt);
  for (int nu = 0; nu < top.att.n; ++nu)
    memory_corrector(top.att.ap[std::size_t(nu)], top.att.am[std::size_t(nu)], top.up, top.u, top.um,
                     top.att.omega[std::size_t(nu)], dt);
  if (memory_forcing) memory_forcing(*this, 1, t);
  for (int nu = 0; nu < att.n; ++nu)
    memory_acceleration(att.am[std::size_t(nu)], att.a[std::size_t(nu)], att.ap[std::size_t(nu)], dt);
  for (int nu = 0; nu < top.att.n; ++nu)
    memory_acceleration(top.att.am[std::size_t(nu)], top.att.a[std::size_t(nu)], top.att.ap[std::size_t(nu)], dt);
}

// nmech = 0: U+ times each point's factor, made on the first step (dt is known then) by SW4's
// formula (relaxation.hpp, NUMERICS 35.6); on grid 1 too.
inline void Subdomain::simple_attenuation_phase() {
  auto scale = [&](MemoryVariables& mv, Field& f) {
    if (mv.factor.v.size() != mv.qs.v.size()) {
      mv.factor.define(mv.qs.box);
      for (std::size_t p = 0; p < mv.qs.v.size(); ++p)
        mv.factor.v[p] = Real(simple_attenuation_factor(mv.simple_freq, dt, mv.qs.v[p]));
    }
    simple_attenuation(f, mv.factor);
  };
  scale(att, up);
  if (top.att.simple) scale(top.att, top.up);
}

}  // namespace sw4
