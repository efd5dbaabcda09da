// Unit tests of the memory variables' step (NUMERICS 36): the predictor's and corrector's
// orders on the ODE alone, the ghost plane's extrapolation, the free surface's memory share as
// the discrete visco-elastic traction condition, and twilight's time modes against SW4's closed
// form of the memory variable (verify/twilight_attenuation.hpp).
//
// Why built so. Each test states what the formula must achieve, not the formula: the corrector
// must converge at fourth order and the predictor at second on (1/omega) a' + a = u with a known
// solution; the extrapolated ghost must be exact on quartics; after free_surface then
// free_surface_memory the elastic traction minus the memory traction, both by the condition's
// own differences written out here, must equal the prescribed traction; the mode sums must give
// SW4's alpha at any point and time. A wrong coefficient, sign or plane breaks one of them.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sstream>

#include "input.hpp"
#include "subdomain.hpp"
#include "verify/twilight_attenuation.hpp"

using namespace sw4;

namespace {

// a(t) for (1/w) a' + a = u with u = sin(t): a = (w^2 sin t - w cos t)/(1 + w^2) + C e^{-wt}.
double exact_a(double w, double t) {
  return (w * w * std::sin(t) - w * std::cos(t)) / (1 + w * w) + 0.3 * std::exp(-w * t);
}

// The largest error at t = 1 of the two-level scheme run with the corrector (or predictor).
double ode_error(double w, int steps, bool corrector) {
  const double dt = 1.0 / steps;
  const Box b{1, 1, 1, 1, 1, 1};
  Field am, a, ap, um, u, up;
  for (Field* f : {&am, &a, &ap, &um, &u, &up})
    for (auto& c : *f) c.define(b);
  auto set = [&](Field& f, double v) { f[0](1, 1, 1) = Real(v); };
  set(am, exact_a(w, -dt));
  set(a, exact_a(w, 0));
  for (int n = 0; n < steps; ++n) {
    const double t = n * dt;
    set(um, std::sin(t - dt));
    set(u, std::sin(t));
    set(up, std::sin(t + dt));
    if (corrector) memory_corrector(ap, am, up, u, um, w, dt);
    else memory_predictor(ap, am, u, w, dt);
    std::swap(am, a);
    std::swap(a, ap);
  }
  return std::fabs(a[0](1, 1, 1) - exact_a(w, 1.0));
}

TEST(MemoryStep, CorrectorIsFourthOrderPredictorSecond) {
  for (double w : {0.5, 3.0, 20.0}) {
    const double c1 = ode_error(w, 40, true), c2 = ode_error(w, 80, true);
    const double p1 = ode_error(w, 40, false), p2 = ode_error(w, 80, false);
    EXPECT_GT(std::log2(c1 / c2), 3.8) << "omega " << w << " corrector " << c1 << " " << c2;
    EXPECT_GT(std::log2(p1 / p2), 1.8) << "omega " << w << " predictor " << p1 << " " << p2;
    EXPECT_LT(std::log2(p1 / p2), 2.3) << "omega " << w;
  }
}

TEST(MemoryStep, GhostExtrapolationIsExactOnQuartics) {
  const Box b{1, 2, 1, 2, 0, 12};
  Field f;
  for (auto& c : f) c.define(b);
  auto q = [](int c, int i, int k) { return 1.5 + c + 0.25 * i * k - 0.125 * k * k + 0.01 * k * k * k * k; };
  for (int c = 0; c < 3; ++c)
    for (int k = b.kb; k <= b.ke; ++k)
      for (int j = b.jb; j <= b.je; ++j)
        for (int i = b.ib; i <= b.ie; ++i) f[c](i, j, k) = Real(k == 0 || k == 12 ? 99 : q(c, i, k));
  extrapolate_ghost(f, 0, 1);
  extrapolate_ghost(f, 12, -1);
  for (int c = 0; c < 3; ++c)
    for (int i = 1; i <= 2; ++i) {
      EXPECT_NEAR(f[c](i, 1, 0), q(c, i, 0), 1e-11);
      EXPECT_NEAR(f[c](i, 1, 12), q(c, i, 12), 1e-11);
    }
}

// The traction condition at the plane k1 (dir +1 top, -1 bottom) by the condition's own
// differences: (elastic - memory) traction times h, component c, at (i, j).
double traction_h(const Field& u, const Array3& mu, const Array3& la, const MemoryVariables& mv,
                  const std::vector<Field>& al, int i, int j, int k1, int dir, int c) {
  const double sb[5] = {-1.0 / 4, -5.0 / 6, 3.0 / 2, -1.0 / 2, 1.0 / 12};
  const double sn[5] = {-25.0 / 12, 4, -3, 4.0 / 3, -0.25};
  auto dz = [&](const Array3& f) {  // with the ghost at k1 - dir
    double s = 0;
    for (int w = 0; w < 5; ++w) s += sb[w] * f(i, j, k1 + dir * (w - 1));
    return dir * s;
  };
  auto dz0 = [&](const Array3& f) {
    double s = 0;
    for (int w = 0; w < 5; ++w) s += sn[w] * f(i, j, k1 + dir * w);
    return dir * s;
  };
  auto dx = [&](const Array3& f) {
    return 2.0 / 3 * (f(i + 1, j, k1) - f(i - 1, j, k1)) - 1.0 / 12 * (f(i + 2, j, k1) - f(i - 2, j, k1));
  };
  auto dy = [&](const Array3& f) {
    return 2.0 / 3 * (f(i, j + 1, k1) - f(i, j - 1, k1)) - 1.0 / 12 * (f(i, j + 2, k1) - f(i, j - 2, k1));
  };
  auto sigma = [&](const Field& v, double m, double l, auto z) {
    if (c == 0) return m * (z(v[0]) + dx(v[2]));
    if (c == 1) return m * (z(v[1]) + dy(v[2]));
    return (2 * m + l) * z(v[2]) + l * (dx(v[0]) + dy(v[1]));
  };
  double r = sigma(u, mu(i, j, k1), la(i, j, k1), dz);
  for (int nu = 0; nu < mv.n; ++nu) r -= sigma(al[std::size_t(nu)], mv.mu[std::size_t(nu)](i, j, k1), mv.la[std::size_t(nu)](i, j, k1), dz0);
  return r;
}

TEST(MemoryStep, FreeSurfaceShareGivesTheViscoElasticTraction) {
  constexpr int n = 12;
  const Box b{-1, n + 2, -1, n + 2, -1, n + 2};
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> U(-1, 1);
  Field u;
  for (auto& c : u) c.define(b);
  Array3 mu(b), la(b);
  MemoryVariables mv;
  mv.define(b, 2);
  for (long p = 0; p < long(b.size()); ++p) {
    for (int c = 0; c < 3; ++c) {
      u[c].v[std::size_t(p)] = Real(U(rng));
      for (int nu = 0; nu < 2; ++nu) mv.a[std::size_t(nu)][c].v[std::size_t(p)] = Real(U(rng));
    }
    mu.v[std::size_t(p)] = Real(2 + U(rng) / 2);
    la.v[std::size_t(p)] = Real(1 + U(rng) / 2);
    for (int nu = 0; nu < 2; ++nu) {
      mv.mu[std::size_t(nu)].v[std::size_t(p)] = Real(0.2 + U(rng) / 10);
      mv.la[std::size_t(nu)].v[std::size_t(p)] = Real(0.1 + U(rng) / 20);
    }
  }
  GridCfg g;
  g.nx = g.ny = g.nz = n;
  g.h = 0.1;
  Array1 one(-1, n + 2);
  for (int i = -1; i <= n + 2; ++i) one(i) = 1;
  Bc bc[6] = {Bc::Dirichlet, Bc::Dirichlet, Bc::Dirichlet, Bc::Dirichlet, Bc::FreeSurface, Bc::FreeSurface};
  BoundaryData data;
  data.traction = [](double x, double y, double, double tau[3]) { tau[0] = x; tau[1] = y; tau[2] = x * y; };
  data.traction_bottom = [](double x, double y, double, double tau[3]) { tau[0] = -y; tau[1] = x; tau[2] = 1; };
  apply_bc(u, bc, mu, la, one, one, g, 0, &data);
  free_surface_memory(u, bc, n, mu, la, mv, mv.a, one, one);
  for (int j = 1; j <= n; ++j)
    for (int i = 1; i <= n; ++i) {
      const double x = (i - 1) * g.h, y = (j - 1) * g.h;
      const double top[3] = {x, y, x * y}, bot[3] = {-y, x, 1};
      for (int c = 0; c < 3; ++c) {
        EXPECT_NEAR(traction_h(u, mu, la, mv, mv.a, i, j, 1, 1, c), g.h * top[c], 1e-12) << i << " " << j << " " << c;
        EXPECT_NEAR(traction_h(u, mu, la, mv, mv.a, i, j, n, -1, c), g.h * bot[c], 1e-12) << i << " " << j << " " << c;
      }
    }
}

TEST(TwilightAttenuation, ModesGiveSw4sMemoryVariable) {
  TwilightCfg tw;
  tw.omega = 1.3;
  tw.phase = 0.3;
  tw.c = 1.3;
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> U(-3, 3);
  for (int s = 0; s < 50; ++s) {
    const double x = U(rng), y = U(rng), z = U(rng), t = U(rng);
    const auto S = alpha_modes(tw, x, y, z);
    const TimeModes T = time_modes(tw, t);
    const auto a = twilight_alpha(tw, x, y, z, t);
    const double e = 1e-6;
    const auto ap = twilight_alpha(tw, x, y, z, t + e), am = twilight_alpha(tw, x, y, z, t - e);
    for (int c = 0; c < 3; ++c) {
      double v = 0, d = 0;
      for (int m = 0; m < 5; ++m) {
        v += T.d[0][m] * S[c][m].v;
        d += T.d[1][m] * S[c][m].v;
      }
      EXPECT_NEAR(v, a[c], 1e-14);
      EXPECT_NEAR(d, (ap[c] - am[c]) / (2 * e), 1e-8);
    }
  }
}

}  // namespace

