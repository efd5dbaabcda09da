// test_solution_check.cpp: what the solution check reads and decides (float_bits.hpp,
// solution_check.hpp's running scale, solution_growth.hpp, step_end.hpp's steps and verdict),
// on numbers made up to look like a correct run or a blow-up. The check files run whole
// decks (test/checks/solution_check.sh); under -ffast-math (CI part e) these tests hold the
// bit reading to NaN and infinity that the compiler may assume away.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

#include "step_end.hpp"

using namespace sw4;

namespace {

// A value the compiler cannot see: under -ffast-math a constant NaN could be folded away.
double opaque(double x) {
  volatile double v = x;
  return v;
}

Config material_config() {
  Config cfg;
  cfg.grid.nx = cfg.grid.ny = cfg.grid.nz = 9;
  cfg.grid.h = 0.5;
  cfg.grid.xmax = cfg.grid.ymax = cfg.grid.zmax = 4;
  cfg.tps.on = true;  // rho 1, cs 1: mu 1, tau = h / vs = 0.5
  cfg.tps.halfspace = true;
  return cfg;
}

SourceCfg gaussian_force(double t0, double freq, double fz = 1) {
  SourceCfg s;
  s.is_force = true;
  s.fz = fz;
  s.t0 = t0;
  s.freq = freq;
  s.type = TimeFunctionType::Gaussian;
  return s;
}

SourceScale every_step(const Config& cfg, double dt) {
  return SourceScale(cfg, dt, [](long) { return true; });
}

// Feeds M(1..n) to a watch; the first step it fires at, or 0.
long first_fire(GrowthWatch& w, SourceScale& sc, const std::vector<double>& m, long from = 1,
                long every = 1) {
  for (long n = from; n < long(m.size()); ++n)
    if (n % every == 0 && w.add(n, m[std::size_t(n)], sc).fires) return n;
  return 0;
}

}  // namespace

TEST(FloatBits, OrderAsTheMagnitudeWithNanAboveInfinity) {
  const double v[] = {0.0, DBL_MIN, 1e-300, 1.0, 1.5, 1e300, DBL_MAX,
                      opaque(INFINITY)};
  for (std::size_t i = 1; i < sizeof v / sizeof v[0]; ++i) {
    EXPECT_LT(abs_bits(v[i - 1]), abs_bits(v[i])) << v[i];
    EXPECT_EQ(abs_bits(-v[i]), abs_bits(v[i]));
    EXPECT_EQ(from_bits(abs_bits(-v[i])), v[i]);
  }
  const double nan = opaque(std::numeric_limits<double>::quiet_NaN());
  EXPECT_TRUE(is_nan_bits(abs_bits(nan)));
  EXPECT_TRUE(is_nan_bits(abs_bits(-nan)));
  EXPECT_GT(abs_bits(nan), kInfBits);
  EXPECT_TRUE(is_inf_bits(abs_bits(opaque(-INFINITY))));
  EXPECT_FALSE(finite_bits(nan));
  EXPECT_FALSE(finite_bits(opaque(INFINITY)));
  EXPECT_TRUE(finite_bits(opaque(DBL_MAX)));
  EXPECT_EQ(abs_bits(DBL_MAX), kMaxFiniteBits);
}

// The look's verdicts come from the bits, so they hold whatever the compiler assumes about
// NaN and infinity (this file is built with -ffast-math in CI part e).
TEST(FloatBits, TheLookFindsNanAndInfinityUnderAnyFlags) {
  Config cfg = material_config();
  Subdomain sd(cfg, piece_geometry(cfg, 1, 1, 0, 0));
  sd.allocate(cfg);
  sd.u[2](4, 5, 6) = opaque(std::numeric_limits<double>::quiet_NaN());
  Subdomain::Look l = sd.look(kMaxFiniteBits);
  EXPECT_EQ(l.bad_key, point_key(cfg.grid, 4, 5, 6, 2));
  EXPECT_TRUE(is_nan_bits(l.bad_bits));
  EXPECT_EQ(bound_words(l.bad_bits, l.bits, 1.0), "NaN");
  sd.u[2](4, 5, 6) = 0;
  sd.u[0](8, 8, 8) = opaque(-INFINITY);
  l = sd.look(kMaxFiniteBits);
  EXPECT_EQ(l.bad_key, point_key(cfg.grid, 8, 8, 8, 0));
  EXPECT_EQ(bound_words(l.bad_bits, l.bits, 1.0), "an infinite value");
  sd.u[0](8, 8, 8) = opaque(-3e12);
  l = sd.look(abs_bits(1e12));
  EXPECT_EQ(bound_words(l.bad_bits, l.bits, 1e12),
            "a blow-up (|u| = 3e+12, beyond the bound 1e+12 that the sources allow)");
}

