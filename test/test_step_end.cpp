// test_step_end.cpp: the end of a step that both drivers share (step_end.hpp), and the point
// keys that name a bad value (subdomain.hpp).
#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <cfloat>
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

TEST(BadValueRecord, KeepsTheEarliestStepThenTheSmallestPoint) {
  const std::int64_t nan = abs_bits(std::numeric_limits<double>::quiet_NaN());
  BadValueRecord r;
  EXPECT_FALSE(r.found());
  r.note(5, 100, 0.5, nan);
  r.note(5, 200, 0.5, nan);
  EXPECT_EQ(r.key, 100);
  r.note(4, 300, 0.4, abs_bits(-7.0));
  EXPECT_EQ(r.step, 4);
  EXPECT_EQ(r.key, 300);
  EXPECT_DOUBLE_EQ(r.t, 0.4);
  EXPECT_EQ(from_bits(r.bits), 7.0);
  r.note(4, 50, 0.4, nan);
  EXPECT_EQ(r.key, 50);
  EXPECT_TRUE(r.found());
}

TEST(NanMessage, NamesComponentPointCoordinatesStepAndTime) {
  const GridCfg g = small_config().grid;
  const std::int64_t nan = abs_bits(std::numeric_limits<double>::quiet_NaN());
  EXPECT_EQ(solution_stop_line(g, 12, point_key(g, 3, 2, 5, 1), 0.25, bound_words(nan, nan, 1)),
            "sw4lite: NaN in component 2 at grid point (3,2,5) (x=1, y=0.5, z=2) after time "
            "step 12 (t=0.25)");
}

TEST(TimedStep, TheWindowIsStepsTwoOnward) {
  EXPECT_FALSE(timed_step(1));
  EXPECT_TRUE(timed_step(2));
  EXPECT_TRUE(timed_step(1000));
}

// finish() finishes the step, advances t and reports a NaN in U+ as the first point in key order.
TEST(StepEnd, FinishAdvancesTimeAndStopsAtTheFirstNan) {
  Config cfg = small_config();
  cfg.dev.checkfornan = true;
  cfg.fileio.path = "./";
  Subdomain sd(cfg, piece_geometry(cfg, 1, 1, 0, 0));
  sd.allocate(cfg);
  sd.dt = 0.125;
  StepEnd end{&cfg, {}, 0, 10, {}};
  double t = 0;
  EXPECT_TRUE(end.finish(sd, 1, t));
  EXPECT_DOUBLE_EQ(t, 0.125);
  EXPECT_FALSE(end.bad.found());

  const double nan = std::numeric_limits<double>::quiet_NaN();
  sd.up[2](4, 3, 2) = nan;  // becomes U after the rotation
  sd.up[0](2, 5, 3) = nan;
  EXPECT_FALSE(end.finish(sd, 2, t));
  EXPECT_EQ(end.bad.step, 2);
  EXPECT_EQ(end.bad.key, point_key(cfg.grid, 4, 3, 2, 2));
  EXPECT_DOUBLE_EQ(end.bad.t, 0.25);
  EXPECT_TRUE(is_nan_bits(end.bad.bits));
}

// ---------------------------------------------------------------------------------------------
// The solution check (solution_check.hpp): when, and beyond what.

// Without checkfornan=1 the run looks every kCheckEvery steps, after the last step, and after
// every step whose end writes a receiver's files, exactly when Receiver::write_due says so.
TEST(SolutionCheck, LooksEveryTenStepsAtTheEndAndBeforeEveryReceiverWrite) {
  Config cfg = small_config();
  EXPECT_TRUE(check_due(cfg, 10, 95));
  EXPECT_TRUE(check_due(cfg, 90, 95));
  EXPECT_FALSE(check_due(cfg, 91, 95));
  EXPECT_TRUE(check_due(cfg, 95, 95));
  cfg.dev.checkfornan = true;
  for (long n = 1; n <= 95; ++n) EXPECT_TRUE(check_due(cfg, n, 95));
  cfg.dev.checkfornan = false;
  RecCfg disp, vel;
  disp.writeEvery = 7;
  vel.writeEvery = 4;
  vel.mode = RecMode::Velocity;
  cfg.recs = {disp, vel};
  std::vector<Receiver> recs;
  for (const RecCfg& r : cfg.recs) recs.push_back(make_receiver(r, cfg.grid));
  Field f;
  for (Array3& a : f) a.define(Box{1, cfg.grid.nx, 1, cfg.grid.ny, 1, cfg.grid.nz});
  for (Receiver& r : recs) r.record_initial(f, cfg.grid.h);
  for (long n = 1; n <= 60; ++n) {
    bool due = false;
    for (Receiver& r : recs) {
      r.record(f, f, f, cfg.grid.h, 0.1);
      due = due || r.write_due();
    }
    EXPECT_EQ(receiver_writes_after(cfg, n), due) << "step " << n;
    if (due) {
      EXPECT_TRUE(check_due(cfg, n, 1000)) << "step " << n;
    }
  }
  // The one-sided run's next pause for receiver files is the first such step after `at`.
  for (long at = 0; at <= 50; ++at) {
    long n = at + 1;
    while (!receiver_writes_after(cfg, n)) ++n;
    EXPECT_EQ(next_receiver_write(cfg, at), n) << "after step " << at;
  }
  cfg.recs.clear();
  EXPECT_EQ(next_receiver_write(cfg, 0), LONG_MAX);
}

