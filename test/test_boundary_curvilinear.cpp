// Unit tests of the curvilinear grid's boundary pieces: the interface injection
// (boundary_curvilinear.hpp, NUMERICS 19.1) and the super-grid damping weighted by J
// (supergrid.hpp, NUMERICS 18.2). The free surface on the hill (NUMERICS 17.1) is tested with
// the flat one in test_free_surface.cpp, the time step's bound in test_timestep_curvilinear.cpp.
//
// The checks are written from the formulas, not from the code under test: the damping is a
// plain point-by-point loop. Tolerances are stated with each check.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <random>

#include "topography/boundary_curvilinear.hpp"
#include "input.hpp"
#include "supergrid.hpp"
#include "topography/timestep_curvilinear.hpp"
#include "test/precision_helpers.hpp"
#include "test/topography_deck_helpers.hpp"
#include "topography/topography.hpp"

using namespace sw4;

// ---------------------------------------------------------------------------------------------
// Injection

// Every value encodes where it came from; after the injection each plane holds its source's
// values over the arrays' common (i, j) box, ghost columns included, and nothing else moved.
TEST(InjectInterface, PlanesLandWhereTheySay) {
  const int nc = 9;
  const Box b0{-1, 12, -1, 9, -1, 8}, b1{0, 14, -2, 10, -1, nc + 2};
  auto code = [](int g, int c, int i, int j, int k) {
    return g * 1e6 + c * 1e5 + (i + 10) * 1e3 + (j + 10) * 10 + (k + 3) * 0.01;
  };  // stored as Reals: compared as Real(code), the same rounding (exact in double)
  Field u0, u1;
  for (int c = 0; c < 3; ++c) {
    u0[c].define(b0);
    u1[c].define(b1);
    for (int k = b0.kb; k <= b0.ke; ++k)
      for (int j = b0.jb; j <= b0.je; ++j)
        for (int i = b0.ib; i <= b0.ie; ++i) u0[c](i, j, k) = code(0, c, i, j, k);
    for (int k = b1.kb; k <= b1.ke; ++k)
      for (int j = b1.jb; j <= b1.je; ++j)
        for (int i = b1.ib; i <= b1.ie; ++i) u1[c](i, j, k) = code(1, c, i, j, k);
  }
  inject_interface(u0, u1, nc);
  auto common = [&](int i, int j) { return i >= 0 && i <= 12 && j >= -1 && j <= 9; };
  int moved = 0;
  for (int c = 0; c < 3; ++c) {
    for (int k = b0.kb; k <= b0.ke; ++k)
      for (int j = b0.jb; j <= b0.je; ++j)
        for (int i = b0.ib; i <= b0.ie; ++i) {
          double want = code(0, c, i, j, k);
          if (common(i, j) && k <= 0) want = code(1, c, i, j, nc - 1 + k), ++moved;
          EXPECT_EQ(u0[c](i, j, k), Real(want)) << "grid 0 " << c << " " << i << " " << j << " " << k;
        }
    for (int k = b1.kb; k <= b1.ke; ++k)
      for (int j = b1.jb; j <= b1.je; ++j)
        for (int i = b1.ib; i <= b1.ie; ++i) {
          double want = code(1, c, i, j, k);
          if (common(i, j) && k >= nc) want = code(0, c, i, j, k - nc + 1), ++moved;
          EXPECT_EQ(u1[c](i, j, k), Real(want)) << "grid 1 " << c << " " << i << " " << j << " " << k;
        }
  }
  EXPECT_EQ(moved, 3 * 5 * 13 * 11);
}

// ---------------------------------------------------------------------------------------------
// Damping (NUMERICS 18.2)

