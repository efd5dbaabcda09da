// Unit tests of source.hpp's grid weights: the 1-D weights of a delta and its derivative meet
// the moment conditions up to degree four (interior and near the free surface), check values,
// and the grid forces of whole sources: the pointsource deck's, general moments and forces
// inside, at the sides and near the surface, whose discrete moments must equal the continuous
// source's. Time functions are in test_source.cpp, the exact solution in test_source_exact.cpp.
//
// Why built so: a source is right when its grid forces have the moments of the continuous
// source (NUMERICS.md 6.2), so the tests sum the moments over the grid forces, in the SBP inner
// product near the surface, rather than compare weights with a table.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "source.hpp"
#include "source_helpers.hpp"
#include "pointsource_grid.hpp"

using namespace sw4;
using TF = TimeFunctionType;

// ------------------------------------------------------------------------------------------------
namespace {
double moment(const std::array<double, 6>& w, double a, int p, int last = 5) {
  double s = 0;
  for (int m = 0; m <= last; ++m) s += w[m] * std::pow(m - 2 - a, p);
  return s;
}
// Roundoff scale of moment(): the sum of the absolute terms.
double abs_moment(const std::array<double, 6>& w, double a, int p) {
  double s = 0;
  for (int m = 0; m <= 5; ++m) s += std::fabs(w[m] * std::pow(m - 2 - a, p));
  return s;
}
}  // namespace

TEST(Weights, MomentConditionsUpToDegreeFour) {
  for (double a : {-1.5, -0.3, 0.0, 0.25, 0.5, 0.77, 1.0, 1.9}) {
    const auto W = delta_weights(a), D = delta_derivative_weights(a);
    for (int p = 0; p <= 4; ++p) {
      EXPECT_NEAR(moment(W, a, p), p == 0 ? 1.0 : 0.0, 1e-14 * (1 + abs_moment(W, a, p)))
          << "a=" << a << " p=" << p;
      EXPECT_NEAR(moment(D, a, p), p == 1 ? -1.0 : 0.0, 1e-14 * (1 + abs_moment(D, a, p)))
          << "a=" << a << " p=" << p;
    }
    // Not exact at degree 5 (away from the nodes): the conditions above are the whole story.
    if (a == 0.25) {
      EXPECT_GT(std::fabs(moment(W, a, 5)), 1e-3);
    }
  }
}

TEST(Weights, SurfaceVariantsHaveTheSameMomentsOnFivePoints) {
  for (double c : {-2.0, -1.5, -1.0, -0.4, 0.0}) {
    const auto W = delta_weights_surface(c), D = delta_derivative_weights_surface(c);
    EXPECT_EQ(W[5], 0.0);
    EXPECT_EQ(D[5], 0.0);
    for (int p = 0; p <= 4; ++p) {
      EXPECT_NEAR(moment(W, c, p, 4), p == 0 ? 1.0 : 0.0, 1e-14 * (1 + abs_moment(W, c, p)))
          << "c=" << c << " p=" << p;
      EXPECT_NEAR(moment(D, c, p, 4), p == 1 ? -1.0 : 0.0, 1e-14 * (1 + abs_moment(D, c, p)))
          << "c=" << c << " p=" << p;
    }
  }
}

TEST(Weights, CheckValues) {
  const std::array<double, 6> W0 = {0, 0, 1, 0, 0, 0};
  const std::array<double, 6> D0 = {-1.0 / 12, 2.0 / 3, 0, -2.0 / 3, 1.0 / 12, 0};
  const std::array<double, 6> Wh = {3. / 256,   -25. / 256, 150. / 256,
                                    150. / 256, -25. / 256, 3. / 256};
  const std::array<double, 6> Dh = {0, -1.0 / 24, 9.0 / 8, -9.0 / 8, 1.0 / 24, 0};
  const auto w0 = delta_weights(0), d0 = delta_derivative_weights(0);
  const auto wh = delta_weights(0.5), dh = delta_derivative_weights(0.5);
  for (int m = 0; m < 6; ++m) {
    EXPECT_NEAR(w0[m], W0[m], 1e-15);
    EXPECT_NEAR(d0[m], D0[m], 1e-15);
    EXPECT_NEAR(wh[m], Wh[m], 1e-15);
    EXPECT_NEAR(dh[m], Dh[m], 1e-15);
  }
  // At c = 0 the surface variants agree with the interior ones.
  const auto ws = delta_weights_surface(0), ds = delta_derivative_weights_surface(0);
  for (int m = 0; m < 6; ++m) {
    EXPECT_NEAR(ws[m], W0[m], 1e-15);
    EXPECT_NEAR(ds[m], D0[m], 1e-15);
  }
}