// The bound: 1e10 times sum |A| G / (mu_min h^p), G the largest of |g|, tau|g'|, tau^2|g''| at
// the step times; no source: the floor; a material without a floor: NaN and infinity only.
TEST(SolutionCheck, BoundFromTheSourcesAndTheSoftestMaterial) {
  Config cfg = small_config();  // testpointsource: rho 1, cs 1 (mu 1), h 0.5
  EXPECT_EQ(blowup_bound(cfg, 0.1, 50), kFloor);
  SourceCfg f;
  f.is_force = true;
  f.fx = 3;
  f.fz = 4;  // |F| = 5
  f.type = TimeFunctionType::GaussianInt;  // rises from 0 to 1: G >= 1
  f.t0 = 1;
  f.freq = 0.5;  // slow: tau |g'| = 0.5 * 0.5 / sqrt(2 pi) < 1
  cfg.sources = {f};
  const double force = blowup_bound(cfg, 0.1, 100);  // t up to 9.9: g(8.9) close to 1
  EXPECT_GT(force, kSafety * 5 * 0.999 / 0.5);
  EXPECT_LE(force, kSafety * 5 * 1.0 / 0.5);
  SourceCfg m;
  m.mxy = 2;  // Frobenius norm of the symmetric tensor: sqrt(2 * 4)
  m.type = TimeFunctionType::GaussianInt;
  m.t0 = 1;
  m.freq = 0.5;
  cfg.sources = {f, m};
  EXPECT_NEAR(blowup_bound(cfg, 0.1, 100) - force, kSafety * std::sqrt(8.0) / 0.25,
              kSafety * std::sqrt(8.0) * 0.001 / 0.25);
  // the softest block sets mu and vs: a layer with half the shear speed on top
  Config blk = cfg;
  blk.tps.on = false;
  BlockCfg b;
  b.vp = 2;
  b.vs = 1;
  b.rho = 1;
  b.x1 = b.y1 = b.z1 = -100;
  b.x2 = b.y2 = b.z2 = 100;
  blk.blocks = {b};
  EXPECT_DOUBLE_EQ(material_floor(blk)[0], 1);
  b.vs = 0.5;
  b.vsgrad = 1;  // 0.5 at z = 0, 3 at z = 2.5
  b.z2 = 1.0;
  blk.blocks.push_back(b);
  EXPECT_DOUBLE_EQ(material_floor(blk)[0], 0.25);
  EXPECT_DOUBLE_EQ(material_floor(blk)[1], 0.5);
  blk.blocks[1].vs = -1;  // no positive floor (the parser rejects it): NaN and infinity only
  EXPECT_EQ(blowup_bound(blk, 0.1, 50), DBL_MAX);
}

// look finds the largest |u| and the first point holding it, and the first value, in key
// order, that is NaN, infinite or beyond the bound; values at the bound pass.
TEST(SolutionCheck, LookFindsTheLargestAndTheFirstPointBeyondTheBound) {
  Config cfg = small_config();
  Subdomain sd(cfg, piece_geometry(cfg, 1, 1, 0, 0));
  sd.allocate(cfg);
  const std::int64_t one = abs_bits(1.0), top = abs_bits(DBL_MAX);
  Subdomain::Look l = sd.look(one);
  EXPECT_EQ(l.bad_key, -1);
  EXPECT_EQ(l.bits, 0);
  EXPECT_EQ(l.max_key, point_key(cfg.grid, 1, 1, 1, 0));  // every value 0: the first point
  sd.u[1](5, 5, 5) = 1.0;
  sd.u[0](7, 6, 4) = -1.0;
  l = sd.look(one);
  EXPECT_EQ(l.bad_key, -1);
  EXPECT_EQ(from_bits(l.bits), 1.0);
  EXPECT_EQ(l.max_key, point_key(cfg.grid, 7, 6, 4, 0));  // the tie's first point
  sd.u[2](3, 4, 5) = -1.5;
  l = sd.look(one);
  EXPECT_EQ(l.bad_key, point_key(cfg.grid, 3, 4, 5, 2));
  EXPECT_EQ(from_bits(l.bad_bits), 1.5);
  EXPECT_EQ(l.max_key, point_key(cfg.grid, 3, 4, 5, 2));
  sd.u[1](9, 7, 3) = std::numeric_limits<double>::infinity();
  l = sd.look(top);
  EXPECT_EQ(l.bad_key, point_key(cfg.grid, 9, 7, 3, 1));
  EXPECT_TRUE(is_inf_bits(l.bad_bits));
  EXPECT_TRUE(is_inf_bits(l.bits));
  sd.u[0](9, 7, 3) = std::numeric_limits<double>::quiet_NaN();
  l = sd.look(top);
  EXPECT_EQ(l.bad_key, point_key(cfg.grid, 9, 7, 3, 0));
  EXPECT_TRUE(is_nan_bits(l.bad_bits));
  EXPECT_TRUE(is_nan_bits(l.bits));  // NaN above every value
  sd.u[0](1, 1, 1) = 1e300;  // owned corner point
  EXPECT_EQ(sd.look(abs_bits(1e299)).bad_key, point_key(cfg.grid, 1, 1, 1, 0));
  sd.u[0](0, 1, 1) = NAN;  // a ghost point is not looked at (the BC sets it from owned ones)
  EXPECT_EQ(sd.look(abs_bits(1e299)).bad_key, point_key(cfg.grid, 1, 1, 1, 0));
}

