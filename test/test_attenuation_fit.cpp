// The material fit of attenuation (attenuation/relaxation.hpp, NUMERICS 35): the frequencies,
// the least-squares solver, the weights' Q(omega) against the target, and the unrelaxed moduli.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "attenuation/relaxation.hpp"

using namespace sw4;

namespace {
AttenuationCfg att(int n, double maxfreq = 2, double phasefreq = 1) {
  AttenuationCfg a;
  a.on = true;
  a.nmech = n;
  a.maxfreq = maxfreq;
  a.phasefreq = phasefreq;
  return a;
}

// The same least-squares solution through the normal equations A^T A x = A^T b, in long double
// by Gaussian elimination: a reference the QR solver must meet, far more accurately than the
// normal equations would in double.
std::vector<double> normal_equations(const std::vector<double>& A, int m, int n, const std::vector<double>& b) {
  std::vector<long double> N(std::size_t(n) * n, 0), r(n, 0);
  for (int q = 0; q < m; ++q)
    for (int i = 0; i < n; ++i) {
      r[i] += (long double)A[q * n + i] * b[q];
      for (int j = 0; j < n; ++j) N[i * n + j] += (long double)A[q * n + i] * A[q * n + j];
    }
  for (int k = 0; k < n; ++k)
    for (int i = k + 1; i < n; ++i) {
      const long double f = N[i * n + k] / N[k * n + k];
      for (int j = k; j < n; ++j) N[i * n + j] -= f * N[k * n + j];
      r[i] -= f * r[k];
    }
  std::vector<double> x(n);
  std::vector<long double> xl(n);
  for (int i = n - 1; i >= 0; --i) {
    long double s = r[i];
    for (int j = i + 1; j < n; ++j) s -= N[i * n + j] * xl[j];
    xl[i] = s / N[i * n + i];
    x[i] = double(xl[i]);
  }
  return x;
}
}  // namespace

TEST(AttenuationFit, Frequencies) {
  const Relaxation r = relaxation_frequencies(att(3), 0);
  ASSERT_EQ(r.n, 3);
  const double wmax = 2 * M_PI * 2;
  EXPECT_DOUBLE_EQ(r.omega_max, wmax);
  EXPECT_DOUBLE_EQ(r.omega_min, wmax / 100);
  EXPECT_DOUBLE_EQ(r.omega_phase, 2 * M_PI);
  ASSERT_EQ(r.omega.size(), 3u);
  EXPECT_DOUBLE_EQ(r.omega[0], wmax / 100);
  EXPECT_DOUBLE_EQ(r.omega[1], wmax / 10);  // geometric: the ratio is 10 over two steps
  EXPECT_EQ(r.omega[2], wmax);
  ASSERT_EQ(r.omc.size(), 5u);  // omega_min r^(k/2): the mechanisms and the midpoints between
  for (int k = 0; k < 5; ++k) EXPECT_NEAR(r.omc[k], wmax / 100 * std::pow(10.0, 0.5 * k), 1e-13 * wmax) << k;
  // minppw: the top of the band from the smallest vs/h
  AttenuationCfg p = att(2);
  p.minppw = 8;
  const Relaxation q = relaxation_frequencies(p, 400);
  EXPECT_DOUBLE_EQ(q.omega_max, 2 * M_PI * 50);
  EXPECT_EQ(q.omega.back(), q.omega_max);
  EXPECT_DOUBLE_EQ(q.omega[0], q.omega_max / 100);
  // one mechanism: at the top, collocated there
  const Relaxation one = relaxation_frequencies(att(1, 5), 0);
  ASSERT_EQ(one.omega.size(), 1u);
  ASSERT_EQ(one.omc.size(), 1u);
  EXPECT_EQ(one.omega[0], 2 * M_PI * 5);
  EXPECT_EQ(one.omc[0], one.omega[0]);
  const Relaxation none = relaxation_frequencies(att(0), 0);
  EXPECT_TRUE(none.omega.empty() && none.omc.empty());
}

