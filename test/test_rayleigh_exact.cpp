// Unit tests of verify/rayleigh_exact.hpp, the exact plane Rayleigh wave of testrayleigh: the
// speed against the closed form for Poisson's ratio 1/4 and against the rationalised cubic, the
// root's uniqueness in (0, cs), the zero traction at z = 0 and the elastic wave equation below
// it (both by 6th-order central differences of the displacement), the decay with depth and the
// depth where the horizontal motion reverses, periodicity in x and t, and the refused inputs.
//
// Why built so: the header's algebra is checked only through properties that do not share it
// (derivatives taken numerically, a second form of the Rayleigh equation, published numbers),
// and each physical check is also run on a spoiled profile to show that it can fail.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <functional>
#include <utility>
#include <vector>

#include "verify/rayleigh_exact.hpp"

using namespace sw4;
using Vec = std::array<double, 3>;
using Field = std::function<Vec(const Vec&)>;

namespace {
const double pi = std::acos(-1.0);

// Materials from near the lower limit cp/cs = sqrt(4/3) to nearly incompressible; cs = 2
// so that nothing is right only for cs = 1.
std::vector<RayleighWave> materials() {
  std::vector<RayleighWave> m;
  for (double ratio : {1.16, 1.5, std::sqrt(3.0), 2.0, 3.0, 10.0, 100.0})
    m.push_back(RayleighWave{2700, 2 * ratio, 2, 3.5, 0.7, 0.3});
  return m;
}

// 6th-order central differences: first derivative, and second of one variable.
Vec d1(const Field& f, Vec p, int a, double h) {
  static const double c[3] = {45.0 / 60, -9.0 / 60, 1.0 / 60};
  Vec r{0, 0, 0};
  for (int j = 1; j <= 3; ++j) {
    Vec pp = p, pm = p;
    pp[a] += j * h;
    pm[a] -= j * h;
    const Vec fp = f(pp), fm = f(pm);
    for (int i = 0; i < 3; ++i) r[i] += c[j - 1] * (fp[i] - fm[i]) / h;
  }
  return r;
}
Vec d2(const Field& f, Vec p, int a, int b, double h) {
  if (a != b) return d1([&](const Vec& q) { return d1(f, q, b, h); }, p, a, h);
  static const double c[4] = {-490.0 / 180, 270.0 / 180, -27.0 / 180, 2.0 / 180};
  Vec r = f(p);
  for (int i = 0; i < 3; ++i) r[i] *= c[0] / (h * h);
  for (int j = 1; j <= 3; ++j) {
    Vec pp = p, pm = p;
    pp[a] += j * h;
    pm[a] -= j * h;
    const Vec fp = f(pp), fm = f(pm);
    for (int i = 0; i < 3; ++i) r[i] += c[j] * (fp[i] + fm[i]) / (h * h);
  }
  return r;
}

Field at_time(const RayleighProfile& p, double t) {
  return [p, t](const Vec& x) { return p.displacement(x[0], x[1], x[2], t); };
}

// (sigma_xz, sigma_yz, sigma_zz) at (x, y, 0), divided by (lambda + 2 mu) k A: the stiffest
// modulus times the strain scale, because the differences' error, whether truncation or
// roundoff, is amplified by lambda in lambda div(u) (div u itself stays of order k A / cp^2).
Vec surface_traction(const RayleighWave& w, const RayleighProfile& p, double x, double y,
                     double t) {
  const Field f = at_time(p, t);
  const Vec pt{x, y, 0};
  const double h = 1e-3 * w.wavelength;
  Vec g[3];  // g[j][i] = d u_i / d x_j
  for (int j = 0; j < 3; ++j) g[j] = d1(f, pt, j, h);
  const double mu = w.rho * w.cs * w.cs, la = w.rho * w.cp * w.cp - 2 * mu;
  const double div = g[0][0] + g[1][1] + g[2][2];
  const double scale = (la + 2 * mu) * p.k * std::fabs(w.amplitude);
  return {mu * (g[2][0] + g[0][2]) / scale, mu * (g[2][1] + g[1][2]) / scale,
          (la * div + 2 * mu * g[2][2]) / scale};
}

// Largest component of rho u_tt - div sigma at (x, y, z, t), divided by (lambda + 2 mu) k^2 A,
// for the reason given at surface_traction.
double wave_equation_residual(const RayleighWave& w, const RayleighProfile& p, Vec pt,
                              double t) {
  const double h = 5e-3 * w.wavelength, ht = h / w.cp;
  const Field f = at_time(p, t);
  Vec H[3][3];  // H[a][b][i] = d2 u_i / dx_a dx_b
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b) H[a][b] = d2(f, pt, a, b, h);
  const Field ft = [&](const Vec& tt) { return p.displacement(pt[0], pt[1], pt[2], tt[0]); };
  const Vec utt = d2(ft, {t, 0, 0}, 0, 0, ht);
  const double mu = w.rho * w.cs * w.cs, la = w.rho * w.cp * w.cp - 2 * mu;
  double worst = 0;
  for (int i = 0; i < 3; ++i) {
    double graddiv = 0, lap = 0;
    for (int j = 0; j < 3; ++j) {
      graddiv += H[i][j][j];
      lap += H[j][j][i];
    }
    const double r = w.rho * utt[i] - ((la + mu) * graddiv + mu * lap);
    worst = std::fmax(worst, std::fabs(r));
  }
  return worst / ((la + 2 * mu) * p.k * p.k * std::fabs(w.amplitude));
}
}  // namespace