namespace {

struct DampGrid {
  int n = 24, nc = 7;
  double h = 0.05, beta = 0.02;
  Box box{-1, n + 2, -1, n + 2, -1, nc + 2};
  Box eval{1, n, 1, n, 1, nc};
  Field u, um, up;
  Array3 rho, J;
  Profiles px, py, pz;
  explicit DampGrid(unsigned seed) {
    std::mt19937 rng(seed);
    for (Field* f : {&u, &um, &up})
      for (auto& a : *f) {
        a.define(box);
        fill_random(a, rng, -1, 1);
      }
    rho.define(box);
    fill_random(rho, rng, 0.5, 2);
    J.define(box, h * h * h);
    Taper tp;
    tp.left = tp.right = true;
    tp.x1 = (n - 1) * h;
    tp.width = 6 * h;
    px = sample_profiles(tp, box.ib, box.ie, h);
    py = sample_profiles(tp, box.jb, box.je, h);
    pz = sample_profiles(Taper{}, box.kb, box.ke, h);  // no layer: s = 1, d = 0, c = 1
  }
};

// The damping of one point straight from the formula, and its terms' size (with |u| + |um| in
// place of w: the differences of w cancel, their rounding does not).
double damping_at(const DampGrid& g, int c, int i, int j, int k, double* size) {
  auto w = [&](int a, int b, int e) { return g.u[c](a, b, e) - g.um[c](a, b, e); };
  auto wa = [&](int a, int b, int e) {
    return std::fabs(g.u[c](a, b, e)) + std::fabs(g.um[c](a, b, e));
  };
  double x = 0, y = 0, xs = 0, ys = 0;
  for (int o = -1; o <= 1; ++o) {
    const double wt = o == 0 ? -2 : 1;
    const double ddx = w(i + o + 1, j, k) - 2 * w(i + o, j, k) + w(i + o - 1, j, k);
    const double ddy = w(i, j + o + 1, k) - 2 * w(i, j + o, k) + w(i, j + o - 1, k);
    const double ax = wa(i + o + 1, j, k) + 2 * wa(i + o, j, k) + wa(i + o - 1, j, k);
    const double ay = wa(i, j + o + 1, k) + 2 * wa(i, j + o, k) + wa(i, j + o - 1, k);
    const double cx = wt * g.rho(i + o, j, k) * g.J(i + o, j, k) * g.px.dc(i + o);
    const double cy = wt * g.rho(i, j + o, k) * g.J(i, j + o, k) * g.py.dc(j + o);
    x += cx * ddx;
    y += cy * ddy;
    xs += std::fabs(cx) * ax;
    ys += std::fabs(cy) * ay;
  }
  const double f = g.beta / (g.rho(i, j, k) * g.J(i, j, k));
  const double ax = g.px.str(i) * g.py.co(j), ay = g.py.str(j) * g.px.co(i);
  *size = f * (std::fabs(ax) * xs + std::fabs(ay) * ys);
  return -f * (ax * x + ay * y);
}

// Worst |got - (before + damping)| / size over eval; nothing outside eval may change.
double worst_damping_error(const DampGrid& g, const Field& got) {
  double worst = 0;
  for (int c = 0; c < 3; ++c)
    for (int k = g.box.kb; k <= g.box.ke; ++k)
      for (int j = g.box.jb; j <= g.box.je; ++j)
        for (int i = g.box.ib; i <= g.box.ie; ++i) {
          if (!g.eval.contains(i, j, k)) {
            EXPECT_EQ(got[c](i, j, k), g.up[c](i, j, k));
            continue;
          }
          double size = 0;
          const double want = g.up[c](i, j, k) + damping_at(g, c, i, j, k, &size);
          const double err = std::fabs(got[c](i, j, k) - want);
          if (size > 0) worst = std::max(worst, err / size);
          else EXPECT_EQ(err, 0.0);
        }
  return worst;
}

bool same_bits(const Field& a, const Field& b) {
  for (int c = 0; c < 3; ++c)
    if (std::memcmp(a[c].data(), b[c].data(), a[c].v.size() * sizeof(Real)) != 0) return false;
  return true;
}

}  // namespace

