// Unit tests of stencil_point.hpp: the point bodies that the GPU build runs, here on the host,
// against the tuned kernel (rhs4 of stencil.hpp) at every point of many boxes, with every
// update, with and without a free surface, and against the plain formulas
// (stencil_reference.hpp) at a few points. What holds the GPU build to the CPU one on a machine
// without a GPU: the device compiles these same bodies.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "stencil_point.hpp"
#include "stencil_reference.hpp"
#include "test/precision_helpers.hpp"

using namespace sw4;

namespace {

// Point bodies against the tuned kernel: the same fluxes summed in the same order, so they
// differ only where the compiler contracts a*b+c into an FMA differently: the tuned kernel
// stores its fluxes to buffers and reloads them, the point body keeps them in registers, so g++
// (which contracts by default) may fuse a flux's last product into the sum that consumes it
// in one and not in the other. Each such fusion moves a result by an ulp or so of its largest
// term, ~1e-16 of the largest value in double; 1e-13 leaves room for the cancellation in L_h of
// a smooth field (measured 8e-16). Built with -ffp-contract=off, every value is the same bits.
// Single: the same ulps of a float (6e-8); measured 3.6e-7.
const double kTol = sw4test::tol(1e-13, 1e-6);

// Smooth fields with random wave numbers and phases over ni x nj x nk points (1..n), two ghost
// points each side; mu, la and the stretching vary along every axis.
struct Grid {
  double h = 0.5;
  Box box;
  Field u, um;
  Array3 mu, la, rho;
  Array1 sx, sy, sz;

  Grid(int ni, int nj, int nk, unsigned seed)
      : box{-1, ni + 2, -1, nj + 2, -1, nk + 2}, sx(-1, ni + 2), sy(-1, nj + 2), sz(-1, nk + 2) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> A(0.3, 1.4), P(0, 6.3);
    const double dx = h;
    auto wave = [&] {  // a sin(a x + b y + c z + p) of random a, b, c, p
      const double a = A(rng), b = A(rng), c = A(rng), p = P(rng);
      return [=](int i, int j, int k) { return std::sin(dx * (a * i + b * j + c * k) + p); };
    };
    for (Field* f : {&u, &um})
      for (auto& a : *f) {
        a.define(box);
        const auto w1 = wave(), w2 = wave();
        fill(a, [&](int i, int j, int k) { return w1(i, j, k) + 0.5 * w2(i, j, k); });
      }
    for (Array3* a : {&mu, &la, &rho}) {
      a->define(box);
      const auto w = wave();
      fill(*a, [&](int i, int j, int k) { return 1.5 + 0.7 * w(i, j, k); });
    }
    for (Array1* s : {&sx, &sy, &sz}) {
      const double a = A(rng), p = P(rng);
      for (int i = 0; i < int(s->v.size()); ++i) s->v[i] = Real(0.6 + 0.35 * std::sin(a * i + p));
    }
  }
  template <class F>
  static void fill(Array3& a, F&& f) {
    const Box& b = a.box;
    for (int k = b.kb; k <= b.ke; ++k)
      for (int j = b.jb; j <= b.je; ++j)
        for (int i = b.ib; i <= b.ie; ++i) a(i, j, k) = Real(f(i, j, k));
  }
  Medium medium() const { return {&mu, &la, &sx, &sy, &sz}; }
};

// The target of `mode` writing into out: the predictor reads U, Um, rho (factor ~ dt^2), the
// corrector adds to what out holds (factor ~ dt^4 / 12).
Target target(Update mode, Field& out, const Grid& g) {
  Target t;
  for (int c = 0; c < 3; ++c) {
    t.out[c] = out[c].data();
    t.u[c] = g.u[c].data();
    t.um[c] = g.um[c].data();
  }
  t.rho = g.rho.data();
  t.factor = mode == Update::Predictor ? 0.05 : mode == Update::Corrector ? 0.01 : 1.0;
  return t;
}

