// Unit tests of the curvilinear operator (stencil_curvilinear.hpp, NUMERICS 16): on a flat
// metric it is the Cartesian operator with its free-surface closure; the tuned kernel is the
// point-by-point formula (stencil_curvilinear_reference.hpp) on rough random data and on the
// reference deck's metric, in all three update modes; a point's bits do not depend on the box
// or the thread count; on a grid under a hill it converges to the continuous div(sigma) at
// 4th order in the interior rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "stencil.hpp"
#include "topography/stencil_curvilinear.hpp"
#include "topography/stencil_curvilinear_reference.hpp"
#include "test/metric_helpers.hpp"
#include "test/precision_helpers.hpp"
#include "test/topography_deck_helpers.hpp"
#include "topography/topography.hpp"

using namespace sw4;

namespace {

// A piece of grid 1: the evaluation box, the arrays over it grown by 2 in i and j and over
// k = -1 .. max(ke, 8) + 2, and random material, stretching and solution.
struct CurvGrid {
  Box eval, box;
  Field u, um, out;
  Array3 mu, la, rho;
  Metric met;
  Array1 sx, sy;

  CurvGrid(const Box& e, unsigned seed)
      : eval(e),
        box{e.ib - 2, e.ie + 2, e.jb - 2, e.je + 2, -1, std::max(e.ke, 8) + 2},
        sx(box.ib, box.ie), sy(box.jb, box.je) {
    for (Field* f : {&u, &um, &out})
      for (auto& a : *f) a.define(box);
    for (Array3* a : {&mu, &la, &rho}) a->define(box);
    met.define(box);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> U(-1, 1), C(0.5, 2), S(0.2, 1);
    for (Field* f : {&u, &um})
      for (auto& a : *f)
        for (Real& x : a.v) x = U(rng);
    for (Array3* a : {&mu, &la, &rho})
      for (Real& x : a->v) x = C(rng);
    for (Array1* s : {&sx, &sy})
      for (Real& x : s->v) x = S(rng);
  }
  CurvMedium medium() const { return {&mu, &la, &met, &sx, &sy}; }
  // A rough metric: every value independent (the operator is algebraic in it).
  void rough_metric(unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> P(0.5, 1.5), M(-0.5, 0.5);
    for (Array3* a : {&met.J, &met.m1, &met.m4})
      for (Real& x : a->v) x = P(rng);
    for (Array3* a : {&met.m2, &met.m3})
      for (Real& x : a->v) x = M(rng);
  }
  void flat_metric(double h) {
    met.J.fill(h * h * h);
    met.m1.fill(std::sqrt(h));
    met.m4.fill(std::sqrt(h));
    met.m2.fill(0);
    met.m3.fill(0);
  }
  // A target writing into `f` as `mode` wants it (factor and rho for the updates).
  Target target(Field& f, double factor) {
    Target t;
    for (int c = 0; c < 3; ++c) {
      t.out[c] = f[c].data();
      t.u[c] = u[c].data();
      t.um[c] = um[c].data();
    }
    t.rho = rho.data();
    t.factor = factor;
    return t;
  }
};

// Largest |a - b| and largest |b| over the points of box e.
struct Diff {
  double diff = 0, scale = 0;
};
Diff compare(const Field& a, const Field& b, const Box& e) {
  Diff d;
  for (int c = 0; c < 3; ++c)
    for (int k = e.kb; k <= e.ke; ++k)
      for (int j = e.jb; j <= e.je; ++j)
        for (int i = e.ib; i <= e.ie; ++i) {
          d.diff = std::max(d.diff, double(std::fabs(a[c](i, j, k) - b[c](i, j, k))));
          d.scale = std::max(d.scale, double(std::fabs(b[c](i, j, k))));
        }
  return d;
}

bool same_bits(const Field& a, const Field& b) {
  for (int c = 0; c < 3; ++c)
    if (std::memcmp(a[c].data(), b[c].data(), a[c].v.size() * sizeof(Real)) != 0) return false;
  return true;
}

void fill(Field& f, double x) {
  for (auto& a : f) a.fill(x);
}

}  // namespace