// Without checkfornan the look comes at step 10, not 9, and before the step's files; the line
// names a blow-up with the largest value and the bound.
TEST(SolutionCheck, FinishStopsABlowUpAtACheckedStepWithOneLine) {
  Config cfg = small_config();
  cfg.fileio.path = "./";
  Subdomain sd(cfg, piece_geometry(cfg, 1, 1, 0, 0));
  sd.allocate(cfg);
  sd.dt = 0.125;
  StepEnd end{&cfg, {}, 0, 100, {}};
  end.fixed_bound = 2.0;
  double t = 0;
  for (long n = 1; n <= 8; ++n) EXPECT_TRUE(end.finish(sd, n, t));
  sd.up[1](4, 4, 4) = 3.0;  // U after step 9's rotation
  EXPECT_TRUE(end.finish(sd, 9, t));  // not looked at
  sd.up[1](4, 4, 4) = 3.0;
  sd.up[2](5, 5, 5) = -4.0;
  EXPECT_FALSE(end.finish(sd, 10, t));
  EXPECT_EQ(end.bad.step, 10);
  EXPECT_EQ(from_bits(end.bad.bits), 3.0);
  EXPECT_EQ(end.numbers({10})[1], abs_bits(4.0));
  EXPECT_EQ(solution_stop_line(cfg, end.bad.step, end.bad.key, end.bad.t,
                               bound_words(end.bad.bits, end.numbers({10})[1], end.bound(10))),
            "sw4lite: a blow-up (|u| = 4, beyond the bound 2 that the sources allow) in "
            "component 2 at grid point (4,4,4) (x=1.5, y=1.5, z=1.5) after time step 10 "
            "(t=1.25)");
  EXPECT_EQ(solution_stop_line(cfg.grid, 3, point_key(cfg.grid, 2, 2, 2, 0), 0.5,
                               bound_words(abs_bits(-INFINITY), abs_bits(-INFINITY), 2.0)),
            "sw4lite: an infinite value in component 1 at grid point (2,2,2) (x=0.5, y=0.5, "
            "z=0.5) after time step 3 (t=0.5)");
}

// progress.hpp: by default a line every ~10 s of wall time (and after the first and the last
// step); with a printcycle the deck set, every printcycle-th step as the original did.
TEST(Progress, EveryTenSecondsUnlessThePrintcycleIsSet) {
  EXPECT_TRUE(progress_due(1, 500, false, 100, 0));
  EXPECT_TRUE(progress_due(500, 500, false, 100, 0));
  EXPECT_FALSE(progress_due(101, 500, false, 100, 9.9));  // printcycle not set: steps do not count
  EXPECT_TRUE(progress_due(37, 500, false, 100, kProgressSeconds));
  EXPECT_TRUE(progress_due(101, 500, true, 100, 0));
  EXPECT_FALSE(progress_due(37, 500, true, 100, 1e6));    // set: the clock does not count
  EXPECT_TRUE(progress_due(37, 500, true, 1, 0));
}

TEST(Progress, LineSaysStepOfNTimeElapsedAndTimeLeft) {
  // 100 of 400 steps in 60 s: 300 more at the same rate take 180 s.
  EXPECT_EQ(progress_line(100, 400, 2.5, 10, 1, 60),
            "Time step 100 t= 2.5 (100 of 400 steps, to t= 10): 1 min 00 s elapsed, about 3 min 00 s left");
  // A restart at step 200: the rate counts the 100 steps this run took, not 300.
  EXPECT_EQ(progress_line(300, 400, 7.5, 10, 201, 50),
            "Time step 300 t= 7.5 (300 of 400 steps, to t= 10): 50 s elapsed, about 50 s left");
  EXPECT_EQ(progress_line(400, 400, 10, 10, 1, 4.25),
            "Time step 400 t= 10 (400 of 400 steps, to t= 10): 4.2 s elapsed");
  EXPECT_EQ(duration_words(7325), "2 h 02 min");
  EXPECT_EQ(duration_words(-1), "0.0 s");
}