// The rows rhs4 evaluates for `eval`: with a free surface, rows 1..6 of its columns whatever
// eval.kb, then the interior rows 7..ke.
int first_row(const Box& eval, bool fs) { return fs ? 1 : eval.kb; }
int last_row(const Box& eval, bool fs) { return fs ? std::max(eval.ke, 6) : eval.ke; }

// rhs4<mode> over eval, one point body at a time: what a GPU kernel's threads do.
template <Update mode>
void rhs4_by_points(const Field& u, const Medium& md, const Box& eval, bool fs, double h,
                    const Target& t) {
  const point::LhView v = point::view_of(u, md);
  const Real cof = 1.0 / (h * h);
  for (int k = first_row(eval, fs); k <= last_row(eval, fs); ++k)
    for (int j = eval.jb; j <= eval.je; ++j)
      for (int i = eval.ib; i <= eval.ie; ++i)
        point::rhs4_at<mode>(v, t, u[0].index(i, j, k), i, j, k, fs, cof);
}

struct Tally {
  double worst = 0, scale = 0;   // max |difference|, max |value|
  long values = 0, bitwise = 0;  // values compared, of which the same bits
};

// The tuned kernel and the point bodies from the same start, compared over the whole arrays
// (so a point one of them writes and the other does not shows too).
template <Update mode>
void compare(const Grid& g, const Box& eval, bool fs, Tally& tally) {
  Field tuned = g.um, points = g.um;  // the corrector adds to these
  RhsWorkspace ws;
  rhs4<mode>(g.u, g.medium(), eval, fs, g.h, target(mode, tuned, g), ws);
  rhs4_by_points<mode>(g.u, g.medium(), eval, fs, g.h, target(mode, points, g));
  double worst = 0, scale = 0;
  for (int c = 0; c < 3; ++c)
    for (std::size_t n = 0; n < tuned[c].v.size(); ++n) {
      const Real a = tuned[c].v[n], b = points[c].v[n];
      worst = std::max(worst, double(std::fabs(a - b)));
      scale = std::max(scale, double(std::fabs(a)));
    }
  for (int k = first_row(eval, fs); k <= last_row(eval, fs); ++k)
    for (int j = eval.jb; j <= eval.je; ++j)
      for (int i = eval.ib; i <= eval.ie; ++i)
        for (int c = 0; c < 3; ++c) {
          const Real a = tuned[c](i, j, k), b = points[c](i, j, k);
          ++tally.values;
          tally.bitwise += std::memcmp(&a, &b, sizeof(Real)) == 0;
        }
  EXPECT_LE(worst, kTol * scale) << "mode " << int(mode) << ", free surface " << fs << ", box "
                                 << eval.ib << ".." << eval.ie << " x " << eval.jb << ".."
                                 << eval.je << " x " << eval.kb << ".." << eval.ke;
  EXPECT_GT(scale, 0.5);
  tally.worst = std::max(tally.worst, worst / scale);
  tally.scale = std::max(tally.scale, scale);
}

// Boxes cut at several places of a 19 x 15 x 14 grid: the whole, a split in four, one column,
// one row, narrow pieces near the top (k = 1..8), pieces starting at rows 2, 3 and 7.
const std::vector<Box> kBoxes = {
    {1, 19, 1, 15, 1, 14}, {1, 7, 1, 6, 1, 14},   {8, 19, 1, 6, 1, 14},  {1, 7, 7, 15, 1, 14},
    {8, 19, 7, 15, 1, 14}, {5, 5, 1, 15, 1, 14},  {1, 19, 9, 9, 1, 14},  {3, 4, 11, 12, 1, 8},
    {2, 17, 2, 13, 3, 9},  {6, 13, 4, 10, 7, 8},  {10, 12, 3, 5, 1, 1},  {1, 2, 14, 15, 2, 8},
    {18, 19, 1, 1, 1, 14}, {9, 11, 6, 8, 6, 14}};

