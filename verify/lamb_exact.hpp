// verify/lamb_exact.hpp: the exact surface motion of Lamb's problem (testlamb): a vertical point
// force fz*g(t) on the free surface of a homogeneous Poisson half-space (lambda = mu), seen by
// a receiver on that surface at distance r. z points down and fz > 0 pushes down, so the
// static limit has u_z > 0 (the surface sinks) and u_r < 0 (it is pulled towards the load).
//
// Why built so: the verification of a 4th-order code needs a reference whose own error is far
// below the discretisation error (~1e-4), so nothing here is sampled or tabulated. The step
// response is Pekeris' (1955) closed form for the vertical component and a one-dimensional
// Cagniard-de Hoop integral for the radial one (no elliptic-integral library needed); the
// convolution with g' is done by adaptive Gauss-Legendre quadrature after substitutions that
// turn every inverse square root (the Rayleigh pole, the 1/sqrt(tau^2 - xi^2) kernel) into a
// smooth integrand, so the rule converges at its full order. NUMERICS (Lamb chapter) derives
// the formulas. The vertical component alone is a single integral, cheap enough for SW4's
// per-step surface norms (verify/lamb_surface.hpp, a few microseconds a value); the radial one
// is compared at the receivers, at the end.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace sw4 {

struct LambProblem {
  double rho, cs, fz;  // cp = sqrt(3) cs is implied: Pekeris' closed form exists for nu = 1/4 only
};