// ------------------------------------------------------------------------------------------------
namespace {

// Discrete moments of a source's grid forces, sum h^3 w_k f_a xi^p eta^q zeta^r, (xi,eta,zeta) =
// (x - x0)/h. For the continuous source f_a = -M_ab d_b delta they are M_ab / h when (p,q,r) is
// the unit vector e_b and 0 otherwise (degrees <= 4 in each variable); for a force F delta,
// F_a for (0,0,0) and 0 otherwise. w_k = hnorm_k on k = 1..4 with sbp, else 1. Tolerance:
// 1e-13 of the larger of the expected scale and the sum of the absolute terms (the weights of a
// stencil biased away from a side are large and cancel).
void check_moments(const SourceCfg& src, const GridCfg& g, bool sbp) {
  const auto F = grid_point_forces(src, g, sbp);
  ASSERT_FALSE(F.empty());
  const double h = g.h;
  const double M[3][3] = {
      {src.mxx, src.mxy, src.mxz}, {src.mxy, src.myy, src.myz}, {src.mxz, src.myz, src.mzz}};
  const double Fv[3] = {src.fx, src.fy, src.fz};
  double scale = 0;
  for (auto& row : M)
    for (double v : row) scale = std::max(scale, std::fabs(v) / h);
  for (double v : Fv) scale = std::max(scale, std::fabs(v));
  for (int p = 0; p <= 4; ++p)
    for (int q = 0; q <= 4; ++q)
      for (int r = 0; r <= 4; ++r) {
        double sum[3] = {0, 0, 0}, abs_sum = 0;
        for (const auto& e : F) {
          const double xi = ((e.i - 1) * h - src.x) / h, eta = ((e.j - 1) * h - src.y) / h,
                       zeta = ((e.k - 1) * h - src.z) / h;
          const double w = (sbp && e.k <= 4 ? sbp_hnorm[e.k - 1] : 1.0) * h * h * h *
                           std::pow(xi, p) * std::pow(eta, q) * std::pow(zeta, r);
          sum[0] += w * e.fx, sum[1] += w * e.fy, sum[2] += w * e.fz;
          abs_sum += std::fabs(w) * (std::fabs(e.fx) + std::fabs(e.fy) + std::fabs(e.fz));
        }
        for (int a = 0; a < 3; ++a) {
          double expect = 0;
          if (src.is_force) {
            if (p + q + r == 0) expect = Fv[a];
          } else if (p + q + r == 1) {
            expect = M[a][p == 1 ? 0 : q == 1 ? 1 : 2] / h;
          }
          EXPECT_NEAR(sum[a], expect, 1e-13 * std::max(scale, abs_sum))
              << "z=" << src.z << " (p,q,r)=(" << p << "," << q << "," << r << ") a=" << a;
        }
      }
}
}  // namespace