template <Update mode>
void every_box(const char* name) {
  const Grid g(19, 15, 14, 11);
  for (bool fs : {false, true}) {
    Tally tally;
    for (const Box& b : kBoxes) compare<mode>(g, b, fs, tally);
    std::printf("[ point    ] %s, free surface %d: %ld of %ld values bitwise equal, max |diff| "
                "%.2g of max |value|\n",
                name, int(fs), tally.bitwise, tally.values, tally.worst);
    ::testing::Test::RecordProperty(std::string(name) + (fs ? "_fs" : "") + "_bitwise",
                                    std::to_string(tally.bitwise) + "/" +
                                        std::to_string(tally.values));
    EXPECT_GT(tally.values, 10000);
  }
}

}  // namespace

TEST(StencilPoint, StoreMatchesTheTunedKernel) { every_box<Update::Store>("store"); }
TEST(StencilPoint, PredictorMatchesTheTunedKernel) { every_box<Update::Predictor>("predictor"); }
TEST(StencilPoint, CorrectorMatchesTheTunedKernel) { every_box<Update::Corrector>("corrector"); }

// The point bodies against L_h as NUMERICS.md 3 states it, at points of every free-surface
// row, the first interior rows, the bottom and the sides. The plain formulas sum the terms in
// another order (test_kernels holds the tuned kernel to them the same way); single: float
// sums of ~100 terms in other orders, a few eps of the largest (measured 2.9e-7).
TEST(StencilPoint, MatchesThePlainFormulas) {
  const Grid g(19, 15, 14, 12);
  const point::LhView v = point::view_of(g.u, g.medium());
  const Real cof = 1.0 / (g.h * g.h);
  const int points[][2] = {{1, 1}, {19, 15}, {7, 3}, {12, 9}, {2, 14}};
  for (bool fs : {false, true}) {
    double worst = 0, scale = 0;
    for (int k = 1; k <= 14; ++k)
      for (const auto& p : points) {
        const int i = p[0], j = p[1];
        Real r[3];
        point::lh_at(v, g.u[0].index(i, j, k), i, j, k, fs, cof, r);
        for (int c = 0; c < 3; ++c) {
          const int K = fs && k <= 6 ? k - 1 : -1;  // SBP row, or -1: interior
          const double want = cof * reference::lh(g.u, g.medium(), c, i, j, k, K);
          worst = std::max(worst, std::fabs(r[c] - want));
          scale = std::max(scale, std::fabs(want));
        }
      }
    EXPECT_LE(worst, sw4test::tol(1e-13, 1e-6) * scale) << "free surface " << fs;
    EXPECT_GT(scale, 0.5);
    std::printf("[ point    ] against the plain formulas, free surface %d: max |diff| %.2g of "
                "max |value|\n",
                int(fs), worst / scale);
  }
}

// The comparison can fail: a point body given one wrong input (the stretching of one column)
// is caught at that column.
TEST(StencilPoint, ADifferenceIsSeen) {
  Grid g(19, 15, 14, 13);
  Field tuned = g.um, points = g.um;
  const Box eval{1, 19, 1, 15, 1, 14};
  RhsWorkspace ws;
  rhs4<Update::Store>(g.u, g.medium(), eval, true, g.h, target(Update::Store, tuned, g), ws);
  g.sx(9) *= Real(1.01);
  rhs4_by_points<Update::Store>(g.u, g.medium(), eval, true, g.h, target(Update::Store, points, g));
  double worst = 0, scale = 0;
  for (int c = 0; c < 3; ++c)
    for (std::size_t n = 0; n < tuned[c].v.size(); ++n) {
      worst = std::max(worst, double(std::fabs(tuned[c].v[n] - points[c].v[n])));
      scale = std::max(scale, double(std::fabs(tuned[c].v[n])));
    }
  EXPECT_GT(worst, 100 * kTol * scale) << "max |diff| " << worst / scale << " of max |value|";
}
