// Unit tests of topography/stencil_curvilinear_point.hpp: the curvilinear point bodies that the
// GPU build runs, here on the host, against the tuned kernel (rhs_curvilinear of
// stencil_curvilinear.hpp) at every point of many boxes, the closure rows 1..6 and the
// interior, with every update, on a rough random metric and on the reference deck's metric
// under smooth fields; against the plain formulas (stencil_curvilinear_reference.hpp) at a few
// points; and reading nothing the tuned kernel does not read. What holds the GPU build's
// topography to the CPU one on a machine without a GPU: the device compiles these same bodies.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "topography/stencil_curvilinear.hpp"
#include "topography/stencil_curvilinear_point.hpp"
#include "topography/stencil_curvilinear_reference.hpp"
#include "test/precision_helpers.hpp"
#include "test/topography_deck_helpers.hpp"
#include "topography/topography.hpp"

using namespace sw4;

namespace {

// Point bodies against the tuned kernel: the same expressions summed in the same order, so they
// differ only where g++ contracts a*b + c into an FMA across a value the tuned kernel stores to
// a bundle and reloads while the point body keeps it in a register (stencil_point.hpp's test
// says the same). Each such fusion moves a result by an ulp or so of its largest term: 1e-13
// of the largest value leaves room for the cancellation of the deck's smooth fields (measured
// 2.3e-16 rough, 4.2e-16 on the deck; built with -ffp-contract=off every value is the same
// bits). Single: the same ulps of a float (6e-8; measured 1.2e-7 rough, 2.6e-7 on the deck).
const double kTol = sw4test::tol(1e-13, 2e-6);

// A piece of grid 1 over eval (i, j offset by (oi, oj) from the boxes below), its arrays grown by
// 2 in i and j and over k = -1 .. max(ke, 8) + 2, material and stretching varying everywhere.
// Rough: every value of u, the material and the metric independent, so every product of the
// flux formulas shows; smooth: the reference deck's metric (the hill's top) and sine fields.
struct Grid {
  int oi, oj;
  Box eval, box;
  Field u, um;
  Array3 mu, la, rho;
  Metric met;
  Array1 sx, sy;

