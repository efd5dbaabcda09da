// test_cfl_stability.cpp: the measured CFL limit (cfl_stability.hpp): the table against the
// measurements it was not built from and against the interior's Fourier symbol, the growth
// per step against measured runs, and the set-up's verdict, warning and refusal on decks.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>

#include "checks/cfl_stability.hpp"
#include "input.hpp"

using namespace sw4;

namespace {
Config deck(const std::string& text) {
  std::istringstream in(text);
  return parse_input_stream(in, "in/cfl.in");
}
// cfl_verdict's dt for a flat deck: dt0 = cfl h / sqrt(vp^2 + 2 vs^2) of the fastest block.
CflVerdict verdict(const Config& c, double speed) {
  const double dt = c.dev.cfl * c.grid.h / speed;
  return cfl_verdict(c, dt, {speed * speed / (c.grid.h * c.grid.h), 0});
}
const std::string kBox =
    "grid h=50 x=3000 y=3000 z=1500\n"
    "supergrid gp=12 dc=0.01\n"
    "source x=1500 y=1500 z=500 fz=1e12 t0=0.3 freq=10 type=Gaussian\n";
}  // namespace

// tools/cfl_stability.sh rate at vp/vs ratios between the table's rows (40 interior points):
// the interpolation in (vs/vp)^2 is within 0.2 % of what was measured there.
TEST(CflStability, TableInterpolatesTheMeasurementsBetweenItsRows) {
  struct M { double ratio, surface, interior; } m[] = {{1.35, 1.4728, 1.5012}, {1.65, 1.4670, 1.4957},
                                                       {3.5, 1.2802, 1.3677},  {5, 1.2297, 1.3351},
                                                       {8, 1.1987, 1.3143}};
  for (const M& x : m) {
    EXPECT_NEAR(cfl_limit(x.ratio, 1, true), x.surface, 0.002 * x.surface) << "vp/vs " << x.ratio;
    EXPECT_NEAR(cfl_limit(x.ratio, 1, false), x.interior, 0.002 * x.interior) << "vp/vs " << x.ratio;
  }
  // the ends: beyond the table the end values; the surface is never above the interior
  EXPECT_EQ(cfl_limit(1e5, 1, true), cfl_measured::kSurface[0]);
  EXPECT_EQ(cfl_limit(1.155, 1, false), cfl_measured::kInterior[cfl_measured::kRows - 1]);
  for (double r = 1.16; r < 2000; r *= 1.1) EXPECT_LT(cfl_limit(r, 1, true), cfl_limit(r, 1, false)) << r;
}

// Inside the grid the limit is sqrt(12 / (largest eigenvalue of L_h's symbol x h^2 / (vp^2 +
// 2 vs^2))): the symbol of the fourth-order operator with constant coefficients, maximal on
// the diagonal k = (t, t, t) (for a P wave along it: (lambda + 4 mu) c + 2 (lambda + mu) s^2,
// c = 5/2 - 8/3 cos t + 1/6 cos 2t, s = 4/3 sin t - 1/6 sin 2t). The measured table (with
// super-grid layers on every side, no free surface) agrees to 0.2 %.
TEST(CflStability, InteriorTableMatchesTheSymbol) {
  for (double ratio : {1.2, 1.5, 2.0, 3.0, 6.0, 30.0, 1000.0}) {
    const double mu = 1, la = ratio * ratio - 2;
    double top = 0;
    for (int n = 0; n <= 20000; ++n) {
      const double t = M_PI * n / 20000, c = 2.5 - 8.0 / 3 * std::cos(t) + std::cos(2 * t) / 6,
                   s = 4.0 / 3 * std::sin(t) - std::sin(2 * t) / 6;
      top = std::max({top, (la + 4 * mu) * c + 2 * (la + mu) * s * s, (la + 4 * mu) * c - (la + mu) * s * s});
    }
    const double theory = std::sqrt(12 * (la + 4 * mu) / top);
    EXPECT_NEAR(cfl_limit(ratio, 1, false), theory, 0.002 * theory) << "vp/vs " << ratio;
  }
}

