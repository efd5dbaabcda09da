// Unit tests of source_topography.hpp: where a source sits with topography (grid, mapped
// coordinates, stencil, the mapping's derivatives at it) and its grid-point values on the two
// grids, interface copies included. Receivers: test_receiver_topography.cpp.
//
// Why built so. The reference numbers (the pytest topography deck's source depth, mapped
// coordinates, stencil and mapping derivatives; the grid-point counts of the decks varA and
// varB) were produced by the original program outside this repository; none is computed by the
// code under test. Beyond them a source is right when its grid values have the moments of the
// continuous source (NUMERICS 20.6): sum f V = 0 and sum f V (x_p - x0) = M for a moment
// source, sum f V = F for a force, checked here on the curved grid. The decks:
// topography_deck_helpers.hpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "topography/receiver_topography.hpp"  // place_receiver, for the checks above the surface
#include "topography/source_topography.hpp"
#include "topography_deck_helpers.hpp"

namespace {
int count(const std::vector<TopoGridPointForce>& f, int grid) {
  int n = 0;
  for (const auto& e : f) n += e.grid == grid;
  return n;
}
}  // namespace

// ---------------------------------------------------------------------------------------------
// The 8-point weights: their moments are exact up to degree 6, the derivative weights are the
// weights' derivatives (moments k delta_k1, and 4th-order differences of step 1e-3, truncation
// about 1e-12 times the weights' 5th derivative, agree within 1e-8). Rounding bound of a moment
// sum: each weight is a polynomial whose terms reach about 100 (35 pi at a = 1.5), so it carries
// an error of some 100 ulps, 2e-14; times sum_m |m-3-a|^k, with a factor 10 to spare.
TEST(EightPointWeights, MomentsAndDerivatives) {
  for (double a : {-0.5, -0.125, 0.0, 0.3, 0.5, 0.77, 1.0, 1.5}) {
    const auto w = interpolation_weights8(a), dw = interpolation_derivative_weights8(a);
    for (int k = 0; k <= 6; ++k) {
      double s = 0, sd = 0, abs_x = 0;
      for (int m = 0; m < 8; ++m) {
        const double x = std::pow(m - 3 - a, k);
        s += w[m] * x, sd += dw[m] * x;
        abs_x += std::fabs(x);
      }
      EXPECT_NEAR(s, k == 0 ? 1 : 0, 2e-13 * abs_x) << a << " " << k;
      EXPECT_NEAR(sd, k == 1 ? 1 : 0, 2e-13 * abs_x) << a << " " << k;
    }
    const double d = 1e-3;
    const auto p1 = interpolation_weights8(a + d), m1 = interpolation_weights8(a - d),
               p2 = interpolation_weights8(a + 2 * d), m2 = interpolation_weights8(a - 2 * d);
    for (int m = 0; m < 8; ++m)
      EXPECT_NEAR(dw[m], (m2[m] - 8 * m1[m] + 8 * p1[m] - p2[m]) / (12 * d), 1e-8) << a << " " << m;
  }
  const auto w0 = interpolation_weights8(0), d0 = interpolation_derivative_weights8(0);
  const double want_d0[8] = {-1.0 / 60, 3.0 / 20, -3.0 / 4, 0, 3.0 / 4, -3.0 / 20, 1.0 / 60, 0};
  for (int m = 0; m < 8; ++m) {
    EXPECT_EQ(w0[m], m == 3 ? 1.0 : 0.0);
    EXPECT_EQ(d0[m], want_d0[m]);
  }
}

// ---------------------------------------------------------------------------------------------
// The reference decks

// The pytest deck's source: z0 = 0.16032482244877336 (1e-14 relative), grid 1, (q, r, s) =
// (27, 25, 11.007796927918845) (s within 1e-13: Newton's rounding times n_c), stencil (27, 25,
// 11), mapping derivatives (z_q, z_r, z_s) to 1e-14 relative (the original's interpolation
// weights are written in another grouping), 216 values, all on grid 1, k = 9..14.
TEST(TopoSource, PytestDeck) {
  const Topography topo = pytest_deck();
  const SourceCfg s = moment(src_at(0.52, 0.48, 0.2, true), {0, 0.87, 0, 0, 0, 0});
  const TopoSourcePlace pl = place_source(s, topo);
  EXPECT_FALSE(pl.dropped);
  EXPECT_EQ(pl.grid, 1);
  expect_rel(pl.z0, 0.16032482244877336, 1e-14, "z0");
  EXPECT_NEAR(pl.q, 27, 1e-13);
  EXPECT_NEAR(pl.r, 25, 1e-13);
  EXPECT_NEAR(pl.s, 11.007796927918845, 1e-13);
  const TopoSourceStencil st = source_stencil(pl, topo);
  EXPECT_EQ(st.ic, 27);
  EXPECT_EQ(st.jc, 25);
  EXPECT_EQ(st.kc, 11);
  EXPECT_FALSE(st.interface_case);
  const auto d = source_mapping_derivatives(pl, st, topo);
  expect_rel(d[0], -0.0029337399658482784, 1e-14, "z_q");
  expect_rel(d[1], 0.006600910437419789, 1e-14, "z_r");
  expect_rel(d[2], 0.019988338385878664, 1e-14, "z_s");
  const auto f = topo_grid_point_forces(s, topo);
  ASSERT_EQ(f.size(), 216u);
  EXPECT_EQ(count(f, 1), 216);
  for (const auto& e : f) {
    EXPECT_GE(e.k, 9);
    EXPECT_LE(e.k, 14);
  }
}

