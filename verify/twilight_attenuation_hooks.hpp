// verify/twilight_attenuation_hooks.hpp: twilight with attenuation enters a piece through the
// Subdomain's hooks (NUMERICS 36.5): the memory variable's initial data, the body force's
// visco-elastic share, the ODE's forcing after the predictor and the corrector, and the
// visco-elastic share of the surface traction.
//
// Part of verify/verify_hooks.hpp (include subdomain.hpp, not this).
//
// Why built so: the elastic twilight hooks stay as they are; these wrap them, adding what the
// memory variable needs, so a run without attenuation pays nothing. The ODE's forcing goes in
// as the solver's own formulas take the displacement: the predictor's alpha+ = (u + G - c_m
// alpha-)/c_p takes G at t, the corrector's fourth-order form takes G + dt^2 (omega^2 G +
// 2 omega G' + G'')/6 (NUMERICS 36.2), with the exact time derivatives. Tables are built
// lazily, where the piece lives, as the elastic ones are.
#pragma once

#include <memory>
#include <vector>

#include "verify/twilight_attenuation.hpp"

namespace sw4 {

// One grid's tables: alpha's modes over the whole array box, and L_s of each mode at the
// evaluated points.
struct AttGridTable {
  std::vector<std::array<double, 15>> S;   // [c * 5 + m]
  std::vector<long> index;                 // evaluated points
  std::vector<std::array<double, 15>> LS;  // [m * 3 + c]
};

struct TwilightAttState {
  TwilightCfg tw;
  double h = 0, z0 = 0;
  bool built = false;
  AttGridTable g0, g1;  // the Cartesian grid, and the curvilinear one under topography
  std::function<void(double, double, double, double[3])> elastic_traction, elastic_bottom;
  SurfaceForcing elastic_surface;
};

// X(i, j, k): a point's (x, y, z); its stretching is taken at z - z0, as u's tables take it.
template <class Coord>
void build_att_table(AttGridTable& tb, const TwilightAttState& s, const TwilightState& e, const Box& b,
                     const Box& eval, Coord X) {
  tb.S.resize(b.size());
  for (int k = b.kb; k <= b.ke; ++k)
    for (int j = b.jb; j <= b.je; ++j)
      for (int i = b.ib; i <= b.ie; ++i) {
        const std::array<double, 3> x = X(i, j, k);
        const bool ev = eval.contains(i, j, k);
        const std::array<Stretch, 3> st = e.stretches_at(x[0], x[1], x[2] - s.z0);
        const AlphaPoint a = alpha_point(s.tw, x[0], x[1], x[2], st.data(), ev);
        std::array<double, 15>& q = tb.S[std::size_t(b.index(i, j, k))];
        for (int c = 0; c < 3; ++c)
          for (int m = 0; m < 5; ++m) q[c * 5 + m] = a.S[c][m];
        if (!ev) continue;
        std::array<double, 15> l{};
        for (int m = 0; m < 5; ++m)
          for (int c = 0; c < 3; ++c) l[m * 3 + c] = a.LS[m][c];
        tb.index.push_back(b.index(i, j, k));
        tb.LS.push_back(l);
      }
}

inline void build_att_tables(TwilightAttState& s, const TwilightState& e, const Subdomain& sd) {
  const double h = s.h, z0 = s.z0;
  build_att_table(s.g0, s, e, sd.box, sd.eval, [&](int i, int j, int k) {
    return std::array<double, 3>{(i - 1) * h, (j - 1) * h, z0 + (k - 1) * h};
  });
  if (sd.topo)
    build_att_table(s.g1, s, e, sd.top.box, sd.top.eval, [&](int i, int j, int k) {
      return std::array<double, 3>{(i - 1) * h, (j - 1) * h, sd.topography.map.z(i, j, k)};
    });
  s.built = true;
}

// G^(d) = alpha^(d+1)/omega + alpha^(d) - u^(d) at array point p of a grid (its tables a, e),
// d = 0, 1, 2.
inline void att_ode_forcing(const AttGridTable& a, const TwilightGridTable& e, const TwilightCfg& tw,
                            const TimeModes& T, double omega, double t, long p, double G[3][3]) {
  const double wc = tw.omega * tw.c, ct = std::cos(wc * t), st = std::sin(wc * t);
  const std::array<double, 15>& q = a.S[std::size_t(p)];
  for (int c = 0; c < 3; ++c) {
    double al[4];
    for (int d = 0; d < 4; ++d) {
      al[d] = 0;
      for (int m = 0; m < 5; ++m) al[d] += T.d[d][m] * q[c * 5 + m];
    }
    const double A = e.A[c].v[std::size_t(p)], B = e.B[c].v[std::size_t(p)];
    const double u0 = ct * A - st * B, u1 = -wc * (st * A + ct * B), u2 = -wc * wc * u0;
    G[c][0] = al[1] / omega + al[0] - u0;
    G[c][1] = al[2] / omega + al[1] - u1;
    G[c][2] = al[3] / omega + al[2] - u2;
  }
}

// The ODE's share in alpha+ over one grid's box (stage 0: the predictor's, 1: the corrector's).
inline void add_att_ode_forcing(Field& ap, const AttGridTable& a, const TwilightGridTable& e, const TwilightCfg& tw,
                                double om, double dt, int stage, double t) {
  const TimeModes T = time_modes(tw, t);
  const double cp = stage == 0 ? memory_predictor_cp(om, dt) : memory_corrector_cp(om, dt);
  for (long q = 0; q < long(ap[0].v.size()); ++q) {
    double G[3][3];
    att_ode_forcing(a, e, tw, T, om, t, q, G);
    for (int c = 0; c < 3; ++c) {
      const double g = stage == 0 ? G[c][0] : G[c][0] + dt * dt / 6 * (om * om * G[c][0] + 2 * om * G[c][1] + G[c][2]);
      ap[c].v[std::size_t(q)] += Real(g / cp);
    }
  }
}

// The body force's visco-elastic share at one grid's evaluated points.
template <class Add>
void add_att_body_force(const AttGridTable& a, const TimeModes& T, int stage, Add add) {
  const std::array<double, 5>& w = T.d[stage == 0 ? 0 : 2];
  for (std::size_t n = 0; n < a.index.size(); ++n) {
    const std::array<double, 15>& l = a.LS[n];
    double f[3] = {0, 0, 0};
    for (int m = 0; m < 5; ++m)
      for (int c = 0; c < 3; ++c) f[c] += w[m] * l[m * 3 + c];
    add(a.index[n], f[0], f[1], f[2]);
  }
}

inline void install_twilight_attenuation(Subdomain& sd, TwilightState* E) {
  auto s = std::make_shared<TwilightAttState>();
  s->tw = E->tw;
  s->h = E->h;
  s->z0 = E->z0;
  TwilightAttState* S = s.get();
  auto ensure = [S, E](const Subdomain& p) {  // E's tables first: alpha's forcing reads u's
    ensure_twilight_tables(*E, p);
    if (!S->built) build_att_tables(*S, *E, p);
  };
  auto elastic = sd.extra_forcing;
  sd.extra_forcing = [elastic, s, ensure](Subdomain& p, int stage, double t) {
    elastic(p, stage, t);
    ensure(p);
    const TimeModes T = time_modes(s->tw, t);
    add_att_body_force(s->g0, T, stage, [&](long q, double fx, double fy, double fz) {
      p.add_force(q, fx, fy, fz, stage);
    });
    if (p.topo)
      add_att_body_force(s->g1, T, stage, [&](long q, double fx, double fy, double fz) {
        p.add_force_top(q, fx, fy, fz, stage);
      });
  };
  // ensure: a partition that migrated after its predictor runs its corrector here first
  sd.memory_forcing = [s, E, ensure](Subdomain& p, int stage, double t) {
    ensure(p);
    add_att_ode_forcing(p.att.ap[0], s->g0, E->g0, s->tw, p.att.omega[0], p.dt, stage, t);
    if (p.topo) add_att_ode_forcing(p.top.att.ap[0], s->g1, E->g1, s->tw, p.top.att.omega[0], p.dt, stage, t);
  };
  auto elastic_initial = sd.initial_data;
  sd.initial_data = [elastic_initial, S](Subdomain& p) {
    elastic_initial(p);
    auto fill = [&](MemoryVariables& mv, const Box& b, auto z_of) {
      for (int level = 0; level < 2; ++level) {
        Field& f = level == 0 ? mv.a[0] : mv.am[0];
        const double t = level == 0 ? 0 : -p.dt;
        for (int k = b.kb; k <= b.ke; ++k)
          for (int j = b.jb; j <= b.je; ++j)
            for (int i = b.ib; i <= b.ie; ++i) {
              const auto a = twilight_alpha(S->tw, (i - 1) * S->h, (j - 1) * S->h, z_of(i, j, k), t);
              for (int c = 0; c < 3; ++c) f[c](i, j, k) = Real(a[c]);
            }
      }
    };
    fill(p.att, p.box, [&](int, int, int k) { return S->z0 + (k - 1) * S->h; });
    if (p.topo) fill(p.top.att, p.top.box, [&](int i, int j, int k) { return p.topography.map.z(i, j, k); });
  };
  s->elastic_traction = E->data0.traction;
  if (s->elastic_traction)
    E->data0.traction = [S, E](double x, double y, double t, double tau[3]) {
      S->elastic_traction(x, y, t, tau);
      const std::array<Stretch, 3> st = E->stretches_at(x, y, 0);
      double v[3];
      twilight_visco_traction(S->tw, x, y, 0, t, st[0].s, st[1].s, v);
      for (int c = 0; c < 3; ++c) tau[c] -= v[c];
    };
  s->elastic_bottom = E->data0.traction_bottom;
  if (s->elastic_bottom)  // a free bottom: the same share at z = zmax (the plane k = nz)
    E->data0.traction_bottom = [S, E](double x, double y, double t, double tau[3]) {
      S->elastic_bottom(x, y, t, tau);
      const double zb = E->z0 + (E->nz - 1) * E->h;
      const std::array<Stretch, 3> st = E->stretches_at(x, y, zb - E->z0);
      double v[3];
      twilight_visco_traction(S->tw, x, y, zb, t, st[0].s, st[1].s, v);
      for (int c = 0; c < 3; ++c) tau[c] -= v[c];
    };
  s->elastic_surface = E->surface;
  if (s->elastic_surface)  // the curved top: alpha's k-flux with the mechanism's moduli
    E->surface = [S, E](int i, int j, double t, double tau[3]) {
      S->elastic_surface(i, j, t, tau);
      const double x = (i - 1) * S->h, y = (j - 1) * S->h, z = E->z1(i, j, 1);
      const std::array<Stretch, 3> st = E->stretches_at(x, y, 0);
      double g[3][3], v[3];
      twilight_alpha_gradient(S->tw, x, y, z, t, g);
      const auto m = twilight_visco_at(S->tw, x, y, z);
      curved_flux(g, m[0], m[1], E->piece->top.met, S->h, i, j, st[0].s, st[1].s, v);
      for (int c = 0; c < 3; ++c) tau[c] -= v[c];
    };
  sd.hook_state = std::make_shared<std::pair<std::shared_ptr<const void>, std::shared_ptr<TwilightAttState>>>(
      sd.hook_state, s);
}

}  // namespace sw4
