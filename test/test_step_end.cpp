// test_step_end.cpp: the end of a step that both drivers share (step_end.hpp), and the point
// keys that name a NaN (subdomain.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "step_end.hpp"

using namespace sw4;

namespace {

Config small_config() {
  Config cfg;
  GridCfg& g = cfg.grid;
  g.nx = 9;
  g.ny = 7;
  g.nz = 6;
  g.h = 0.5;
  g.xmax = 4;
  g.ymax = 3;
  g.zmax = 2.5;
  cfg.tps.on = true;  // uniform material of testpointsource
  cfg.tps.halfspace = true;
  return cfg;
}

}  // namespace

TEST(PointKey, RoundTripsEveryPointWithGhosts) {
  const GridCfg g = small_config().grid;
  for (int k = 1 - kGhost; k <= g.nz + kGhost; ++k)
    for (int j = 1 - kGhost; j <= g.ny + kGhost; ++j)
      for (int i = 1 - kGhost; i <= g.nx + kGhost; ++i)
        for (int c = 0; c < 3; ++c) {
          const PointOfKey p = point_of_key(g, point_key(g, i, j, k, c));
          ASSERT_EQ(p.i, i);
          ASSERT_EQ(p.j, j);
          ASSERT_EQ(p.k, k);
          ASSERT_EQ(p.c, c);
        }
}

TEST(PointKey, OrdersByKThenJThenIThenComponent) {
  const GridCfg g = small_config().grid;
  EXPECT_LT(point_key(g, 1, 1, 1, 2), point_key(g, 2, 1, 1, 0));
  EXPECT_LT(point_key(g, g.nx + kGhost, 1, 1, 2), point_key(g, 1 - kGhost, 2, 1, 0));
  EXPECT_LT(point_key(g, g.nx + kGhost, g.ny + kGhost, 1, 2), point_key(g, 1 - kGhost, 1 - kGhost, 2, 0));
}

TEST(NanRecord, KeepsTheEarliestStepThenTheSmallestPoint) {
  NanRecord r;
  EXPECT_FALSE(r.found());
  r.note(5, 100, 0.5);
  r.note(5, 200, 0.5);
  EXPECT_EQ(r.key, 100);
  r.note(4, 300, 0.4);
  EXPECT_EQ(r.step, 4);
  EXPECT_EQ(r.key, 300);
  EXPECT_DOUBLE_EQ(r.t, 0.4);
  r.note(4, 50, 0.4);
  EXPECT_EQ(r.key, 50);
  EXPECT_TRUE(r.found());
}

TEST(NanMessage, NamesComponentPointCoordinatesStepAndTime) {
  const GridCfg g = small_config().grid;
  NanRecord r;
  r.note(12, point_key(g, 3, 2, 5, 1), 0.25);
  EXPECT_EQ(nan_message(g, r),
            "sw4lite: NaN in component 2 at grid point (3,2,5) (x=1, y=0.5, z=2) after time "
            "step 12 (t=0.25)");
}

TEST(TimedStep, TheWindowIsStepsTwoOnward) {
  EXPECT_FALSE(timed_step(1));
  EXPECT_TRUE(timed_step(2));
  EXPECT_TRUE(timed_step(1000));
}

// close() finishes the step, advances t and reports a NaN in U+ as the first point in key order.
TEST(StepEnd, CloseAdvancesTimeAndStopsAtTheFirstNan) {
  Config cfg = small_config();
  cfg.dev.checkfornan = true;
  cfg.fileio.path = "./";
  Subdomain sd(cfg, piece_geometry(cfg, 1, 1, 0, 0));
  sd.allocate(cfg);
  sd.dt = 0.125;
  StepEnd end{&cfg, {}, 0, 10, {}};
  double t = 0;
  EXPECT_TRUE(end.close(sd, 1, t));
  EXPECT_DOUBLE_EQ(t, 0.125);
  EXPECT_FALSE(end.nan.found());

  const double nan = std::numeric_limits<double>::quiet_NaN();
  sd.up[2](4, 3, 2) = nan;  // becomes U after the rotation
  sd.up[0](2, 5, 3) = nan;
  EXPECT_FALSE(end.close(sd, 2, t));
  EXPECT_EQ(end.nan.step, 2);
  EXPECT_EQ(end.nan.key, point_key(cfg.grid, 4, 3, 2, 2));
  EXPECT_DOUBLE_EQ(end.nan.t, 0.25);
}