// Image steps are looked at, as receiver writes and checkpoints are: an image of a step the
// check skips can hold a blow-up (1.5e24 in steps 6-9 when only step 10 was looked at).
TEST(SolutionCheck, ImageAndCheckpointStepsAreLookedAt) {
  Config cfg = material_config();
  ImageCfg im;
  im.when.on = true;
  im.when.cycleInterval = 3;
  cfg.images = {im};
  EXPECT_TRUE(looked_at(cfg, 3, 100, 0.1));
  EXPECT_TRUE(looked_at(cfg, 6, 100, 0.1));
  EXPECT_FALSE(looked_at(cfg, 7, 100, 0.1));
  EXPECT_TRUE(looked_at(cfg, 10, 100, 0.1));
  cfg.images[0].when.cycleInterval = -1;
  cfg.images[0].when.time = 0.45;  // the step whose window holds t = 0.45: step 4 or 5
  const int n = int(looked_at(cfg, 4, 100, 0.1)) + int(looked_at(cfg, 5, 100, 0.1));
  EXPECT_EQ(n, 1);
  cfg.checkpoint.on = true;
  cfg.checkpoint.cycle = 17;
  EXPECT_TRUE(looked_at(cfg, 17, 100, 0.1));
}

// The bound follows the sources' scale so far: a source that has not started allows nothing
// yet; the scale at a step that is not kept is that of the kept step before it; a source's
// part is kept where it doubled: at most 2 times below the scale, and the same at any two
// steps after the source's peak.
TEST(SolutionCheck, TheScaleGrowsWithTheSourcesHistory) {
  Config cfg = material_config();
  cfg.sources = {gaussian_force(5.0, 2.0)};  // peak at t = 5, step 50 with dt 0.1
  SourceScale sc(cfg, 0.1, [](long n) { return n % 10 == 0; });
  const double early = sc.scale(10), late = sc.scale(100);
  EXPECT_LT(early, 1e-6 * late);
  EXPECT_GT(late, 0);
  EXPECT_EQ(sc.scale(59), sc.scale(50));
  EXPECT_LT(sc.scale(50), sc.scale(60));
  for (long n : {10L, 30L, 60L, 100L}) {
    EXPECT_LE(sc.part(0, n), sc.scale(n)) << n;
    EXPECT_GT(2 * sc.part(0, n), sc.scale(n)) << n;
  }
  EXPECT_EQ(sc.part(0, 70), sc.part(0, 100));
  EXPECT_EQ(blowup_bound(sc, 100), kSafety * late);
  EXPECT_EQ(blowup_bound(cfg, 0.1, 100), kSafety * late);
}

// A correct run: M follows the sources up, then stays or decays; with a second source that
// starts after the first one's waves have gone, M climbs far above its past while that
// source grows, which explains it. Nothing fires, looked at every step or every 10th.
TEST(GrowthWatch, ACorrectRunNeverFires) {
  Config cfg = material_config();
  cfg.sources = {gaussian_force(1.0, 5.0), gaussian_force(20.0, 1.0, 300.0)};
  for (long every : {1L, 10L}) {
    SourceScale sc = every_step(cfg, 0.1);
    std::vector<double> m(400, 0.0);
    for (long n = 1; n < 400; ++n) {
      const double quiet = std::exp(-0.05 * double(std::max(0L, n - 15)));
      m[std::size_t(n)] = 0.2 * sc.part(0, n) * quiet + 0.3 * sc.part(1, n);
      if (n % 3 == 0) m[std::size_t(n)] *= 0.2;  // a Dirac's 3-step wiggle
    }
    GrowthWatch w;
    EXPECT_EQ(first_fire(w, sc, m, 1, every), 0) << "every " << every;
  }
}