TEST(AttenuationFit, LeastSquaresByHand) {
  // A = [1 0; 0 1; 1 1], b = (1, 2, 4): A^T A = [2 1; 1 2], A^T b = (5, 6), x = (4/3, 7/3).
  std::vector<double> x;
  EXPECT_EQ(least_squares_qr({1, 0, 0, 1, 1, 1}, 3, 2, {1, 2, 4}, x), "");
  ASSERT_EQ(x.size(), 2u);
  EXPECT_NEAR(x[0], 4.0 / 3, 1e-15);
  EXPECT_NEAR(x[1], 7.0 / 3, 1e-15);
  // square and exact; a negative diagonal (the other sign of the reflection)
  EXPECT_EQ(least_squares_qr({-2, 1, 1, 3}, 2, 2, {0, 7}, x), "");  // x = (1, 2)
  EXPECT_NEAR(x[0], 1, 1e-15);
  EXPECT_NEAR(x[1], 2, 1e-15);
  // dependent columns, and shapes that are not a least-squares problem
  EXPECT_NE(least_squares_qr({1, 2, 2, 4, 3, 6}, 3, 2, {1, 1, 1}, x), "");
  EXPECT_NE(least_squares_qr({1, 2}, 1, 2, {1}, x), "");
  EXPECT_NE(least_squares_qr({1, 2, 3}, 3, 1, {1, 2}, x), "");
}

TEST(AttenuationFit, LeastSquaresAgainstNormalEquations) {
  for (int n : {1, 2, 3, 5, 8})
    for (double Q : {20.0, 50.0, 100.0}) {
      const Relaxation r = relaxation_frequencies(att(n), 0);
      const int m = 2 * n - 1;
      std::vector<double> A(std::size_t(m) * n), b(m, 1 / Q);
      for (int q = 0; q < m; ++q)
        for (int nu = 0; nu < n; ++nu) {
          const double w = r.omega[nu], c = r.omc[q];
          A[q * n + nu] = (c * w + w * w / Q) / (w * w + c * c);
        }
      std::vector<double> beta;
      ASSERT_EQ(sls_weights(r, Q, beta), "");
      const std::vector<double> ref = normal_equations(A, m, n, b);
      double big = 0;
      for (double v : ref) big = std::max(big, std::fabs(v));
      for (int nu = 0; nu < n; ++nu) EXPECT_NEAR(beta[nu], ref[nu], 1e-12 * big) << "n=" << n << " Q=" << Q;
    }
}

// Every frequency of the fit is a multiple of omega_max, so the weights do not depend on the
// band's position (the parser's check of a block's Q relies on it).
TEST(AttenuationFit, WeightsDoNotDependOnTheBand) {
  for (int n : {2, 3, 5})
    for (double Q : {0.7, 20.0}) {
      std::vector<double> ref, w;
      ASSERT_EQ(sls_weights(relaxation_frequencies(att(n, 1), 0), Q, ref), "");
      for (double f : {0.01, 2.0, 37.0, 1e4}) {
        ASSERT_EQ(sls_weights(relaxation_frequencies(att(n, f), 0), Q, w), "");
        for (int nu = 0; nu < n; ++nu) EXPECT_NEAR(w[nu], ref[nu], 1e-13) << n << " " << Q << " " << f;
      }
    }
}

// One mechanism by hand: omega_0 = omc_0 = omega_max, so the one equation is
// beta (1 + 1/Q)/2 = 1/Q: beta = 2/(Q + 1), and Q(omega_0) = (2 - beta)/beta = Q exactly.
TEST(AttenuationFit, OneMechanismByHand) {
  for (double Q : {10.0, 20.0, 100.0}) {
    const Relaxation r = relaxation_frequencies(att(1), 0);
    std::vector<double> beta;
    ASSERT_EQ(sls_weights(r, Q, beta), "");
    ASSERT_EQ(beta.size(), 1u);
    EXPECT_NEAR(beta[0], 2 / (Q + 1), 1e-16);
    EXPECT_NEAR(sls_quality(r, beta.data(), r.omega[0]), Q, 1e-12 * Q);
    // the peak of damping is at omega_0: Q is larger on both sides
    EXPECT_GT(sls_quality(r, beta.data(), r.omega[0] / 3), Q);
    EXPECT_GT(sls_quality(r, beta.data(), r.omega[0] * 3), Q);
  }
}