TEST(GridPointForces, PointsourceDeck) {
  const GridCfg g = pointsource_grid();
  const SourceCfg s = moment_src(4, 4, 1.34, {1, 0, 0, 1, 0, 1});
  const auto F = grid_point_forces(s, g, true);
  ASSERT_EQ(F.size(), 216u);
  for (const auto& e : F) {
    EXPECT_GE(e.i, 99);
    EXPECT_LE(e.i, 104);
    EXPECT_GE(e.j, 99);
    EXPECT_LE(e.j, 104);
    EXPECT_GE(e.k, 32);
    EXPECT_LE(e.k, 37);
  }
  // sum h^3 f_a (x_b - x0_b) = M_ab: here the identity, for each a = b.
  double sx = 0, sy = 0, sz = 0, s0 = 0;
  for (const auto& e : F) {
    const double h3 = g.h * g.h * g.h;
    sx += h3 * e.fx * ((e.i - 1) * g.h - s.x);
    sy += h3 * e.fy * ((e.j - 1) * g.h - s.y);
    sz += h3 * e.fz * ((e.k - 1) * g.h - s.z);
    s0 += h3 * (e.fx + e.fy + e.fz);
  }
  EXPECT_NEAR(sx, 1.0, 1e-12);
  EXPECT_NEAR(sy, 1.0, 1e-12);
  EXPECT_NEAR(sz, 1.0, 1e-12);
  EXPECT_NEAR(s0, 0.0, 1e-12);
  check_moments(s, g, true);  // far from the surface: the hnorm weights do not enter
}

TEST(GridPointForces, GeneralMomentAndForceInside) {
  const GridCfg g = pointsource_grid();
  check_moments(moment_src(3.013, 5.5, 2.2177, {0.3, -1.2, 0.7, 2.0, -0.4, 0.9}), g, true);
  check_moments(force_src(3.013, 5.5, 2.2177, 1.5, -0.5, 2.5), g, true);
  // Sources at the sides: the stencil is biased inwards, the moments still hold.
  const auto F = grid_point_forces(moment_src(0.0, 8.0, 4.0, {1, 0, 0, 1, 0, 1}), g, true);
  ASSERT_EQ(F.size(), 216u);
  for (const auto& e : F) {
    EXPECT_TRUE(e.i >= 1 && e.i <= 6) << e.i;
    EXPECT_TRUE(e.j >= 196 && e.j <= 201) << e.j;
    EXPECT_TRUE(e.k >= 96 && e.k <= 101) << e.k;
  }
  check_moments(moment_src(0.05, 7.96, 3.97, {0.3, -1.2, 0.7, 2.0, -0.4, 0.9}), g, true);
  check_moments(force_src(0.01, 7.97, 4.0, 1, 2, 3), g, true);
}

TEST(GridPointForces, ForceSourcesSkipZeroProducts) {
  const GridCfg g = pointsource_grid();
  // On a grid point every 1-D weight but one is zero: a single grid force of F/h^3.
  const auto F = grid_point_forces(force_src(4, 4, 1.32, 1, 2, 3), g, true);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].i, 101);
  EXPECT_EQ(F[0].k, 34);
  EXPECT_NEAR(F[0].fz * std::pow(g.h, 3), 3.0, 1e-12);
  EXPECT_TRUE(grid_point_forces(force_src(4, 4, 1.3, 0, 0, 0), g, true).empty());
  // A moment source keeps all 216, zero or not.
  EXPECT_EQ(grid_point_forces(moment_src(4, 4, 1.32, {0, 0, 0, 0, 0, 0}), g, true).size(), 216u);
}

TEST(GridPointForces, NearSurfaceSBPWeightedMoments) {
  const GridCfg g = pointsource_grid();
  const double h = g.h;
  for (double zh : {0.0, 0.3, 1.0, 1.5, 1.97, 2.03, 2.4, 3.0, 3.7, 5.2}) {
    const double z = zh * h;
    const auto M = moment_src(4.01, 3.97, z, {0.3, -1.2, 0.7, 2.0, -0.4, 0.9});
    const auto Fs = force_src(4.01, 3.97, z, 1.5, -0.5, 2.5);
    check_moments(M, g, true);  // free surface: moments in the SBP inner product
    check_moments(Fs, g, true);
    check_moments(M, g, false);  // no free surface: plain moments, same stencil choice
    check_moments(Fs, g, false);
    // Within 2h of the surface the 5-point z-stencil is used: nothing below k = 5.
    int kmax = 0;
    for (const auto& e : grid_point_forces(M, g, true))
      if (e.fx != 0 || e.fy != 0 || e.fz != 0) kmax = std::max(kmax, e.k);
    EXPECT_EQ(kmax <= 5, zh < 2) << "z/h=" << zh << " deepest k=" << kmax;
  }
}
