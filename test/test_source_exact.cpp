// Unit tests of pointsource_exact.hpp, the exact solution of testpointsource: its maximum on
// the pointsource deck against the original's printed value, the elastic wave equation
// (residual by finite differences), the moment solution as minus the derivative of the force
// solution, radial symmetry of an isotropic moment, the time integrals against quadrature,
// the original's freq quirk, and the time functions it refuses.
//
// Why built so: the solution is a long closed formula, so it is checked against properties
// that do not share its algebra (the equation it solves, the relation between its two
// forms, symmetry, quadrature), and once against the number the original printed.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <string>

#include "pointsource_exact.hpp"
#include "source.hpp"
#include "source_helpers.hpp"

using namespace sw4;
using TF = TimeFunctionType;

TEST(ExactSolution, PointsourceMaximumMatchesTheOriginal) {
  // NUMERICS §0/§7.3: max over S of the exact solution at the accumulated final time.
  const SourceCfg s = moment_src(4, 4, 1.34, {1, 0, 0, 1, 0, 1});
  const double h = 0.04, dt = 0.6 / 23;
  double t = 0;
  for (int n = 0; n < 23; ++n) t += dt;
  double mx = 0;
  for (int k = 1; k <= 71; ++k)
    for (int j = 31; j <= 171; ++j)
      for (int i = 31; i <= 171; ++i) {
        const double x = (i - 1) * h, y = (j - 1) * h, z = (k - 1) * h;
        const double d2 = (x - 4) * (x - 4) + (y - 4) * (y - 4) + (z - 1.34) * (z - 1.34);
        if (d2 <= 16 * h * h) continue;
        const auto u = exact_point_source(s, 1, 1.6, 0.8, x, y, z, t, h);
        mx = std::max({mx, u[0], u[1], u[2]});
      }
  EXPECT_NEAR(mx, 3.74390307494, 1e-11);
}

namespace {
// rho u_tt - (lambda + mu) grad div u - mu lap u at one point, by 4th-order differences.
std::array<double, 3> wave_residual(const SourceCfg& s, double rho, double cp, double cs,
                                    const double X[3], double t, double d, double dtime,
                                    double* scale) {
  auto u = [&](const double Y[3], double tt) {
    return exact_point_source(s, rho, cp, cs, Y[0], Y[1], Y[2], tt, 1e-3);
  };
  const double mu = rho * cs * cs, la = rho * cp * cp - 2 * mu;
  double H[3][3][3];  // H[c][a][b] = d_a d_b u_c
  for (int a = 0; a < 3; ++a)
    for (int b = a; b < 3; ++b) {
      for (int c = 0; c < 3; ++c) H[c][a][b] = 0;
      const double w1[5] = {1, -8, 0, 8, -1}, w2[5] = {-1, 16, -30, 16, -1};
      for (int p = 0; p < 5; ++p)
        for (int q = 0; q < 5; ++q) {
          double wt;
          if (a == b) {
            if (p != 2) continue;
            wt = w2[q] / (12 * d * d);
          } else {
            wt = w1[p] * w1[q] / (144 * d * d);
          }
          if (wt == 0) continue;
          double Y[3] = {X[0], X[1], X[2]};
          Y[a] += (p - 2) * d * (a != b);
          Y[b] += (q - 2) * d;
          const auto v = u(Y, t);
          for (int c = 0; c < 3; ++c) H[c][a][b] += wt * v[c];
        }
      for (int c = 0; c < 3; ++c) H[c][b][a] = H[c][a][b];
    }
  std::array<double, 3> res;
  *scale = 0;
  for (int c = 0; c < 3; ++c) {
    double utt = 0;
    const double w2[5] = {-1, 16, -30, 16, -1};
    for (int q = 0; q < 5; ++q) utt += w2[q] * u(X, t + (q - 2) * dtime)[c] / (12 * dtime * dtime);
    const double graddiv = H[0][c][0] + H[1][c][1] + H[2][c][2];
    const double lap = H[c][0][0] + H[c][1][1] + H[c][2][2];
    res[c] = rho * utt - (la + mu) * graddiv - mu * lap;
    *scale = std::max(
        {*scale, std::fabs(rho * utt), std::fabs((la + mu) * graddiv), std::fabs(mu * lap)});
  }
  return res;
}
}  // namespace