// (a) m1 = m4 = sqrt(h), m2 = m3 = 0, J = h^3: NUMERICS 16.2's flat check, the Cartesian
// operator with the free-surface closure and s^z = 1, in the closure rows and the interior,
// with random stretching and material. The two sum the same products in other groupings, so
// they agree to rounding: 1e-12 of the largest |r| (measured 4e-16).
TEST(CurvilinearOperator, FlatMetricIsTheCartesianOperator) {
  const double h = 0.3;
  const Box e{1, 13, 1, 11, 1, 14};
  CurvGrid g(e, 11);
  g.flat_metric(h);
  Array1 sz(g.box.kb, g.box.ke, 1.0);
  const Medium cart{&g.mu, &g.la, &g.sx, &g.sy, &sz};
  Field want;
  for (auto& a : want) a.define(g.box);
  RhsWorkspace ws;
  rhs4<Update::Store>(g.u, cart, e, true, h, g.target(want, 1), ws);
  rhs_curvilinear<Update::Store>(g.u, g.medium(), e, g.target(g.out, 1));
  for (int k = 1; k <= e.ke; ++k) {
    Box row = e;
    row.kb = row.ke = k;
    const Diff d = compare(g.out, want, row);
    // single: the two operators round differently in float (eps 6e-8 over ~100 terms)
    EXPECT_LE(d.diff, sw4test::tol(1e-12, 1e-5) * d.scale) << "row k = " << k;
  }
  // and the reference (the oracle of the other tests) also is
  fill(g.out, 0);
  rhs_curvilinear_reference<Update::Store>(g.u, g.medium(), e, g.target(g.out, 1));
  const Diff d = compare(g.out, want, e);
  EXPECT_LE(d.diff, sw4test::tol(1e-12, 1e-5) * d.scale);
}

namespace {

// Tuned against the reference over box e of grid g in the three update modes; factor is
// chosen so that the operator's share of the predictor and corrector outputs is of order 1.
void expect_tuned_is_reference(CurvGrid& g, const Box& e, double tol) {
  Field ref, tuned;
  for (Field* f : {&ref, &tuned})
    for (auto& a : *f) a.define(g.box);
  rhs_curvilinear_reference<Update::Store>(g.u, g.medium(), e, g.target(ref, 1));
  rhs_curvilinear<Update::Store>(g.u, g.medium(), e, g.target(tuned, 1));
  const Diff d = compare(tuned, ref, e);
  ASSERT_GT(d.scale, 0);
  EXPECT_LE(d.diff, tol * d.scale) << "Store";
  const double factor = 1 / d.scale;
  fill(ref, 0);
  fill(tuned, 0);
  rhs_curvilinear_reference<Update::Predictor>(g.u, g.medium(), e, g.target(ref, factor));
  rhs_curvilinear<Update::Predictor>(g.u, g.medium(), e, g.target(tuned, factor));
  const Diff p = compare(tuned, ref, e);
  EXPECT_LE(p.diff, tol * p.scale) << "Predictor";
  for (int c = 0; c < 3; ++c) ref[c].v = tuned[c].v = g.um[c].v;  // something to add to
  rhs_curvilinear_reference<Update::Corrector>(g.u, g.medium(), e, g.target(ref, factor));
  rhs_curvilinear<Update::Corrector>(g.u, g.medium(), e, g.target(tuned, factor));
  const Diff c = compare(tuned, ref, e);
  EXPECT_LE(c.diff, tol * c.scale) << "Corrector";
  // and nothing outside the box is written
  Box whole = g.box;
  for (int q = 0; q < 3; ++q)
    for (int k = whole.kb; k <= whole.ke; ++k)
      for (int j = whole.jb; j <= whole.je; ++j)
        for (int i = whole.ib; i <= whole.ie; ++i)
          if (!e.contains(i, j, k) && tuned[q](i, j, k) != g.um[q](i, j, k)) {
            ADD_FAILURE() << "written outside the box at " << i << " " << j << " " << k;
            return;
          }
}

}  // namespace

