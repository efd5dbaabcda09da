// test_energy.cpp: testenergy's energy (verify/energy.hpp, NUMERICS.md 26) on one piece, for
// the sides and time orders SW4's energy decks use: conserved by the scheme it belongs to and
// not by the other; Dirichlet sides without layers; when its file is written, and its text.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>

#include "step_end.hpp"

using namespace sw4;

namespace {

Config deck(const std::string& extra) {
  std::istringstream in("grid h=0.1 x=1.5 y=1.2 z=1\ntime steps=40\n" + extra);
  return parse_input_stream(in, "in/e.in");
}

// E after each of `steps` steps of one piece (the whole grid: no processor side, no halo),
// by the formula of `energy_order` (the piece's own order when 0); the largest relative change.
double largest_change(const Config& cfg, int steps, int energy_order = 0) {
  Subdomain sd(cfg, piece_geometry(cfg, 1, 1, 0, 0));
  EXPECT_EQ(sd.allocate(cfg), "");
  sd.dt = cfg.dev.cfl * cfg.grid.h / std::sqrt(max_wave_speed2(cfg, sd.box));
  sd.record_initial();
  double t = 0, e0 = 0, change = 0;
  for (int n = 1; n <= steps; ++n) {
    sd.predictor(t);
    sd.corrector(t);
    sd.finish(t);
    t += sd.dt;
    const int own = sd.time_order;
    if (energy_order) sd.time_order = energy_order;
    ExactSum s;
    add_energy(sd, s);
    sd.time_order = own;
    const double e = s.value();
    if (n == 1) e0 = e;
    change = std::max(change, std::fabs(e - e0) / e0);
  }
  return change;
}

}  // namespace

// bchorizontal=dirichlet: no layer on any side (s = 1, d = 0, c = 1), the ghost points of the
// sides and the bottom zero after a step, the top's free-surface ghosts not.
TEST(Energy, DirichletSidesHaveNoLayersAndZeroGhosts) {
  const Config cfg = deck("testenergy bchorizontal=dirichlet\ndeveloper time_order=2 cfl=0.7\n");
  Subdomain sd(cfg, piece_geometry(cfg, 1, 1, 0, 0));
  ASSERT_EQ(sd.allocate(cfg), "");
  for (int s = 0; s < 6; ++s) EXPECT_EQ(sd.bc[s], s == 4 ? Bc::FreeSurface : Bc::Dirichlet) << s;
  for (const Profiles* p : {&sd.px, &sd.py, &sd.pz})
    for (long i = 0; i < long(p->str.v.size()); ++i) {
      EXPECT_EQ(p->str.v[i], 1);
      EXPECT_EQ(p->dc.v[i], 0);
      EXPECT_EQ(p->co.v[i], 1);
    }
  sd.dt = 0.01;
  sd.record_initial();
  sd.predictor(0);
  sd.corrector(0);
  sd.finish(0);
  const GridCfg& g = sd.grid;
  double sides = 0, top = 0;
  for (int c = 0; c < 3; ++c)
    for (int k = -1; k <= g.nz + 2; ++k)
      for (int j = -1; j <= g.ny + 2; ++j)
        for (int i = -1; i <= g.nx + 2; ++i) {
          const bool ghost_side = i < 1 || i > g.nx || j < 1 || j > g.ny || k > g.nz;
          if (ghost_side) sides = std::max(sides, std::fabs(double(sd.u[c](i, j, k))));
          else if (k == 0) top = std::max(top, std::fabs(double(sd.u[c](i, j, k))));
        }
  EXPECT_EQ(sides, 0);
  EXPECT_GT(top, 0);
}

// Each order's energy is conserved to rounding by its own scheme, with Dirichlet sides and with
// undamped layers (SW4's sg_eps=1e-2); the other order's formula is not conserved (it is off by
// the dt^2 term the orders differ in). 40 steps, 16 x 13 x 11 points.
TEST(Energy, EachOrdersEnergyIsConservedByItsScheme) {
  for (const char* sides : {"bchorizontal=dirichlet\n", "bchorizontal=supergrid sg_eps=1e-2\nsupergrid gp=3 dc=0\n"}) {
    const Config o2 = deck(std::string("testenergy seed=5 ") + sides + "developer time_order=2 cfl=0.7\n");
    const Config o4 = deck(std::string("testenergy seed=5 ") + sides + "developer cfl=1.2\n");
    EXPECT_LT(largest_change(o2, 40), 1e-13) << sides;
    EXPECT_LT(largest_change(o4, 40), 1e-13) << sides;
    EXPECT_GT(largest_change(o2, 40, 4), 1e-4) << sides;
    EXPECT_GT(largest_change(o4, 40, 2), 1e-4) << sides;
  }
}

// With damping in the second order every step lowers E (layers of 5 points, dc below their
// measured limit: supergrid_stability.hpp).
TEST(Energy, DampingLowersTheSecondOrdersEnergy) {
  const Config cfg = deck("testenergy seed=5 amplitude=0.5\nsupergrid gp=5 dc=0.002\ndeveloper time_order=2 cfl=0.6\n");
  Subdomain sd(cfg, piece_geometry(cfg, 1, 1, 0, 0));
  ASSERT_EQ(sd.allocate(cfg), "");
  sd.dt = cfg.dev.cfl * cfg.grid.h / std::sqrt(max_wave_speed2(cfg, sd.box));
  sd.record_initial();
  double t = 0, prev = 0;
  for (int n = 1; n <= 30; ++n) {
    sd.predictor(t);
    sd.corrector(t);
    sd.finish(t);
    t += sd.dt;
    ExactSum s;
    add_energy(sd, s);
    if (n > 1) {
      EXPECT_LT(s.value(), prev) << "step " << n;
    }
    prev = s.value();
  }
}

// The file: rewritten after every writeEvery-th step before the last (the last is the
// report's), where the one-sided driver pauses; one "%.20e" value a line, as SW4 writes it.
TEST(Energy, WhenTheFileIsWrittenAndItsText) {
  Config c = deck("testenergy writeEvery=25 bchorizontal=dirichlet\n");
  EXPECT_FALSE(energy_write_due(c, 24, 100));
  EXPECT_TRUE(energy_write_due(c, 25, 100));
  EXPECT_TRUE(energy_write_due(c, 75, 100));
  EXPECT_FALSE(energy_write_due(c, 100, 100));
  EXPECT_EQ(next_energy_write(c, 0), 25);
  EXPECT_EQ(next_energy_write(c, 25), 50);
  EXPECT_EQ(next_energy_write(c, 49), 50);
  c.verify.en.write_every = 0;
  EXPECT_FALSE(energy_write_due(c, 25, 100));
  EXPECT_EQ(next_energy_write(c, 0), LONG_MAX);
  const Config none = deck("supergrid gp=3\nblock vp=2 vs=1 rho=1\n");
  EXPECT_EQ(next_energy_write(none, 0), LONG_MAX);
  EXPECT_EQ(energy_file_text({1534887.9453200241, 0.5}), "1.53488794532002415508e+06\n5.00000000000000000000e-01\n");
}