// A blow-up: after the source's peak M grows 1.3x per step from step 30 (about 10x the past
// in 9 steps); the test stops it within a few windows, looked at every step or every 10th.
TEST(GrowthWatch, AGeometricGrowthFiresSoonAfterItShows) {
  Config cfg = material_config();
  cfg.sources = {gaussian_force(1.0, 5.0)};
  for (long every : {1L, 10L}) {
    SourceScale sc = every_step(cfg, 0.1);
    std::vector<double> m(200, 0.0);
    for (long n = 1; n < 200; ++n)
      m[std::size_t(n)] = 0.1 * sc.part(0, n) * std::pow(1.3, double(std::max(0L, n - 30)));
    GrowthWatch w;
    const long n = first_fire(w, sc, m, 1, every);
    EXPECT_GT(n, 38) << "every " << every;
    EXPECT_LE(n, every == 1 ? 45 : 50) << "every " << every;
  }
  // a slow one, 1.03x per step from step 100: caught by a longer window
  SourceScale sc = every_step(cfg, 0.1);
  std::vector<double> m(600, 0.0);
  for (long n = 1; n < 600; ++n)
    m[std::size_t(n)] = 0.1 * sc.part(0, n) * std::pow(1.03, double(std::max(0L, n - 100)));
  GrowthWatch w;
  const long n = first_fire(w, sc, m, 1, 10);
  EXPECT_GT(n, 170);  // 1.03^78 = 10
  EXPECT_LE(n, 260);
}

// While a source that can explain M still grows, M may grow as fast: no stop, however large
// the factor; once the source has peaked the growth counts.
TEST(GrowthWatch, ASourceThatGrowsExplainsTheGrowth) {
  Config cfg = material_config();
  cfg.sources = {gaussian_force(8.0, 1.0)};  // a slow onset: 9 orders of magnitude by step 80
  SourceScale sc = every_step(cfg, 0.1);
  GrowthWatch w;
  long fired = 0;
  for (long n = 1; n < 200 && !fired; ++n) {
    const double m = 0.1 * sc.part(0, n) * (n > 120 ? std::pow(2.0, double(n - 120)) : 1.0);
    if (w.add(n, m, sc).fires) fired = n;
  }
  EXPECT_GT(fired, 120);
  EXPECT_LE(fired, 125);
}

// After a restart the past is unknown: M may rise from whatever it was to the sources' scale
// (kPhysical) without a stop, and 10 times beyond it stops.
TEST(GrowthWatch, AfterARestartThePastIsTheScale) {
  Config cfg = material_config();
  cfg.sources = {gaussian_force(1.0, 5.0)};
  SourceScale sc = every_step(cfg, 0.1);
  GrowthWatch w;
  w.restart(100, sc);
  const double s = sc.scale(100);
  EXPECT_FALSE(w.add(110, 1e-6 * s, sc).fires);
  EXPECT_FALSE(w.add(120, 0.9 * s, sc).fires);
  EXPECT_FALSE(w.add(130, 9 * s, sc).fires);
  const Growth g = w.add(140, 10 * s, sc);
  EXPECT_TRUE(g.fires);
  EXPECT_TRUE(g.seeded);
  EXPECT_EQ(g.since, 100);
  EXPECT_DOUBLE_EQ(g.factor, 10 / kPhysical);
  char want[200];
  std::snprintf(want, sizeof want,
                "a blow-up (|u| = %g, 10 times the sources' scale %g at the restart after time "
                "step 100, faster than the sources grow)", 10 * s, s);
  EXPECT_EQ(growth_words(g, abs_bits(10 * s)), want);
}

