// Unit tests of topography.hpp: the Gaussian surface, the two grids' sizes, the mapping and its
// inverse, the metric by differences and analytically.
//
// The reference deck is the original's topography test (pytest topo/curvilinear.in):
//   grid x=1.28 y=1.28 z=5.0 h=0.02
//   topography order=6 input=gaussian zmax=2.0 gaussianAmp=0.1 gaussianXc=0.6 gaussianYc=0.4
//              gaussianLx=0.15 gaussianLy=0.10
//   source x=0.52 y=0.48 depth=0.2 ...;  rec (0.7, 0.6, depth 0), (0.5, 0.3, 0), (0.6, 0.5, 0.3)
// The expected numbers below are what the original program prints or computes for that deck
// (its grid table, the source's depth, mapped coordinates and mapping derivatives, the
// receivers' grid points), recorded outside this repository; none is computed by the code under
// test. Tolerances are stated with each check.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "input.hpp"
#include "test/metric_helpers.hpp"
#include "test/topography_deck_helpers.hpp"
#include "topography/topography.hpp"
#include "test/precision_helpers.hpp"

using namespace sw4;

namespace {

TopographyCfg deck_topography() {
  TopographyCfg t;
  t.zmax = 2.0;
  t.order = 6;
  t.amp = 0.1;
  t.xc = 0.6;
  t.yc = 0.4;
  t.lx = 0.15;
  t.ly = 0.10;
  return t;
}

// The hill written out here, independently of GaussianHill: A exp(-((x-xc)/Lx)^2 - ...).
double hill_elevation(const TopographyCfg& t, double x, double y) {
  const double dx = (x - t.xc) / t.lx, dy = (y - t.yc) / t.ly;
  return t.amp * std::exp(-dx * dx - dy * dy);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Sizes

// The original's grid table for the deck: grid 0 65 x 65 x 151 (637975 points), grid 1
// 65 x 65 x 103 (435175), total 1.07315e+06. The bottom stays at 5.0 (2 + 150 h).
TEST(TopographySizes, ReferenceDeck) {
  const GridCfg gc = deck_grid(1.28, 5.0, 0.02);
  EXPECT_EQ(gc.nx, 65);
  EXPECT_EQ(gc.ny, 65);
  const TopoGrids g = topography_grids(gc, deck_topography());
  EXPECT_EQ(g.n0, 151);
  EXPECT_NEAR(g.zmax, 5.0, 1e-14 * 5.0);
  EXPECT_EQ(g.nc, 103);
  EXPECT_EQ(long(g.nx) * g.ny * g.n0, 637975L);
  EXPECT_EQ(long(g.nx) * g.ny * g.nc, 435175L);
  char total[32];
  std::snprintf(total, sizeof total, "%g", double(g.nx) * g.ny * (g.n0 + g.nc));
  EXPECT_EQ(std::string(total), "1.07315e+06");
  EXPECT_EQ(topography_grid_problem(g), "");
  EXPECT_EQ(cartesian_box(g).ke, 153);
  EXPECT_EQ(curvilinear_box(g).kb, -1);
  EXPECT_EQ(curvilinear_box(g).ke, 105);
  EXPECT_EQ(curvilinear_box(g).ie, 67);
}

// The knife edge: the mean elevation is -0.05 (the hill's top 0.1 is on a grid column, its foot
// is 0 to 1e-50), and (2 - ebar)/0.02 is 102.49999999999999 in double, so nc = 103; exact
// arithmetic would give 102.5 and nc = 104.
TEST(TopographySizes, KnifeEdgeOfTheCurvilinearCount) {
  const TopoGrids g = topography_grids(deck_grid(1.28, 5.0, 0.02), deck_topography());
  EXPECT_NEAR(g.ebar, -0.05, 1e-17);
  const double quotient = (g.zt - g.ebar) / g.h;
  EXPECT_EQ(quotient, 102.49999999999999);
  EXPECT_LT(quotient, 102.5);
}

// SW4 truncates the quotient, nc = 1 + int((Z_t - ebar)/h), as convention=sw4 (NUMERICS 25.5).
// SW4's twilight decks (Z_t = 0.25 in the unit cube): at nx = 61 the quotient is 16.5 + 6e-13,
// so nc = 18 here and 17 in SW4, as its console prints; at nx = 31 (8.25) both give 9, and on
// the original's deck both give 103.
TEST(TopographySizes, SW4ConventionTruncatesTheCount) {
  TopographyCfg t;  // the hill's defaults are SW4's
  t.on = true;
  t.zmax = 0.25;
  TopographyCfg s = t;
  s.sw4_convention = true;
  const TopoGrids g61 = topography_grids(deck_grid(1.0, 1.0, 1.0 / 60), t);
  const double quotient = (g61.zt - g61.ebar) / g61.h;
  EXPECT_GT(quotient, 16.5);
  EXPECT_LT(quotient, 16.5 + 1e-11);
  EXPECT_EQ(g61.nc, 18);
  EXPECT_EQ(topography_grids(deck_grid(1.0, 1.0, 1.0 / 60), s).nc, 17);
  EXPECT_EQ(topography_grids(deck_grid(1.0, 1.0, 1.0 / 30), t).nc, 9);
  EXPECT_EQ(topography_grids(deck_grid(1.0, 1.0, 1.0 / 30), s).nc, 9);
  TopographyCfg d = deck_topography();
  d.sw4_convention = true;
  EXPECT_EQ(topography_grids(deck_grid(1.28, 5.0, 0.02), d).nc, 103);
}

// The deck's grid 1 is uniform from k = 98 of 103 (1 + 0.95 * 102 = 97.9). The sheet's variant
// decks (grid x=1.28 z=2.0 h=0.04; topography order=3 zetabreak=0.8 zmax=0.4, same hill):
// nc = 12 ((0.4 + 0.05)/0.04 = 11.25), uniform from k = 10 (1 + 0.8 * 11 = 9.8), n0 = 1 + 40.
TEST(TopographySizes, UniformPartAndVariantDeck) {
  const TopoGrids g = topography_grids(deck_grid(1.28, 5.0, 0.02), deck_topography());
  EXPECT_EQ(CurvilinearMapping(g, deck_topography()).k_uniform(), 98);

  TopographyCfg t = deck_topography();
  t.order = 3;
  t.zetabreak = 0.8;
  t.zmax = 0.4;
  const TopoGrids v = topography_grids(deck_grid(1.28, 2.0, 0.04), t);
  EXPECT_EQ(v.nx, 33);
  EXPECT_EQ(v.n0, 41);
  EXPECT_EQ(v.nc, 12);
  EXPECT_NEAR(v.zmax, 2.0, 1e-14 * 2.0);
  EXPECT_EQ(CurvilinearMapping(v, t).k_uniform(), 10);
}

// Grid 1 needs 8 points (its top closure is one-sided): (0.05 + 0.05)/0.02 = 5 gives nc = 6.
TEST(TopographySizes, TooFewCurvilinearPointsIsAProblem) {
  TopographyCfg t = deck_topography();
  t.zmax = 0.05;
  const TopoGrids g = topography_grids(deck_grid(1.28, 5.0, 0.02), t);
  EXPECT_EQ(g.nc, 6);
  EXPECT_NE(topography_grid_problem(g).find("at least 8"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Surface

// The source at depth 0.2 under (0.52, 0.48) lies at z0 = 0.16032482244877336; the receiver at
// depth 0.3 under (0.6, 0.5) at 0.26321205588285573 (the original's values; 1e-14 relative).
TEST(GaussianHillTest, DepthsOfTheDeckSourceAndReceiver) {
  const GaussianHill hill(deck_topography(), 0.02);
  expect_rel(0.2 + hill.surface_at_xy(0.52, 0.48), 0.16032482244877336, 1e-14, "source z0");
  expect_rel(0.3 + hill.surface_at_xy(0.6, 0.5), 0.26321205588285573, 1e-14, "sta03 z");
}

// Both forms are the hill of the formula, to rounding (a few ulps times the exponent's size; the
// value at the top's column is the amplitude), and the slopes are its exact derivatives: central
// differences of step 1e-6 (error below 1e-9 here) agree within 1e-7 on slopes of size up to 1.
TEST(GaussianHillTest, FormsAndSlopes) {
  const TopographyCfg t = deck_topography();
  const double h = 0.02;
  const GaussianHill hill(t, h);
  for (int j = -3; j <= 69; j += 4)
    for (int i = -3; i <= 69; i += 3) {
      const double x = (i - 1) * h, y = (j - 1) * h, want = hill_elevation(t, x, y);
      // exp(-a) carries the rounding of its argument a: relative error about (1 + a) ulps
      const double a = (x - t.xc) * (x - t.xc) / (t.lx * t.lx) +
                       (y - t.yc) * (y - t.yc) / (t.ly * t.ly);
      const double tol = 4 * 2.2205e-16 * (1 + a) * want;
      EXPECT_NEAR(hill.tau(i, j), want, tol) << i << " " << j;
      EXPECT_NEAR(hill.tau_gridded(i, j), want, tol) << i << " " << j;
      EXPECT_DOUBLE_EQ(hill.surface(i, j), -hill.tau(i, j));
    }
  EXPECT_NEAR(hill.tau_gridded(31, 21), 0.1, 1e-17);
  const double d = 1e-6;
  for (double q : {20.3, 27.0, 31.5, 40.25})
    for (double r : {15.5, 21.0, 25.0}) {
      const double x = (q - 1) * h, y = (r - 1) * h;
      const auto sl = hill.slope(q, r);
      const double fx = (hill_elevation(t, x + d, y) - hill_elevation(t, x - d, y)) / (2 * d);
      const double fy = (hill_elevation(t, x, y + d) - hill_elevation(t, x, y - d)) / (2 * d);
      EXPECT_NEAR(sl[0], fx, 1e-7);
      EXPECT_NEAR(sl[1], fy, 1e-7);
    }
}

// ---------------------------------------------------------------------------------------------
// Mapping

// The planes the mapping promises: k = 1 is the surface (1e-16 absolute: z = a - (a - z_t) with
// a = Z_t - (nc-1)h rounds twice), k = nc is Z_t exactly, from k = 98 on the grid is Z_t -
// (nc-k)h in every column; the original prints (z(nc) - z(nc-1))/h - 1 = 8.9e-16 for this deck.
// Ghost planes continue the grid upwards (z decreases with k everywhere).
TEST(CurvilinearMappingTest, GridPlanes) {
  const TopographyCfg t = deck_topography();
  const TopoGrids g = topography_grids(deck_grid(1.28, 5.0, 0.02), t);
  const CurvilinearMapping map(g, t);
  Array3d z(curvilinear_box(g));
  generate_grid(map, z);
  const Box& b = z.box;
  for (int j = b.jb; j <= b.je; ++j)
    for (int i = b.ib; i <= b.ie; ++i) {
      EXPECT_NEAR(z(i, j, 1), -hill_elevation(t, (i - 1) * g.h, (j - 1) * g.h), 1e-16);
      EXPECT_EQ(z(i, j, g.nc), 2.0);
      for (int k = 98; k <= b.ke; ++k) EXPECT_EQ(z(i, j, k), z(-1, -1, k));
      EXPECT_NEAR((z(i, j, g.nc) - z(i, j, g.nc - 1)) / g.h - 1, 8.9e-16, 0.05e-16);
      for (int k = b.kb; k < b.ke; ++k) EXPECT_LT(z(i, j, k), z(i, j, k + 1));
    }
  EXPECT_NEAR(z(7, 9, g.nc + 2), 2.0 + 2 * g.h, 1e-15);
  EXPECT_NE(z(31, 21, 97), z(-1, -1, 97));  // k = 97 still follows the hill
}

// The original's inverse mapping for the deck: the source (q, r, s) = (27, 25,
// 11.007796927918845), so (ic, jc, kc) = (27, 25, 11); receivers at depth 0 map to s = 1 (k = 1),
// the one at depth 0.3 under (0.6, 0.5) to k = round(s) = 16. Newton converges to rounding:
// s within 1e-13 (about 100 ulps of the unit-range variable times nc - 1).
TEST(CurvilinearMappingTest, InverseAtTheDeckSourceAndReceivers) {
  const TopographyCfg t = deck_topography();
  const TopoGrids g = topography_grids(deck_grid(1.28, 5.0, 0.02), t);
  const CurvilinearMapping map(g, t);
  const double h = g.h;
  const double q = 0.52 / h + 1, r = 0.48 / h + 1;
  const double z0 = 0.2 + map.hill.surface(q, r);
  const double s = map.invert(q, r, z0);
  EXPECT_NEAR(s, 11.007796927918845, 1e-13);
  EXPECT_EQ(int(std::floor(q)), 27);
  EXPECT_EQ(int(std::floor(r)), 25);
  EXPECT_EQ(int(std::floor(s)), 11);
  EXPECT_NEAR(map.z(q, r, s), z0, 1e-15);

  for (auto xy : {std::array<double, 2>{0.7, 0.6}, std::array<double, 2>{0.5, 0.3}}) {
    const double qq = xy[0] / h + 1, rr = xy[1] / h + 1;
    EXPECT_NEAR(map.invert(qq, rr, map.hill.surface(qq, rr)), 1.0, 1e-13);
  }
  const double q3 = 0.6 / h + 1, r3 = 0.5 / h + 1;
  EXPECT_EQ(std::lround(map.invert(q3, r3, 0.3 + map.hill.surface(q3, r3))), 16);
}

// Forward then inverse returns s, in the curved part (Newton) and in the uniform part (direct).
TEST(CurvilinearMappingTest, InverseUndoesTheMapping) {
  const TopographyCfg t = deck_topography();
  const TopoGrids g = topography_grids(deck_grid(1.28, 5.0, 0.02), t);
  const CurvilinearMapping map(g, t);
  for (double q : {3.5, 27.0, 31.25, 33.0, 60.75})
    for (double r : {2.0, 21.0, 24.5, 40.125})
      for (double s : {1.0, 1.75, 11.0078, 50.5, 97.0, 98.5, 103.0})
        EXPECT_NEAR(map.invert(q, r, map.z(q, r, s)), s, 1e-12) << q << " " << r << " " << s;
}

// The mapping's derivatives at the deck's source, as the original computes them for the
// source's weights: z_s = h + (p/zeta)(1-sigma)^(p-1)(Z_t - (nc-1)h + tau)/(nc-1) at the
// interpolated hill, which at these integer (q, r) is the hill itself, so the analytic z_s must
// agree to rounding (1e-13 relative). Its z_q, z_r are -(1-sigma)^p times the 6th-order centred
// difference of the gridded hill along i and j; formed here from the gridded form they must
// agree to rounding too, and the analytic z_q, z_r differ from them by that difference's
// truncation error (7.5 and 5 points per hill width: under 1e-4 relative).
TEST(CurvilinearMappingTest, DerivativesAtTheDeckSource) {
  const TopographyCfg t = deck_topography();
  const TopoGrids g = topography_grids(deck_grid(1.28, 5.0, 0.02), t);
  const CurvilinearMapping map(g, t);
  const double zq0 = -0.0029337399658482784, zr0 = 0.006600910437419789,
               zs0 = 0.019988338385878664;
  const double q = 0.52 / g.h + 1, r = 0.48 / g.h + 1, s = 11.007796927918845;
  const auto d = map.dz(q, r, s);
  expect_rel(d[2], zs0, 1e-13, "z_s");
  expect_rel(d[0], zq0, 1e-4, "analytic z_q");
  expect_rel(d[1], zr0, 1e-4, "analytic z_r");

  const double w[7] = {-1.0 / 60, 3.0 / 20, -3.0 / 4, 0, 3.0 / 4, -3.0 / 20, 1.0 / 60};
  double tq = 0, tr = 0;
  for (int m = 0; m < 7; ++m) {
    tq += w[m] * map.hill.tau_gridded(27 - 3 + m, 25);
    tr += w[m] * map.hill.tau_gridded(27, 25 - 3 + m);
  }
  const double blend = power_of(1 - map.sigma(s), t.order);
  expect_rel(-tq * blend, zq0, 1e-13, "difference z_q");
  expect_rel(-tr * blend, zr0, 1e-13, "difference z_r");
}

// ---------------------------------------------------------------------------------------------
// Metric

namespace {

// A quartic in the indices with z_k > 0, and its exact derivatives.
double quartic(double i, double j, double k) {
  return 3 + 0.5 * k + 0.01 * k * k * k - 1e-4 * k * k * k * k + 0.02 * i * j - 1e-3 * i * i * k +
         2e-4 * i * i * i * i - 3e-4 * j * j * j * j + 1e-4 * i * j * j * k;
}
std::array<double, 3> quartic_d(double i, double j, double k) {
  return {0.02 * j - 2e-3 * i * k + 8e-4 * i * i * i + 1e-4 * j * j * k,
          0.02 * i - 12e-4 * j * j * j + 2e-4 * i * j * k,
          0.5 + 0.03 * k * k - 4e-4 * k * k * k - 1e-3 * i * i + 1e-4 * i * j * j};
}

}  // namespace

// The difference formulas (centred, and one-sided at the first two and last two positions of
// each line) are exact for polynomials of degree <= 4 in the index: on a quartic every point's
// z_i, z_j, z_k, read back from the metric (z_k = J/h^2, z_i = -m2 m1, z_j = -m3 m1), is the
// exact derivative to rounding (1e-12 relative to the largest term). Boxes with fewer than 6
// points in a direction, and a grid that folds (z_k <= 0), are refused.
TEST(MetricTest, DifferencesAreExactForQuartics) {
  const double h = 0.3;
  const Box b{-1, 8, 2, 9, -1, 10};
  Array3d z(b);
  for (int k = b.kb; k <= b.ke; ++k)
    for (int j = b.jb; j <= b.je; ++j)
      for (int i = b.ib; i <= b.ie; ++i) z(i, j, k) = quartic(i, j, k);
  Metric m;
  ASSERT_TRUE(metric_from_grid(z, h, m));
  for (int k = b.kb; k <= b.ke; ++k)
    for (int j = b.jb; j <= b.je; ++j)
      for (int i = b.ib; i <= b.ie; ++i) {
        const auto d = quartic_d(i, j, k);
        // single: the metric is stored in float (eps 6e-8) and z_i ~ 3; measured 1.7e-7
        const double t = sw4test::tol(1e-12 * 10, 5e-7);
        EXPECT_NEAR(m.J(i, j, k) / (h * h), d[2], t) << i << " " << j << " " << k;
        EXPECT_NEAR(-m.m2(i, j, k) * m.m1(i, j, k), d[0], t) << i << " " << j << " " << k;
        EXPECT_NEAR(-m.m3(i, j, k) * m.m1(i, j, k), d[1], t) << i << " " << j << " " << k;
        EXPECT_NEAR(m.m4(i, j, k) * m.m1(i, j, k), h, sw4test::tol(1e-15, 1.5e-7));  // measured 4.2e-8
      }

  Array3d thin(Box{1, 5, 1, 8, 1, 8}, 1.0);
  EXPECT_FALSE(metric_from_grid(thin, h, m));
  Array3d folded(Box{1, 8, 1, 8, 1, 8});
  for (int k = 1; k <= 8; ++k)
    for (int j = 1; j <= 8; ++j)
      for (int i = 1; i <= 8; ++i) folded(i, j, k) = k < 6 ? k : 10 - k;
  EXPECT_FALSE(metric_from_grid(folded, h, m));
}

// A flat surface (A = 0) gives the Cartesian grid z = (k-1)h and its metric: J = h^3,
// m1 = m4 = sqrt(h), m2 = m3 = 0. Analytically: z_i = z_j = 0 exactly, z_k = h + p (1-sigma)^(p-1)
// (Z_t - (nc-1)h)/(zeta (nc-1)) with Z_t - (nc-1)h = 0 up to one rounding of (nc-1)h (4e-17 when
// the compiler fuses the multiply-add), so J, m1, m4 to 1e-15 relative. By differences: every
// column is the same, so the centred z_i, z_j are exactly 0; the one-sided ones at the ghost
// columns are 0 up to the rounding of coefficients that sum to 0 (sum of their sizes 16, times
// the unit roundoff, times |z| <= 2.1), and z_k = J/h^2 is h within that same bound (about 4e-13
// relative: the differences of rounded z near 2, with or without fused multiply-adds).
TEST(MetricTest, FlatSurfaceIsCartesian) {
  TopographyCfg t = deck_topography();
  t.amp = 0;
  const TopoGrids g = topography_grids(deck_grid(1.28, 5.0, 0.02), t);
  EXPECT_EQ(g.nc, 101);
  const CurvilinearMapping map(g, t);
  Array3d z(curvilinear_box(g));
  generate_grid(map, z);
  const double h = g.h, h3 = h * h * h, rh = std::sqrt(h);
  const double one_sided = 16 * 2.2205e-16 * 2.1;
  // single: the metric is computed in double from the double z, then stored as a float: plus
  // half a float ulp (6e-8 relative); measured 2.5e-9 (J), 4.6e-8 (m1, m4)
  const double stored = sw4test::tol(0, 6e-8);
  Metric md, ma;
  ASSERT_TRUE(metric_from_grid(z, h, md));
  metric_analytic(map, z.box, ma);
  const Box& b = z.box;
  for (int k = b.kb; k <= b.ke; ++k)
    for (int j = b.jb; j <= b.je; ++j)
      for (int i = b.ib; i <= b.ie; ++i) {
        EXPECT_NEAR(z(i, j, k), (k - 1) * h, 1e-15);
        EXPECT_NEAR(ma.J(i, j, k), h3, (1e-15 + stored) * h3);
        EXPECT_NEAR(ma.m1(i, j, k), rh, (1e-15 + stored) * rh);
        EXPECT_EQ(ma.m2(i, j, k), 0.0);
        EXPECT_EQ(ma.m3(i, j, k), 0.0);
        EXPECT_NEAR(ma.m4(i, j, k), rh, (1e-15 + stored) * rh);
        EXPECT_NEAR(md.J(i, j, k) / (h * h), h, one_sided + stored * h);  // z_k
        EXPECT_NEAR(md.m1(i, j, k), rh, one_sided / rh + stored * rh);     // d sqrt(z) <= dz / sqrt(h)
        EXPECT_NEAR(md.m4(i, j, k), rh, one_sided / rh + stored * rh);
        const double zi = -md.m2(i, j, k) * md.m1(i, j, k), zj = -md.m3(i, j, k) * md.m1(i, j, k);
        if (i >= 1 && i <= g.nx) EXPECT_EQ(zi, 0.0);
        else EXPECT_LE(std::fabs(zi), one_sided);
        if (j >= 1 && j <= g.ny) EXPECT_EQ(zj, 0.0);
        else EXPECT_LE(std::fabs(zj), one_sided);
      }
}

// The difference formulas over a piece's own z array are one-sided at its array ends; at its
// points at least 2 from those ends the values are the whole grid's to the last bit (the same
// centred arithmetic and the same h). piece_metric rests on this: it generates z past the
// piece, so that none of its points is at such an end unless the whole grid's is
// (PieceMetricIsTheWholeGridsMetric, below).
TEST(MetricTest, APieceAgreesWithTheWholeGridBitwise) {
  const TopographyCfg t = deck_topography();
  const TopoGrids g = topography_grids(deck_grid(1.28, 5.0, 0.02), t);
  const CurvilinearMapping map(g, t);
  Array3d z(curvilinear_box(g));
  generate_grid(map, z);
  Metric whole, piece;
  ASSERT_TRUE(metric_from_grid(z, g.h, whole));
  Box pb = z.box;
  pb.ib = 20, pb.ie = 45, pb.jb = 14, pb.je = 30;  // a piece around the hill's top
  Array3d zp(pb);
  for (int k = pb.kb; k <= pb.ke; ++k)
    for (int j = pb.jb; j <= pb.je; ++j)
      for (int i = pb.ib; i <= pb.ie; ++i) zp(i, j, k) = z(i, j, k);
  ASSERT_TRUE(metric_from_grid(zp, g.h, piece));
  long differ_at_edges = 0;
  for (int k = pb.kb; k <= pb.ke; ++k)
    for (int j = pb.jb; j <= pb.je; ++j)
      for (int i = pb.ib; i <= pb.ie; ++i) {
        const bool inner = i >= pb.ib + 2 && i <= pb.ie - 2 && j >= pb.jb + 2 && j <= pb.je - 2;
        const bool same = piece.J(i, j, k) == whole.J(i, j, k) &&
                          piece.m2(i, j, k) == whole.m2(i, j, k) &&
                          piece.m3(i, j, k) == whole.m3(i, j, k) &&
                          piece.m4(i, j, k) == whole.m4(i, j, k);
        if (inner) EXPECT_TRUE(same) << i << " " << j << " " << k;
        else differ_at_edges += !same;
      }
  EXPECT_GT(differ_at_edges, 0);  // the one-sided edge values are not the centred ones
}

// The metric by differences converges to the analytic metric of the same mapping at the
// formulas' order, 4, over the whole array (ghost points and one-sided edges included). A hill
// of amplitude 0.1 and widths 0.15, 0.12 on a 0.48 x 0.48 domain, interface at 0.8, p = 6 (so
// the blend's break at sigma = 1 is smooth to the 5th derivative): the largest difference of
// J/h^3 and of m1..m4/sqrt(h) at h = 0.02, 0.01, 0.005 falls by at least 2^3.8 each halving
// (measured: 2^4.0 to 2^4.9), and is below 1e-5 at h = 0.005. Not in the single build: it
// computes the metric by the same double code from the same double z and only stores it as
// floats, whose rounding (1e-7 in these units) is the error's size from h = 0.02 on (rates
// 2.6 to 3.5 measured on h = 0.04, 0.02, 0.01); DifferencesAreExactForQuartics and
// APieceAgreesWithTheWholeGridBitwise check what it stores.
TEST(MetricTest, DifferencesConvergeToTheAnalyticMetric) {
  if (sw4test::kSingle) GTEST_SKIP() << "the float metric's rounding is the error's size (see above)";
  TopographyCfg t;
  t.zmax = 0.8;
  t.order = 6;
  t.amp = 0.1;
  t.xc = 0.24;
  t.yc = 0.2;
  t.lx = 0.15;
  t.ly = 0.12;
  std::array<std::array<double, 5>, 3> err{};
  const double hs[3] = {0.02, 0.01, 0.005};
  for (int n = 0; n < 3; ++n) {
    const double h = hs[n];
    const TopoGrids g = topography_grids(deck_grid(0.48, 1.0, h), t);
    const CurvilinearMapping map(g, t);
    Array3d z(curvilinear_box(g));
    generate_grid(map, z);
    Metric md, ma;
    ASSERT_TRUE(metric_from_grid(z, h, md)) << "h = " << h;
    metric_analytic(map, z.box, ma);
    const double scale[5] = {h * h * h, std::sqrt(h), std::sqrt(h), std::sqrt(h), std::sqrt(h)};
    const Array3* a[5] = {&md.J, &md.m1, &md.m2, &md.m3, &md.m4};
    const Array3* e[5] = {&ma.J, &ma.m1, &ma.m2, &ma.m3, &ma.m4};
    for (int c = 0; c < 5; ++c)
      for (std::size_t p = 0; p < a[c]->v.size(); ++p)
        err[n][c] = std::max(err[n][c], std::fabs(a[c]->v[p] - e[c]->v[p]) / scale[c]);
  }
  const char* names[5] = {"J", "m1", "m2", "m3", "m4"};
  for (int c = 0; c < 5; ++c) {
    for (int n = 0; n < 2; ++n)
      EXPECT_GE(std::log2(err[n][c] / err[n + 1][c]), 3.8)
          << names[c] << ": " << err[n][c] << " at h = " << hs[n] << ", " << err[n + 1][c]
          << " at h = " << hs[n + 1];
    EXPECT_LT(err[2][c], 1e-5) << names[c];
  }
}

// piece_metric follows analytical_metric: the analytic metric with it, differences without;
// the two differ on the hill (by the differences' error), so the choice is visible.
TEST(MetricTest, PieceMetricFollowsTheAnalyticalMetricFlag) {
  TopographyCfg t = deck_topography();
  const GridCfg grid = deck_grid(1.28, 5.0, 0.02);
  for (bool analytic : {false, true}) {
    t.analytical_metric = analytic;
    const Topography topo(grid, t);
    Array3d z(topo.global_box());
    generate_grid(topo.map, z);
    Metric md, ma, m;
    ASSERT_TRUE(metric_from_grid(z, topo.grids.h, md));
    metric_analytic(topo.map, z.box, ma);
    ASSERT_TRUE(piece_metric(topo, z.box, m));
    const Metric& want = analytic ? ma : md;
    const Metric& other = analytic ? md : ma;
    EXPECT_EQ(m.J.v, want.J.v) << "analytic " << analytic;
    EXPECT_EQ(m.m2.v, want.m2.v) << "analytic " << analytic;
    EXPECT_EQ(m.m3.v, want.m3.v) << "analytic " << analytic;
    EXPECT_NE(m.J.v, other.J.v) << "analytic " << analytic;
  }
}

// piece_metric gives every piece of any cut the whole grid's metric bit for bit, one-sided
// edges only at the global ghost positions (no halo exchange needed).
TEST(MetricTest, PieceMetricIsTheWholeGridsMetric) {
  TopographyCfg t = deck_topography();
  const GridCfg grid = deck_grid(1.28, 5.0, 0.02);
  const Topography topo(grid, t);
  Array3d z(topo.global_box());
  generate_grid(topo.map, z);
  Metric whole;
  ASSERT_TRUE(metric_from_grid(z, topo.grids.h, whole));
  for (const Box& corner : {Box{-1, 20, -1, 18, 0, 0}, Box{20, 45, 14, 30, 0, 0},
                            Box{40, 67, 50, 67, 0, 0}}) {
    Box pb = topo.global_box();
    pb.ib = corner.ib, pb.ie = corner.ie, pb.jb = corner.jb, pb.je = corner.je;
    Metric piece;
    ASSERT_TRUE(piece_metric(topo, pb, piece));
    long differ = 0;
    for (int k = pb.kb; k <= pb.ke; ++k)
      for (int j = pb.jb; j <= pb.je; ++j)
        for (int i = pb.ib; i <= pb.ie; ++i)
          differ += !(piece.J(i, j, k) == whole.J(i, j, k) && piece.m1(i, j, k) == whole.m1(i, j, k) &&
                      piece.m2(i, j, k) == whole.m2(i, j, k) && piece.m3(i, j, k) == whole.m3(i, j, k) &&
                      piece.m4(i, j, k) == whole.m4(i, j, k));
    EXPECT_EQ(differ, 0) << "piece " << pb.ib << ".." << pb.ie << " x " << pb.jb << ".." << pb.je;
  }
}
