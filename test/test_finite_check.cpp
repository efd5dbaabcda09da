// test_finite_check.cpp: decks whose numbers cannot stay finite (finite_check.hpp): the time
// step's range, time functions at the step times, grid-point forces and the model of the
// steps' arithmetic; and what must pass: the shipped decks' sizes of things.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <sstream>
#include <string>

#include "checks/finite_check.hpp"
#include "input.hpp"
#include "test/precision_helpers.hpp"

using namespace sw4;

namespace {
Config deck(const std::string& text) {
  std::istringstream in(text);
  return parse_input_stream(in, "in/fin.in");
}
const std::string kBase =
    "grid h=100 x=2000 y=2000 z=1400\n"
    "supergrid gp=5 dc=0.003\n"
    "block vp=2000 vs=1000 rho=2000\n";
constexpr double kDt0 = 1.3 * 100 / 2449.489742783178;  // cfl h / sqrt(vp^2 + 2 vs^2)
// The problem of a deck run for time t=T, as the driver computes dt and the step count.
std::string problem(const Config& c) {
  long n = c.time.by_time ? std::max(1L, long(c.time.t_end / kDt0 + 0.5)) : c.time.steps;
  const double dt = c.time.by_time ? c.time.t_end / double(n) : kDt0;
  return finite_problem(c, dt, kDt0, n);
}
bool starts(const std::string& s, const std::string& p) { return s.rfind(p, 0) == 0; }
}  // namespace

// dt^2 must be a normal Real and dt^4 finite: t=1e-300 (one step of 1e-300) is refused
// on the time line; at the edge of the range it passes. (The single build's range is FLT's.)
TEST(FiniteCheck, TheTimeStepsPowers) {
  const std::string src = "source x=1000 y=1000 z=500 fz=1e12 t0=0.3 freq=10 type=Gaussian\n";
  const std::string e = problem(deck(kBase + src + "time t=1e-300\n"));
  EXPECT_EQ(e, std::string("in/fin.in:5: time: t=1e-300 gives a time step dt = 1e-300 whose square underflows "
                           "(allowed: ") +
                   (sw4test::kSingle ? "1.0842e-19 <= dt <= 4.29497e+09, so t >= 1.0842e-19)"
                                     : "1.49167e-154 <= dt <= 1.15792e+77, so t >= 1.49167e-154)"));
  EXPECT_EQ(problem(deck(kBase + src + (sw4test::kSingle ? "time t=1.1e-19\n" : "time t=1.5e-154\n"))), "");
  const Config c = deck(kBase + src + "time steps=10\n");
  EXPECT_TRUE(starts(finite_problem(c, 1e78, 1e78, 10), "in/fin.in:1: grid: h=100 with the material's largest "
                                                         "speed and cfl=1.3 gives a time step dt = 1e+78 whose "
                                                         "fourth power overflows"));
  EXPECT_EQ(finite_problem(c, sw4test::tol(1.1e77, 4e9), sw4test::tol(1.1e77, 4e9), 10).find("whose"),
            std::string::npos);
}