  Grid(bool rough, unsigned seed)
      : oi(rough ? 0 : 23), oj(rough ? 0 : 13),
        eval{1 + oi, 19 + oi, 1 + oj, 15 + oj, 1, 14},
        box{eval.ib - 2, eval.ie + 2, eval.jb - 2, eval.je + 2, -1, 16},
        sx(box.ib, box.ie), sy(box.jb, box.je) {
    for (Field* f : {&u, &um})
      for (auto& a : *f) a.define(box);
    for (Array3* a : {&mu, &la, &rho}) a->define(box);
    met.define(box);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> U(-1, 1), C(0.5, 2), S(0.2, 1), A(0.3, 1.4),
        P(0, 6.3);
    if (rough) {
      for (Field* f : {&u, &um})
        for (auto& a : *f)
          for (Real& x : a.v) x = Real(U(rng));
      for (Array3* a : {&mu, &la, &rho})
        for (Real& x : a->v) x = Real(C(rng));
      std::uniform_real_distribution<double> Pm(0.5, 1.5), Mm(-0.5, 0.5);
      for (Array3* a : {&met.J, &met.m1, &met.m4})
        for (Real& x : a->v) x = Real(Pm(rng));
      for (Array3* a : {&met.m2, &met.m3})
        for (Real& x : a->v) x = Real(Mm(rng));
      for (Array1* s : {&sx, &sy})
        for (Real& x : s->v) x = Real(S(rng));
      return;
    }
    auto wave = [&] {  // sin(0.4 (a i + b j + c k) + p), random a, b, c, p
      const double a = A(rng), b = A(rng), c = A(rng), p = P(rng);
      return [=](int i, int j, int k) { return std::sin(0.4 * (a * i + b * j + c * k) + p); };
    };
    for (Field* f : {&u, &um})
      for (auto& a : *f) {
        const auto w1 = wave(), w2 = wave();
        fill(a, [&](int i, int j, int k) { return w1(i, j, k) + 0.5 * w2(i, j, k); });
      }
    for (Array3* a : {&mu, &la, &rho}) {
      const auto w = wave();
      fill(*a, [&](int i, int j, int k) { return 1.5 + 0.7 * w(i, j, k); });
    }
    for (Array1* s : {&sx, &sy}) {
      const double a = A(rng), p = P(rng);
      for (int i = 0; i < int(s->v.size()); ++i) s->v[i] = Real(0.6 + 0.35 * std::sin(a * i + p));
    }
    const Topography topo = pytest_deck();  // the hill's top is at (31, 21)
    if (!piece_metric(topo, box, met)) ADD_FAILURE() << "no metric for the deck's piece";
  }
  template <class F>
  static void fill(Array3& a, F&& f) {
    const Box& b = a.box;
    for (int k = b.kb; k <= b.ke; ++k)
      for (int j = b.jb; j <= b.je; ++j)
        for (int i = b.ib; i <= b.ie; ++i) a(i, j, k) = Real(f(i, j, k));
  }
  CurvMedium medium() const { return {&mu, &la, &met, &sx, &sy}; }
  // A box of the list below, placed on this grid.
  Box place(const Box& b) const { return {b.ib + oi, b.ie + oi, b.jb + oj, b.je + oj, b.kb, b.ke}; }
};

// The target of `mode` writing into out (the corrector adds to what out holds).
Target target(Field& out, const Grid& g, double factor) {
  Target t;
  for (int c = 0; c < 3; ++c) {
    t.out[c] = out[c].data();
    t.u[c] = g.u[c].data();
    t.um[c] = g.um[c].data();
  }
  t.rho = g.rho.data();
  t.factor = Real(factor);
  return t;
}

// rhs_curvilinear<mode> over eval, one point body at a time: what a GPU kernel's threads do.
template <Update mode>
void rhs_by_points(const Field& u, const CurvMedium& md, const Box& eval, const Target& t) {
  const curv_point::CurvView v = curv_point::view_of(u, md);
  for (int k = eval.kb; k <= eval.ke; ++k)
    for (int j = eval.jb; j <= eval.je; ++j)
      for (int i = eval.ib; i <= eval.ie; ++i)
        curv_point::rhs_at<mode>(v, t, u[0].index(i, j, k), i, j, k);
}

struct Tally {
  double worst = 0;              // max |difference| / max |value|
  long values = 0, bitwise = 0;  // values in the boxes compared, of which the same bits
};

// max |a - b| and max |a| over the whole arrays (a point one writes and the other does not
// shows too).
struct Diff {
  double diff = 0, scale = 0;
};
Diff compare(const Field& a, const Field& b) {
  Diff d;
  for (int c = 0; c < 3; ++c)
    for (std::size_t n = 0; n < a[c].v.size(); ++n) {
      d.diff = std::max(d.diff, double(std::fabs(a[c].v[n] - b[c].v[n])));
      d.scale = std::max(d.scale, double(std::fabs(a[c].v[n])));
    }
  return d;
}

// The tuned kernel and the point bodies from the same start over eval. factor makes the
// operator's share of the predictor's and corrector's outputs of order 1.
template <Update mode>
void compare_box(const Grid& g, const Box& eval, double factor, Tally& tally) {
  Field tuned = g.um, points = g.um;
  rhs_curvilinear<mode>(g.u, g.medium(), eval, target(tuned, g, factor));
  rhs_by_points<mode>(g.u, g.medium(), eval, target(points, g, factor));
  const Diff d = compare(tuned, points);
  for (int k = eval.kb; k <= eval.ke; ++k)
    for (int j = eval.jb; j <= eval.je; ++j)
      for (int i = eval.ib; i <= eval.ie; ++i)
        for (int c = 0; c < 3; ++c) {
          const Real a = tuned[c](i, j, k), b = points[c](i, j, k);
          ++tally.values;
          tally.bitwise += std::memcmp(&a, &b, sizeof(Real)) == 0;
        }
  EXPECT_LE(d.diff, kTol * d.scale) << "mode " << int(mode) << ", box " << eval.ib << ".."
                                    << eval.ie << " x " << eval.jb << ".." << eval.je << " x "
                                    << eval.kb << ".." << eval.ke;
  EXPECT_GT(d.scale, 0.5);
  tally.worst = std::max(tally.worst, d.diff / d.scale);
}

// Boxes cut at several places of the 19 x 15 x 14 piece: the whole, a split in four, one
// column plane, one row, narrow pieces in the closure rows, pieces starting at rows 2, 3, 6 and
// 7, ending at 1, 6 and 8, across the last closure row.
const std::vector<Box> kBoxes = {
    {1, 19, 1, 15, 1, 14}, {1, 7, 1, 6, 1, 14},  {8, 19, 1, 6, 1, 14},  {1, 7, 7, 15, 1, 14},
    {8, 19, 7, 15, 1, 14}, {5, 5, 1, 15, 1, 14}, {1, 19, 9, 9, 1, 14},  {3, 4, 11, 12, 1, 8},
    {2, 17, 2, 13, 3, 9},  {6, 13, 4, 10, 7, 8}, {10, 12, 3, 5, 1, 1},  {1, 2, 14, 15, 2, 8},
    {18, 19, 1, 1, 1, 14}, {9, 11, 6, 8, 6, 14}, {1, 19, 1, 15, 1, 6},  {4, 9, 2, 5, 5, 7}};

// The Store result's largest value: 1/factor for the updates.
double store_scale(const Grid& g) {
  Field out = g.um;
  rhs_curvilinear<Update::Store>(g.u, g.medium(), g.eval, target(out, g, 1));
  return compare(out, out).scale;
}

template <Update mode>
void every_box(const char* name) {
  for (bool rough : {true, false}) {
    const Grid g(rough, rough ? 5 : 7);
    const double factor = mode == Update::Store ? 1 : 1 / store_scale(g);
    Tally tally;
    for (const Box& b : kBoxes) compare_box<mode>(g, g.place(b), factor, tally);
    std::printf("[ curv pt  ] %s, %s: %ld of %ld values bitwise equal, max |diff| %.2g of max "
                "|value|\n",
                name, rough ? "rough" : "deck metric", tally.bitwise, tally.values, tally.worst);
    ::testing::Test::RecordProperty(std::string(name) + (rough ? "_rough" : "_deck") + "_bitwise",
                                    std::to_string(tally.bitwise) + "/" +
                                        std::to_string(tally.values));
    EXPECT_GT(tally.values, 20000);
  }
}

}  // namespace