// varA: the point force at z = 0.41 is in grid 0 just below the interface Z_t = 0.4 (s = 1.25,
// kc = 1: the interface case, not moved); a = b = 0, so one column: grid 0 gets k = 1..4, grid
// 1 the copies of k = -1, 0, 1 at n_c - 2, n_c - 1, n_c (n_c = 12): the original's 7 values. A
// copy carries its value unchanged.
TEST(TopoSource, VarAForceAtTheInterface) {
  const Topography topo = var_deck();
  ASSERT_EQ(topo.grids.nc, 12);
  ASSERT_EQ(topo.grids.n0, 41);
  const SourceCfg s = force(src_at(0.52, 0.48, 0.41, false), 1, -0.5, 2);
  const TopoSourcePlace pl = place_source(s, topo);
  EXPECT_EQ(pl.grid, 0);
  const TopoSourceStencil st = source_stencil(pl, topo);
  EXPECT_EQ(st.kc, 1);
  EXPECT_TRUE(st.interface_case);
  EXPECT_EQ(st.a, 0.0);
  EXPECT_EQ(st.b, 0.0);
  const auto f = topo_grid_point_forces(s, topo);
  ASSERT_EQ(f.size(), 7u);
  EXPECT_EQ(count(f, 0), 4);
  EXPECT_EQ(count(f, 1), 3);
  for (const auto& e : f) {
    EXPECT_EQ(e.i, 14);
    EXPECT_EQ(e.j, 13);
    EXPECT_EQ(e.fy, -0.5 * e.fx);
    EXPECT_EQ(e.fz, 2 * e.fx);
  }
  for (const auto& e : f)
    if (e.grid == 1) {
      EXPECT_GE(e.k, 10);
      if (e.k != 12) continue;  // the copy of grid 0's k = 1
      for (const auto& o : f) {
        if (o.grid == 0 && o.k == 1) { EXPECT_EQ(o.fx, e.fx); }
      }
    }
  // no force, no values
  EXPECT_TRUE(topo_grid_point_forces(force(src_at(0.52, 0.48, 0.41, false), 0, 0, 0), topo).empty());
}

// varB: the moment source at z = 0.35 is in grid 1 just above the interface (s = 10.75, kc =
// 10, interface case): stencil planes 8..13; grid 1 keeps 8..12 (180 values), grid 0 gets the
// copies of 12 and 13 at 1 and 2 (72): the original's total of 252. (NUMERICS 20.7 splits the
// 252 as 216 + 36; its own rules give 180 + 72, which is what is checked.)
TEST(TopoSource, VarBMomentAtTheInterface) {
  const Topography topo = var_deck();
  const SourceCfg s = moment(src_at(0.52, 0.48, 0.35, false), {1, 0, 0.3, 0.5, 0, -0.7});
  const TopoSourcePlace pl = place_source(s, topo);
  EXPECT_EQ(pl.grid, 1);
  const TopoSourceStencil st = source_stencil(pl, topo);
  EXPECT_EQ(st.kc, 10);
  EXPECT_TRUE(st.interface_case);
  const auto f = topo_grid_point_forces(s, topo);
  EXPECT_EQ(f.size(), 252u);
  EXPECT_EQ(count(f, 1), 180);
  EXPECT_EQ(count(f, 0), 72);
  for (const auto& e : f) {
    EXPECT_TRUE(e.grid == 0 ? e.k == 1 || e.k == 2 : e.k >= 8 && e.k <= 12) << e.grid << " " << e.k;
  }
}

