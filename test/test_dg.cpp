// The DG method's pieces against numbers derived independently of the code (NUMERICS 30-34):
// the Lobatto rule, the element matrices' identities, the source's time derivatives, the
// single-mode projection's error, and over 1000 steps the energy of a run without sources.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "dg/dg_setup.hpp"

using namespace sw4;
using namespace sw4::dg;

namespace {

TEST(DgBasis, LobattoThreeIntervals) {
  const Lgl g = lgl(3);
  const double r5 = 1 / std::sqrt(5.0);
  const double r[4] = {-1, -r5, r5, 1}, w[4] = {1.0 / 6, 5.0 / 6, 5.0 / 6, 1.0 / 6};
  for (int k = 0; k < 4; ++k) {
    EXPECT_NEAR(g.r[std::size_t(k)], r[k], 1e-15);
    EXPECT_NEAR(g.w[std::size_t(k)], w[k], 1e-15);
  }
}

// Lobatto with n+1 points integrates degree 2n-1 exactly, and P'_k(1) = k(k+1)/2.
TEST(DgBasis, LobattoExactnessAndEndDerivatives) {
  for (int n = 2; n <= 9; ++n) {
    const Lgl g = lgl(n);
    for (int p = 0; p <= 2 * n - 1; ++p) {
      double s = 0;
      for (std::size_t k = 0; k < g.r.size(); ++k) s += g.w[k] * std::pow(g.r[k], p);
      EXPECT_NEAR(s, p % 2 ? 0.0 : 2.0 / (p + 1), 1e-14) << n << " " << p;
    }
    const std::vector<double> d = legendre_derivative(n, 1.0);
    EXPECT_DOUBLE_EQ(d[std::size_t(n)], n * (n + 1) / 2.0);
  }
}

// K annihilates the six rigid motions; K~^-1 K~ = I; the mass is rho (h/2)^3 prod 2/(2l+1).
TEST(DgElement, RigidMotionsAndInverse) {
  for (int q = 1; q <= 4; ++q) {
    const double h = 0.3;
    const Material m{1.5, 0.7, 1.1};
    const Operators op = build_operators(q, h, m);
    const int nd = op.nd, nm = op.nm;
    // translations: mode 0 of one component; rotations: linear modes (x_j in element = (h/2) P_1)
    std::vector<std::vector<double>> rigid;
    for (int a = 0; a < 3; ++a) {
      std::vector<double> u(std::size_t(nd), 0.0);
      u[std::size_t(a * nm)] = 1;
      rigid.push_back(u);
    }
    const int lin[3] = {op.mode(1, 0, 0), op.mode(0, 1, 0), op.mode(0, 0, 1)};
    for (int a = 0; a < 3; ++a) {  // u = e_a x_b - e_b x_a
      const int b = (a + 1) % 3;
      std::vector<double> u(std::size_t(nd), 0.0);
      u[std::size_t(a * nm + lin[b])] = 1;
      u[std::size_t(b * nm + lin[a])] = -1;
      rigid.push_back(u);
    }
    for (const auto& u : rigid)
      for (int i = 0; i < nd; ++i) {
        double s = 0;
        for (int j = 0; j < nd; ++j) s += op.K[std::size_t(i) * nd + j] * u[std::size_t(j)];
        EXPECT_NEAR(s, 0, 1e-12) << q;
      }
    EXPECT_NEAR(1 / op.M_inv[0], m.rho * h * h * h, 1e-15);
    if (q >= 2) {
      EXPECT_NEAR(1 / op.M_inv[std::size_t(op.mode(1, 2, 0))], m.rho * h * h * h / 3 / 5, 1e-15);
    }
    // K is symmetric
    for (int i = 0; i < nd; ++i)
      for (int j = 0; j < i; ++j)
        EXPECT_NEAR(op.K[std::size_t(i) * nd + j], op.K[std::size_t(j) * nd + i], 1e-13);
  }
}

// NUMERICS 33.4: g = C6 bump at t = 0.3, dt = 0.02 against its exact derivatives.
TEST(DgSource, TaylorCoefficientsOfTheBump) {
  SourceCfg s;
  s.type = TimeFunctionType::C6SmoothBump;
  s.freq = 1;
  const TimeFunction g = TimeFunction::from(s);
  const TaylorWeights w(4);
  const std::vector<double> d = w.derivatives([&](double t) { return g.g(t); }, 0.3, 0.02);
  const double exact[5] = {0.9272003809068, 12.36267174542, 79.47431836344, -773.7182316864, -19519.16491325};
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(d[std::size_t(k)] / exact[k], 1, 1e-9) << k;
  EXPECT_NEAR(d[3] / exact[3], 1, 1e-6);
  EXPECT_NEAR(d[4] / exact[4], 1, 1e-5);
}

// NUMERICS 33.3: faces go to the upper element, the last face to the last element.
TEST(DgSource, ElementOfAPoint) {
  AxisPlace a = place_on_axis(0.25, 0.125, 9);
  EXPECT_EQ(a.e, 3);
  EXPECT_DOUBLE_EQ(a.r, -1);
  a = place_on_axis(1.0, 0.125, 9);
  EXPECT_EQ(a.e, 8);
  EXPECT_DOUBLE_EQ(a.r, 1);
  a = place_on_axis(0.1, 0.125, 9);
  EXPECT_EQ(a.e, 1);
  EXPECT_NEAR(a.r, 0.6, 1e-15);
}

Config single_mode_deck(int q, double h) {
  Config c;
  c.grid.h = h;
  c.grid.nx = c.grid.ny = c.grid.nz = int(1 / h + 0.5) + 1;
  c.grid.xmax = c.grid.ymax = c.grid.zmax = 1;
  c.dg.on = true;
  c.dg.order = q;
  c.dg.singlemode = true;
  return c;
}

// NUMERICS 34.1: the projection's error at q = 2, h = 1/8 (computed independently).
TEST(DgSingleMode, InitialError) {
  const Config c = single_mode_deck(2, 0.125);
  const Piece p = make_piece(c, {1, c.grid.nx}, {1, c.grid.ny});
  Norms n = norms(p, c, 0);
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(std::sqrt(n.l2[k].value()), 0.0014155725158836532, 1e-15);
}

// The gradient a receiver's div, curl or strains come from: of the projected single mode at a
// point inside an element, against the exact shape's (q = 3, h = 1/8: to 1e-3 of its size 2 pi).
TEST(DgReceiver, GradientOfTheSingleMode) {
  const Config c = single_mode_deck(3, 0.125);
  const Piece p = make_piece(c, {1, c.grid.nx}, {1, c.grid.ny});
  const double r[3] = {0.3, -0.6, 0.1}, h = 0.125;
  const ElementPoint ep{{3, 5, 2}, {0.3, -0.6, 0.1}};
  double d[3][3];
  gradient(p, local_element(p, ep), r, d);
  const double x[3] = {(2 + 0.5 * (r[0] + 1)) * h, (4 + 0.5 * (r[1] + 1)) * h, (1 + 0.5 * (r[2] + 1)) * h};
  const double tp = 2 * 3.14159265358979323846, e = 1e-6;
  for (int a = 0; a < 3; ++a) {
    double xp[3] = {x[0], x[1], x[2]}, xm[3] = {x[0], x[1], x[2]};
    xp[a] += e;
    xm[a] -= e;
    const std::array<double, 3> fp = single_mode_shape(xp[0], xp[1], xp[2]), fm = single_mode_shape(xm[0], xm[1], xm[2]);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(d[k][a], (fp[std::size_t(k)] - fm[std::size_t(k)]) / (2 * e), 1e-3 * tp) << k << a;
  }
}

// NUMERICS 34.3: with walls, a free top and no source the energy
// E = 1/2 sum_e (V^T M V + U^T K U) never grows, over 1000 steps of random data.
double energy(const Piece& p) {
  const Operators& op = *p.op;
  double e = 0;
  for (long el = 0; el < p.elements(); ++el) {
    const double* U = &p.U[std::size_t(el) * op.nd];
    const double* V = &p.V[std::size_t(el) * op.nd];
    for (int i = 0; i < op.nd; ++i) {
      double ku = 0;
      for (int j = 0; j < op.nd; ++j) ku += op.K[std::size_t(i) * op.nd + j] * U[j];
      e += 0.5 * (V[i] * V[i] / op.M_inv[std::size_t(i % op.nm)] + U[i] * ku);
    }
  }
  return e;
}

TEST(DgEnergy, DoesNotGrowOverAThousandSteps) {
  Config c = single_mode_deck(2, 1.0 / 3);  // 27 elements
  c.dg.singlemode = false;
  c.tps.on = true;
  c.tps.rho = 1.3, c.tps.cp = 2, c.tps.cs = 1;
  c.dev.cfl = 0.5;
  Piece p = make_piece(c, {1, c.grid.nx}, {1, c.grid.ny});
  std::uint64_t x = 88172645463325252ull;  // xorshift: the same data on every machine
  auto rnd = [&x] {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return double(x >> 11) / double(1ull << 53) - 0.5;
  };
  for (double& u : p.U) u = rnd();
  for (double& v : p.V) v = rnd();
  const double dt = step_plan(c).dt0;
  double e0 = energy(p), prev = e0, rise = 0;
  for (int n = 0; n < 1000; ++n) {
    begin_step(p);
    double d = dt;
    for (int k = 1; k <= p.ntay; ++k) {
      traces(p);
      stage(p, k, d);
      d = next_factor(d, dt, k);
    }
    const double e = energy(p);
    rise = std::max(rise, (e - prev) / e0);
    prev = e;
  }
  std::printf("energy: E(0) = %.6e, E(1000) = %.6e, largest relative rise in a step %.3e\n", e0, prev, rise);
  EXPECT_LE(rise, 1e-13);
  EXPECT_LT(prev, e0);
}

// The single-mode error at t = 0.1 (cfl 0.3) on two grids, and the rate between them. The
// original's flux (a near-central average with small penalties, NUMERICS 32.2) converges at
// q + 1 for odd q and at q for even q, which is what these measure (NUMERICS 34.1).
double single_mode_error(int q, double h) {
  Config c = single_mode_deck(q, h);
  c.dev.cfl = 0.3;
  c.time.by_time = true;
  c.time.t_end = 0.1;
  Piece p = make_piece(c, {1, c.grid.nx}, {1, c.grid.ny});
  const StepPlan plan = step_plan(c);
  double t = 0;
  for (int n = 0; n < plan.nsteps; ++n) {
    begin_step(p);
    double d = plan.dt;
    for (int k = 1; k <= p.ntay; ++k) {
      traces(p);
      stage(p, k, d);
      d = next_factor(d, plan.dt, k);
    }
    t += plan.dt;
  }
  Norms n = norms(p, c, t);
  return std::sqrt(n.l2[0].value());
}
void expect_rate(int q, double h) {
  const double e1 = single_mode_error(q, h), e2 = single_mode_error(q, h / 2);
  const double rate = std::log2(e1 / e2), want = q % 2 ? q + 1 : q;
  std::printf("q = %d: l2_err %.6e at h = %g, %.6e at h = %g: ratio %.3f, rate %.2f (at least %.2f)\n", q, e1, h,
              e2, h / 2, e1 / e2, rate, want - 0.25);
  EXPECT_GE(rate, want - 0.25) << q;
}
TEST(DgConvergence, DegreesOneAndTwo) {
  expect_rate(1, 0.25);
  expect_rate(2, 0.25);
}
TEST(DgConvergence, DegreesThreeAndFour) {
  expect_rate(3, 0.25);
  expect_rate(4, 0.25);
}

}  // namespace
