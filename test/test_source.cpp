// Unit tests of source.hpp: time functions against finite differences, the source weights'
// moment conditions (plain and SBP-weighted), the grid forces of the pointsource deck, the
// Discrete interpolant, and the exact solution against the elastic wave equation, against
// the force solution it derives from, and against the original's printed maximum.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "pointsource_exact.hpp"
#include "source.hpp"

using namespace sw4;
using TF = TimeFunctionType;

namespace {

SourceCfg make_src(TF type, double freq = 1, double t0 = 0) {
  SourceCfg s;
  s.type = type;
  s.freq = freq;
  s.t0 = t0;
  return s;
}

// 4th-order centred differences.
double d1(const std::function<double(double)>& f, double x, double d) {
  return (f(x - 2 * d) - 8 * f(x - d) + 8 * f(x + d) - f(x + 2 * d)) / (12 * d);
}
double d2(const std::function<double(double)>& f, double x, double d) {
  return (-f(x - 2 * d) + 16 * f(x - d) - 30 * f(x) + 16 * f(x + d) - f(x + 2 * d)) / (12 * d * d);
}

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

// ------------------------------------------------------------------------------------------------
namespace {
double moment(const std::array<double, 6>& w, double a, int p, int last = 5) {
  double s = 0;
  for (int m = 0; m <= last; ++m) s += w[m] * std::pow(m - 2 - a, p);
  return s;
}
// Roundoff scale of moment(): the sum of the absolute terms.
double abs_moment(const std::array<double, 6>& w, double a, int p) {
  double s = 0;
  for (int m = 0; m <= 5; ++m) s += std::fabs(w[m] * std::pow(m - 2 - a, p));
  return s;
}
}  // namespace

TEST(Weights, MomentConditionsUpToDegreeFour) {
  for (double a : {-1.5, -0.3, 0.0, 0.25, 0.5, 0.77, 1.0, 1.9}) {
    const auto W = delta_weights(a), D = delta_derivative_weights(a);
    for (int p = 0; p <= 4; ++p) {
      EXPECT_NEAR(moment(W, a, p), p == 0 ? 1.0 : 0.0, 1e-14 * (1 + abs_moment(W, a, p)))
          << "a=" << a << " p=" << p;
      EXPECT_NEAR(moment(D, a, p), p == 1 ? -1.0 : 0.0, 1e-14 * (1 + abs_moment(D, a, p)))
          << "a=" << a << " p=" << p;
    }
    // Not exact at degree 5 (away from the nodes): the conditions above are the whole story.
    if (a == 0.25) {
      EXPECT_GT(std::fabs(moment(W, a, 5)), 1e-3);
    }
  }
}

TEST(Weights, SurfaceVariantsHaveTheSameMomentsOnFivePoints) {
  for (double c : {-2.0, -1.5, -1.0, -0.4, 0.0}) {
    const auto W = delta_weights_surface(c), D = delta_derivative_weights_surface(c);
    EXPECT_EQ(W[5], 0.0);
    EXPECT_EQ(D[5], 0.0);
    for (int p = 0; p <= 4; ++p) {
      EXPECT_NEAR(moment(W, c, p, 4), p == 0 ? 1.0 : 0.0, 1e-14 * (1 + abs_moment(W, c, p)))
          << "c=" << c << " p=" << p;
      EXPECT_NEAR(moment(D, c, p, 4), p == 1 ? -1.0 : 0.0, 1e-14 * (1 + abs_moment(D, c, p)))
          << "c=" << c << " p=" << p;
    }
  }
}

TEST(Weights, CheckValues) {
  const std::array<double, 6> W0 = {0, 0, 1, 0, 0, 0};
  const std::array<double, 6> D0 = {-1.0 / 12, 2.0 / 3, 0, -2.0 / 3, 1.0 / 12, 0};
  const std::array<double, 6> Wh = {3. / 256,   -25. / 256, 150. / 256,
                                    150. / 256, -25. / 256, 3. / 256};
  const std::array<double, 6> Dh = {0, -1.0 / 24, 9.0 / 8, -9.0 / 8, 1.0 / 24, 0};
  const auto w0 = delta_weights(0), d0 = delta_derivative_weights(0);
  const auto wh = delta_weights(0.5), dh = delta_derivative_weights(0.5);
  for (int m = 0; m < 6; ++m) {
    EXPECT_NEAR(w0[m], W0[m], 1e-15);
    EXPECT_NEAR(d0[m], D0[m], 1e-15);
    EXPECT_NEAR(wh[m], Wh[m], 1e-15);
    EXPECT_NEAR(dh[m], Dh[m], 1e-15);
  }
  // At c = 0 the surface variants agree with the interior ones.
  const auto ws = delta_weights_surface(0), ds = delta_derivative_weights_surface(0);
  for (int m = 0; m < 6; ++m) {
    EXPECT_NEAR(ws[m], W0[m], 1e-15);
    EXPECT_NEAR(ds[m], D0[m], 1e-15);
  }
}

// ------------------------------------------------------------------------------------------------
namespace {
GridCfg pointsource_grid() {
  GridCfg g;
  g.nx = g.ny = 201;
  g.nz = 101;
  g.h = 0.04;
  g.xmax = g.ymax = 8;
  g.zmax = 4;
  return g;
}
SourceCfg moment_src(double x, double y, double z, std::array<double, 6> M) {
  SourceCfg s = make_src(TF::C6SmoothBump);
  s.x = x, s.y = y, s.z = z;
  s.mxx = M[0], s.mxy = M[1], s.mxz = M[2], s.myy = M[3], s.myz = M[4], s.mzz = M[5];
  return s;
}
SourceCfg force_src(double x, double y, double z, double fx, double fy, double fz) {
  SourceCfg s = make_src(TF::Gaussian);
  s.is_force = true;
  s.x = x, s.y = y, s.z = z;
  s.fx = fx, s.fy = fy, s.fz = fz;
  return s;
}

// Discrete moments of a source's grid forces, sum h^3 w_k f_a xi^p eta^q zeta^r, (xi,eta,zeta) =
// (x - x0)/h. For the continuous source f_a = -M_ab d_b delta they are M_ab / h when (p,q,r) is
// the unit vector e_b and 0 otherwise (degrees <= 4 in each variable); for a force F delta,
// F_a for (0,0,0) and 0 otherwise. w_k = hnorm_k on k = 1..4 with sbp, else 1. Tolerance:
// 1e-13 of the larger of the expected scale and the sum of the absolute terms (the weights of a
// stencil biased away from a side are large and cancel).
void check_moments(const SourceCfg& src, const GridCfg& g, bool sbp) {
  const auto F = grid_point_forces(src, g, sbp);
  ASSERT_FALSE(F.empty());
  const double h = g.h;
  const double M[3][3] = {
      {src.mxx, src.mxy, src.mxz}, {src.mxy, src.myy, src.myz}, {src.mxz, src.myz, src.mzz}};
  const double Fv[3] = {src.fx, src.fy, src.fz};
  double scale = 0;
  for (auto& row : M)
    for (double v : row) scale = std::max(scale, std::fabs(v) / h);
  for (double v : Fv) scale = std::max(scale, std::fabs(v));
  for (int p = 0; p <= 4; ++p)
    for (int q = 0; q <= 4; ++q)
      for (int r = 0; r <= 4; ++r) {
        double sum[3] = {0, 0, 0}, abs_sum = 0;
        for (const auto& e : F) {
          const double xi = ((e.i - 1) * h - src.x) / h, eta = ((e.j - 1) * h - src.y) / h,
                       zeta = ((e.k - 1) * h - src.z) / h;
          const double w = (sbp && e.k <= 4 ? sbp_hnorm[e.k - 1] : 1.0) * h * h * h *
                           std::pow(xi, p) * std::pow(eta, q) * std::pow(zeta, r);
          sum[0] += w * e.fx, sum[1] += w * e.fy, sum[2] += w * e.fz;
          abs_sum += std::fabs(w) * (std::fabs(e.fx) + std::fabs(e.fy) + std::fabs(e.fz));
        }
        for (int a = 0; a < 3; ++a) {
          double expect = 0;
          if (src.is_force) {
            if (p + q + r == 0) expect = Fv[a];
          } else if (p + q + r == 1) {
            expect = M[a][p == 1 ? 0 : q == 1 ? 1 : 2] / h;
          }
          EXPECT_NEAR(sum[a], expect, 1e-13 * std::max(scale, abs_sum))
              << "z=" << src.z << " (p,q,r)=(" << p << "," << q << "," << r << ") a=" << a;
        }
      }
}
}  // namespace

TEST(GridPointForces, PointsourceDeck) {
  const GridCfg g = pointsource_grid();
  const SourceCfg s = moment_src(4, 4, 1.34, {1, 0, 0, 1, 0, 1});
  const auto F = grid_point_forces(s, g, true);
  ASSERT_EQ(F.size(), 216u);
  for (const auto& e : F) {
    EXPECT_GE(e.i, 99);
    EXPECT_LE(e.i, 104);
    EXPECT_GE(e.j, 99);
    EXPECT_LE(e.j, 104);
    EXPECT_GE(e.k, 32);
    EXPECT_LE(e.k, 37);
  }
  // sum h^3 f_a (x_b - x0_b) = M_ab: here the identity, for each a = b.
  double sx = 0, sy = 0, sz = 0, s0 = 0;
  for (const auto& e : F) {
    const double h3 = g.h * g.h * g.h;
    sx += h3 * e.fx * ((e.i - 1) * g.h - s.x);
    sy += h3 * e.fy * ((e.j - 1) * g.h - s.y);
    sz += h3 * e.fz * ((e.k - 1) * g.h - s.z);
    s0 += h3 * (e.fx + e.fy + e.fz);
  }
  EXPECT_NEAR(sx, 1.0, 1e-12);
  EXPECT_NEAR(sy, 1.0, 1e-12);
  EXPECT_NEAR(sz, 1.0, 1e-12);
  EXPECT_NEAR(s0, 0.0, 1e-12);
  check_moments(s, g, true);  // far from the surface: the hnorm weights do not enter
}

TEST(GridPointForces, GeneralMomentAndForceInside) {
  const GridCfg g = pointsource_grid();
  check_moments(moment_src(3.013, 5.5, 2.2177, {0.3, -1.2, 0.7, 2.0, -0.4, 0.9}), g, true);
  check_moments(force_src(3.013, 5.5, 2.2177, 1.5, -0.5, 2.5), g, true);
  // Sources at the sides: the stencil is biased inwards, the moments still hold.
  const auto F = grid_point_forces(moment_src(0.0, 8.0, 4.0, {1, 0, 0, 1, 0, 1}), g, true);
  ASSERT_EQ(F.size(), 216u);
  for (const auto& e : F) {
    EXPECT_TRUE(e.i >= 1 && e.i <= 6) << e.i;
    EXPECT_TRUE(e.j >= 196 && e.j <= 201) << e.j;
    EXPECT_TRUE(e.k >= 96 && e.k <= 101) << e.k;
  }
  check_moments(moment_src(0.05, 7.96, 3.97, {0.3, -1.2, 0.7, 2.0, -0.4, 0.9}), g, true);
  check_moments(force_src(0.01, 7.97, 4.0, 1, 2, 3), g, true);
}

TEST(GridPointForces, ForceSourcesSkipZeroProducts) {
  const GridCfg g = pointsource_grid();
  // On a grid point every 1-D weight but one is zero: a single grid force of F/h^3.
  const auto F = grid_point_forces(force_src(4, 4, 1.32, 1, 2, 3), g, true);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].i, 101);
  EXPECT_EQ(F[0].k, 34);
  EXPECT_NEAR(F[0].fz * std::pow(g.h, 3), 3.0, 1e-12);
  EXPECT_TRUE(grid_point_forces(force_src(4, 4, 1.3, 0, 0, 0), g, true).empty());
  // A moment source keeps all 216, zero or not.
  EXPECT_EQ(grid_point_forces(moment_src(4, 4, 1.32, {0, 0, 0, 0, 0, 0}), g, true).size(), 216u);
}

TEST(GridPointForces, NearSurfaceSBPWeightedMoments) {
  const GridCfg g = pointsource_grid();
  const double h = g.h;
  for (double zh : {0.0, 0.3, 1.0, 1.5, 1.97, 2.03, 2.4, 3.0, 3.7, 5.2}) {
    const double z = zh * h;
    const auto M = moment_src(4.01, 3.97, z, {0.3, -1.2, 0.7, 2.0, -0.4, 0.9});
    const auto Fs = force_src(4.01, 3.97, z, 1.5, -0.5, 2.5);
    check_moments(M, g, true);  // free surface: moments in the SBP inner product
    check_moments(Fs, g, true);
    check_moments(M, g, false);  // no free surface: plain moments, same stencil choice
    check_moments(Fs, g, false);
    // Within 2h of the surface the 5-point z-stencil is used: nothing below k = 5.
    int kmax = 0;
    for (const auto& e : grid_point_forces(M, g, true))
      if (e.fx != 0 || e.fy != 0 || e.fz != 0) kmax = std::max(kmax, e.k);
    EXPECT_EQ(kmax <= 5, zh < 2) << "z/h=" << zh << " deepest k=" << kmax;
  }
}

// ------------------------------------------------------------------------------------------------
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