// The growth per step from the time integrator's root, against runs at vp/vs 2 with a free
// surface (24 interior points, whose limit was 1.4383): measured growth per step.
TEST(CflStability, GrowthPerStepIsTheIntegratorsRoot) {
  struct R { double cfl, growth; } runs[] = {{1.44, 1.1840}, {1.45, 1.5572}, {1.5, 2.7849},
                                             {1.7, 8.5390}, {2.5, 75.2082}};
  for (const R& r : runs)
    EXPECT_NEAR(std::pow(10.0, cfl_growth_decades(r.cfl / 1.4383)), r.growth, 0.01 * r.growth) << r.cfl;
  EXPECT_EQ(cfl_growth_decades(1.0), 0);
  EXPECT_EQ(cfl_growth_decades(0.9), 0);
  EXPECT_GT(cfl_growth_decades(1.0001), 0);
  EXPECT_TRUE(std::isfinite(cfl_growth_decades(1e200)));  // cfl=1e200: a number, not inf
}

// The second order in time (time_order=2): r + 1/r = 2 - z is stable up to z = 4, so its limit
// is the table's over sqrt(3). Measured: testenergy amplitude=0 cpcsratio=2 (vp/vs 2, free
// surface, super-grid gp=10 dc=0, 24 interior points, h=1), the growth of |w| per step at a
// surface receiver over the run's last steps, against the root at the fourth order's measured
// limit 1.4383 over sqrt(3) (the last digits still rising at cfl 0.9: 3 %).
TEST(CflStability, SecondOrderGrowthIsLeapfrogsRoot) {
  struct R { double cfl, growth; } runs[] = {{0.84, 1.3494}, {0.86, 1.6921}, {0.9, 2.2096}};
  const double limit = 1.4383 / std::sqrt(3.0);
  for (const R& r : runs)
    EXPECT_NEAR(std::pow(10.0, cfl_growth_decades(r.cfl / limit, 2)), r.growth, 0.03 * r.growth) << r.cfl;
  EXPECT_EQ(cfl_growth_decades(1.0, 2), 0);
  EXPECT_GT(cfl_growth_decades(1.0001, 2), 0);
  EXPECT_TRUE(std::isfinite(cfl_growth_decades(1e200, 2)));
  const Config c = deck(kBox + "block vp=2000 vs=1000 rho=2000\ntime t=0.8\ndeveloper cfl=0.9 time_order=2\n");
  const CflVerdict v = verdict(c, std::sqrt(6e6));
  EXPECT_NEAR(v.limit, 1.4374 / std::sqrt(3.0), 1e-9);
  const std::string e = cfl_problem(c, v, 400);
  EXPECT_NE(e.find("above 0.8299, its largest stable value (measured for time_order=4, over sqrt(3))"),
            std::string::npos) << e;
  EXPECT_NE(e.find("(allowed: cfl <= 0.829 here"), std::string::npos) << e;
  Config s = c;
  s.dev.cfl = 0.8;  // SW4's energy deck's: stable in the second order
  EXPECT_LT(verdict(s, std::sqrt(6e6)).ratio, 1);
  s.dev.time_order = 4;
  s.dev.cfl = 0.9;
  EXPECT_LT(verdict(s, std::sqrt(6e6)).ratio, 1);  // the same cfl is stable in the fourth order
}

// pointforce.in's box and material (vp/vs 2): cfl=1.5 for 26 steps warns (36 steps from
// rounding to the solution's size), for 400 steps is refused on the developer line; 1.43 and
// the default are stable.
TEST(CflStability, WarnsOrRefusesByTheRunsLength) {
  const Config c = deck(kBox + "block vp=2000 vs=1000 rho=2000\ntime t=0.8\ndeveloper cfl=1.5\n");
  const CflVerdict v = verdict(c, std::sqrt(6e6));
  EXPECT_TRUE(v.surface);
  EXPECT_NEAR(v.number, 1.5, 1e-12);
  EXPECT_NEAR(v.limit, 1.4374, 1e-9);
  EXPECT_NEAR(std::pow(10.0, v.decades), 2.81, 0.01);
  EXPECT_EQ(cfl_problem(c, v, 26), "");
  ASSERT_EQ(cfl_warnings(c, v, 26).size(), 1u);
  const std::string w = cfl_warnings(c, v, 26)[0];
  EXPECT_EQ(w.rfind("in/cfl.in:6: warning: developer: cfl=1.5 is unstable: the CFL number", 0), 0u) << w;
  EXPECT_NE(w.find("at the free surface (vp=2000, vs=1000), above 1.437"), std::string::npos) << w;
  EXPECT_NE(w.find("in about 36 steps"), std::string::npos) << w;
  EXPECT_NE(w.find("(stable: cfl <= 1.43)"), std::string::npos) << w;
  const std::string e = cfl_problem(c, v, 400);
  EXPECT_EQ(e.rfind("in/cfl.in:6: developer: cfl=1.5 cannot be stable for this run:", 0), 0u) << e;
  EXPECT_NE(e.find("after about 36 of the run's 400 steps (allowed: cfl <= 1.43 here, or at most 35 steps)"),
            std::string::npos) << e;
  EXPECT_TRUE(cfl_warnings(c, v, 400).empty());  // refused, not warned about
  for (double cfl : {1.3, 1.43}) {
    Config s = c;
    s.dev.cfl = cfl;
    const CflVerdict ok = verdict(s, std::sqrt(6e6));
    EXPECT_LT(ok.ratio, 1) << cfl;
    EXPECT_EQ(cfl_problem(s, ok, 1000000), "") << cfl;
    EXPECT_TRUE(cfl_warnings(s, ok, 1000000).empty()) << cfl;
  }
}