TEST(RayleighSpeed, PoissonQuarterIsTheClosedForm) {
  // cp = sqrt(3) cs: the cubic factors and c_R^2 = (2 - 2/sqrt(3)) cs^2.
  const RayleighWave w{1, std::sqrt(3.0), 1, 1};
  const double c = w.speed();
  EXPECT_NEAR(c, std::sqrt(2 - 2 / std::sqrt(3.0)), 4e-16);
  EXPECT_NEAR(c, 0.919402, 5e-7);
  // The speed scales with cs at fixed cp/cs and ignores rho, wavelength, amplitude.
  const RayleighWave w2{7, 3 * std::sqrt(3.0), 3, 0.1, 5, 1};
  EXPECT_NEAR(w2.speed(), 3 * c, 1e-15 * 3);
}

TEST(RayleighSpeed, SolvesTheRationalisedCubicAndTheEquationItself) {
  for (const RayleighWave& w : materials()) {
    const double c = w.speed(), xi = (c / w.cs) * (c / w.cs), kap = (w.cs / w.cp) * (w.cs / w.cp);
    ASSERT_GT(c, 0);
    ASSERT_LT(c, w.cs);
    // Squaring the Rayleigh equation gives xi (xi^3 - 8 xi^2 + (24 - 16 kap) xi - 16 (1 - kap)).
    const double cubic = ((xi - 8) * xi + (24 - 16 * kap)) * xi - 16 * (1 - kap);
    EXPECT_LT(std::fabs(cubic), 1e-13) << "cp/cs = " << w.cp / w.cs;
    const double lhs = (2 - xi) * (2 - xi), rhs = 4 * std::sqrt(1 - kap * xi) * std::sqrt(1 - xi);
    EXPECT_LT(std::fabs(lhs - rhs), 4e-15) << "cp/cs = " << w.cp / w.cs;
  }
  // Nearly incompressible: the cubic tends to xi^3 - 8 xi^2 + 24 xi - 16, c_R/cs = 0.955313.
  EXPECT_NEAR(RayleighWave({1, 1e4, 1, 1}).speed(), 0.955313, 1e-6);
}

TEST(RayleighSpeed, TheRootIsTheOnlyOneInTheBracket) {
  // The header brackets with [0, cs]; a second sign change of the reduced function would make
  // the bisection's answer depend on where it starts.
  for (const RayleighWave& w : materials()) {
    const double kap = (w.cs / w.cp) * (w.cs / w.cp);
    int changes = 0;
    double prev = rayleigh::g(0, kap);
    for (int i = 1; i <= 100000; ++i) {
      const double now = rayleigh::g(i * 1e-5, kap);
      if ((now > 0) != (prev > 0)) ++changes;
      prev = now;
    }
    EXPECT_EQ(changes, 1) << "cp/cs = " << w.cp / w.cs;
  }
}