namespace lamb {

// Slownesses in units of 1/cs: kappa = cs/cp (P arrival at tau = kappa), gamma = cs/c_R.
// For lambda = mu the Rayleigh function has the roots xi^2 = 1/4, (3 -+ sqrt 3)/4; gamma^2 is
// the largest one, the only one that is a true zero on the physical sheet.
inline double kappa2() { return 1.0 / 3.0; }
inline double kappa() { return std::sqrt(kappa2()); }
inline double gamma2() { return (3.0 + std::sqrt(3.0)) / 4.0; }
inline double gamma() { return std::sqrt(gamma2()); }
// Pekeris' constants: the Rayleigh-pole weight and the one of the other root.
inline double c_pole() { return std::sqrt(3.0 * std::sqrt(3.0) + 5.0); }
inline double c_low() { return std::sqrt(3.0 * std::sqrt(3.0) - 5.0); }

// Vertical step response, u_z = fz/(pi mu r) * W(tau), tau = t cs / r (Pekeris 1955). The
// bracket in (kappa, 1) vanishes at tau = kappa and matches the next one at tau = 1; the
// pole term makes W -> -infinity as tau -> gamma from below, then W is Boussinesq's 3/8.
inline double vertical_step(double tau) {
  const double t2 = tau * tau;
  if (tau <= kappa()) return 0;
  if (tau < 1)
    return (6 - std::sqrt(3.0) / std::sqrt(t2 - 0.25) - c_pole() / std::sqrt(gamma2() - t2) +
            c_low() / std::sqrt(t2 - (3 - std::sqrt(3.0)) / 4)) / 32;
  if (tau < gamma()) return (6 - c_pole() / std::sqrt(gamma2() - t2)) / 16;
  return 3.0 / 8.0;
}

// Rayleigh function on the imaginary slowness axis beyond the S branch point (xi > 1), where
// it is real; its derivative gives the residue at the pole.
inline double rayleigh_real(double xi) {
  const double x2 = xi * xi, a = 1 - 2 * x2;
  return a * a - 4 * x2 * std::sqrt(x2 - kappa2()) * std::sqrt(x2 - 1);
}
inline double rayleigh_real_derivative(double xi) {
  const double x2 = xi * xi, sp = std::sqrt(x2 - kappa2()), ss = std::sqrt(x2 - 1);
  return -8 * xi * (1 - 2 * x2) - 8 * xi * sp * ss - 4 * x2 * (xi * ss / sp + xi * sp / ss);
}
// Radial Cagniard integrand between the P and S branch points, Im[N/R] with N = 1 - 2 xi^2 -
// 2 a b and R the Rayleigh function (a = sqrt(kappa^2 - xi^2), b = sqrt(1 - xi^2) on the
// lower lip): with A = 1 - 2 xi^2 and B = 2 |a||b| it reduces to -A B / (A^4 + 4 xi^4 B^2).
inline double radial_density(double xi) {
  const double x2 = xi * xi, A = 1 - 2 * x2;
  const double B = 2 * std::sqrt(std::max(0.0, x2 - kappa2())) * std::sqrt(std::max(0.0, 1 - x2));
  return -A * B / (A * A * A * A + 4 * x2 * x2 * B * B);
}
// The vertical analogue, -Im[a/R], for kappa < xi < 1 and 1 < xi < gamma: the check of the
// closed form in the tests integrates it; the code path itself does not need it.
inline double vertical_density(double xi) {
  const double x2 = xi * xi, A = 1 - 2 * x2, C = std::sqrt(x2 - kappa2());
  if (xi >= 1) return -C / rayleigh_real(xi);
  const double B = 2 * C * std::sqrt(1 - x2);
  return -C * A * A / (A * A * A * A + 4 * x2 * x2 * B * B);
}
// The Rayleigh pole's share of the radial step response: pi gamma N(gamma) / R'(gamma).
inline double radial_pole_weight() {
  const double g = gamma(), g2 = gamma2();
  const double N = 1 - 2 * g2 + 2 * std::sqrt(g2 - kappa2()) * std::sqrt(g2 - 1);
  return M_PI * g * N / rayleigh_real_derivative(g);
}

// Adaptive Gauss-Legendre: a 10-point rule on a panel against the same rule on its halves.
// The halves' sum is kept, so the accepted value is far better than the test that accepts it.
// Tolerances are relative to the integral of |f| over all panels, the scale on which the
// verification compares (a zero crossing of u never asks for digits that do not exist).
struct GaussRule {
  std::array<double, 10> x{}, w{};
  GaussRule() {
    const int n = 10;
    for (int i = 0; i < n; ++i) {
      double z = std::cos(M_PI * (i + 0.75) / (n + 0.5)), dp = 1;
      for (int it = 0; it < 100; ++it) {
        double p0 = 1, p1 = z;
        for (int k = 2; k <= n; ++k) {
          const double p2 = ((2 * k - 1) * z * p1 - (k - 1) * p0) / k;
          p0 = p1;
          p1 = p2;
        }
        dp = n * (z * p1 - p0) / (z * z - 1);
        const double dz = p1 / dp;
        z -= dz;
        if (std::fabs(dz) < 1e-16) break;
      }
      x[i] = z;
      w[i] = 2 / ((1 - z * z) * dp * dp);
    }
  }
};
inline const GaussRule& gauss_rule() {
  static const GaussRule rule;
  return rule;
}
template <class F>
std::array<double, 2> gauss_panel(const F& f, double a, double b) {  // {integral, integral of |f|}
  const GaussRule& q = gauss_rule();
  const double c = 0.5 * (a + b), h = 0.5 * (b - a);
  double s = 0, sa = 0;
  for (int i = 0; i < 10; ++i) {
    const double v = f(c + h * q.x[i]);
    s += q.w[i] * v;
    sa += q.w[i] * std::fabs(v);
  }
  return {s * h, sa * std::fabs(h)};
}
template <class F>
double refine(const F& f, double a, double b, double whole, double tol, double floor, int depth) {
  const double m = 0.5 * (a + b);
  const double l = gauss_panel(f, a, m)[0], r = gauss_panel(f, m, b)[0];
  if (std::fabs(l + r - whole) <= std::max(tol, floor) || depth >= 30) return l + r;
  const double t = tol * M_SQRT1_2;  // errors of the halves add up like random ones, not worse
  return refine(f, a, m, l, t, floor, depth + 1) + refine(f, m, b, r, t, floor, depth + 1);
}
// Integral of f over the panels [edges[k], edges[k+1]]; the caller sets edges no wider than
// the time scale of g, so that a short pulse cannot hide between the first nodes. In two
// passes: the first estimates each panel and the integral of |f| (l1); the second refines to
// rel_tol times `scale`, l1 or more. A caller whose result is a sum of several integrals passes
// their common scale: alone, a piece that holds only the last sliver of a pulse's tail has an
// l1 near zero, its tolerance asks for digits below the rounding of t - T tau there (the tail
// goes like (1 - x)^6), and every sub-panel of the sliver splits to the depth limit, 2^30
// panels (measured: 1.5e8 evaluations for one value of u_z).
struct FirstPass {
  std::vector<double> est;
  double l1 = 0;
};
template <class F>
FirstPass first_pass(const F& f, const std::vector<double>& edges) {
  FirstPass p;
  for (size_t k = 0; k + 1 < edges.size(); ++k) {
    const auto q = gauss_panel(f, edges[k], edges[k + 1]);
    p.est.push_back(q[0]);
    p.l1 += q[1];
  }
  return p;
}
template <class F>
double second_pass(const F& f, const std::vector<double>& edges, const FirstPass& p, double rel_tol,
                   double scale) {
  const size_t n = p.est.size();
  const double tol = rel_tol * scale + std::numeric_limits<double>::min();
  const double floor = 1e-15 * scale;  // below this the halves differ by roundoff alone
  double s = 0;
  for (size_t k = 0; k < n; ++k) s += refine(f, edges[k], edges[k + 1], p.est[k], tol / n, floor, 0);
  return s;
}
template <class F>
double integrate(const F& f, const std::vector<double>& edges, double rel_tol) {
  const FirstPass p = first_pass(f, edges);
  return second_pass(f, edges, p, rel_tol, p.l1);
}
// n equal panels of [a, b] in the variable tau, seen through the map tau -> s(tau).
template <class Map>
std::vector<double> panels(double a, double b, int n, const Map& s) {
  std::vector<double> e(n + 1);
  for (int k = 0; k <= n; ++k) e[k] = s(a + (b - a) * k / n);
  return e;
}
inline int panel_count(double tau_len, double tau_width) {
  const int n = static_cast<int>(std::ceil(tau_len / tau_width));
  return std::max(4, std::min(n, 4000));
}

}  // namespace lamb

