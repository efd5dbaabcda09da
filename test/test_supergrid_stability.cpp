// test_supergrid_stability.cpp: the measured rule for unstable super-grid layers
// (supergrid_stability.hpp): the tables reproduce the measurements they come from, the CFL
// factor moves the limit as measured, and the warning names the deck's line.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "input.hpp"
#include "checks/supergrid_stability.hpp"

using namespace sw4;

// At cfl 1.3 the growth at each measured (gp, dc) is the measured number, 0 at or below the
// largest stable dc, and positive just above it.
TEST(SupergridStability, TablesGiveTheMeasuredGrowth) {
  using namespace sg_measured;
  for (int r = 0; r < kRows; ++r) {
    EXPECT_EQ(supergrid_growth(kGp[r], kCrit[r], 1.3), 0) << "gp " << kGp[r];
    EXPECT_GT(supergrid_growth(kGp[r], kCrit[r] * 1.02, 1.3), 0) << "gp " << kGp[r];
    for (int c = 0; c < kCols; ++c) {
      if (kRate[r][c] == 0) {
        EXPECT_LE(kDc[c], kCrit[r]) << "gp " << kGp[r] << ": growth measured above the limit";
        continue;
      }
      EXPECT_GT(kDc[c], kCrit[r]) << "gp " << kGp[r];
      EXPECT_NEAR(supergrid_growth(kGp[r], kDc[c], 1.3), kRate[r][c], 1e-12);
    }
  }
  // pointforce.in (gp=12) and layered-identity.in (gp=8) as they would be at the default dc 0.02
  EXPECT_NEAR(supergrid_growth(12, 0.02, 1.3), 0.157, 1e-12);
  EXPECT_NEAR(supergrid_growth(8, 0.02, 1.3), 0.241, 1e-12);
  EXPECT_EQ(supergrid_growth(8, 0.01, 1.3), 0);  // dc=0.01, as the shipped decks have it
  EXPECT_EQ(supergrid_growth(12, 0.01, 1.3), 0);
  EXPECT_EQ(supergrid_growth(20, 0.02, 1.3), 0);  // the defaults
  EXPECT_EQ(supergrid_growth(30, 0.02, 1.3), 0);  // the pointsource deck
}

// Growth does not depend on the CFL number from 1.1 up; below, the runs measured at gp 8 and 16
// (tools/supergrid_stability.sh) were stable or unstable as the CFL factor predicts.
TEST(SupergridStability, TheCflFactorMovesTheLimitAsMeasured) {
  EXPECT_EQ(supergrid_growth(8, 0.02, 1.1), supergrid_growth(8, 0.02, 1.3));
  struct Run { int gp; double dc, cfl; bool grew; } runs[] = {
      {8, 0.02, 0.5, false}, {8, 0.02, 0.7, false}, {8, 0.02, 0.9, true}, {8, 0.02, 1.0, true},
      {8, 0.04, 0.5, true},  {8, 0.04, 0.7, true},  {16, 0.04, 0.5, false},
      {16, 0.04, 0.7, false}, {16, 0.04, 0.9, true}, {5, 0.02, 0.5, true}};
  for (const Run& r : runs)
    EXPECT_EQ(supergrid_growth(r.gp, r.dc, r.cfl) > 0, r.grew)
        << "gp " << r.gp << " dc " << r.dc << " cfl " << r.cfl;
  // the bisections at lower cfl: stable just below, unstable just above
  struct Limit { int gp; double cfl, stable, unstable; } limits[] = {
      {8, 0.9, 0.0165, 0.01675}, {16, 0.9, 0.0304, 0.0310}, {8, 0.7, 0.0251, 0.0260},
      {16, 0.7, 0.0469, 0.0481}, {8, 1.0, 0.0135, 0.01375}, {8, 0.5, 0.0347, 0.0356}};
  for (const Limit& l : limits) {
    const double s = supergrid_stable_dc(l.gp, l.cfl);
    EXPECT_GT(s, l.stable * 0.96) << "gp " << l.gp << " cfl " << l.cfl;
    EXPECT_LT(s, l.unstable * 1.04) << "gp " << l.gp << " cfl " << l.cfl;
  }
}

namespace {
Config deck(const std::string& text) {
  std::istringstream in(text);
  return parse_input_stream(in, "in/thin.in");
}
const std::string kThin =
    "grid h=50 x=3000 y=3000 z=1500\n"
    "time t=20\n"
    "block vp=2000 vs=1000 rho=2000\n"
    "supergrid gp=12\n"
    "source x=1500 y=1500 z=500 fz=1e12 t0=0.3 freq=10 type=Gaussian\n";
}  // namespace

// The warning: one line naming the supergrid command, for a run long enough to blow up; none
// for a shorter run, stable layers, or no source.
TEST(SupergridStability, WarnsOnlyWhenTheRunIsLongEnough) {
  const Config cfg = deck(kThin);
  const double dt = 1.3 * 50 / std::sqrt(6e6);  // cfl 1.3: dt = cfl h / sqrt(vp^2 + 2 vs^2)
  const std::vector<std::string> w = supergrid_warnings(cfg, dt, 754);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].rfind("in/thin.in:4: warning: supergrid: layers of gp=12 points with dc=0.02 "
                       "are unstable at CFL number 1.3 ", 0),
            0u)
      << w[0];
  EXPECT_NE(w[0].find("or at most 69 steps"), std::string::npos) << w[0];
  // the source is 400 m (6.2 steps at cfl 1.3) above the bottom layer: 10 decades after 6.2 + 63.7
  EXPECT_TRUE(supergrid_warnings(cfg, dt, 60).empty());
  EXPECT_FALSE(supergrid_warnings(cfg, dt, 75).empty());
  Config stable = cfg;
  stable.sg.dc = 0.01;
  EXPECT_TRUE(supergrid_warnings(stable, dt, 100000).empty());
  Config none = cfg;
  none.sources.clear();
  EXPECT_TRUE(supergrid_warnings(none, dt, 100000).empty());
  Config slow = cfg;  // a smaller time step (cfl 0.7): stable
  EXPECT_TRUE(supergrid_warnings(slow, dt * 0.7 / 1.3, 100000).empty());
}