TEST(ExactSolution, SatisfiesTheElasticWaveEquation) {
  const double rho = 1.3, cp = 2.0, cs = 1.1;
  const double pts[3][3] = {{0.9, 0.4, -0.3}, {-0.5, 1.1, 0.7}, {0.2, -0.3, 1.6}};
  struct Case {
    TF type;
    double freq;
    bool force;
  };
  const Case cases[] = {{TF::C6SmoothBump, 1, false}, {TF::VerySmoothBump, 1, false},
                        {TF::SmoothWave, 1, false},   {TF::Gaussian, 3, false},
                        {TF::C6SmoothBump, 2, true},  {TF::VerySmoothBump, 1.5, true},
                        {TF::SmoothWave, 1, true},    {TF::Gaussian, 4, true}};
  for (const auto& c : cases) {
    SourceCfg s = c.force ? force_src(0.1, -0.2, 0.05, 0.7, -1.1, 0.4)
                          : moment_src(0.1, -0.2, 0.05, {0.3, -1.2, 0.7, 2.0, -0.4, 0.9});
    s.type = c.type;
    s.freq = c.freq;
    s.t0 = c.type == TF::Gaussian ? 0.6 : 0.1;
    int checked = 0;
    for (const auto& X : pts)
      for (double t = 0.2; t < 2.4; t += 0.1) {
        double scale;
        const auto r = wave_residual(s, rho, cp, cs, X, t, 5e-4, 5e-4, &scale);
        if (scale < 1e-6) continue;
        ++checked;
        for (int a = 0; a < 3; ++a)
          EXPECT_NEAR(r[a], 0.0, 1e-5 * scale)
              << source_time_function_name(c.type) << " force=" << c.force << " t=" << t;
      }
    EXPECT_GT(checked, 10) << source_time_function_name(c.type);
  }
}

TEST(ExactSolution, MomentSolutionIsMinusTheDerivativeOfTheForceSolution) {
  // u^M_i = -sum_jk M_jk d_k u^{F = e_j}_i (freq 1, where the moment formula is exact).
  const double M[3][3] = {{0.3, -1.2, 0.7}, {-1.2, 2.0, -0.4}, {0.7, -0.4, 0.9}};
  const double X[3] = {0.8, -0.6, 0.5}, d = 1e-3;
  for (TF type : {TF::C6SmoothBump, TF::VerySmoothBump, TF::SmoothWave, TF::Gaussian}) {
    SourceCfg ms = moment_src(0, 0, 0, {0.3, -1.2, 0.7, 2.0, -0.4, 0.9});
    ms.type = type;
    if (type == TF::Gaussian) ms.t0 = 0.5, ms.freq = 2;
    for (double t = 0.4; t < 2.0; t += 0.15) {
      const auto uM = exact_point_source(ms, 1, 1.7, 1.0, X[0], X[1], X[2], t, 1e-2);
      double sum[3] = {0, 0, 0}, scale = 1e-12;
      for (int j = 0; j < 3; ++j) {
        SourceCfg fs = force_src(0, 0, 0, j == 0, j == 1, j == 2);
        fs.type = type, fs.freq = ms.freq, fs.t0 = ms.t0;
        for (int k = 0; k < 3; ++k) {
          auto comp = [&](int i) {
            return [&, i](double xk) {
              double Y[3] = {X[0], X[1], X[2]};
              Y[k] = xk;
              return exact_point_source(fs, 1, 1.7, 1.0, Y[0], Y[1], Y[2], t, 1e-2)[i];
            };
          };
          for (int i = 0; i < 3; ++i) sum[i] -= M[j][k] * d1(comp(i), X[k], d);
        }
      }
      for (int i = 0; i < 3; ++i) scale = std::max(scale, std::fabs(uM[i]));
      for (int i = 0; i < 3; ++i)
        EXPECT_NEAR(uM[i], sum[i], 1e-7 * scale + 1e-12)
            << source_time_function_name(type) << " t=" << t << " i=" << i;
    }
  }
}

TEST(ExactSolution, IsotropicMomentIsRadial) {
  const SourceCfg s = moment_src(4, 4, 1.34, {2, 0, 0, 2, 0, 2});
  const double R = 0.7, t = 0.8;
  double mag = -1;
  for (double th : {0.3, 1.1, 2.0})
    for (double ph : {0.0, 2.0, 4.5}) {
      const double n[3] = {std::sin(th) * std::cos(ph), std::sin(th) * std::sin(ph), std::cos(th)};
      const auto u =
          exact_point_source(s, 1, 1.6, 0.8, 4 + R * n[0], 4 + R * n[1], 1.34 + R * n[2], t, 0.04);
      const double ur = u[0] * n[0] + u[1] * n[1] + u[2] * n[2];
      for (int a = 0; a < 3; ++a) EXPECT_NEAR(u[a], ur * n[a], 1e-12 * std::fabs(ur));
      if (mag < 0) mag = ur;
      EXPECT_NEAR(ur, mag, 1e-12 * std::fabs(mag));
    }
  EXPECT_GT(std::fabs(mag), 0.1);
}

