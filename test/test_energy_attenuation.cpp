// test_energy_attenuation.cpp: testenergy's energy with the memory variables
// (verify/energy_attenuation.hpp, NUMERICS.md 36.7) on one piece: it never grows, with
// Dirichlet sides and with undamped layers, for one and three mechanisms; it falls faster the
// lower Q; without its memory part it is not monotone.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "step_end.hpp"

using namespace sw4;

namespace {

Config deck(const std::string& extra) {
  std::istringstream in("grid h=0.1 x=1.5 y=1.2 z=1\ntime steps=40\n" + extra);
  return parse_input_stream(in, "in/e.in");
}

struct Energies {
  std::vector<double> e;        // E after each step
  std::vector<double> elastic;  // the elastic formula's E with the unrelaxed moduli
  std::vector<double> loss;     // -sum_nu S_nu(A_n - A_(n-2), the same)/(2 dt omega_nu)
};

// E after each of `steps` steps of one piece (the whole grid: no processor side, no halo).
Energies energies(const Config& cfg, int steps) {
  Subdomain sd(cfg, piece_geometry(cfg, 1, 1, 0, 0));
  EXPECT_EQ(sd.allocate(cfg), "");
  EXPECT_EQ(sd.attenuate(cfg, sd.min_vs_over_h()), "");
  const auto s2 = sd.max_speed2();
  sd.dt = cfg.dev.cfl * cfg.grid.h / std::sqrt(s2[0]);
  sd.record_initial();
  Energies r;
  double t = 0;
  std::vector<Field> older = sd.att.am;
  const auto w = energy_weight(sd);
  for (int n = 1; n <= steps; ++n) {
    sd.predictor(t);
    sd.corrector(t);
    sd.finish(t);
    t += sd.dt;
    ExactSum s, el, loss;
    add_energy(sd, s);
    r.e.push_back(s.value());
    add_grid_energy(sd.u, sd.um, sd.rho, sd.box, sd.owned, sd.dt, true,
                    [&](const Field& f, Field& out) { sd.lh(f, out); }, w, el);
    r.elastic.push_back(el.value());
    for (int nu = 0; nu < sd.att.n; ++nu) {
      Field d = sd.att.a[nu];
      for (int c = 0; c < 3; ++c)
        for (std::size_t p = 0; p < d[c].v.size(); ++p) d[c].v[p] -= older[nu][c].v[p];
      add_form(sd, sd.att.mu[nu], sd.att.la[nu], d, d, -1 / (2 * sd.dt * sd.att.omega[nu]), w, loss);
    }
    r.loss.push_back(loss.value());
    older = sd.att.am;
  }
  return r;
}

double largest_rise(const std::vector<double>& e) {
  double r = -1e300;
  for (std::size_t n = 1; n < e.size(); ++n) r = std::max(r, (e[n] - e[n - 1]) / e[0]);
  return r;
}

}  // namespace

// Four runs of 40 steps (16 x 13 x 11 points, Q = 20 and 10): Dirichlet sides and undamped
// layers, one and three mechanisms. In each:
// - E falls at every step;
// - each step's fall is the mechanisms' dissipation sum_nu S_nu(A_n - A_(n-2))/(2 dt omega_nu)
//   of the second-order parts, to the fourth-order terms (measured: ratios 0.95 to 1.15; without
//   E's S_nu(A - Am, A - Am)/2 they fall to 0.83), so the memory part of E is the one the scheme
//   dissipates, not merely some decreasing sum;
// - with layers, the elastic formula with the unrelaxed moduli rises at some step (measured
//   4.2e-4 and 4.7e-4 of E(1)): the memory part is what makes E monotone.
TEST(EnergyAttenuation, FallsAtEveryStepByTheMechanismsDissipation) {
  for (const char* sides : {"bchorizontal=dirichlet\n", "bchorizontal=supergrid sg_eps=1e-2\nsupergrid gp=3 dc=0\n"})
    for (const char* att : {"attenuation nmech=1 maxfreq=2\n", "attenuation nmech=3 maxfreq=2\n"}) {
      const Config cfg = deck(std::string("testenergy seed=5 qp=20 qs=10 ") + sides + att + "developer cfl=1.2\n");
      const bool layers = std::string(sides).find("supergrid") != std::string::npos;
      const Energies r = energies(cfg, 40);
      const std::vector<double>& e = r.e;
      for (std::size_t n = 1; n < e.size(); ++n) {
        EXPECT_LT(e[n], e[n - 1]) << sides << att << "step " << n + 1;
        if (n >= 2) {  // A_(n-2) exists from step 3 on
          const double ratio = (e[n] - e[n - 1]) / r.loss[n];
          EXPECT_GT(ratio, 0.9) << sides << att << "step " << n + 1;
          EXPECT_LT(ratio, 1.2) << sides << att << "step " << n + 1;
        }
      }
      if (layers) {
        EXPECT_GT(largest_rise(r.elastic), 1e-4) << att;
      }
    }
}

// The second order in time (NUMERICS 36.8: U+ from L_h U - sum L_h^0 A, A+ the predictor's): E
// without its dt^2 term falls at every step by exactly the mechanisms' dissipation, up to
// rounding (measured: a relative difference of 1e-13 or less), with Dirichlet sides and with
// undamped layers.
TEST(EnergyAttenuation, SecondOrderFallsByExactlyTheDissipation) {
  for (const char* sides : {"bchorizontal=dirichlet\n", "bchorizontal=supergrid sg_eps=1e-2\nsupergrid gp=3 dc=0\n"}) {
    const Config cfg = deck(std::string("testenergy seed=7 qp=20 qs=10 ") + sides +
                            "attenuation nmech=3 maxfreq=2\ndeveloper time_order=2 cfl=0.6\n");
    const Energies r = energies(cfg, 30);
    for (std::size_t n = 2; n < r.e.size(); ++n) {
      const double fall = r.e[n] - r.e[n - 1];
      EXPECT_LT(fall, 0) << sides << "step " << n + 1;
      EXPECT_NEAR(fall / r.loss[n], 1, 1e-10) << sides << "step " << n + 1;
    }
  }
}