// --check's time step without arrays (attenuation_setup.hpp): the material walk's largest speed
// with the fitted moduli is the bits of Subdomain::max_speed2 after the fit, on a deck of LOH.3's
// kind (a layer over a half-space, both with Q, a thin block between) and one with gradients.
TEST(MemoryStep, WalkedSpeedIsTheFittedArraysSpeed) {
  const char* decks[] = {
      "grid h=100 x=3000 y=2500 z=2000\ntime t=1\nsupergrid gp=4\nattenuation phasefreq=2.5 nmech=3 maxfreq=15\n"
      "block vp=6000 vs=3464 rho=2700 qp=155.9 qs=69.3\nblock vp=4000 vs=2000 rho=2600 z2=1000 qp=120 qs=40\n"
      "block vp=4630.76 vs=2437.56 rho=2650 z1=999 z2=1001 qp=137.95 qs=54.65\n",
      "grid h=0.1 x=1.5 y=1.2 z=1\ntime t=1\nsupergrid gp=3\nattenuation nmech=2\n"
      "block vp=2 vs=1 rho=1.5 qp=60 qs=30 vpgrad=0.7 vsgrad=0.4 rhograd=0.2\n"};
  for (const char* text : decks) {
    std::istringstream in(text);
    const Config cfg = parse_input_stream(in, "in/w.in");
    Subdomain sd(cfg, piece_geometry(cfg, 1, 1, 0, 0));
    ASSERT_EQ(sd.allocate(cfg), "");
    ASSERT_EQ(sd.attenuate(cfg, sd.min_vs_over_h()), "");
    const double walked = max_visco_speed2(cfg, sd.box, relaxation_frequencies(cfg.att, 0));
    EXPECT_EQ(walked, sd.max_speed2()[0]) << text;
    EXPECT_GT(walked, max_wave_speed2(cfg, sd.box)) << text;  // faster than the elastic speed
  }
}