// How close Q(omega) comes to the target, measured (NUMERICS 35.4's table): the largest
// |Q(omega)/Q - 1| at the collocation frequencies and on 401 log-spaced points of the band,
// over Q = 20, 50, 100. n = 2 over two decades is poor, as SW4's user guide shows.
TEST(AttenuationFit, QualityOverTheBand) {
  struct Case { int n; double at_omc, over_band; };
  const Case cases[] = {{1, 1e-12, 49}, {2, 1.32, 1.32}, {3, 0.053, 0.053}, {5, 0.026, 0.030}};
  for (const Case& cs : cases)
    for (double Q : {20.0, 50.0, 100.0}) {
      const Relaxation r = relaxation_frequencies(att(cs.n), 0);
      std::vector<double> beta;
      ASSERT_EQ(sls_weights(r, Q, beta), "");
      double sum = 0;
      for (double b : beta) {
        EXPECT_GT(b, 0) << "n=" << cs.n << " Q=" << Q;
        sum += b;
      }
      EXPECT_LT(sum, 1);
      double at_omc = 0, band = 0;
      for (double c : r.omc) at_omc = std::max(at_omc, std::fabs(sls_quality(r, beta.data(), c) / Q - 1));
      for (int i = 0; i <= 400; ++i) {
        const double w = r.omega_min * std::pow(100.0, i / 400.0);
        band = std::max(band, std::fabs(sls_quality(r, beta.data(), w) / Q - 1));
      }
      EXPECT_LE(at_omc, cs.at_omc) << "n=" << cs.n << " Q=" << Q;
      EXPECT_LE(band, cs.over_band) << "n=" << cs.n << " Q=" << Q;
    }
}

TEST(AttenuationFit, UnrelaxedModuliGiveTheDeckModulusAtThePhaseFrequency) {
  for (int n : {1, 2, 3, 5, 8})
    for (double phasefreq : {0.0, 0.3, 1.0, 2.5}) {
      const Relaxation r = relaxation_frequencies(att(n, 2, phasefreq), 0);
      const double mu = 3.2e10, la = 4.1e10, qp = 120, qs = 60;
      ViscoPoint p;
      ASSERT_EQ(visco_material(r, mu, la, qp, qs, p), "");
      std::vector<double> beta(n), gamma(n);
      for (int nu = 0; nu < n; ++nu) {
        beta[nu] = p.muVE[nu] / p.mu0;
        gamma[nu] = (p.laVE[nu] + 2 * p.muVE[nu]) / (p.la0 + 2 * p.mu0);
      }
      const double wp = r.omega_phase;
      EXPECT_NEAR(p.mu0 * std::abs(sls_modulus_ratio(r, beta.data(), wp)), mu, 1e-13 * mu);
      EXPECT_NEAR((p.la0 + 2 * p.mu0) * std::abs(sls_modulus_ratio(r, gamma.data(), wp)), la + 2 * mu,
                  1e-13 * (la + 2 * mu));
      EXPECT_GT(p.mu0, mu);  // unrelaxed: stiffer than at any finite frequency
      // the weights are those of qs and qp alone
      std::vector<double> bs, gp;
      ASSERT_EQ(sls_weights(r, qs, bs), "");
      ASSERT_EQ(sls_weights(r, qp, gp), "");
      for (int nu = 0; nu < n; ++nu) {
        EXPECT_NEAR(beta[nu], bs[nu], 1e-14);
        EXPECT_NEAR(gamma[nu], gp[nu], 1e-14);
      }
      for (int nu = n; nu < kMaxSls; ++nu) EXPECT_EQ(p.muVE[nu], 0);
    }
}

TEST(AttenuationFit, NoMechanismsAndFailures) {
  ViscoPoint p;
  EXPECT_EQ(visco_material(relaxation_frequencies(att(0), 0), 2, 3, 50, 25, p), "");
  EXPECT_EQ(p.mu0, 2);
  EXPECT_EQ(p.la0, 3);
  const Relaxation r = relaxation_frequencies(att(3), 0);
  EXPECT_NE(visco_material(r, 2, 3, 50, 0, p).find("qs"), std::string::npos);
  EXPECT_NE(visco_material(r, 2, 3, -1, 25, p).find("qp"), std::string::npos);
  // a Q too small: the weights sum to 1 or more (measured for n = 3: 0.90 at Q = 2, 1 at
  // Q = 1, 1.045 at Q = 0.5)
  const std::string why = visco_material(r, 2, 3, 50, 0.5, p);
  EXPECT_NE(why.find(">= 1"), std::string::npos) << why;
  EXPECT_NE(why.find("qs"), std::string::npos) << why;
  // nmech = 0: SW4's damping per step
  EXPECT_NEAR(simple_attenuation_factor(2, 0.01, 50), std::exp(-M_PI * 2 * 0.01 / 50), 1e-16);
}
