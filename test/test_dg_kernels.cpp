// Unit tests of the tuned DG face kernels (dg/dg_tuned.hpp) against the dense-table forms of
// dg/dg_flux.hpp: for degrees 1..5 and random coefficients and face data, the sum-factorized
// traces and surface integrals agree with the plain ones to rounding (1e-12 of the largest
// value), on every face, and the rows that K~ replaces stay untouched.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "dg/dg_flux.hpp"
#include "dg/dg_tuned.hpp"

using namespace sw4;
using namespace sw4::dg;

namespace {

std::vector<double> random_vector(std::size_t n, std::mt19937& rng) {
  std::uniform_real_distribution<double> U(-1, 1);
  std::vector<double> v(n);
  for (double& x : v) x = U(rng);
  return v;
}

double max_abs(const std::vector<double>& v) {
  double m = 0;
  for (double x : v) m = std::max(m, std::fabs(x));
  return m;
}

// A material other than the default, so that lambda and mu are not confused.
Operators operators(int q) {
  Material m;
  m.rho = 1.3;
  m.mu = 0.7;
  m.lambda = 1.9;
  return build_operators(q, 0.125, m);
}

class DgKernels : public ::testing::TestWithParam<int> {};

TEST_P(DgKernels, TracesMatchThePlainForm) {
  const int q = GetParam();
  const Operators op = operators(q);
  const TunedTables t = build_tuned(op);
  std::mt19937 rng(1000u + unsigned(q));
  for (int trial = 0; trial < 3; ++trial) {
    const std::vector<double> U = random_vector(std::size_t(op.nd), rng), V = random_vector(std::size_t(op.nd), rng);
    std::vector<double> plain(trace_size(op)), tuned(trace_size(op), -7.0);
    element_traces(op, U.data(), V.data(), plain.data());
    element_traces_tuned(op, t, U.data(), V.data(), tuned.data());
    const double scale = max_abs(plain);
    ASSERT_GT(scale, 0);
    for (int f = 0; f < 6; ++f)
      for (int r = 0; r < 6; ++r)
        for (int n = 0; n < op.nf; ++n) {
          const std::size_t i = std::size_t((6 * f + r) * op.nf + n);
          EXPECT_LE(std::fabs(tuned[i] - plain[i]), 1e-12 * scale)
              << "q " << q << " face " << f << " row " << r << " node " << n;
        }
  }
}

TEST_P(DgKernels, SurfaceIntegralsMatchThePlainForm) {
  const int q = GetParam();
  const Operators op = operators(q);
  const TunedTables t = build_tuned(op);
  std::mt19937 rng(2000u + unsigned(q));
  const std::size_t nf3 = std::size_t(3 * op.nf), nd = std::size_t(op.nd);
  for (int f = 0; f < 6; ++f) {
    const std::vector<double> dv = random_vector(nf3, rng), ws = random_vector(nf3, rng);
    // Both accumulate: start from the same nonzero values.
    const std::vector<double> Fu0 = random_vector(nd, rng), Fv0 = random_vector(nd, rng);
    std::vector<double> Fu = Fu0, Fv = Fv0, Gu = Fu0, Gv = Fv0;
    surface_integrals(op, f, dv.data(), ws.data(), Fu.data(), Fv.data());
    surface_integrals_tuned(op, t, f, dv.data(), ws.data(), Gu.data(), Gv.data());
    double su = 0, sv = 0;
    for (std::size_t j = 0; j < nd; ++j) {
      su = std::max(su, std::fabs(Fu[j] - Fu0[j]));
      sv = std::max(sv, std::fabs(Fv[j] - Fv0[j]));
    }
    ASSERT_GT(su, 0);
    ASSERT_GT(sv, 0);
    for (int a = 0; a < 3; ++a)
      for (int l = 0; l < op.nm; ++l) {
        const std::size_t j = std::size_t(a * op.nm + l);
        EXPECT_LE(std::fabs(Gu[j] - Fu[j]), 1e-12 * su) << "q " << q << " face " << f << " F_u row " << j;
        EXPECT_LE(std::fabs(Gv[j] - Fv[j]), 1e-12 * sv) << "q " << q << " face " << f << " F_v row " << j;
        if (replaced_row(op, l, a)) {
          EXPECT_EQ(Gu[j], Fu0[j]) << "q " << q << " face " << f << " replaced row " << j;
        }
      }
  }
}

INSTANTIATE_TEST_SUITE_P(Degrees, DgKernels, ::testing::Range(1, 6),
                         [](const ::testing::TestParamInfo<int>& i) { return "q" + std::to_string(i.param); });

// A degree beyond the compiled ones runs the run-time-extent form.
TEST(DgKernelsRuntime, DegreeSixMatches) {
  const Operators op = operators(6);
  const TunedTables t = build_tuned(op);
  std::mt19937 rng(7);
  const std::vector<double> U = random_vector(std::size_t(op.nd), rng), V = random_vector(std::size_t(op.nd), rng);
  std::vector<double> plain(trace_size(op)), tuned(trace_size(op));
  element_traces(op, U.data(), V.data(), plain.data());
  element_traces_tuned(op, t, U.data(), V.data(), tuned.data());
  const double scale = max_abs(plain);
  for (std::size_t i = 0; i < plain.size(); ++i) ASSERT_LE(std::fabs(tuned[i] - plain[i]), 1e-12 * scale) << i;
  const std::size_t nf3 = std::size_t(3 * op.nf), nd = std::size_t(op.nd);
  const std::vector<double> dv = random_vector(nf3, rng), ws = random_vector(nf3, rng);
  std::vector<double> Fu(nd, 0.0), Fv(nd, 0.0), Gu(nd, 0.0), Gv(nd, 0.0);
  surface_integrals(op, 3, dv.data(), ws.data(), Fu.data(), Fv.data());
  surface_integrals_tuned(op, t, 3, dv.data(), ws.data(), Gu.data(), Gv.data());
  const double su = max_abs(Fu), sv = max_abs(Fv);
  for (std::size_t j = 0; j < nd; ++j) {
    ASSERT_LE(std::fabs(Gu[j] - Fu[j]), 1e-12 * su) << j;
    ASSERT_LE(std::fabs(Gv[j] - Fv[j]), 1e-12 * sv) << j;
  }
}

}  // namespace