TEST(StencilCurvilinearPoint, StoreMatchesTheTunedKernel) { every_box<Update::Store>("store"); }
TEST(StencilCurvilinearPoint, PredictorMatchesTheTunedKernel) {
  every_box<Update::Predictor>("predictor");
}
TEST(StencilCurvilinearPoint, CorrectorMatchesTheTunedKernel) {
  every_box<Update::Corrector>("corrector");
}

// The point bodies against L_h as NUMERICS 16.2/16.3 state it, in every closure row, the first
// interior rows and the bottom, at corners and inside. The plain form sums the terms in other
// groupings (test_stencil_curvilinear holds the tuned kernel to it with the same bounds):
// 1e-13 (measured 4.7e-16 rough, 1.3e-15 on the deck); single: float sums of ~200 terms in
// other orders (measured 1.7e-7, 4.2e-7).
TEST(StencilCurvilinearPoint, MatchesThePlainFormulas) {
  for (bool rough : {true, false}) {
    const Grid g(rough, 12);
    const CurvMedium md = g.medium();
    const curv_point::CurvView v = curv_point::view_of(g.u, md);
    const int points[][2] = {{1, 1}, {19, 15}, {7, 3}, {12, 9}, {2, 14}};
    double worst = 0, scale = 0;
    for (int k = 1; k <= 14; ++k)
      for (const auto& p : points) {
        const int i = p[0] + g.oi, j = p[1] + g.oj;
        Real r[3];
        curv_point::lh_at(v, g.u[0].index(i, j, k), i, j, k, r);
        const reference_curv::Vec want = reference_curv::lh(g.u, md, i, j, k, k <= 6 ? k - 1 : -1);
        for (int c = 0; c < 3; ++c) {
          worst = std::max(worst, double(std::fabs(r[c] - want[c])));
          scale = std::max(scale, double(std::fabs(want[c])));
        }
      }
    EXPECT_LE(worst, sw4test::tol(1e-13, 1e-5) * scale) << (rough ? "rough" : "deck metric");
    EXPECT_GT(scale, 0.5);
    std::printf("[ curv pt  ] against the plain formulas, %s: max |diff| %.2g of max |value|\n",
                rough ? "rough" : "deck metric", worst / scale);
  }
}