// g'' of a Gaussian is freq^3/sqrt(2 pi) at t0: beyond 7.67e102 it overflows where a step
// lands on t0 (t0=0: step 0); the line gives the largest freq that passes. Liu's period
// 2 pi/freq overflows for a tiny freq: the line gives the smallest (3e-308 is above DBL_MIN:
// fast math reads smaller, subnormal, numbers as zero).
TEST(FiniteCheck, TimeFunctionsAtTheStepTimes) {
  const std::string e =
      problem(deck(kBase + "time t=1\nsource x=1000 y=1000 z=500 fz=1e12 t0=0 freq=1e120 type=Gaussian\n"));
  EXPECT_TRUE(starts(e, "in/fin.in:5: source: the time function Gaussian with freq=1e+120 and t0=0 is not a "
                        "finite number at the step time t=0 (allowed: g and g'' finite at every step: freq <= "))
      << e;
  const double f = std::stod(e.substr(e.find("freq <= ") + 8));
  EXPECT_NEAR(f, std::cbrt(DBL_MAX) * std::cbrt(std::sqrt(2 * M_PI)), 1e-5 * f);
  // (g'' = 1.4e308 there: finite, and a small enough amplitude keeps the steps finite too; not
  // in the single build, whose steps' numbers end at FLT_MAX: no float amplitude is that small)
  if (!sw4test::kSingle) {
    EXPECT_EQ(problem(deck(kBase + "time t=1\nsource x=1000 y=1000 z=500 fz=1e-200 t0=0 freq=7e102 "
                                   "type=Gaussian\n")),
              "");
  }
  const std::string l =
      problem(deck(kBase + "time t=1\nsource x=1000 y=1000 z=500 fz=1 t0=0 freq=3e-308 type=Liu\n"));
  EXPECT_NE(l.find("Liu with freq=3e-308 and t0=0 is not a finite number at the step time t=0 (allowed: g and "
                   "g'' finite at every step: freq >= "),
            std::string::npos)
      << l;
  // a pulse far narrower than a step that no step time meets is zero at every step: finite
  EXPECT_EQ(problem(deck(kBase + "time t=1\nsource x=1000 y=1000 z=500 fz=1 t0=0.01 freq=1e120 "
                                 "type=Gaussian\n")),
            "");
  EXPECT_EQ(problem(deck(kBase + "time t=1\nsource x=1000 y=1000 z=500 fz=1 t0=1e300 freq=1e10 type=Dirac\n")), "");
  // Dirac's g'' is freq^3 times a weight
  EXPECT_NE(problem(deck(kBase + "time t=1\nsource x=1000 y=1000 z=500 fz=1 t0=0 freq=1e110 type=Dirac\n")),
            "");
}

// fz=1e308 on h=100: the forces are finite (1e302) but the steps' arithmetic is not; the line
// says what would pass. With h=1e-3 the forces themselves overflow. The decks of inputs/ use
// amplitudes up to 1e18 on h >= 25, and moment tensors up to 1e18: far below.
TEST(FiniteCheck, AmplitudesThatOverflowTheArithmetic) {
  const std::string e =
      problem(deck(kBase + "time t=1\nsource x=1000 y=1000 z=500 fz=1e308 t0=0.3 freq=10 type=Gaussian\n"));
  EXPECT_TRUE(starts(e, "in/fin.in:5: source: an amplitude of 1e+308 overflows the arithmetic of the time "
                        "steps"))
      << e;
  const double allowed = std::stod(e.substr(e.find("|f0 fz| <= ") + 11));
  // measured: fz=1e306 ran finite, 1e307 did not (K = 1 in the model); the single build's
  // bound is the same model's against FLT_MAX (5.3e34)
  EXPECT_GT(allowed, sw4test::tol(1e304, 1e34));
  EXPECT_LT(allowed, sw4test::tol(1e307, 1e37));
  EXPECT_EQ(problem(deck(kBase + "time t=1\nsource x=1000 y=1000 z=500 fz=" + (sw4test::kSingle ? "1e34" : "1e300") +
                         " t0=0.3 freq=10 type=Gaussian\n")),
            "");
  const std::string f = problem(deck("grid h=0.001 x=0.02 y=0.02 z=0.014\nsupergrid gp=5 dc=0.003\n"
                                     "block vp=2 vs=1 rho=2\ntime t=0.001\n"
                                     "source x=0.01 y=0.01 z=0.005 fz=1e300 t0=0.3 freq=10 type=Gaussian\n"));
  EXPECT_TRUE(starts(f, "in/fin.in:5: source: an amplitude of 1e+300 gives grid-point forces that overflow (the "
                        "amplitude times the source weights over h^3) (allowed: |f0 fx|, |f0 fy|, |f0 fz| <= "))
      << f;
  // a moment tensor of the LOH decks' size on their grid, and two sources that overflow only together
  EXPECT_EQ(problem(deck(kBase + "time t=1\nsource x=1000 y=1000 z=500 mxy=1 m0=1e18 t0=0.3 freq=5 "
                                 "type=Gaussian\n")),
            "");
  const double half = allowed * 0.6;
  std::ostringstream two;
  two << kBase << "time t=1\nsource x=1000 y=1000 z=500 fz=" << half << " t0=0.3 freq=10 type=Gaussian\n"
      << "source x=1000 y=1000 z=500 fz=" << half << " t0=0.3 freq=10 type=Gaussian\n";
  EXPECT_EQ(problem(deck(kBase + "time t=1\nsource x=1000 y=1000 z=500 fz=" + std::to_string(half) +
                         " t0=0.3 freq=10 type=Gaussian\n")),
            "");
  EXPECT_NE(problem(deck(two.str())), "");
}
