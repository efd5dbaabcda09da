// verify/twilight.hpp: the manufactured solution of `twilight` (NUMERICS 25): the exact
// displacement and material, the forcing that makes them solve the stretched elastic equations,
// and the exact traction of the free surface, flat or curved.
//
// Why built so: a manufactured solution is only a test of the scheme when everything else is
// exact, so the forcing is the continuous residual rho u_tt - L_s u, derived here by the chain
// rule through verify/jet.hpp (no difference formula of the solver appears in it), and the
// surface gets the exact traction of u. The solution is sin(omega (x - c t)) times sines in the
// other two directions, so u = cos(omega c t) A(x) - sin(omega c t) B(x) with A, B independent
// of t: L_s A and L_s B are computed once per point and a step's forcing is a few products. No
// MPI: every value is a function of a point's coordinates.
#pragma once

#include <array>
#include <cmath>

#include "config.hpp"
#include "supergrid.hpp"
#include "topography/topography.hpp"
#include "verify/jet.hpp"

namespace sw4 {

// The three displacement parts A, B at (x, y, z) as Jets: u_c = cos(w c t) A_c - sin(w c t) B_c,
// from sin(w (x_c - c t)) = sin(w x_c) cos(w c t) - cos(w x_c) sin(w c t) (NUMERICS 25.1).
struct TwilightParts {
  std::array<Jet, 3> A, B;
};
inline TwilightParts twilight_parts(const TwilightCfg& tw, double x, double y, double z) {
  const Jet X[3] = {Jet::var(0, x), Jet::var(1, y), Jet::var(2, z)};
  const double w = tw.omega, ph = tw.phase;
  TwilightParts p;
  for (int c = 0; c < 3; ++c) {
    Jet other = Jet::constant(1);
    for (int d = 0; d < 3; ++d)
      if (d != c) other = other * sin(w * X[d] + ph);
    p.A[c] = sin(w * X[c]) * other;
    p.B[c] = cos(w * X[c]) * other;
  }
  return p;
}

// The material of NUMERICS 25.1 as Jets (value and gradient are used).
struct TwilightMaterial {
  Jet rho, mu, la;
};
inline TwilightMaterial twilight_material(const TwilightCfg& tw, double x, double y, double z) {
  const double m = tw.momega, ph = tw.mphase;
  const Jet X = Jet::var(0, x), Y = Jet::var(1, y), Z = Jet::var(2, z);
  return {tw.amprho * (2.0 + sin(m * X + ph) * cos(m * Y + ph) * sin(m * Z + ph)),
          tw.ampmu * (3.0 + cos(m * X + ph) * sin(m * Y + ph) * sin(m * Z + ph)),
          tw.amplambda * (2.0 + sin(m * X + ph) * sin(m * Y + ph) * cos(m * Z + ph))};
}

// The exact displacement at time t.
inline std::array<double, 3> twilight_u(const TwilightCfg& tw, double x, double y, double z, double t) {
  const double w = tw.omega, ph = tw.phase, wt = w * tw.c * t;
  return {std::sin(w * x - wt) * std::sin(w * y + ph) * std::sin(w * z + ph),
          std::sin(w * x + ph) * std::sin(w * y - wt) * std::sin(w * z + ph),
          std::sin(w * x + ph) * std::sin(w * y + ph) * std::sin(w * z - wt)};
}

// A stretching s(x_d) and its derivative along its own axis (1, 0 without layers).
struct Stretch {
  double s = 1, ds = 0;
};

// twilight's super-grid terms (NUMERICS 25.3). The layers' own profiles are C5 steps from 1 to
// 1e-4 over a few points, far too steep for a manufactured solution to converge at any h a test
// can afford, so under twilight the same arrays (stretching s, damping coefficient d, corner
// taper c) hold smooth profiles over the whole axis that look like layers: along x and y s falls
// from 1 in the middle to 1/2 at both ends; along z it falls from 1 to 1/2 in the lower half
// only, as sin^8, which joins 1 with seven continuous derivatives: the free-surface rows
// k = 1..6 have no s^z term (NUMERICS 3.3), so s^z must be exactly 1 there. d rises where s
// falls, and c goes from 1 to 0.7 with it. Every term of the stretched operator, the free
// surface and the damping is then exercised, by smooth coefficients.
inline double twilight_layer_shape(int axis, double x, double length) {  // 0 middle/top, 1 at a side
  const double pi = 3.14159265358979323846;
  if (axis == 2) {
    if (x <= length / 2) return 0;
    const double s = std::sin(pi * (x - length / 2) / length), s2 = s * s;
    return s2 * s2 * s2 * s2;
  }
  const double c = std::cos(pi * x / length);
  return c * c;
}
inline Stretch twilight_stretch(int axis, double x, double length) {
  const double pi = 3.14159265358979323846;
  double dshape = -pi / length * std::sin(2 * pi * x / length);
  if (axis == 2) {
    const double a = pi * (x - length / 2) / length, s = std::sin(a);
    dshape = x <= length / 2 ? 0 : 8 * std::pow(s, 7) * std::cos(a) * pi / length;
  }
  return {1 - 0.5 * twilight_layer_shape(axis, x, length), -0.5 * dshape};
}
inline Profiles twilight_profiles(int axis, int first, int last, double h, double length) {
  Profiles pr{Array1(first, last), Array1(first, last), Array1(first, last)};
  for (int i = first; i <= last; ++i) {
    const double x = (i - 1) * h, shape = twilight_layer_shape(axis, x, length);
    pr.str(i) = twilight_stretch(axis, x, length).s;
    pr.dc(i) = shape;
    pr.co(i) = 1 - 0.3 * shape;
  }
  return pr;
}

// SW4's twilight stretching (NUMERICS 25.6; SW4's SuperGrid::tw_stretching, set by its
// twilight sgstretching=1): s(x) = 1 + sin(om x)/2 on the whole axis, x from 0 at index 1, and
// no damping (d = 0, c = 1). om = 0 gives s = 1: SW4's z axis, whose two sides are never both
// super-grid under twilight. The forcing takes s and s' = (om/2) cos(om x) at the same points.
inline Stretch twilight_sw4_stretch(double om, double x) {
  return {1 + 0.5 * std::sin(om * x), 0.5 * om * std::cos(om * x)};
}
inline Profiles twilight_sw4_profiles(double om, int first, int last, double h) {
  Profiles pr{Array1(first, last), Array1(first, last), Array1(first, last)};
  for (int i = first; i <= last; ++i) {
    pr.str(i) = twilight_sw4_stretch(om, (i - 1) * h).s;
    pr.dc(i) = 0;
    pr.co(i) = 1;
  }
  return pr;
}

// (L_s S)_a = sum_b s_b d_b sigma_ab, sigma_ab = la delta_ab sum_c s_c S_c,c + mu (s_b S_a,b +
// s_a S_b,a): the elastic operator with each derivative d_b stretched to s_b d_b (NUMERICS 5.2,
// 25.2), differentiated by the product rule. Without layers (s = 1, ds = 0) it is div sigma(S).
inline std::array<double, 3> stretched_elastic(const std::array<Jet, 3>& S, const Jet& mu, const Jet& la,
                                               const Stretch st[3]) {
  double div = 0;  // sum_c s_c S_c,c
  for (int c = 0; c < 3; ++c) div += st[c].s * S[c].g[c];
  std::array<double, 3> r{};
  for (int a = 0; a < 3; ++a) {
    // b = a: the lambda term's derivative, d_a div = ds_a S_a,a + sum_c s_c S_c,ca
    double ddiv = st[a].ds * S[a].g[a];
    for (int c = 0; c < 3; ++c) ddiv += st[c].s * S[c].H[c][a];
    // s_a d_a of the lambda term (b = a only), then s_b d_b of the mu terms
    r[a] = st[a].s * (la.g[a] * div + la.v * ddiv);
    for (int b = 0; b < 3; ++b) {
      const double flux = st[b].s * S[a].g[b] + st[a].s * S[b].g[a];
      const double dflux = st[b].ds * S[a].g[b] + st[b].s * S[a].H[b][b] +
                           (a == b ? st[a].ds * S[b].g[a] : 0.0) + st[a].s * S[b].H[a][b];
      r[a] += st[b].s * (mu.g[b] * flux + mu.v * dflux);
    }
  }
  return r;
}

// The traction mu (u_z + s_x w_x), mu (v_z + s_y w_y), (2 mu + la) w_z + la (s_x u_x + s_y v_y)
// of the exact solution on a flat plane z (the top z = 0, or the bottom z = zmax of freelower=1,
// where it is the same sigma_.z: boundary.hpp's bottom takes the sign of its outward normal):
// what boundary.hpp's free surface must carry.
inline void twilight_flat_traction(const TwilightCfg& tw, double x, double y, double z, double t,
                                   const Stretch& sx, const Stretch& sy, double tau[3]) {
  const TwilightParts p = twilight_parts(tw, x, y, z);
  const TwilightMaterial m = twilight_material(tw, x, y, z);
  const double ct = std::cos(tw.omega * tw.c * t), st = std::sin(tw.omega * tw.c * t);
  double g[3][3];  // g[c][d] = d_d u_c
  for (int c = 0; c < 3; ++c)
    for (int d = 0; d < 3; ++d) g[c][d] = ct * p.A[c].g[d] - st * p.B[c].g[d];
  tau[0] = m.mu.v * (g[0][2] + sx.s * g[2][0]);
  tau[1] = m.mu.v * (g[1][2] + sy.s * g[2][1]);
  tau[2] = (2 * m.mu.v + m.la.v) * g[2][2] + m.la.v * (sx.s * g[0][0] + sy.s * g[1][1]);
}

// The k-flux B(n, n) d_k f + B(n, a_x) d_i f + B(n, a_y) d_j f of a field f with gradient
// g[c][d] = d_d f_c and moduli mu, la at the surface point (i, j, 1) of the curvilinear grid,
// divided by s^x s^y, with the index derivatives by the chain rule d_i = h d_x + z_i d_z,
// d_j = h d_y + z_j d_z, d_k = z_k d_z, where z_i = -m1 m2, z_j = -m1 m3, z_k = m1^2, and the
// stretching inside n = (s^x m2, s^y m3, m4), a_x = (s^x m1, 0, 0), a_y = (0, s^y m1, 0), as the
// operator has it (NUMERICS 15, 16.1, 17.1): with s = 1 the traction of the curved surface.
inline void curved_flux(const double g[3][3], double mu, double la, const Metric& met, double h, int i, int j,
                        double sx, double sy, double tau[3]) {
  const double m1 = met.m1(i, j, 1), m[3] = {met.m2(i, j, 1), met.m3(i, j, 1), met.m4(i, j, 1)};
  const double n[3] = {sx * m[0], sy * m[1], m[2]}, ax[3] = {sx * m1, 0, 0}, ay[3] = {0, sy * m1, 0};
  double di[3], dj[3], dk[3];
  for (int c = 0; c < 3; ++c) {
    di[c] = h * g[c][0] - m1 * m[0] * g[c][2];
    dj[c] = h * g[c][1] - m1 * m[1] * g[c][2];
    dk[c] = m1 * m1 * g[c][2];
  }
  auto dot = [](const double* a, const double* b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; };
  // B(a, b) d = mu (a.b) d + la a (b.d) + mu b (a.d)
  auto pair = [&](const double* a, const double* b, const double* d) {
    for (int c = 0; c < 3; ++c) tau[c] += mu * dot(a, b) * d[c] + la * a[c] * dot(b, d) + mu * b[c] * dot(a, d);
  };
  for (int c = 0; c < 3; ++c) tau[c] = 0;
  pair(n, n, dk);
  pair(n, ax, di);
  pair(n, ay, dj);
  const double isxy = 1 / (sx * sy);
  for (int c = 0; c < 3; ++c) tau[c] *= isxy;
}

// The exact solution's k-flux at the surface point (i, j, 1), at (x, y, z): what
// free_surface_curvilinear must carry (sx, sy: SW4's stretching of sgstretching=1, else 1).
inline void twilight_curved_traction(const TwilightCfg& tw, const Metric& met, double h, int i, int j,
                                     double x, double y, double z, double t, double sx, double sy,
                                     double tau[3]) {
  const TwilightParts p = twilight_parts(tw, x, y, z);
  const TwilightMaterial mat = twilight_material(tw, x, y, z);
  const double ct = std::cos(tw.omega * tw.c * t), st = std::sin(tw.omega * tw.c * t);
  double g[3][3];
  for (int c = 0; c < 3; ++c)
    for (int d = 0; d < 3; ++d) g[c][d] = ct * p.A[c].g[d] - st * p.B[c].g[d];
  curved_flux(g, mat.mu.v, mat.la.v, met, h, i, j, sx, sy, tau);
}

}  // namespace sw4