TEST(RayleighSpeed, RefusesWhatIsNotAMaterialOrAWave) {
  const double nan = std::nan("");
  EXPECT_THROW(RayleighWave({1, 1.15, 1, 1}).speed(), std::invalid_argument);  // < sqrt(4/3)
  EXPECT_THROW(RayleighWave({1, 0.9, 1, 1}).speed(), std::invalid_argument);
  EXPECT_THROW(RayleighWave({1, 2, 0, 1}).speed(), std::invalid_argument);
  EXPECT_THROW(RayleighWave({0, 2, 1, 1}).speed(), std::invalid_argument);
  EXPECT_THROW(RayleighWave({1, 2, 1, 0}).speed(), std::invalid_argument);
  EXPECT_THROW(RayleighWave({1, nan, 1, 1}).speed(), std::invalid_argument);
  EXPECT_THROW(RayleighWave({1, 2, 1, 1, nan}).profile(), std::invalid_argument);
  EXPECT_NO_THROW(RayleighWave({1, 1.1548, 1, 1}).speed());
}

TEST(RayleighField, SurfaceIsTractionFree) {
  // Measured at most 1.5e-13 over these materials (h = wavelength/1000, roundoff-bound).
  for (const RayleighWave& w : materials()) {
    const RayleighProfile p = w.profile();
    for (double x : {0.0, 0.37, 1.9, 3.1})
      for (double t : {0.0, 0.8}) {
        const Vec tr = surface_traction(w, p, x, 0.4, t);
        for (int i = 0; i < 3; ++i) EXPECT_LT(std::fabs(tr[i]), 1e-11) << "cp/cs " << w.cp / w.cs;
      }
  }
  // Can fail: a speed off by one part in a million leaves sigma_zz far above the tolerance.
  const RayleighWave w = materials()[2];
  RayleighProfile p = w.profile();
  p.c *= 1 + 1e-6;
  const double xi = (p.c / w.cs) * (p.c / w.cs), d = 2 - xi;
  p.q = std::sqrt(1 - (p.c / w.cp) * (p.c / w.cp));
  p.s = std::sqrt(1 - xi);
  const double D = d - 2 * p.q * p.s;
  p.u_p = w.amplitude * d / D, p.u_s = -w.amplitude * 2 * p.q * p.s / D;
  p.w_p = w.amplitude * p.q * d / D, p.w_s = -w.amplitude * 2 * p.q / D;
  EXPECT_GT(std::fabs(surface_traction(w, p, 0.1, 0, 0)[2]), 1e-8);
}

TEST(RayleighField, SatisfiesTheElasticWaveEquation) {
  // Tolerance 1e-10: the 6th-order differences at h = wavelength/200 err by about
  // (kh)^6/140 ~ 1e-11 (the mixed ones), roundoff by eps/(kh)^2 ~ 1e-13; measured 8e-12.
  for (const RayleighWave& w : materials()) {
    const RayleighProfile p = w.profile();
    for (double z : {0.05, 0.3, 1.0, 2.5})
      EXPECT_LT(wave_equation_residual(w, p, {1.3, 0.2, z * w.wavelength}, 0.45), 1e-10)
          << "cp/cs " << w.cp / w.cs << " z/L " << z;
  }
  // Can fail: swapping the decay rates makes neither part a wave of its own speed.
  const RayleighWave w = materials()[2];
  RayleighProfile p = w.profile();
  std::swap(p.q, p.s);
  EXPECT_GT(wave_equation_residual(w, p, {1.3, 0.2, 0.3 * w.wavelength}, 0.45), 1e-3);
}

