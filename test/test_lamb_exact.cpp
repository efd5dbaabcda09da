// Unit tests of verify/lamb_exact.hpp, the exact surface motion of Lamb's problem: Boussinesq's
// static limit, silence before the P wave, the 1/r similarity and linearity in fz, Pekeris'
// closed form against the Cagniard integral it came from, the convolution against a second
// quadrature that takes the singular step response as it stands, and the vertical component
// alone at a pulse's tail that once cost 1.5e8 evaluations.
//
// Why built so: the reference must be right to about 1e-9 of its peak, so each check compares
// against something that does not share the code path under test: the static elastic
// solution, the transform integral instead of the closed form, tanh-sinh on the raw kernels
// instead of the substituted Gauss-Legendre panels, and the other order of the double
// integral for the radial component.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "verify/lamb_exact.hpp"

using namespace sw4;

namespace {

// A C4 ramp from 0 to 1 over [t0, t0 + D]: g' = 630 s^4 (1 - s)^4 / D is a compact pulse.
struct Ramp {
  double t0 = 0, D = 1;
  std::array<double, 2> operator()(double t) const {
    const double s = (t - t0) / D;
    if (s <= 0) return {0, 0};
    if (s >= 1) return {1, 0};
    const double s4 = s * s * s * s, q = 1 - s, q4 = q * q * q * q;
    return {s4 * s * (126 - 420 * s + 540 * s * s - 315 * s * s * s + 70 * s4), 630 * s4 * q4 / D};
  }
};

const LambProblem kP{1500, 1000, 1e13};
double unit(const LambProblem& p, double r) { return p.fz / (M_PI * p.rho * p.cs * p.cs * r); }

// Tanh-sinh on [a, b]: endpoint singularities of the integrand are taken as they come. f gets
// the node and its distances to a and to b, computed without cancellation, because near an
// inverse square root a node rounded to the endpoint's neighbour costs ~1e-8.
using F3 = std::function<double(double, double, double)>;
double tanh_sinh(const F3& f, double a, double b, double h = 1.0 / 32) {
  const double d = 0.5 * (b - a);
  double s = 0;
  for (int k = -int(4.0 / h); k <= int(4.0 / h); ++k) {
    const double x = k * h, u = 0.5 * M_PI * std::sinh(x);
    const double w = 0.5 * M_PI * std::cosh(x) / (std::cosh(u) * std::cosh(u));
    const double e = 2 / (std::exp(2 * std::fabs(u)) + 1);  // 1 - |tanh u|
    const double da = u < 0 ? d * e : d * (2 - e), db = u < 0 ? d * (2 - e) : d * e;
    if (!(da > 0 && db > 0) || w < 1e-300) continue;
    s += w * f(u < 0 ? a + da : b - db, da, db);
  }
  return s * d * h;
}
double tanh_sinh(const std::function<double(double)>& f, double a, double b) {
  return tanh_sinh([&f](double x, double, double) { return f(x); }, a, b);
}
// Pekeris' W(tau) on (1, gamma) with gamma - tau handed in, so that the Rayleigh singularity
// keeps its digits (a node that rounds onto gamma must not read the 3/8 beyond it).
double vertical_step_below_gamma(double tau, double gamma_minus_tau) {
  return (6 - lamb::c_pole() / std::sqrt(gamma_minus_tau * (lamb::gamma() + tau))) / 16;
}

}  // namespace

TEST(LambExact, RayleighPoleAndConstants) {
  // For lambda = mu, c_R / cs = 0.9194 (the root xi^2 = (3 + sqrt 3)/4 of the Rayleigh function).
  EXPECT_NEAR(1 / lamb::gamma(), 0.919402, 1e-6);
  EXPECT_NEAR(lamb::rayleigh_real(lamb::gamma()), 0, 1e-14);
  EXPECT_GT(std::fabs(lamb::rayleigh_real(1.05)), 0.01);
  // The pole alone carries the radial static limit: its weight is pi/8, and the P-S branch
  // cut's share integrates to zero (then u_r(inf) = -fz/(8 pi mu r), Boussinesq's value).
  EXPECT_NEAR(lamb::radial_pole_weight(), M_PI / 8, 1e-14);
  const double cut = tanh_sinh([](double x) { return x * lamb::radial_density(x); }, lamb::kappa(), 1);
  EXPECT_NEAR(cut, 0, 1e-13);
}