// The verdict of one agreement: the bad point's step wins over a later growth; the growth
// test sees the steps before it in order; nothing found moves the agreed step on.
TEST(StepEnd, AgreeTakesTheEarliestStopOfEitherTest) {
  Config cfg = material_config();
  cfg.sources = {gaussian_force(1.0, 5.0)};
  StepEnd end{&cfg, {}, 0, 100, {}};
  end.start(100, 0.1, 0);
  const std::vector<long> steps = end.pending(40);
  EXPECT_EQ(steps, (std::vector<long>{10, 20, 30, 40}));
  const double s = end.scale.scale(40);
  auto all = [&](long bad, std::vector<double> m) {  // what the ranks agreed on
    std::vector<long> v{bad == LONG_MAX ? 0 : LONG_MAX - bad};
    for (double x : m) v.push_back(long(abs_bits(x)));
    return v;
  };
  const std::vector<double> big = {0.1 * s, 0.1 * s, 50 * s, 1e4 * s};
  Verdict v = end.agree(steps, all(40, big), 40);
  EXPECT_EQ(v.kind, Verdict::Grew);
  EXPECT_EQ(v.step, 30);
  EXPECT_EQ(v.largest, abs_bits(50 * s));
  EXPECT_FALSE(v.growth.seeded);
  EXPECT_EQ(v.growth.since, 20);  // P: the largest M up to step 30 - W, W = 10
  StepEnd other{&cfg, {}, 0, 100, {}};
  other.start(100, 0.1, 0);
  v = other.agree(steps, all(20, big), 40);
  EXPECT_EQ(v.kind, Verdict::Bound);
  EXPECT_EQ(v.step, 20);
  StepEnd calm{&cfg, {}, 0, 100, {}};
  calm.start(100, 0.1, 0);
  v = calm.agree(steps, all(LONG_MAX, std::vector<double>(4, 0.1 * s)), 40);
  EXPECT_EQ(v.kind, Verdict::None);
  EXPECT_EQ(calm.agreed, 40);
  EXPECT_EQ(calm.pending(60), (std::vector<long>{50, 60}));
}

// What a rank brings to the agreement and names after it: its earliest bad step, its largest
// |u| at each step, and the point and time of a stop.
TEST(StepEnd, TheNumbersOfARankAndItsCandidatePoint) {
  Config cfg = material_config();
  cfg.fileio.path = "./";
  Subdomain sd(cfg, piece_geometry(cfg, 1, 1, 0, 0));
  sd.allocate(cfg);
  sd.dt = 0.125;
  StepEnd end{&cfg, {}, 0, 100, {}};
  end.start(100, 0.125, 0);
  end.fixed_bound = 10;
  double t = 0;
  for (long n = 1; n <= 9; ++n) EXPECT_TRUE(end.finish(sd, n, t));
  sd.up[0](3, 3, 3) = -4.0;  // U after step 10
  sd.up[1](2, 4, 3) = 4.0;   // the same |u| later in key order (j = 4)
  EXPECT_TRUE(end.finish(sd, 10, t));
  const std::vector<long> n = end.numbers({10});
  ASSERT_EQ(n.size(), 2u);
  EXPECT_EQ(n[0], 0);
  EXPECT_EQ(n[1], long(abs_bits(4.0)));
  Verdict grew{Verdict::Grew, 10, abs_bits(4.0), {}};
  EXPECT_EQ(end.candidate(grew), point_key(cfg.grid, 3, 3, 3, 0));
  EXPECT_DOUBLE_EQ(end.time_of(grew, end.candidate(grew)), 1.25);
  sd.up[2](5, 5, 5) = 11.0;
  for (long m = 11; m <= 20; ++m) end.finish(sd, m, t);
  EXPECT_EQ(end.numbers({10, 20})[0], LONG_MAX - 20);
  Verdict bound{Verdict::Bound, 20, abs_bits(11.0), {}};
  const long key = end.candidate(bound);
  EXPECT_EQ(key, point_key(cfg.grid, 5, 5, 5, 2));
  EXPECT_EQ(end.bits_of(bound, key), long(abs_bits(11.0)));
  EXPECT_EQ(end.bits_of(bound, key + 3), -1);
  EXPECT_EQ(end.words(bound, end.bits_of(bound, key)),
            "a blow-up (|u| = 11, beyond the bound 10 that the sources allow)");
}
