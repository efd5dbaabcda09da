// Unit tests of source.hpp's time functions: every time function's derivatives against finite
// differences, the pieces and cut-offs the original has, unit area where the original has it,
// and the Discrete interpolant of a sample series (exact on quartics, C2 at the ends,
// convergent). The source weights and grid forces are in test_source_weights.cpp, the exact
// solution in test_source_exact.cpp.
//
// Why built so: a time function's derivatives enter the solver as separate formulas, so each
// is checked against differences of the function itself (source_helpers.hpp), over the whole
// pulse and away from the kinks where a piece ends.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "source.hpp"
#include "source_helpers.hpp"

using namespace sw4;
using TF = TimeFunctionType;

namespace {

struct FdCase {
  TF type;
  double f, lo, hi;           // tau range
  std::vector<double> kinks;  // tau where a piece ends
};

// Compares g_t and g_tt with finite differences of g (and g_tt with those of g_t) at 400 points
// of [lo, hi], skipping 4 steps around each kink. Tolerance: 1e-6 of the largest |g_t|, |g_tt|.
void check_fd(const FdCase& c, double t0) {
  const TimeFunction T = TimeFunction::from(make_src(c.type, c.f, t0));
  const double d = 1e-3 * std::min(1.0, 1 / c.f) * (c.hi - c.lo) / 2;
  std::vector<double> taus;
  for (int n = 0; n <= 400; ++n) {
    const double tau = c.lo + (c.hi - c.lo) * (n + 0.37) / 401;
    bool near = false;
    for (double k : c.kinks) near = near || std::fabs(tau - k) < 4 * d;
    if (!near) taus.push_back(tau);
  }
  double s1 = 0, s2 = 0;
  for (double tau : taus) {
    s1 = std::max(s1, std::fabs(T.g_t(tau + t0)));
    s2 = std::max(s2, std::fabs(T.g_tt(tau + t0)));
  }
  ASSERT_GT(s2, 0) << source_time_function_name(c.type);
  auto g = [&](double t) { return T.g(t); };
  auto gt = [&](double t) { return T.g_t(t); };
  for (double tau : taus) {
    const double t = tau + t0;
    EXPECT_NEAR(d1(g, t, d), T.g_t(t), 1e-6 * s1)
        << source_time_function_name(c.type) << " tau=" << tau;
    EXPECT_NEAR(d2(g, t, d), T.g_tt(t), 1e-6 * s2)
        << source_time_function_name(c.type) << " tau=" << tau;
    EXPECT_NEAR(d1(gt, t, d), T.g_tt(t), 1e-6 * s2)
        << source_time_function_name(c.type) << " tau=" << tau;
  }
}

const double kPi = 3.14159265358979323846;

}  // namespace

// ------------------------------------------------------------------------------------------------
TEST(TimeFunction, DerivativesMatchFiniteDifferences) {
  const double T = 1.0;  // Liu period with f = 2 pi
  const std::vector<FdCase> cases = {
      {TF::Gaussian, 2, -3, 3, {}},
      {TF::GaussianInt, 1.5, -4, 4, {}},
      {TF::Ricker, 1.3, -2, 2, {}},
      {TF::RickerInt, 0.7, -3, 3, {}},
      {TF::Ramp, 2, -0.5, 1, {0, 0.5}},
      {TF::Triangle, 1.7, -0.2, 0.8, {0, 1 / 1.7}},
      {TF::Sawtooth, 0.9, -0.2, 1.3, {0, 1 / 0.9}},
      {TF::SmoothWave, 1.25, -0.1, 0.9, {0, 0.8}},
      {TF::VerySmoothBump, 3, -0.1, 0.43, {0, 1 / 3.0}},
      {TF::C6SmoothBump, 1, -0.1, 1.1, {0, 1}},
      {TF::Brune, 2, -1, 5, {0}},
      {TF::BruneSmoothed, 2, -1, 5, {0, 2.31 / 2}},
      {TF::DBrune, 1.5, -1, 6, {0}},
      {TF::GaussianWindow, 3, -6, 6, {}},
      {TF::Liu, 2 * kPi, -0.2, 1.2, {0, 0.13 * T, 0.26 * T, T}},
      {TF::Dirac, 10, -0.3, 0.3, {-0.25, -0.15, -0.05, 0.05, 0.15, 0.25}},
  };
  for (const auto& c : cases) {
    check_fd(c, 0.0);
    check_fd(c, 0.3);
  }
}

