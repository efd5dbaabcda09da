// verify/twilight_attenuation.hpp: twilight's manufactured solution with attenuation (NUMERICS
// 36.5): SW4's exact memory variable of its one mechanism, the mechanism's moduli, and the
// forcings that make them solve the visco-elastic equations and the memory variable's ODE.
//
// Why built so: as for the elastic part (verify/twilight.hpp) every forcing is the continuous
// residual, by the chain rule and never by a difference formula of the solver. The memory
// variable alpha is a sum of five time modes T_m(wct) in {1, cos, sin, cos 2, sin 2} times
// functions of space, so the body force's share L_s(muVE, laVE) alpha and its second time
// derivative are a few products per step of tables built once per point; the ODE's forcing
// G = alpha'/omega + alpha - u and its time derivatives come from the same modes, exactly. The
// expansions are checked against SW4's closed forms by test_twilight_attenuation.
#pragma once

#include <array>
#include <cmath>

#include "config.hpp"
#include "verify/jet.hpp"
#include "verify/twilight.hpp"

namespace sw4 {

inline Jet operator-(const Jet& a, const Jet& b) { return a + (-1.0) * b; }

// SW4's exact memory variable (its att1..att3), X = wx + ph, Y = wy + ph, Z = wz + ph:
// alpha_1 = cos(w(x - ct) + ph) sin X cos(w(z - ct) + ph), alpha_2 = sin(w(x - ct)) cos(w(y - ct) + ph)
// cos Z, alpha_3 = cos X cos Y sin(w(z - ct) + ph).
inline std::array<double, 3> twilight_alpha(const TwilightCfg& tw, double x, double y, double z, double t) {
  const double w = tw.omega, ph = tw.phase, ct = tw.c * t;
  return {std::cos(w * (x - ct) + ph) * std::sin(w * x + ph) * std::cos(w * (z - ct) + ph),
          std::sin(w * (x - ct)) * std::cos(w * (y - ct) + ph) * std::cos(w * z + ph),
          std::cos(w * x + ph) * std::cos(w * y + ph) * std::sin(w * (z - ct) + ph)};
}

// The five time modes at tau = w c t and their derivatives in t: T_m, T_m', T_m'', T_m'''.
struct TimeModes {
  std::array<double, 5> d[4];
};
inline TimeModes time_modes(const TwilightCfg& tw, double t) {
  const double wc = tw.omega * tw.c, tau = wc * t;
  const double k[5] = {0, 1, 1, 2, 2};
  TimeModes T;
  for (int m = 0; m < 5; ++m) {
    const double r = k[m] * wc, a = k[m] * tau;
    const bool is_cos = m == 1 || m == 3;
    // cos(a): cos, -r sin, -r^2 cos, r^3 sin; sin(a): sin, r cos, -r^2 sin, -r^3 cos
    const double c = std::cos(a), s = std::sin(a);
    if (m == 0) {
      T.d[0][m] = 1;
      T.d[1][m] = T.d[2][m] = T.d[3][m] = 0;
    } else if (is_cos) {
      T.d[0][m] = c; T.d[1][m] = -r * s; T.d[2][m] = -r * r * c; T.d[3][m] = r * r * r * s;
    } else {
      T.d[0][m] = s; T.d[1][m] = r * c; T.d[2][m] = -r * r * s; T.d[3][m] = -r * r * r * c;
    }
  }
  return T;
}

// The spatial factors S[c][m] of alpha_c = sum_m T_m S[c][m], from the product formulas
// cos(X - tau) cos(Z - tau) = (cos(X - Z) + cos(X + Z) cos 2tau + sin(X + Z) sin 2tau)/2 and
// sin(A - tau) cos(B - tau) = (sin(A - B) + sin(A + B) cos 2tau - cos(A + B) sin 2tau)/2.
inline std::array<std::array<Jet, 5>, 3> alpha_modes(const TwilightCfg& tw, double x, double y, double z) {
  const double w = tw.omega, ph = tw.phase;
  const Jet xw = w * Jet::var(0, x), X = xw + ph, Y = w * Jet::var(1, y) + ph, Z = w * Jet::var(2, z) + ph;
  const Jet zero = Jet::constant(0);
  std::array<std::array<Jet, 5>, 3> S;
  for (auto& c : S) c.fill(zero);
  const Jet sX = sin(X), cZ = cos(Z);
  S[0][0] = 0.5 * (cos(X - Z) * sX);
  S[0][3] = 0.5 * (cos(X + Z) * sX);
  S[0][4] = 0.5 * (sin(X + Z) * sX);
  S[1][0] = 0.5 * (sin(xw - Y) * cZ);
  S[1][3] = 0.5 * (sin(xw + Y) * cZ);
  S[1][4] = -0.5 * (cos(xw + Y) * cZ);
  const Jet cXY = cos(X) * cos(Y);
  S[2][1] = cXY * sin(Z);
  S[2][2] = -1.0 * (cXY * cZ);
  return S;
}

// SW4's moduli of twilight's one mechanism: muVE = ampmu (3/2 + cos(mx) cos(my) sin(mz)/2),
// laVE = amplambda (1/2 + sin(mx) cos(my) sin(mz)/4), each argument m x_d + mphase.
inline void twilight_visco_material(const TwilightCfg& tw, const Jet& X, const Jet& Y, const Jet& Z, Jet& mu,
                                    Jet& la) {
  const double m = tw.momega, ph = tw.mphase;
  const Jet cy = cos(m * Y + ph), sz = sin(m * Z + ph);
  mu = tw.ampmu * (1.5 + 0.5 * (cos(m * X + ph) * cy * sz));
  la = tw.amplambda * (0.5 + 0.25 * (sin(m * X + ph) * cy * sz));
}
inline std::array<double, 2> twilight_visco_at(const TwilightCfg& tw, double x, double y, double z) {
  Jet mu, la;
  twilight_visco_material(tw, Jet::constant(x), Jet::constant(y), Jet::constant(z), mu, la);
  return {mu.v, la.v};
}

// The memory variable's tables at a point: S[c][m] (values) and, at evaluated points,
// L_s(muVE, laVE) of each mode's field (the body force's share).
struct AlphaPoint {
  std::array<std::array<double, 5>, 3> S;
  std::array<std::array<double, 3>, 5> LS;  // LS[m][c]
};
inline AlphaPoint alpha_point(const TwilightCfg& tw, double x, double y, double z, const Stretch st[3], bool eval) {
  const auto S = alpha_modes(tw, x, y, z);
  AlphaPoint p{};
  for (int c = 0; c < 3; ++c)
    for (int m = 0; m < 5; ++m) p.S[c][m] = S[c][m].v;
  if (!eval) return p;
  Jet mu, la;
  twilight_visco_material(tw, Jet::var(0, x), Jet::var(1, y), Jet::var(2, z), mu, la);
  for (int m = 0; m < 5; ++m) {
    const std::array<Jet, 3> f{S[0][m], S[1][m], S[2][m]};
    p.LS[m] = stretched_elastic(f, mu, la, st);
  }
  return p;
}

// Component c of SW4's alpha at time t as a Jet of X, Y, Z.
inline Jet alpha_jet(const TwilightCfg& tw, int c, const Jet& X, const Jet& Y, const Jet& Z, double t) {
  const double w = tw.omega, ph = tw.phase, ct = tw.c * t;
  if (c == 0) return cos(w * X + (ph - w * ct)) * sin(w * X + ph) * cos(w * Z + (ph - w * ct));
  if (c == 1) return sin(w * X + (-w * ct)) * cos(w * Y + (ph - w * ct)) * cos(w * Z + ph);
  return cos(w * X + ph) * cos(w * Y + ph) * sin(w * Z + (ph - w * ct));
}

// g[c][d] = d_d alpha_c at (x, y, z) and time t.
inline void twilight_alpha_gradient(const TwilightCfg& tw, double x, double y, double z, double t, double g[3][3]) {
  const Jet X = Jet::var(0, x), Y = Jet::var(1, y), Z = Jet::var(2, z);
  for (int c = 0; c < 3; ++c) {
    const Jet a = alpha_jet(tw, c, X, Y, Z, t);
    for (int d = 0; d < 3; ++d) g[c][d] = a.g[d];
  }
}

// The visco-elastic share of the exact traction on a flat surface z = const, the stresses
// sigma_13, sigma_23, sigma_33 of SW4's alpha at time t with the mechanism's moduli:
// muVE (a1_z + s_x a3_x), muVE (a2_z + s_y a3_y), (2 muVE + laVE) a3_z + laVE (s_x a1_x + s_y a2_y).
// The same components at the top and at the bottom: the discrete conditions carry the sign of
// the outward normal in their one-sided differences.
inline void twilight_visco_traction(const TwilightCfg& tw, double x, double y, double z, double t, double sx,
                                    double sy, double tau[3]) {
  const Jet X = Jet::var(0, x), Y = Jet::var(1, y), Z = Jet::var(2, z);
  const Jet a1 = alpha_jet(tw, 0, X, Y, Z, t), a2 = alpha_jet(tw, 1, X, Y, Z, t), a3 = alpha_jet(tw, 2, X, Y, Z, t);
  Jet mu, la;
  twilight_visco_material(tw, Jet::constant(x), Jet::constant(y), Jet::constant(z), mu, la);
  tau[0] = mu.v * (a1.g[2] + sx * a3.g[0]);
  tau[1] = mu.v * (a2.g[2] + sy * a3.g[1]);
  tau[2] = (2 * mu.v + la.v) * a3.g[2] + la.v * (sx * a1.g[0] + sy * a2.g[1]);
}

}  // namespace sw4