TEST(LambExact, PekerisClosedFormIsTheCagniardIntegral) {
  // W(tau) = (1/pi) int_kappa^tau xi (-Im a/R)(xi) / sqrt(tau^2 - xi^2) dxi, for tau < gamma.
  for (double tau : {0.6, 0.75, 0.9, 0.99, 1.01, 1.05, 1.08}) {
    auto f = [tau](double xi, double, double db) {
      return xi * lamb::vertical_density(xi) / std::sqrt(db * (tau + xi));
    };
    auto f1 = [tau](double xi) { return xi * lamb::vertical_density(xi) / std::sqrt(tau * tau - xi * xi); };
    double w = tau > 1 ? tanh_sinh(f1, lamb::kappa(), 1) + tanh_sinh(f, 1, tau) : tanh_sinh(f, lamb::kappa(), tau);
    EXPECT_NEAR(lamb::vertical_step(tau), w / M_PI, 1e-12) << "tau " << tau;
  }
  // Continuity at the P and S arrivals, the jump at the Rayleigh arrival.
  EXPECT_NEAR(lamb::vertical_step(lamb::kappa() * (1 + 1e-12)), 0, 1e-9);
  EXPECT_NEAR(lamb::vertical_step(1 - 1e-12), lamb::vertical_step(1 + 1e-12), 1e-9);
  EXPECT_LT(lamb::vertical_step(lamb::gamma() * (1 - 1e-10)), -10);
  EXPECT_EQ(lamb::vertical_step(lamb::gamma() * (1 + 1e-12)), 3.0 / 8.0);
}

TEST(LambExact, StaticLimitIsBoussinesq) {
  // nu = 1/4: u_z = fz (1 - nu)/(2 pi mu r) = 3/8, u_r = -fz (1 - 2 nu)/(4 pi mu r) = -1/8 (units
  // fz/(pi mu r)). u_z is exact once the ramp has passed the Rayleigh arrival; u_r approaches
  // its limit like 1 + gamma^2/(2 tau^2).
  const double r = 1000;
  LambOptions o;
  o.t_width = 0.25;
  const auto a = lamb_surface_displacement(kP, r, 3.0, Ramp{}, 0.0, o);
  EXPECT_NEAR(a[1] / unit(kP, r), 3.0 / 8.0, 1e-12);
  const auto b = lamb_surface_displacement(kP, r, 2000.0, Ramp{}, 0.0, o);
  EXPECT_NEAR(b[1] / unit(kP, r), 3.0 / 8.0, 1e-12);
  EXPECT_NEAR(b[0] / unit(kP, r), -1.0 / 8.0, 1e-7);
}

TEST(LambExact, NothingBeforeThePWave) {
  const double r = 1000, tp = r / (std::sqrt(3.0) * kP.cs);
  const Ramp g{0.1, 0.5};
  for (double t : {-1.0, 0.0, 0.3, tp + 0.1 - 1e-9}) {
    const auto u = lamb_surface_displacement(kP, r, t, g, 0.1);
    EXPECT_EQ(u[0], 0);
    EXPECT_EQ(u[1], 0);
  }
  const auto u = lamb_surface_displacement(kP, r, tp + 0.3, g, 0.1);  // the P wave has come
  EXPECT_GT(std::fabs(u[0]), 1e-6 * unit(kP, r));
  EXPECT_GT(std::fabs(u[1]), 1e-6 * unit(kP, r));
}

TEST(LambExact, SimilarityAndLinearity) {
  // The step response is (1/r) f(t cs / r): scaling r, t and the ramp's duration together by 2
  // halves u exactly; the load enters linearly.
  LambOptions o;
  o.t_width = 0.1;
  for (double t : {0.8, 1.1, 1.3, 2.0}) {
    const auto a = lamb_surface_displacement(kP, 700, t, Ramp{0, 0.4}, 0.0, o);
    LambOptions o2 = o;
    o2.t_width = 0.2;
    const auto b = lamb_surface_displacement(kP, 1400, 2 * t, Ramp{0, 0.8}, 0.0, o2);
    const double s = unit(kP, 700);
    EXPECT_NEAR(a[0], 2 * b[0], 1e-10 * s) << t;
    EXPECT_NEAR(a[1], 2 * b[1], 1e-10 * s) << t;
    LambProblem p2 = kP;
    p2.fz *= 2;
    const auto c = lamb_surface_displacement(p2, 700, t, Ramp{0, 0.4}, 0.0, o);
    EXPECT_NEAR(c[0], 2 * a[0], 1e-14 * s);
    EXPECT_NEAR(c[1], 2 * a[1], 1e-14 * s);
  }
  // Cartesian form: the radial part along (x - x0, y - y0), the vertical unchanged.
  const auto u = lamb_surface_displacement(kP, 500, 0.6, Ramp{0, 0.3}, 0.0);
  const auto v = lamb_displacement(kP, 1300, 1400, 1000, 1000, 0.6, Ramp{0, 0.3}, 0.0);
  EXPECT_NEAR(v[0], u[0] * 0.6, 1e-15 * unit(kP, 500));
  EXPECT_NEAR(v[1], u[0] * 0.8, 1e-15 * unit(kP, 500));
  EXPECT_EQ(v[2], u[1]);
}