// (b) Rough random metric, material, stretching and solution: every value independent, so
// every product of the expanded flux formulas is exercised. 1e-13 of the largest |r|: the two
// sum the same terms in different groupings (measured 4e-16).
TEST(CurvilinearOperator, TunedIsReferenceOnRoughData) {
  const Box e{1, 17, 1, 9, 1, 13};
  CurvGrid g(e, 5);
  g.rough_metric(6);
  expect_tuned_is_reference(g, e, sw4test::tol(1e-13, 1e-5));
}

// (b) The metric of the reference deck (the original's topography test, pytest
// topo/curvilinear.in: h = 0.02, n_c = 103) on a piece over the hill's
// top, random stretching, material and solution.
TEST(CurvilinearOperator, TunedIsReferenceOnTheDeckMetric) {
  const Topography topo = pytest_deck();
  ASSERT_EQ(topo.grids.nc, 103);
  const Box e{24, 38, 14, 28, 1, 12};  // the hill's top is at (31, 21)
  CurvGrid g(e, 7);
  ASSERT_TRUE(piece_metric(topo, g.box, g.met));
  double slope = 0;
  for (double x : g.met.m2.v) slope = std::max(slope, std::fabs(x));
  ASSERT_GT(slope, 0.01);  // a curved piece of the grid
  expect_tuned_is_reference(g, e, sw4test::tol(1e-13, 1e-5));
}

// NUMERICS 16.3: no ghost value k = -1 of u, and no material or metric at k <= 0, is used;
// the ghost u(k = 0) only in row 1. Poisoned with NaN there, the result is the same bits.
TEST(CurvilinearOperator, ReadsNoGhostPlaneBeyondTheClosure) {
  const Box e{1, 11, 1, 9, 1, 10};
  CurvGrid g(e, 41);
  g.rough_metric(42);
  Field want;
  for (auto& a : want) a.define(g.box);
  rhs_curvilinear<Update::Store>(g.u, g.medium(), e, g.target(want, 1));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (int j = g.box.jb; j <= g.box.je; ++j)
    for (int i = g.box.ib; i <= g.box.ie; ++i) {
      for (auto& a : g.u) a(i, j, -1) = nan;
      for (Array3* a : {&g.mu, &g.la, &g.met.J, &g.met.m1, &g.met.m2, &g.met.m3, &g.met.m4})
        for (int k = -1; k <= 0; ++k) (*a)(i, j, k) = nan;
    }
  rhs_curvilinear<Update::Store>(g.u, g.medium(), e, g.target(g.out, 1));
  EXPECT_TRUE(same_bits(g.out, want));
  Box rows2on = e;
  rows2on.kb = 2;
  for (auto& a : g.u)
    for (int j = g.box.jb; j <= g.box.je; ++j)
      for (int i = g.box.ib; i <= g.box.ie; ++i) a(i, j, 0) = nan;
  rhs_curvilinear<Update::Store>(g.u, g.medium(), rows2on, g.target(g.out, 1));
  EXPECT_TRUE(same_bits(g.out, want));
}