TEST(TimeFunction, PiecesAndCutoffsFollowTheOriginal) {
  const double f = 2;
  auto T = [&](TF t) { return TimeFunction::from(make_src(t, f)); };
  // Closed interval [0,1] in x uses the formula, outside is constant.
  EXPECT_DOUBLE_EQ(T(TF::Ramp).g(0.5), 1.0);
  EXPECT_NEAR(T(TF::Ramp).g_tt(0.5), 0.5 * kPi * kPi * f * f * std::cos(kPi), 1e-12);
  EXPECT_EQ(T(TF::Ramp).g_tt(0.5 + 1e-12), 0.0);
  EXPECT_EQ(T(TF::Ramp).g(0.5 + 1e-12), 1.0);
  EXPECT_EQ(T(TF::C6SmoothBump).g(-1e-12), 0.0);
  EXPECT_EQ(T(TF::C6SmoothBump).g_tt(0.5 + 1e-12), 0.0);
  // exp cut-offs at exponent -700.
  EXPECT_EQ(T(TF::Brune).g(800 / f), 1.0);
  EXPECT_EQ(T(TF::Brune).g_tt(800 / f), 0.0);
  EXPECT_EQ(T(TF::DBrune).g(800 / f), 0.0);
  EXPECT_EQ(T(TF::Gaussian).g(40 / f), 0.0);  // x^2/2 = 800
  EXPECT_GT(T(TF::Gaussian).g(37 / f), 0.0);  // x^2/2 = 684.5
  EXPECT_EQ(T(TF::GaussianInt).g(40 / f), 1.0);
  EXPECT_EQ(T(TF::GaussianInt).g_t(40 / f), 0.0);
  EXPECT_EQ(T(TF::Ricker).g(9 / f), 0.0);  // (pi x)^2 > 700
  // Liu: 1 from tau = T on; Dirac: zero beyond 2.5 levels; the Ricker's value -1 at 0.
  EXPECT_EQ(TimeFunction::from(make_src(TF::Liu, 2 * kPi)).g(1.0), 1.0);
  EXPECT_EQ(TimeFunction::from(make_src(TF::Dirac, 10)).g(0.2501), 0.0);
  EXPECT_DOUBLE_EQ(TimeFunction::from(make_src(TF::Dirac, 10)).g(0.0), 10.0);
  EXPECT_DOUBLE_EQ(T(TF::Ricker).g(0.0), -1.0);
  // t0 shifts: g(t) = g(tau) with tau = t - t0.
  const auto S = TimeFunction::from(make_src(TF::C6SmoothBump, 1, 0.25));
  EXPECT_DOUBLE_EQ(S.g(0.75), 51480 * std::pow(0.25, 7));
}

TEST(TimeFunction, UnitAreaPulses) {
  // Gaussian and Triangle have unit area in tau, C6SmoothBump in x = f tau (midpoint rule).
  for (TF t : {TF::Gaussian, TF::C6SmoothBump, TF::Triangle}) {
    const double f = 2.5;
    const auto T = TimeFunction::from(make_src(t, f));
    const double lo = t == TF::Gaussian ? -10 / f : 0, hi = t == TF::Gaussian ? 10 / f : 1 / f;
    const int n = 20000;
    double s = 0;
    for (int i = 0; i < n; ++i) s += T.g(lo + (hi - lo) * (i + 0.5) / n);
    s *= (hi - lo) / n;
    if (t == TF::C6SmoothBump) s *= f;
    EXPECT_NEAR(s, 1.0, t == TF::Triangle ? 1e-2 : 1e-8) << source_time_function_name(t);
  }
}

// ------------------------------------------------------------------------------------------------
namespace {
SourceCfg discrete_src(double ts, double dt, std::vector<double> s, double t0 = 0) {
  SourceCfg c = make_src(TF::Discrete, 7.0 /* ignored */, t0);
  c.sample_t0 = ts;
  c.sample_dt = dt;
  c.samples = std::move(s);
  return c;
}
}  // namespace

TEST(Discrete, PassesThroughSamplesAndReproducesQuarticsInside) {
  auto P = [](double t) {
    return 1 + 0.5 * t - 0.3 * t * t + 0.2 * t * t * t - 0.05 * t * t * t * t;
  };
  auto P1 = [](double t) { return 0.5 - 0.6 * t + 0.6 * t * t - 0.2 * t * t * t; };
  auto P2 = [](double t) { return -0.6 + 1.2 * t - 0.6 * t * t; };
  const double ts = -0.35, dt = 0.1;
  const int n = 30;
  std::vector<double> s(n);
  for (int m = 0; m < n; ++m) s[m] = P(ts + m * dt);
  const double t0 = 0.2;
  const auto T = TimeFunction::from(discrete_src(ts, dt, s, t0));
  for (int m = 0; m < n; ++m) EXPECT_NEAR(T.g(ts + m * dt + t0), s[m], 1e-14);
  // Intervals with fourth-order knot derivatives at both ends: knots 2..n-3.
  for (double tau = ts + 2 * dt; tau <= ts + (n - 3) * dt; tau += 0.0137) {
    EXPECT_NEAR(T.g(tau + t0), P(tau), 1e-12) << tau;
    EXPECT_NEAR(T.g_t(tau + t0), P1(tau), 1e-10) << tau;
    EXPECT_NEAR(T.g_tt(tau + t0), P2(tau), 1e-8) << tau;
  }
}