// Above the surface: a source or receiver at depth 0 is kept, one 1e-3 above the hill (z=) is
// dropped; one at absolute z below the bottom goes to grid 0 (a receiver on the ghost plane
// n_0 + 2, the original's quirk).
TEST(TopoPlace, AboveTheSurfaceAndBelowTheBottom) {
  const Topography topo = pytest_deck();
  const double zt = topo.map.hill.surface_at_xy(0.6, 0.4);
  EXPECT_FALSE(place_source(src_at(0.6, 0.4, 0, true), topo).dropped);
  EXPECT_TRUE(place_source(src_at(0.6, 0.4, zt - 1e-3, false), topo).dropped);
  EXPECT_TRUE(topo_grid_point_forces(moment(src_at(0.6, 0.4, zt - 1e-3, false), {1, 0, 0, 1, 0, 1}), topo).empty());
  EXPECT_TRUE(place_receiver(rec_at(0.6, 0.4, zt - 1e-3, false), topo).dropped);
  const TopoRecPlace deep = place_receiver(rec_at(0.6, 0.4, 5.0, false), topo);
  EXPECT_EQ(deep.grid, 0);
  EXPECT_EQ(deep.k, topo.grids.n0 + 2);
  EXPECT_EQ(place_source(src_at(0.6, 0.4, 2.0, false), topo).grid, 1);  // z0 = Z_t: grid 1
  EXPECT_EQ(place_source(src_at(0.6, 0.4, 2.01, false), topo).grid, 0);
}

// ---------------------------------------------------------------------------------------------
// Moments on the curved grid (NUMERICS 20.6). With V = J of the point, S = sum f V and
// X_ab = sum f_a V (x_b,p - x0_b), exact arithmetic gives, for a moment source whose stencil is
// away from the top (no SBP weights): S = 0 (sum D = 0), and X_ax = M_ax, X_ay = M_ay exactly,
// since x_p = (i-1)h is affine in the index; in z the same holds exactly for the affine
// z_lin = z0 + z_q (i-q) + z_r (j-r) + z_s (k-s) built from the source's own mapping
// derivatives, while in the grid's physical z it holds only to the truncation error of the
// 6-point weights on the hill (measured 2.4e-4 |M| on the pytest deck: the hill is 7.5 and 5
// points wide; 9e-5 on its flank; 2.4e-3 on varC's coarser grid, h = 0.04: tolerances 4 times
// these). A point force: S = F, X = 0 in x, y and z_lin; in physical z 1.8e-7 |F| (the 6-point
// interpolation of the mapping's z; tolerance 1e-6 |F|). Near the top the same holds in grid
// 1's SBP inner product (weights hnorm_k on k = 1..4). Rounding bound for the exact ones: 1e-12
// (216 terms of size up to 1e2, from G ~ 1/h).
namespace {
struct Moments {
  double S[3] = {0, 0, 0}, X[3][3] = {}, Zphys[3] = {0, 0, 0};
};
Moments moments_of(const SourceCfg& s, const Topography& topo) {
  const TopoSourcePlace pl = place_source(s, topo);
  const TopoSourceStencil st = source_stencil(pl, topo);
  const auto d = source_mapping_derivatives(pl, st, topo);
  Metric met;
  piece_metric(topo, Box{st.ic - 2, st.ic + 3, st.jc - 2, st.jc + 3, st.kc - 2, st.kc + 3}, met);
  const double h = topo.grids.h;
  Moments m;
  for (const auto& e : topo_grid_point_forces(s, topo)) {
    EXPECT_EQ(e.grid, 1);
    const double w = e.k <= 4 ? sbp_hnorm[e.k - 1] : 1.0;
    const double V = met.J(e.i, e.j, e.k) * w, fv[3] = {e.fx * V, e.fy * V, e.fz * V};
    const double xp[3] = {(e.i - 1) * h - s.x, (e.j - 1) * h - s.y,
                          d[0] * (e.i - pl.q) + d[1] * (e.j - pl.r) + d[2] * (e.k - pl.s)};
    const double zp = topo.map.z(e.i, e.j, e.k) - pl.z0;
    for (int a = 0; a < 3; ++a) {
      m.S[a] += fv[a];
      m.Zphys[a] += fv[a] * zp;
      for (int b = 0; b < 3; ++b) m.X[a][b] += fv[a] * xp[b];
    }
  }
  return m;
}
void expect_moment_source(const SourceCfg& s, const Topography& topo, double zphys_tol) {
  const Moments m = moments_of(s, topo);
  const double M[3][3] = {{s.mxx, s.mxy, s.mxz}, {s.mxy, s.myy, s.myz}, {s.mxz, s.myz, s.mzz}};
  for (int a = 0; a < 3; ++a) {
    EXPECT_NEAR(m.S[a], 0, 1e-12) << a;
    for (int b = 0; b < 3; ++b) EXPECT_NEAR(m.X[a][b], M[a][b], 1e-12) << a << " " << b;
    EXPECT_NEAR(m.Zphys[a], M[a][2], zphys_tol) << a;
  }
}
}  // namespace