// Flat J = h^3 and a grid 0 without a z layer: the Cartesian damping, J cancelling, to
// relative 2e-14 of the terms' size (a dozen roundings either way; measured 3.8e-15).
TEST(DampingCurvilinear, FlatIsTheCartesianDamping) {
  DampGrid g(21);
  Field cart = g.up, curv = g.up;
  supergrid_damping(cart, g.u, g.um, g.rho, g.px, g.py, g.pz, g.eval, g.beta);
  supergrid_damping_curvilinear(curv, g.u, g.um, g.rho, g.J, g.px, g.py, g.eval, g.beta);
  double worst = 0, moved = 0;
  for (int c = 0; c < 3; ++c)
    for (int k = g.box.kb; k <= g.box.ke; ++k)
      for (int j = g.box.jb; j <= g.box.je; ++j)
        for (int i = g.box.ib; i <= g.box.ie; ++i) {
          double size = 0;
          if (g.eval.contains(i, j, k)) damping_at(g, c, i, j, k, &size);
          const double d = std::fabs(curv[c](i, j, k) - cart[c](i, j, k));
          if (size > 0) worst = std::max(worst, d / size);
          else EXPECT_EQ(d, 0.0);
          moved = std::max(moved, double(std::fabs(cart[c](i, j, k) - g.up[c](i, j, k))));
        }
  EXPECT_GT(moved, 1.0);  // the layers do damp
  EXPECT_LT(worst, sw4test::tol(2e-14, 1e-5));  // single: the two forms round apart in float
}

// A non-constant J (random, factor 4 spread) against the point-by-point formula, with the
// layers' profiles (terms skipped in the middle) and with random profiles everywhere (nothing
// skipped): relative 2e-14 of the terms' size (measured 6e-15). Points outside eval do not
// change.
TEST(DampingCurvilinear, VaryingJacobianMatchesThePointFormula) {
  for (bool random_profiles : {false, true}) {
    DampGrid g(22 + random_profiles);
    std::mt19937 rng(5);
    fill_random(g.J, rng, 0.5 * g.h * g.h * g.h, 2 * g.h * g.h * g.h);
    if (random_profiles) {
      std::uniform_real_distribution<double> S(0.1, 1), D(0, 50);
      for (Profiles* p : {&g.px, &g.py}) {
        for (Real& v : p->str.v) v = S(rng);
        for (Real& v : p->co.v) v = S(rng);
        for (Real& v : p->dc.v) v = D(rng);
      }
    }
    Field got = g.up;
    supergrid_damping_curvilinear(got, g.u, g.um, g.rho, g.J, g.px, g.py, g.eval, g.beta);
    // single: the second differences cancel, float's rounding is 1.5e-5 of the terms' size
    EXPECT_LT(worst_damping_error(g, got), sw4test::tol(2e-14, 5e-5)) << "random profiles " << random_profiles;
  }
}

// Same bits whichever box evaluates a point and on any thread count.
TEST(DampingCurvilinear, SameBitsOnAnyCutAndThreadCount) {
  DampGrid g(24);
  std::mt19937 rng(6);
  fill_random(g.J, rng, 0.5, 2);
  Field whole = g.up;
  set_max_threads(1);
  supergrid_damping_curvilinear(whole, g.u, g.um, g.rho, g.J, g.px, g.py, g.eval, g.beta);
  for (int cut : {3, 7, 12, 19}) {
    Field pieces = g.up;
    set_max_threads(1 + cut % 3);
    const Box a{1, cut, 1, cut / 2 + 1, 1, g.nc}, b{cut + 1, g.n, 1, cut / 2 + 1, 1, g.nc},
        c{1, g.n, cut / 2 + 2, g.n, 1, g.nc};
    for (const Box& e : {a, b, c})
      supergrid_damping_curvilinear(pieces, g.u, g.um, g.rho, g.J, g.px, g.py, e, g.beta);
    EXPECT_TRUE(same_bits(whole, pieces)) << "cut " << cut;
  }
  set_max_threads(1);
}