TEST(Discrete, HoldsEndValuesOutsideAndJoinsThemC2) {
  const std::vector<double> s = {0, 0, 0.1, 0.7, 1.3, 0.9, 1.1, 1.0, 1.0};
  const double ts = 0.5, dt = 0.25, te = ts + (s.size() - 1) * dt;
  const auto T = TimeFunction::from(discrete_src(ts, dt, s));
  for (double t : {-3.0, 0.0, 0.5}) {
    EXPECT_EQ(T.g(t), 0.0);
    EXPECT_EQ(T.g_t(t), 0.0);
    EXPECT_EQ(T.g_tt(t), 0.0);
  }
  for (double t : {te, te + 0.1, 100.0}) {
    EXPECT_EQ(T.g(t), 1.0);
    EXPECT_EQ(T.g_t(t), 0.0);
    EXPECT_EQ(T.g_tt(t), 0.0);
  }
  // Inside, next to each end: value, slope and curvature tend to the constant piece's.
  const double e = 1e-7;
  EXPECT_NEAR(T.g(ts + e), 0.0, 1e-12);
  EXPECT_NEAR(T.g_t(ts + e), 0.0, 1e-5);
  EXPECT_NEAR(T.g_tt(ts + e), 0.0, 1e-4);
  EXPECT_NEAR(T.g(te - e), 1.0, 1e-12);
  EXPECT_NEAR(T.g_t(te - e), 0.0, 1e-5);
  EXPECT_NEAR(T.g_tt(te - e), 0.0, 1e-4);
  // Across interior knots g, g', g'' are continuous.
  for (size_t m = 1; m + 1 < s.size(); ++m) {
    const double t = ts + m * dt;
    EXPECT_NEAR(T.g(t - e), T.g(t + e), 1e-5);
    EXPECT_NEAR(T.g_t(t - e), T.g_t(t + e), 1e-4);
    EXPECT_NEAR(T.g_tt(t - e), T.g_tt(t + e), 1e-3);
  }
  // One sample: a constant; none: zero.
  const auto One = TimeFunction::from(discrete_src(0, 0.1, {2.5}));
  EXPECT_EQ(One.g(-1), 2.5);
  EXPECT_EQ(One.g(1), 2.5);
  EXPECT_EQ(One.g_tt(1), 0.0);
  EXPECT_EQ(TimeFunction::from(discrete_src(0, 0.1, {})).g(1), 0.0);
  EXPECT_THROW(TimeFunction::from(discrete_src(0, 0.0, {1, 2})), std::invalid_argument);
}

TEST(Discrete, DerivativesMatchFiniteDifferences) {
  std::vector<double> s;
  for (int m = 0; m < 25; ++m) s.push_back(std::sin(0.7 * m) + 0.3 * std::cos(2.1 * m * m));
  const double ts = -0.4, dt = 0.05;
  const auto T = TimeFunction::from(discrete_src(ts, dt, s, 0.1));
  FdCase c{TF::Discrete, 1, ts - 0.1, ts + 25 * dt, {}};
  for (int m = 0; m < 25; ++m) c.kinks.push_back(ts + m * dt);
  const double d = 1e-5;
  double s2 = 0;
  for (double tau = c.lo; tau < c.hi; tau += 1e-3) s2 = std::max(s2, std::fabs(T.g_tt(tau + 0.1)));
  auto g = [&](double t) { return T.g(t); };
  auto gt = [&](double t) { return T.g_t(t); };
  for (double tau = c.lo; tau < c.hi; tau += 0.00731) {
    bool near = false;
    for (double k : c.kinks) near = near || std::fabs(tau - k) < 4 * d;
    if (near) continue;
    EXPECT_NEAR(d2(g, tau + 0.1, d), T.g_tt(tau + 0.1), 1e-5 * s2) << tau;
    EXPECT_NEAR(d1(gt, tau + 0.1, d), T.g_tt(tau + 0.1), 1e-6 * s2) << tau;
  }
}

TEST(Discrete, ConvergesOnASmoothPulse) {
  // Samples of C6SmoothBump (support [0,1]) on [-0.2, 1.2]; max errors of g and g'' on a fine
  // grid: fifth order in g (ratio 32 in the limit), third order in g'' (ratio 8).
  const auto ref = TimeFunction::from(make_src(TF::C6SmoothBump));
  double err[2], err2[2];
  for (int l = 0; l < 2; ++l) {
    const double dt = 0.05 / (1 << l);
    std::vector<double> s;
    for (double t = -0.2; t <= 1.2 + 1e-12; t += dt) s.push_back(ref.g(t));
    const auto T = TimeFunction::from(discrete_src(-0.2, dt, s));
    err[l] = err2[l] = 0;
    for (double t = -0.3; t < 1.3; t += 1e-3) {
      err[l] = std::max(err[l], std::fabs(T.g(t) - ref.g(t)));
      err2[l] = std::max(err2[l], std::fabs(T.g_tt(t) - ref.g_tt(t)));
    }
  }
  EXPECT_LT(err[1], 1e-3);
  EXPECT_GT(err[0] / err[1], 20.0) << err[0] << " " << err[1];
  EXPECT_GT(err2[0] / err2[1], 5.0) << err2[0] << " " << err2[1];
}