// A tilted flat grid (every metric value constant, m2, m3 != 0), constant mu, la, no
// stretching, and a displacement linear in the indices (so linear in x, y, z: constant
// strain, div(sigma) = 0): every difference of the operator sees a constant or a linear
// function, which its stencils (and the SBP rows) differentiate exactly. L_h u = 0 to
// rounding in the closure rows and the interior: 1e-13 of the operator's size on a random
// field on the same grid (measured 1e-15).
TEST(CurvilinearOperator, ConstantStrainOnATiltedGridGivesZero) {
  const Box e{1, 12, 1, 10, 1, 12};
  CurvGrid g(e, 31);
  g.met.J.fill(0.9);
  g.met.m1.fill(1.1);
  g.met.m2.fill(0.3);
  g.met.m3.fill(-0.2);
  g.met.m4.fill(0.8);
  g.mu.fill(1.5);
  g.la.fill(3);
  std::fill(g.sx.v.begin(), g.sx.v.end(), 1.0);
  std::fill(g.sy.v.begin(), g.sy.v.end(), 1.0);
  rhs_curvilinear<Update::Store>(g.u, g.medium(), e, g.target(g.out, 1));
  const double size = compare(g.out, g.out, e).scale;  // random u
  const double G[3][4] = {{0.3, -1.2, 0.7, 2}, {0.5, 0.4, -0.9, -1}, {-0.8, 1.1, 0.6, 0.5}};
  for (int c = 0; c < 3; ++c)
    for (int k = g.box.kb; k <= g.box.ke; ++k)
      for (int j = g.box.jb; j <= g.box.je; ++j)
        for (int i = g.box.ib; i <= g.box.ie; ++i)
          g.u[c](i, j, k) = G[c][0] * i + G[c][1] * j + G[c][2] * k + G[c][3];
  rhs_curvilinear<Update::Store>(g.u, g.medium(), e, g.target(g.out, 1));
  const double zero = compare(g.out, g.out, e).scale;
  ASSERT_GT(size, 1);
  EXPECT_LE(zero, sw4test::tol(1e-13, 1e-5) * size) << "random field " << size;
}

// (c) The bits of a point do not depend on the box it is computed in (cut in i, in j, in k,
// past a closure row and past the first interior rows; and columns past one tile's width) nor
// on the number of threads: compared with ==.
TEST(CurvilinearOperator, SameBitsOnAnyBoxAndThreadCount) {
  for (const Box& e : {Box{1, 40, 1, 23, 1, 20}, Box{-3, 150, 2, 7, 1, 9}}) {
    CurvGrid g(e, 21);
    g.rough_metric(22);
    Field whole, parts;
    for (Field* f : {&whole, &parts})
      for (auto& a : *f) a.define(g.box);
    rhs_curvilinear<Update::Store>(g.u, g.medium(), e, g.target(whole, 1));
    auto cut = [&](Box a, Box b) {
      fill(parts, 0);
      rhs_curvilinear<Update::Store>(g.u, g.medium(), a, g.target(parts, 1));
      rhs_curvilinear<Update::Store>(g.u, g.medium(), b, g.target(parts, 1));
      return same_bits(parts, whole);
    };
    const int im = (e.ib + e.ie) / 2 + 3, jm = (e.jb + e.je) / 2;
    Box a = e, b = e;
    a.ie = im, b.ib = im + 1;
    EXPECT_TRUE(cut(a, b)) << "cut in i at " << im << " of " << e.ie;
    a = b = e;
    a.je = jm, b.jb = jm + 1;
    EXPECT_TRUE(cut(a, b)) << "cut in j at " << jm;
    for (int km : {3, 7, 8}) {
      if (km >= e.ke) continue;
      a = b = e;
      a.ke = km, b.kb = km + 1;
      EXPECT_TRUE(cut(a, b)) << "cut in k at " << km;
    }
#ifdef _OPENMP
    const int before = max_threads();
    for (int threads : {2, 3}) {
      set_max_threads(threads);
      fill(parts, 0);
      rhs_curvilinear<Update::Store>(g.u, g.medium(), e, g.target(parts, 1));
      EXPECT_TRUE(same_bits(parts, whole)) << threads << " threads";
    }
    set_max_threads(before);
#endif
  }
}