// vp/vs 4 at the free surface: the default cfl=1.3 is above the limit 1.257 (2.5x per step),
// named on the grid line when there is no developer line. The same material one plane below a
// surface of vp/vs 2 (same vp^2 + 2 vs^2) is stable: the interior's limit for vp/vs 4 is 1.35.
TEST(CflStability, TheDefaultIsUnstableForLargeVpVsAtTheSurface) {
  const double speed = std::sqrt(4000.0 * 4000 + 2 * 1000.0 * 1000);
  const Config c = deck(kBox + "block vp=4000 vs=1000 rho=2000\ntime steps=100\n");
  const CflVerdict v = verdict(c, speed);
  EXPECT_NEAR(v.limit, 1.2574, 1e-9);
  EXPECT_NEAR(std::pow(10.0, v.decades), 2.48, 0.01);
  const std::string e = cfl_problem(c, v, 100);
  EXPECT_EQ(e.rfind("in/cfl.in:1: developer: cfl=1.3 (the default) cannot be stable", 0), 0u) << e;
  EXPECT_NE(e.find("allowed: cfl <= 1.25 here"), std::string::npos) << e;
  // a surface layer of one plane (z < h) of vp/vs 2, with the same vp^2 + 2 vs^2 = 18e6
  const double vs2 = std::sqrt(18e6 / 6);
  std::ostringstream top;
  top << "block vp=" << 2 * vs2 << " vs=" << vs2 << " rho=2000 z2=25\n";
  const Config d = deck(kBox + "block vp=4000 vs=1000 rho=2000\n" + top.str() + "time steps=100\n");
  const CflVerdict u = verdict(d, speed);
  EXPECT_LT(u.ratio, 1);
  EXPECT_FALSE(u.surface);  // the worst point is inside, at vp/vs 4
  EXPECT_NEAR(u.limit, 1.3532, 1e-9);
}

// With topography the set-up never refuses (the curvilinear grid's limit depends on the hill)
// and warns when the curvilinear grid's CFL number is above the flat surface's limit.
TEST(CflStability, TopographyOnlyWarns) {
  const Config c = deck("grid h=0.04 x=1.6 y=1.2 z=1.6\nsupergrid gp=8\ntime steps=1000\n"
                        "topography input=gaussian zmax=0.5 gaussianAmp=0.15 gaussianXc=0.8 gaussianYc=0.6 "
                        "gaussianLx=0.2 gaussianLy=0.15\nblock vp=2 vs=1 rho=1.5\ndeveloper cfl=2\n"
                        "source x=0.6 y=0.5 depth=0.15 fz=1 t0=0.3 freq=12 type=Gaussian\n");
  const double dt = 2 / std::sqrt(5000.0);  // the curvilinear grid's bound, larger than grid 0's
  const CflVerdict v = cfl_verdict(c, dt, {6.0 / (0.04 * 0.04), 5000});
  EXPECT_TRUE(v.curved);
  EXPECT_NEAR(v.number, 2, 1e-12);
  EXPECT_EQ(cfl_problem(c, v, 1000), "");
  ASSERT_EQ(cfl_warnings(c, v, 1000).size(), 1u);
  EXPECT_NE(cfl_warnings(c, v, 1000)[0].find("in/cfl.in:6: warning: developer: cfl=2 may be unstable: the "
                                             "curvilinear grid's CFL number is 2"),
            std::string::npos)
      << cfl_warnings(c, v, 1000)[0];
}