// NUMERICS 16.3, as test_stencil_curvilinear asks it of the tuned kernel: no u at k = -1, no
// material or metric at k <= 0 is read, u(k = 0) only in row 1. A device body reading there
// would read what the CPU never did; poisoned with NaN, the result is the same bits.
TEST(StencilCurvilinearPoint, ReadsNoGhostPlaneBeyondTheClosure) {
  Grid g(true, 41);
  Field want = g.um, got = g.um;
  rhs_by_points<Update::Store>(g.u, g.medium(), g.eval, target(want, g, 1));
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  for (int j = g.box.jb; j <= g.box.je; ++j)
    for (int i = g.box.ib; i <= g.box.ie; ++i) {
      for (auto& a : g.u) a(i, j, -1) = nan;
      for (Array3* a : {&g.mu, &g.la, &g.met.J, &g.met.m1, &g.met.m2, &g.met.m3, &g.met.m4})
        for (int k = -1; k <= 0; ++k) (*a)(i, j, k) = nan;
    }
  rhs_by_points<Update::Store>(g.u, g.medium(), g.eval, target(got, g, 1));
  auto same = [](const Field& a, const Field& b) {
    for (int c = 0; c < 3; ++c)
      if (std::memcmp(a[c].data(), b[c].data(), a[c].v.size() * sizeof(Real)) != 0) return false;
    return true;
  };
  EXPECT_TRUE(same(got, want));
  Box rows2on = g.eval;
  rows2on.kb = 2;
  for (auto& a : g.u)
    for (int j = g.box.jb; j <= g.box.je; ++j)
      for (int i = g.box.ib; i <= g.box.ie; ++i) a(i, j, 0) = nan;
  rhs_by_points<Update::Store>(g.u, g.medium(), rows2on, target(got, g, 1));
  EXPECT_TRUE(same(got, want));
}

// The comparison can fail: the point bodies given one wrong input (the stretching of one
// column by 1 percent, or the metric's m3 at one point of the closure) are caught.
TEST(StencilCurvilinearPoint, ADifferenceIsSeen) {
  for (int wrong = 0; wrong < 2; ++wrong) {
    Grid g(false, 13);
    Field tuned = g.um, points = g.um;
    rhs_curvilinear<Update::Store>(g.u, g.medium(), g.eval, target(tuned, g, 1));
    if (wrong == 0) g.sx(g.oi + 9) *= Real(1.01);
    else g.met.m3(g.oi + 5, g.oj + 7, 3) *= Real(1.01);
    rhs_by_points<Update::Store>(g.u, g.medium(), g.eval, target(points, g, 1));
    const Diff d = compare(tuned, points);
    EXPECT_GT(d.diff, 100 * kTol * d.scale)
        << (wrong == 0 ? "s^x" : "m3") << ": max |diff| " << d.diff / d.scale << " of max |value|";
  }
}