namespace {

// The grid under a hill on [0, 1]^2 with n points a side (h = 1/(n-1)), interface at 0.5,
// a displacement u_c = A_c sin(w.x + phi_c) at the grid's physical points, constant mu, la,
// no stretching. Returns the largest error of L_h u against the exact div(sigma) =
// mu lap(u) + (la + mu) grad(div u) over rows k0..k1 (relative to the largest exact value).
double hill_error(int n, int k0, int k1) {
  const double h = 1.0 / (n - 1), mu = 1.5, la = 3, w[3] = {4.1, -2.8, 5.3};
  const double A[3] = {1, -0.7, 0.5}, phi[3] = {0.3, 1.1, -0.4};
  CurvilinearMapping map;
  map.hill.A = 0.1;
  map.hill.xc = 0.45;
  map.hill.yc = 0.55;
  map.hill.lx = 0.25;
  map.hill.ly = 0.2;
  map.hill.h = map.h = h;
  map.zt = 0.5;
  map.nc = int(std::lround(0.5 / h)) + 1;
  map.p = 6;
  map.zeta = 0.95;
  const Box e{1, n, 1, n, 1, map.nc};
  CurvGrid g(e, 1);
  Array3d z(g.box);
  generate_grid(map, z);
  EXPECT_TRUE(metric_from_grid(z, h, g.met));
  g.mu.fill(mu);
  g.la.fill(la);
  std::fill(g.sx.v.begin(), g.sx.v.end(), 1.0);
  std::fill(g.sy.v.begin(), g.sy.v.end(), 1.0);
  auto phase = [&](int i, int j, int k, int c) {
    return w[0] * (i - 1) * h + w[1] * (j - 1) * h + w[2] * z(i, j, k) + phi[c];
  };
  const Box& b = g.box;
  for (int c = 0; c < 3; ++c)
    for (int k = b.kb; k <= b.ke; ++k)
      for (int j = b.jb; j <= b.je; ++j)
        for (int i = b.ib; i <= b.ie; ++i) g.u[c](i, j, k) = A[c] * std::sin(phase(i, j, k, c));
  rhs_curvilinear<Update::Store>(g.u, g.medium(), e, g.target(g.out, 1));
  const double ww = w[0] * w[0] + w[1] * w[1] + w[2] * w[2];
  double err = 0, scale = 0;
  for (int k = k0; k <= k1; ++k)
    for (int j = e.jb; j <= e.je; ++j)
      for (int i = e.ib; i <= e.ie; ++i) {
        double wu = 0;  // w . u
        for (int d = 0; d < 3; ++d) wu += w[d] * g.u[d](i, j, k);
        for (int c = 0; c < 3; ++c) {
          const double exact = -mu * ww * g.u[c](i, j, k) - (la + mu) * w[c] * wu;
          err = std::max(err, std::fabs(g.out[c](i, j, k) - exact));
          scale = std::max(scale, std::fabs(exact));
        }
      }
  return err / scale;
}

}  // namespace

// (d) Under a hill (slopes up to ~0.25, the grid bending through most of its depth), with the
// difference metric of a run: L_h u converges to the continuous operator. Interior rows k >= 7
// of the coarse grid, and the fine grid's rows over the same depth (k >= 13; the error is
// largest just under the closure, where the grid bends most, so the same depth must be
// compared): error ratio from h to h/2 at least 2^3.5 (measured 16.2, and 16.0 from h/2 to
// h/4). The closure rows are the SBP boundary rows, 2nd order accurate: checked at order
// >= 1.5 (measured ratio 3.3, then 3.65). The single build's rounding of L_h u (float's eps
// times u/h^2) is the error's size at h = 1/64: it compares h = 1/16 (rows k >= 4) and 1/32 for
// the interior rows (the closure rows' error, 100 times larger, is far above it).
TEST(CurvilinearOperator, ConvergesAtFourthOrderUnderAHill) {
  const int n = sw4test::kSingle ? 17 : 33, nf = 2 * n - 1;
  const double coarse = sw4test::kSingle ? hill_error(n, 4, 9) : hill_error(n, 7, 17),
               fine = sw4test::kSingle ? hill_error(nf, 7, 17) : hill_error(nf, 13, 33);
  std::printf("interior rows: error %.3e (h = 1/%d), %.3e (h/2), ratio %.2f\n", coarse, n - 1,
              fine, coarse / fine);
  EXPECT_GE(coarse / fine, std::pow(2.0, 3.5));
  const double top_c = hill_error(33, 1, 6), top_f = hill_error(65, 1, 6);  // far above float's floor
  std::printf("closure rows:  error %.3e, %.3e, ratio %.2f\n", top_c, top_f, top_c / top_f);
  EXPECT_GE(top_c / top_f, std::pow(2.0, 1.5));
}
