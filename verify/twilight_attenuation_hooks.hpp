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

struct TwilightAttState {
  TwilightCfg tw;
  double h = 0, z0 = 0;
  bool built = false;
  std::vector<std::array<double, 15>> S;   // alpha's modes over the whole box, [c * 5 + m]
  std::vector<long> index;                 // evaluated points
  std::vector<std::array<double, 15>> LS;  // L_s of each mode there, [m * 3 + c]
  std::function<void(double, double, double, double[3])> elastic_traction, elastic_bottom;
};

inline void build_att_tables(TwilightAttState& s, const TwilightState& e, const Subdomain& sd) {
  const Box& b = sd.box;
  s.S.resize(b.size());
  for (int k = b.kb; k <= b.ke; ++k)
    for (int j = b.jb; j <= b.je; ++j)
      for (int i = b.ib; i <= b.ie; ++i) {
        const double x = (i - 1) * s.h, y = (j - 1) * s.h, z = s.z0 + (k - 1) * s.h;
        const bool ev = sd.eval.contains(i, j, k);
        const std::array<Stretch, 3> st = e.stretches_at(x, y, z - s.z0);
        const AlphaPoint a = alpha_point(s.tw, x, y, z, st.data(), ev);
        std::array<double, 15>& q = s.S[std::size_t(b.index(i, j, k))];
        for (int c = 0; c < 3; ++c)
          for (int m = 0; m < 5; ++m) q[c * 5 + m] = a.S[c][m];
        if (!ev) continue;
        std::array<double, 15> l{};
        for (int m = 0; m < 5; ++m)
          for (int c = 0; c < 3; ++c) l[m * 3 + c] = a.LS[m][c];
        s.index.push_back(b.index(i, j, k));
        s.LS.push_back(l);
      }
  s.built = true;
}

// G^(d) = alpha^(d+1)/omega + alpha^(d) - u^(d) at array point p, d = 0, 1, 2.
inline void att_ode_forcing(const TwilightAttState& s, const TwilightState& e, const TimeModes& T, double omega,
                            double t, long p, double G[3][3]) {
  const double wc = s.tw.omega * s.tw.c, ct = std::cos(wc * t), st = std::sin(wc * t);
  const std::array<double, 15>& q = s.S[std::size_t(p)];
  for (int c = 0; c < 3; ++c) {
    double al[4];
    for (int d = 0; d < 4; ++d) {
      al[d] = 0;
      for (int m = 0; m < 5; ++m) al[d] += T.d[d][m] * q[c * 5 + m];
    }
    const double A = e.g0.A[c].v[std::size_t(p)], B = e.g0.B[c].v[std::size_t(p)];
    const double u0 = ct * A - st * B, u1 = -wc * (st * A + ct * B), u2 = -wc * wc * u0;
    G[c][0] = al[1] / omega + al[0] - u0;
    G[c][1] = al[2] / omega + al[1] - u1;
    G[c][2] = al[3] / omega + al[2] - u2;
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
    const std::array<double, 5>& w = T.d[stage == 0 ? 0 : 2];
    for (std::size_t n = 0; n < s->index.size(); ++n) {
      const std::array<double, 15>& l = s->LS[n];
      double f[3] = {0, 0, 0};
      for (int m = 0; m < 5; ++m)
        for (int c = 0; c < 3; ++c) f[c] += w[m] * l[m * 3 + c];
      p.add_force(s->index[n], f[0], f[1], f[2], stage);
    }
  };
  // ensure: a partition that migrated after its predictor runs its corrector here first
  sd.memory_forcing = [s, E, ensure](Subdomain& p, int stage, double t) {
    ensure(p);
    const double om = p.att.omega[0], dt = p.dt;
    const TimeModes T = time_modes(s->tw, t);
    const double cp = stage == 0 ? memory_predictor_cp(om, dt) : memory_corrector_cp(om, dt);
    Field& ap = p.att.ap[0];
    for (long q = 0; q < long(p.box.size()); ++q) {
      double G[3][3];
      att_ode_forcing(*s, *E, T, om, t, q, G);
      for (int c = 0; c < 3; ++c) {
        const double g = stage == 0 ? G[c][0]
                                    : G[c][0] + dt * dt / 6 * (om * om * G[c][0] + 2 * om * G[c][1] + G[c][2]);
        ap[c].v[std::size_t(q)] += Real(g / cp);
      }
    }
  };
  auto elastic_initial = sd.initial_data;
  sd.initial_data = [elastic_initial, S](Subdomain& p) {
    elastic_initial(p);
    const Box& b = p.box;
    for (int level = 0; level < 2; ++level) {
      Field& f = level == 0 ? p.att.a[0] : p.att.am[0];
      const double t = level == 0 ? 0 : -p.dt;
      for (int k = b.kb; k <= b.ke; ++k)
        for (int j = b.jb; j <= b.je; ++j)
          for (int i = b.ib; i <= b.ie; ++i) {
            const auto a = twilight_alpha(S->tw, (i - 1) * S->h, (j - 1) * S->h, S->z0 + (k - 1) * S->h, t);
            for (int c = 0; c < 3; ++c) f[c](i, j, k) = Real(a[c]);
          }
    }
  };
  s->elastic_traction = E->data0.traction;
  if (s->elastic_traction)
    E->data0.traction = [S, E](double x, double y, double t, double tau[3]) {
      S->elastic_traction(x, y, t, tau);
      const std::array<Stretch, 3> st = E->stretches_at(x, y, 0);
      double v[3];
      twilight_visco_traction(S->tw, x, y, S->z0, t, st[0].s, st[1].s, v);
      for (int c = 0; c < 3; ++c) tau[c] -= v[c];
    };
  s->elastic_bottom = E->data0.traction_bottom;
  if (s->elastic_bottom)  // a free bottom: the same share at z = zmax (the plane k = nz)
    E->data0.traction_bottom = [S, E](double x, double y, double t, double tau[3]) {
      S->elastic_bottom(x, y, t, tau);
      const double zb = (E->nz - 1) * E->h;
      const std::array<Stretch, 3> st = E->stretches_at(x, y, zb);
      double v[3];
      twilight_visco_traction(S->tw, x, y, zb, t, st[0].s, st[1].s, v);
      for (int c = 0; c < 3; ++c) tau[c] -= v[c];
    };
  sd.hook_state = std::make_shared<std::pair<std::shared_ptr<const void>, std::shared_ptr<TwilightAttState>>>(
      sd.hook_state, s);
}

}  // namespace sw4