TEST(TopoSourceMoments, MomentSourceInTheCurvedPart) {
  const Topography topo = pytest_deck();
  const SourceCfg s = moment(src_at(0.52, 0.48, 0.2, true), {0.3, 0.87, 0.2, 1.1, -0.7, -0.5});
  expect_moment_source(s, topo, 1e-3);
  // off the grid columns too, on the hill's flank (a, b not 0)
  expect_moment_source(moment(src_at(0.613, 0.371, 0.25, true), {-0.4, 0.2, 0.9, 0.3, 0.6, 1.2}),
                       topo, 1e-3);
  // kc = 4, c > 0: the 6-point form reaching k = 2..4, in the SBP inner product
  const SourceCfg near = moment(src_at(0.45, 0.33, 0.07, true), {0.5, -0.3, 0.8, 1.0, 0.4, -0.6});
  EXPECT_EQ(source_stencil(place_source(near, topo), topo).kc, 4);
  expect_moment_source(near, topo, 1e-3);
}

TEST(TopoSourceMoments, PointForceInTheCurvedPart) {
  const Topography topo = pytest_deck();
  const SourceCfg s = force(src_at(0.613, 0.371, 0.25, true), 1.5, -0.25, 0.75);
  const Moments m = moments_of(s, topo);
  const double F[3] = {1.5, -0.25, 0.75};
  for (int a = 0; a < 3; ++a) {
    EXPECT_NEAR(m.S[a], F[a], 1e-13) << a;
    for (int b = 0; b < 3; ++b) EXPECT_NEAR(m.X[a][b], 0, 1e-13) << a << " " << b;
    EXPECT_NEAR(m.Zphys[a], 0, 1e-6 * std::fabs(F[a])) << a;  // interpolation of z: truncation
  }
}

// varC: the source 0.03 below the surface (s = 1.75) gets kc = 3 with c < 0: the 5-point surface
// z-weights divided by the SBP norm weights; with the analytic metric. The moments hold in the
// SBP inner product (a missing division or the 6-point weights would break them).
TEST(TopoSourceMoments, VarCNearTheSurfaceInTheSbpNorm) {
  const Topography topo = var_deck(true);
  const SourceCfg s = moment(src_at(0.52, 0.48, 0.03, true), {1, 0.2, 0.3, 0.5, -0.4, -0.7});
  const TopoSourcePlace pl = place_source(s, topo);
  const TopoSourceStencil st = source_stencil(pl, topo);
  EXPECT_EQ(st.kc, 3);
  EXPECT_LT(st.c, 0);
  EXPECT_EQ(st.Wk[5], 0.0);  // the surface form has 5 points
  EXPECT_EQ(topo_grid_point_forces(s, topo).size(), 216u);
  expect_moment_source(s, topo, 1e-2);
  const Moments m = moments_of(force(s, 0.5, 1, -2), topo);
  EXPECT_NEAR(m.S[2], -2, 1e-13);
  EXPECT_NEAR(m.X[2][2], 0, 1e-13);
}

// Grid 0 is the Cartesian grid of NUMERICS.md 6.2: away from the interface its values are
// source.hpp's for the same source measured from Z_t (no SBP division: its top is not a surface),
// to 1e-15 of the largest value, not bitwise: the expressions are the same, but GCC 12's SLP
// vectorizer fuses the weights' alternating adds and subtracts with their products into
// vfmsubadd even under -ffp-contract=off, in one of the two functions and not the other.
TEST(TopoSource, GridZeroIsCartesian) {
  const Topography topo = var_deck();
  GridCfg g0 = deck_grid(1.28, 2.0, 0.04);
  g0.nz = topo.grids.n0;
  for (const SourceCfg& s : {moment(src_at(0.53, 0.47, 1.013, false), {1, 0.2, 0.3, 0.5, -0.4, -0.7}),
                             force(src_at(0.53, 0.47, 1.013, false), 1, -2, 0.5)}) {
    SourceCfg flat = s;
    flat.z = s.z - topo.grids.zt;
    const auto want = grid_point_forces(flat, g0, false);
    const auto got = topo_grid_point_forces(s, topo);
    ASSERT_EQ(got.size(), want.size());
    double big = 0;
    for (const auto& w : want)
      big = std::max({big, std::fabs(w.fx), std::fabs(w.fy), std::fabs(w.fz)});
    const double eps = 1e-15 * big;
    for (std::size_t n = 0; n < got.size(); ++n) {
      EXPECT_EQ(got[n].grid, 0);
      EXPECT_EQ(got[n].i, want[n].i);
      EXPECT_EQ(got[n].j, want[n].j);
      EXPECT_EQ(got[n].k, want[n].k);
      EXPECT_NEAR(got[n].fx, want[n].fx, eps);
      EXPECT_NEAR(got[n].fy, want[n].fy, eps);
      EXPECT_NEAR(got[n].fz, want[n].fz, eps);
    }
  }
}