TEST(LambExact, ConvolutionAgainstTanhSinhOnTheRawKernels) {
  // Second quadrature: tanh-sinh on W(tau) g'(t - T tau) with W's Rayleigh singularity left in
  // place, and for u_r the other order: the step response U_r(tau) first (inner integral over
  // xi), then the convolution. Agreement to 1e-9 of the peak |u| is asked for.
  const double r = 1000, T = r / kP.cs, ga = lamb::gamma(), ka = lamb::kappa();
  const Ramp g{0, 0.5};
  auto ur_step = [&](double tau, double tau_minus_gamma) {  // units fz/(mu r): -(tau/pi^2)[cut + pole]
    const double b = std::min(tau, 1.0);
    double s = tanh_sinh([tau](double x, double, double db) {
      return x * lamb::radial_density(x) / std::sqrt(tau <= 1 ? db * (tau + x) : tau * tau - x * x);
    }, ka, b);
    if (tau_minus_gamma > 0) s += lamb::radial_pole_weight() / std::sqrt(tau_minus_gamma * (tau + ga));
    return -tau / (M_PI * M_PI) * s;
  };
  double peak = 0, worst = 0;
  for (double t : {0.7, 0.9, 1.0, 1.1, 1.2, 1.3, 1.5, 1.8}) {
    const double tmax = t / T;
    auto gp = [&](double tau) { return g(t - T * tau)[1]; };
    // Panels of at most 0.1 in tau resolve the pulse; one edge sits where the ramp ends (g' is
    // only C3 there, which tanh-sinh inside a panel would pay for with ~1e-8).
    const double kink = (t - g.D) / T;
    auto cuts = [&](double a, double b, const F3& f) {
      std::vector<double> e{a};
      const int n = std::max(1, int(std::ceil((b - a) / 0.1)));
      for (int k = 1; k <= n; ++k) {
        const double x = a + (b - a) * k / n;
        if (kink > e.back() && kink < x) e.push_back(kink);
        e.push_back(x);
      }
      double s = 0;  // the distances handed on stay those to a and b, the singular ends
      for (size_t k = 0; k + 1 < e.size(); ++k)
        s += tanh_sinh([&](double x, double dl, double dh) {
          return f(x, k == 0 ? dl : x - a, k + 2 == e.size() ? dh : b - x);
        }, e[k], e[k + 1]);
      return s;
    };
    int piece = 0;  // 0: (kappa, 1), 1: (1, gamma), 2: (gamma, tau_max)
    auto fz = [&](double tau, double, double db) {
      return (piece == 1 ? vertical_step_below_gamma(tau, db) : lamb::vertical_step(tau)) * gp(tau);
    };
    auto fr = [&](double tau, double da, double) { return ur_step(tau, piece == 2 ? da : -1.0) * gp(tau); };
    double wz = 0, wr = 0;
    const double e[4] = {ka, 1.0, ga, tmax};
    for (int k = 0; k < 3 && e[k] < tmax; ++k) {
      piece = k;
      wz += cuts(e[k], std::min(e[k + 1], tmax), fz);
      wr += cuts(e[k], std::min(e[k + 1], tmax), fr);
    }
    const double uz = kP.fz / (M_PI * kP.rho * kP.cs * kP.cs * r) * T * wz;
    const double ur = kP.fz / (kP.rho * kP.cs * kP.cs * r) * T * wr;
    const auto u = lamb_surface_displacement(kP, r, t, g, 0.0, LambOptions{1e-12, 0.1});
    peak = std::max({peak, std::fabs(uz), std::fabs(ur)});
    worst = std::max({worst, std::fabs(u[0] - ur), std::fabs(u[1] - uz)});
  }
  EXPECT_GT(peak, 0.1 * unit(kP, r));
  EXPECT_LT(worst, 1e-9 * peak) << "worst " << worst / peak;
  std::printf("max difference / peak: %.2e\n", worst / peak);
}

// The vertical component alone (lamb_vertical_displacement, SW4's per-step surface norms) where
// the pulse's tail meets the seam at tau = 1: before the pieces shared one tolerance, the piece
// (kappa, 1) held only the tail's last sliver, asked for digits below its rounding, and this one
// value took 1.5e8 evaluations of g'. It must take few, and agree with another panel width and
// with the full motion's u_z.
TEST(LambExact, VerticalAloneWhereThePulseTailMeetsTheSeam) {
  const LambProblem p{1, 1, 1};
  long calls = 0;
  auto bump = [&calls](double t) {  // C6SmoothBump, freq 1: 51480 p^7, p = t (1 - t)
    ++calls;
    if (t <= 0 || t >= 1) return std::array<double, 2>{0, 0};
    const double q = t * (1 - t), q6 = q * q * q * q * q * q;
    return std::array<double, 2>{51480 * q6 * q, 360360 * q6 * (1 - 2 * t)};
  };
  const double r = 1.3164000000000025, t = 2.3148148150000001;
  const double uz = lamb_vertical_displacement(p, r, t, bump, 0.0, LambOptions{1e-12, 0.25});
  EXPECT_LT(calls, 20000);
  const double other = lamb_vertical_displacement(p, r, t, bump, 0.0, LambOptions{1e-12, 0.05});
  const double full = lamb_surface_displacement(p, r, t, bump, 0.0, LambOptions{1e-12, 0.25})[1];
  EXPECT_NEAR(uz, other, 1e-12 * unit(p, r));
  EXPECT_EQ(uz, full);
  EXPECT_GT(std::fabs(uz), 1e-3 * unit(p, r));
}