TEST(ExactSolution, IntegralCMatchesQuadratureAndPrimitive) {
  // Gauss-Legendre, 8 points per panel, 64 panels: exact to roundoff for these polynomials.
  const double xg[4] = {0.1834346424956498, 0.5255324099163290, 0.7966664774136267,
                        0.9602898564975363};
  const double wg[4] = {0.3626837833783620, 0.3137066458778873, 0.2223810344533745,
                        0.1012285362903763};
  auto quad1 = [&](const std::function<double(double)>& f, double a, double b) {
    double s = 0;
    const int panels = 64;
    for (int p = 0; p < panels; ++p) {
      const double lo = a + (b - a) * p / panels, hi = a + (b - a) * (p + 1) / panels;
      const double c = (lo + hi) / 2, r = (hi - lo) / 2;
      for (int n = 0; n < 4; ++n) s += r * wg[n] * (f(c - r * xg[n]) + f(c + r * xg[n]));
    }
    return s;
  };
  // Split at the ends of the pulse's support in L (tau - 1 and tau), where it is not smooth.
  auto quad = [&](const std::function<double(double)>& f, double a, double b, double tau) {
    double cuts[4] = {a, std::min(std::max(tau - 1, a), b), std::min(std::max(tau, a), b), b};
    double s = 0;
    for (int i = 0; i < 3; ++i)
      if (cuts[i + 1] > cuts[i]) s += quad1(f, cuts[i], cuts[i + 1]);
    return s;
  };
  const double alpha = 1.6, beta = 0.8;
  for (TF type : {TF::C6SmoothBump, TF::VerySmoothBump, TF::SmoothWave}) {
    for (double tau : {0.3, 0.75, 1.2, 2.5})
      for (double R : {0.05, 0.4, 1.0}) {
        const double C = stokes::pulse_integral(type, tau, R, alpha, beta);
        const double Q = quad([&](double L) { return L * stokes::pulse(type, tau - L); }, R / alpha,
                              R / beta, tau);
        EXPECT_NEAR(C, Q, 1e-12 * (1 + std::fabs(Q))) << source_time_function_name(type);
      }
    // dP/dL = L p(tau - L) inside the support.
    for (double tau : {0.4, 1.3})
      for (double y = 0.05; y < 1; y += 0.1) {
        const double L = tau - y;
        auto P = [&](double l) { return stokes::pulse_primitive(type, l, tau); };
        EXPECT_NEAR(d1(P, L, 1e-4), L * stokes::pulse(type, y), 1e-8 * (1 + std::fabs(L)))
            << source_time_function_name(type);
      }
  }
  for (double sigma : {0.25, 0.5})
    for (double tau : {-0.2, 0.5, 1.5}) {
      const double R = 0.6;
      const double C = stokes::gaussian_integral(tau, R, sigma, alpha, beta);
      const double Q =
          quad1([&](double L) { return L * stokes::gauss(tau - L, sigma); }, R / alpha, R / beta);
      EXPECT_NEAR(C, Q, 1e-13);
    }
}

TEST(ExactSolution, MomentSourcesKeepTheOriginalsFreqQuirk) {
  // Polynomial pulses, moment source: time scaled by freq, distance not. So the solution with
  // freq f at time t is the freq-1 solution at time f t; a force source scales properly.
  SourceCfg a = moment_src(0, 0, 0, {1, 0.5, 0, 1, 0, 1});
  SourceCfg b = a;
  a.freq = 2;
  const auto ua = exact_point_source(a, 1, 1.6, 0.8, 0.5, 0.3, 0.2, 0.4, 0.04);
  const auto ub = exact_point_source(b, 1, 1.6, 0.8, 0.5, 0.3, 0.2, 0.8, 0.04);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(ua[i], ub[i]);
  EXPECT_NE(ua[0], 0.0);
}

TEST(ExactSolution, RejectsOtherTimeFunctionsAndVanishesAtTheSource) {
  for (TF t : {TF::Ricker, TF::RickerInt, TF::Brune, TF::Discrete}) {
    EXPECT_FALSE(has_exact_solution(t));
    try {
      exact_point_source(make_src(t), 1, 1.6, 0.8, 1, 1, 1, 0.5, 0.04);
      ADD_FAILURE() << "no throw";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("C6SmoothBump"), std::string::npos);
      EXPECT_NE(std::string(e.what()).find(source_time_function_name(t)), std::string::npos);
    }
  }
  for (TF t : {TF::SmoothWave, TF::VerySmoothBump, TF::C6SmoothBump, TF::Gaussian})
    EXPECT_TRUE(has_exact_solution(t));
  const SourceCfg s = moment_src(4, 4, 1.34, {1, 0, 0, 1, 0, 1});
  const auto u = exact_point_source(s, 1, 1.6, 0.8, 4 + 1e-5, 4, 1.34, 0.5, 0.04);
  EXPECT_EQ(u[0], 0.0);
  EXPECT_EQ(u[2], 0.0);
}