TEST(RayleighField, AmplitudeAndSurfaceEllipse) {
  for (const RayleighWave& w : materials()) {
    const RayleighProfile p = w.profile();
    // Peak horizontal motion at the surface is `amplitude` (theta = pi/2); v is zero.
    const double x_peak = (pi / 2 - w.phase) / p.k;
    const Vec top = p.displacement(x_peak, 0, 0, 0);
    EXPECT_NEAR(top[0], w.amplitude, 1e-14);
    EXPECT_EQ(top[1], 0.0);
    EXPECT_NEAR(top[2], 0.0, 1e-14);
  }
  // Poisson 1/4: vertical over horizontal surface amplitude sqrt(1 + 2/sqrt(3)) = 1.4679,
  // upward (w < 0, z down) a quarter wavelength behind the horizontal peak.
  const RayleighWave w{1, std::sqrt(3.0), 1, 1};
  const Vec up = w.displacement(0, 0, 0, 0);
  EXPECT_NEAR(up[2], -std::sqrt(1 + 2 / std::sqrt(3.0)), 1e-14);
  EXPECT_NEAR(up[2], -1.4679, 1e-4);
}

TEST(RayleighField, DecaysWithDepthAndReversesAtTheKnownDepth) {
  const RayleighWave w{1, std::sqrt(3.0), 1, 2.0};
  const RayleighProfile p = w.profile();
  const double L = w.wavelength;
  auto hor = [&](double z) { return p.displacement((pi / 2 - w.phase) / p.k, 0, z, 0)[0]; };
  auto ver = [&](double z) { return p.displacement(-w.phase / p.k, 0, z, 0)[2]; };
  // Below half a wavelength both envelopes shrink monotonically to nothing (above it the
  // vertical one peaks near 0.08 L and the horizontal one, reversed, near 0.46 L).
  for (double z = 0.5 * L; z < 8 * L; z += 0.05 * L) {
    EXPECT_LT(std::fabs(hor(z + 0.05 * L)), std::fabs(hor(z))) << z;
    EXPECT_LT(std::fabs(ver(z + 0.05 * L)), std::fabs(ver(z))) << z;
  }
  EXPECT_LT(std::fabs(hor(8 * L)), 1e-7);
  EXPECT_LT(std::fabs(ver(8 * L)), 1e-7);
  // Deep down only the slower-decaying S part is left: exp(-s k z) times its weight.
  const double s = std::sqrt(1 - (p.c / w.cs) * (p.c / w.cs));
  EXPECT_NEAR(ver(5 * L) / std::exp(-s * p.k * 5 * L) / p.w_s, 1.0, 1e-5);
  // The horizontal motion changes sign at z = 0.192 L for Poisson 1/4 (a textbook number).
  double lo = 0, hi = 0.5 * L;
  ASSERT_GT(hor(lo), 0);
  ASSERT_LT(hor(hi), 0);
  for (int i = 0; i < 60; ++i) (hor(0.5 * (lo + hi)) > 0 ? lo : hi) = 0.5 * (lo + hi);
  EXPECT_NEAR(lo / L, 0.192, 5e-4);
}

TEST(RayleighField, PeriodicInXAndTimeAndIndependentOfY) {
  for (const RayleighWave& w : materials()) {
    const double L = w.wavelength, T = L / w.speed();
    for (double z : {0.0, 0.4 * L})
      for (double x : {0.1, 1.7}) {
        const Vec a = w.displacement(x, 0, z, 0.2);
        const Vec b = w.displacement(x + 3 * L, 9, z, 0.2);   // 3 wavelengths on, y moved
        const Vec c = w.displacement(x + 0.5 * L, 0, z, 0.2);  // half a wavelength: reversed
        const Vec d = w.displacement(x, 0, z, 0.2 + 2 * T);    // two periods later
        const Vec e = w.displacement(x + 0.1 * L, 0, z, 0.2 + 0.1 * T);  // rides the wave
        for (int i : {0, 2}) {
          EXPECT_NEAR(b[i], a[i], 1e-13 * w.amplitude * 3);
          EXPECT_NEAR(c[i], -a[i], 1e-13 * w.amplitude * 3);
          EXPECT_NEAR(d[i], a[i], 1e-13 * w.amplitude * 3);
          EXPECT_NEAR(e[i], a[i], 1e-13 * w.amplitude * 3);
        }
      }
  }
  // Can fail: a quarter wavelength is not a period.
  const RayleighWave w = materials()[2];
  EXPECT_GT(std::fabs(w.displacement(0.1 + 0.25 * w.wavelength, 0, 0, 0)[0] -
                      w.displacement(0.1, 0, 0, 0)[0]),
            0.1);
}