struct LambOptions {
  double rel_tol = 1e-12;  // relative to the integral of |integrand|: see lamb::integrate
  double t_width = 0;      // shortest time scale of g; 0: (t - t_start)/32
};

// Vertical surface displacement u_z at distance r > 0 and time t for the load fz*g(t):
// u_z(t) = int U_z,step(t - s) g'(s) ds, with g_and_gt(t) -> {g, g'} and g = g' = 0 for
// t <= t_start. In tau units (T = r/cs) the convolution runs over the step response's
// argument, tau in (kappa, tau_max) with tau_max = (t - t_start)/T. It is the cheap half of
// the motion (no double integral): the run's per-step surface norms use it alone.
template <class G>
double lamb_vertical_displacement(const LambProblem& p, double r, double t, const G& g_and_gt,
                                  double t_start, const LambOptions& o = {}) {
  using namespace lamb;
  if (!(r > 0)) return std::numeric_limits<double>::quiet_NaN();  // under the load: infinite
  const double mu = p.rho * p.cs * p.cs, T = r / p.cs;
  const double tau_max = (t - t_start) / T;
  if (tau_max <= kappa()) return 0;
  const double width = (o.t_width > 0 ? o.t_width : (t - t_start) / 32) / T;
  const double gk = gamma(), ka = kappa();
  auto gp = [&](double tau) { return g_and_gt(t - T * tau)[1]; };
  auto id = [](double s) { return s; };
  // T int W(tau) g'(t - T tau) dtau, split where W is not smooth; both pieces refine to the
  // scale of the whole (lamb::first_pass).
  const double b1 = std::min(1.0, tau_max), b2 = std::min(gk, tau_max);
  auto f1 = [&](double tau) { return vertical_step(tau) * gp(tau); };
  auto f2 = [&](double v) {  // tau = gamma - v^2 absorbs 1/sqrt(gamma - tau)
    const double tau = gk - v * v;
    return (6 * v - c_pole() / std::sqrt(gk + tau)) / 8 * gp(tau);
  };
  const std::vector<double> e1 = panels(ka, b1, panel_count(b1 - ka, width), id);
  const std::vector<double> e2 =
      tau_max > 1 ? panels(b2, 1.0, panel_count(b2 - 1, width),
                           [&](double tau) { return std::sqrt(std::max(0.0, gk - tau)); })
                  : std::vector<double>{};
  const FirstPass p1 = first_pass(f1, e1), p2 = first_pass(f2, e2);
  const double step = tau_max > gk ? 3.0 / 8.0 * g_and_gt(t - T * gk)[0] / T : 0;  // W = 3/8: g' integrates
  const double scale = p1.l1 + p2.l1 + std::fabs(step);
  const double wz = second_pass(f1, e1, p1, o.rel_tol, scale) + second_pass(f2, e2, p2, o.rel_tol, scale) + step;
  return p.fz / (M_PI * mu * r) * T * wz;
}

// Surface displacement {u_r, u_z} at distance r > 0 and time t for the same load; u_z is
// lamb_vertical_displacement's.
template <class G>
std::array<double, 2> lamb_surface_displacement(const LambProblem& p, double r, double t,
                                                const G& g_and_gt, double t_start,
                                                const LambOptions& o = {}) {
  using namespace lamb;
  if (!(r > 0)) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    return {nan, nan};  // the point load's own location: the displacement is infinite
  }
  const double mu = p.rho * p.cs * p.cs, T = r / p.cs;
  const double tau_max = (t - t_start) / T;
  if (tau_max <= kappa()) return {0, 0};
  const double width = (o.t_width > 0 ? o.t_width : (t - t_start) / 32) / T;
  const double gk = gamma(), ka = kappa();
  auto gp = [&](double tau) { return g_and_gt(t - T * tau)[1]; };
  const double uz = lamb_vertical_displacement(p, r, t, g_and_gt, t_start, o);

  // Radial: -(fz/(pi^2 mu r)) T [int_kappa^1 xi m(xi) J(xi) dxi + P J(gamma)], where
  // J(xi) = int_xi^tau_max tau g'(t - T tau)/sqrt(tau^2 - xi^2) dtau; tau = xi + u^2 there.
  auto J = [&](double xi) {
    if (xi >= tau_max) return 0.0;
    auto f = [&](double u) {
      const double tau = xi + u * u;
      return 2 * tau * gp(tau) / std::sqrt(2 * xi + u * u);
    };
    return integrate(f, panels(xi, tau_max, panel_count(tau_max - xi, width),
                               [&](double tau) { return std::sqrt(std::max(0.0, tau - xi)); }),
                     o.rel_tol);
  };
  // xi^2 = kappa^2 + (1 - kappa^2) sin^2(phi) removes the square roots at both branch points.
  const double k2 = kappa2(), c2 = 1 - k2;
  auto body = [&](double phi) {
    const double s = std::sin(phi), c = std::cos(phi);
    const double xi = std::sqrt(k2 + c2 * s * s), x2 = xi * xi, A = 1 - 2 * x2, B = 2 * c2 * s * c;
    const double xm_dxi = -A * B * c2 * s * c / (A * A * A * A + 4 * x2 * x2 * B * B);
    return xm_dxi * J(xi);
  };
  const double b3 = std::min(1.0, tau_max);
  double wr = integrate(body, panels(ka, b3, panel_count(b3 - ka, width), [&](double xi) {
                          const double s2 = std::max(0.0, std::min(1.0, (xi * xi - k2) / c2));
                          return std::asin(std::sqrt(s2));
                        }),
                        o.rel_tol);
  if (tau_max > gk) wr += radial_pole_weight() * J(gk);
  const double ur = -p.fz / (M_PI * M_PI * mu * r) * T * wr;
  return {ur, uz};
}

// Cartesian form at the surface point (x, y) for the load at (x0, y0): {u_x, u_y, u_z}.
template <class G>
std::array<double, 3> lamb_displacement(const LambProblem& p, double x, double y, double x0,
                                        double y0, double t, const G& g_and_gt, double t_start,
                                        const LambOptions& o = {}) {
  const double dx = x - x0, dy = y - y0, r = std::hypot(dx, dy);
  const auto u = lamb_surface_displacement(p, r, t, g_and_gt, t_start, o);
  if (!(r > 0)) return {u[0], u[0], u[1]};
  return {u[0] * dx / r, u[0] * dy / r, u[1]};
}

}  // namespace sw4
