// Unit tests of receiver_topography.hpp and of the curvilinear derivative modes of
// receiver_modes.hpp: where a receiver sits with topography, its header location, and what its
// derivative modes record on grid 1 with the metric of its point.
//
// Why built so. The receiver points of the pytest deck and of varA and the "Distance from
// target to actual location" lines are the original's (its reference runs, recorded outside
// this repository), and so are the points of near-source's planes and ties around a source in
// grid 1 (printed by an instrumented copy of the original, outside this repository). The derivative modes have no reference series of their own: they are
// checked against the Cartesian formula on a flat surface, against the exact gradient of a
// field affine in physical space on the hill, and for their second order. The decks:
// topography_deck_helpers.hpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "topography/receiver_topography.hpp"
#include "topography_deck_helpers.hpp"
#include "test/precision_helpers.hpp"

// The original's receiver points for the pytest deck: all on grid 1, sta01 (36, 31, 1), sta02
// (26, 16, 1), sta03 (31, 26, 16).
TEST(TopoReceiver, PytestDeck) {
  const Topography topo = pytest_deck();
  const RecCfg r[3] = {rec_at(0.7, 0.6, 0, true), rec_at(0.5, 0.3, 0, true), rec_at(0.6, 0.5, 0.3, true)};
  const int want[3][3] = {{36, 31, 1}, {26, 16, 1}, {31, 26, 16}};
  for (int n = 0; n < 3; ++n) {
    const TopoRecPlace p = place_receiver(r[n], topo);
    EXPECT_FALSE(p.dropped);
    EXPECT_EQ(p.grid, 1) << n;
    EXPECT_EQ(p.i, want[n][0]) << n;
    EXPECT_EQ(p.j, want[n][1]) << n;
    EXPECT_EQ(p.k, want[n][2]) << n;
  }
}

// varA's receivers: sta01 at depth 0.8 is below the interface (grid 0, k = 11: z = 0.7988 is
// nearest to 0.8), sta02 at absolute z = 0.1 in grid 1, sta03 at the surface (k = 1). Their
// columns and the USGS header's location lines are the original files' (ties go down:
// 0.7/0.04 = 17.5 -> i = 18 at x = 0.68, 2.000000e-02 m away), and for the pytest deck the
// distance of sta01 is 1.110223e-16 (35 h is not 0.7).
TEST(TopoReceiver, VarAAndTheHeaderLocation) {
  const Topography topo = var_deck();
  const RecCfg r[3] = {rec_at(0.7, 0.6, 0.8, true), rec_at(0.5, 0.3, 0.1, false), rec_at(0.6, 0.4, 0, true)};
  const int want[3][4] = {{0, 18, 16, 11}, {1, 13, 8, -1}, {1, 16, 11, 1}};
  const char* lines[3][3] = {
      {"# Target location (WGS84 longitude, latitude) (deg): -1.180000e+02 3.700001e+01",
       "# Actual location (WGS84 longitude, latitude) (deg): -1.180000e+02 3.700001e+01",
       "# Distance from target to actual location (m): 2.000000e-02"},
      {"# Target location (WGS84 longitude, latitude) (deg): -1.180000e+02 3.700000e+01",
       "# Actual location (WGS84 longitude, latitude) (deg): -1.180000e+02 3.700000e+01",
       "# Distance from target to actual location (m): 2.828427e-02"},
      {"# Target location (WGS84 longitude, latitude) (deg): -1.180000e+02 3.700001e+01",
       "# Actual location (WGS84 longitude, latitude) (deg): -1.180000e+02 3.700001e+01",
       "# Distance from target to actual location (m): 0.000000e+00"}};
  const GridCfg g = deck_grid(1.28, 2.0, 0.04);
  for (int n = 0; n < 3; ++n) {
    const TopoRecPlace p = place_receiver(r[n], topo);
    EXPECT_FALSE(p.dropped);
    EXPECT_EQ(p.grid, want[n][0]) << n;
    EXPECT_EQ(p.i, want[n][1]) << n;
    EXPECT_EQ(p.j, want[n][2]) << n;
    if (want[n][3] > 0) { EXPECT_EQ(p.k, want[n][3]) << n; }
    RecCfg c = r[n];
    c.usgs = true;
    const std::string text = make_receiver(c, p, topo).usgs_text(0.01, g, UtcTime{});
    for (const char* l : lines[n]) EXPECT_NE(text.find(std::string(l) + "\n"), std::string::npos) << l;
  }
  // sta02 (z = 0.1) on grid 1: the inverse mapping at the requested (0.5, 0.3) rounds to k
  const TopoRecPlace p2 = place_receiver(r[1], topo);
  EXPECT_EQ(p2.k, int(std::round(topo.map.invert(0.5 / 0.04 + 1, 0.3 / 0.04 + 1, 0.1))));
  const Topography deck = pytest_deck();
  RecCfg c = rec_at(0.7, 0.6, 0, true);
  c.usgs = true;
  const std::string text =
      make_receiver(c, place_receiver(c, deck), deck).usgs_text(0.01, deck_grid(1.28, 5.0, 0.02), UtcTime{});
  EXPECT_NE(text.find("# Distance from target to actual location (m): 1.110223e-16\n"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Grid 1 near a source under a hill's flank (test/reference/topo/near-source.in, issue 30's
// deck): order 5, zetabreak 0.9, Z_t = 0.6, the hill at (0.62, 0.58), h = 0.04, the source at
// depth 0.1 under (0.66, 0.55), where the surface is at z = -0.0866. Every expected point is
// the original's: an instrumented copy of it printed (i, j, k) and the grid of each rec line.

namespace {
Topography flank_deck() {
  TopographyCfg t = hill(0.6, 5, 0.9);
  t.xc = 0.62, t.yc = 0.58, t.lx = 0.14, t.ly = 0.12;
  return Topography(deck_grid(1.28, 2.0, 0.04), t);
}
struct Pick {
  double x, y, v;
  bool depth;
  int grid, i, j, k;
};
void expect_picks(const Topography& topo, const std::vector<Pick>& picks) {
  for (const Pick& w : picks) {
    const std::string what = std::to_string(w.x) + " " + std::to_string(w.y) + (w.depth ? " depth=" : " z=") +
                             std::to_string(w.v);
    // the point is the same for every mode: velocity reads U+ and U- where displacement reads U
    for (RecMode mode : {RecMode::Velocity, RecMode::Displacement, RecMode::Div, RecMode::Curl,
                         RecMode::Strains, RecMode::DisplacementGradient}) {
      const TopoRecPlace p = place_receiver(rec_at(w.x, w.y, w.v, w.depth, mode), topo);
      ASSERT_FALSE(p.dropped) << what;
      EXPECT_EQ(p.grid, w.grid) << what;
      EXPECT_EQ(p.i, w.i) << what;
      EXPECT_EQ(p.j, w.j) << what;
      EXPECT_EQ(p.k, w.k) << what;
    }
  }
}
}  // namespace

// The planes under the source's (x, y), at depth= and z= a hundredth apart (x = 0.66 is a tie
// between the columns x = 0.64 and 0.68: column 17, as the original rounds it), the columns
// around it, the interface and grid 0 below it.
TEST(TopoReceiverNearSource, PlanesUnderTheSource) {
  const Topography topo = flank_deck();
  ASSERT_EQ(topo.grids.nc, 17);
  std::vector<Pick> picks;
  const int by_depth[13] = {1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3};  // depth 0, 0.01, ..., 0.12
  for (int n = 0; n < 13; ++n) picks.push_back({0.66, 0.55, n / 100.0, true, 1, 17, 15, by_depth[n]});
  const int by_z[11] = {1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5};  // z = -0.08, -0.06, ..., 0.12
  for (int n = 0; n < 11; ++n) picks.push_back({0.66, 0.55, (2 * n - 8) / 100.0, false, 1, 17, 15, by_z[n]});
  // depth 0.05 under the neighbouring columns (y = 0.58 and x = 0.62 are ties: j 15, i 16)
  picks.push_back({0.64, 0.55, 0.05, true, 1, 17, 15, 2});
  picks.push_back({0.68, 0.55, 0.05, true, 1, 18, 15, 2});
  picks.push_back({0.66, 0.51, 0.05, true, 1, 17, 14, 2});
  picks.push_back({0.66, 0.59, 0.05, true, 1, 17, 16, 2});
  picks.push_back({0.62, 0.58, 0.05, true, 1, 16, 15, 2});
  // z = Z_t is grid 1's last plane; z = 0.62 is halfway between grid 0's planes 1 and 2 (the
  // tie goes to the plane above, k = 1); depth 0.7 is z = 0.613, grid 0's first plane
  picks.push_back({0.66, 0.55, 0.6, false, 1, 17, 15, 17});
  picks.push_back({0.66, 0.55, 0.62, false, 0, 17, 15, 1});
  picks.push_back({0.66, 0.55, 0.7, true, 0, 17, 15, 1});
  expect_picks(topo, picks);
}

// Ties: rec lines halfway between two planes of grid 1 under the source, as a deck writes them.
// In the uniform part z = 0.54 and 0.58 give s = 15.5 (15.500000000000002) and 16.5 exactly:
// planes 16 and 17; the depths of those midpoints, 0.626577 and 0.666577, are 7e-6 short of
// them. Over the bend (the source's planes 1 to 6), the midpoints z(q, r, k + 1/2) written with
// 6 to 9 significant digits, as z= and as depth=, land 1e-5 to 1e-9 from the half, on either
// side; the original takes the plane on that side (measured: s = 1.4999999991 -> 1,
// 2.5000000009 -> 3).
TEST(TopoReceiverNearSource, TiesBetweenPlanes) {
  const Topography topo = flank_deck();
  auto at = [](double v, bool depth, int k) { return Pick{0.66, 0.55, v, depth, 1, 17, 15, k}; };
  expect_picks(topo, {at(0.54, false, 16), at(0.58, false, 17), at(0.626577, true, 15),
                      at(0.6265773, true, 16), at(0.666577, true, 16), at(0.6665773, true, 17),
                      // s near 1.5, 2.5, 3.5, 4.5, 5.5: the plane of the source is 3
                      at(-0.059033343, false, 2), at(0.027543946, true, 1), at(0.0275439, true, 1),
                      at(0.02754395, true, 2), at(-0.006872638, false, 2), at(-0.0068726379, false, 3),
                      at(0.079704651, true, 2), at(0.0797047, true, 3), at(0.042048673, false, 3),
                      at(0.0420487, false, 4), at(0.12862596, true, 3), at(0.128626, true, 4),
                      at(0.088425713, false, 4), at(0.088426, false, 5), at(0.175003, true, 4),
                      at(0.13284618, false, 5), at(0.1328462, false, 6), at(0.21942347, true, 5),
                      at(0.2194235, true, 6)});
}

// ---------------------------------------------------------------------------------------------
// Receivers' derivative modes on grid 1 (NUMERICS 21)

namespace {
// A field over the 5x5x5 box around p with values f(c, i, j, k).
template <class F>
Field field_around(const GridIndex& p, F f) {
  Field a;
  for (int c = 0; c < 3; ++c) {
    a[c].define(Box{p.i - 2, p.i + 2, p.j - 2, p.j + 2, p.k - 2, p.k + 2});
    const Box& b = a[c].box;
    for (int k = b.kb; k <= b.ke; ++k)
      for (int j = b.jb; j <= b.je; ++j)
        for (int i = b.ib; i <= b.ie; ++i) a[c](i, j, k) = f(c, i, j, k);
  }
  return a;
}
const RecMode kDerivativeModes[4] = {RecMode::Div, RecMode::Curl, RecMode::Strains,
                                     RecMode::DisplacementGradient};
}  // namespace

// A flat surface (amplitude 0) makes grid 1 Cartesian: its metric is J = h^3, m1 = m4 = sqrt(h),
// m2 = m3 = 0 to rounding, and every derivative mode records what the Cartesian formula records
// at the same point, within 1e-14 of the size of the differences times 1/(2h) (the two forms
// round differently: sqrt(h)/(2 sqrt(h^3)) is 1/(2h) only to a few ulps).
TEST(TopoReceiverModes, FlatMetricIsCartesian) {
  const Topography flat(deck_grid(1.28, 5.0, 0.02), hill(2.0, 6, 0.95, 0.0));
  const double h = flat.grids.h;
  for (const GridIndex p : {GridIndex{20, 30, 1}, GridIndex{31, 26, 16}, GridIndex{5, 60, 70}}) {
    const Field u = field_around(p, [](int c, int i, int j, int k) {
      return std::sin(0.7 * i + 1.3 * j * (c + 1) - 0.4 * k * k + c);
    });
    for (RecMode mode : kDerivativeModes) {
      TopoRecPlace place;
      place.grid = 1, place.i = p.i, place.j = p.j, place.k = p.k;
      Receiver curv = make_receiver(rec_at(0, 0, 0, true, mode), place, flat);
      Receiver cart;
      cart.cfg = curv.cfg;
      cart.p = p;
      ASSERT_TRUE(curv.metric.on);
      EXPECT_FALSE(cart.metric.on);
      expect_rel(curv.metric.J, h * h * h, sw4test::tol(1e-14, 1e-8), "J");  // single: J is a float; measured 2.5e-9
      EXPECT_EQ(curv.metric.m2, 0.0);
      EXPECT_EQ(curv.metric.m3, 0.0);
      curv.record_initial(u, h);
      cart.record_initial(u, h);
      ASSERT_EQ(curv.samples.size(), cart.samples.size());
      for (std::size_t n = 0; n < cart.samples.size(); ++n)
        // single: samples ~60 in float differ by an ulp or two (3.8e-6); measured 5e-8 x 6/(2h)
        EXPECT_NEAR(curv.samples[n], cart.samples[n], sw4test::tol(1e-14, 2e-7) * 6 / (2 * h)) << int(mode) << " " << n;
    }
  }
}

// On the hill a field that is affine in the physical coordinates (x, y and the grid's z) has
// the constant gradient A (entries up to 2); the receiver's second-order index differences
// with the metric recover it to their truncation error, which the hill's curvature sets:
// measured 7.3e-3 at sta03 (31, 26, 16), 6.2e-3 and 1.3e-2 at the surface points (36, 31, 1),
// (26, 16, 1) (k = 1 reads the ghost plane k = 0); tolerance 3e-2. The Cartesian formula at the
// same points is off by 0.24 to 0.93 (the slope itself), so the test sees whether the metric is
// used; the error's second order is checked below.
namespace {
const double kA[3][3] = {{0.3, -1.1, 2.0}, {0.7, 0.2, -0.4}, {-1.3, 0.9, 0.5}};
// The largest error of the gradient of the affine field recorded at p; cart: without the metric.
double affine_gradient_error(const Topography& topo, const TopoRecPlace& place, RecMode mode,
                             bool cart = false) {
  const double h = topo.grids.h;
  const GridIndex p{place.i, place.j, place.k};
  const Field u = field_around(p, [&](int c, int i, int j, int k) {
    return 0.1 * c + kA[c][0] * (i - 1) * h + kA[c][1] * (j - 1) * h + kA[c][2] * topo.map.z(i, j, k);
  });
  Receiver r = make_receiver(rec_at(0, 0, 0, true, mode), place, topo);
  if (cart) r.metric.on = false;
  r.record_initial(u, h);
  if (mode == RecMode::Div) return std::fabs(r.samples[0] - (kA[0][0] + kA[1][1] + kA[2][2]));
  double worst = 0;
  for (int c = 0; c < 3; ++c)
    for (int x = 0; x < 3; ++x) worst = std::fmax(worst, std::fabs(r.samples[3 * c + x] - kA[c][x]));
  return worst;
}
}  // namespace

TEST(TopoReceiverModes, AffineFieldOnTheHill) {
  const Topography topo = pytest_deck();
  for (const GridIndex p : {GridIndex{31, 26, 16}, GridIndex{36, 31, 1}, GridIndex{26, 16, 1}}) {
    TopoRecPlace place;
    place.grid = 1, place.i = p.i, place.j = p.j, place.k = p.k;
    const double err = affine_gradient_error(topo, place, RecMode::DisplacementGradient);
    EXPECT_LT(err, 3e-2) << p.i << " " << p.j << " " << p.k;
    EXPECT_GT(affine_gradient_error(topo, place, RecMode::DisplacementGradient, true), 10 * err);
    EXPECT_LT(affine_gradient_error(topo, place, RecMode::Div), 3 * 3e-2);  // the trace
  }
}

// Second order: halving h (the same hill and depths, h = 0.02 and 0.01) divides the error by
// about 4 (measured 4.2, 3.9, 3.7 at depth 0.3 under (0.6, 0.5), at the surface under (0.64,
// 0.48) and at z = 0.1 under (0.52, 0.44)); accepted: 3 to 5.5.
TEST(TopoReceiverModes, AffineFieldErrorIsSecondOrder) {
  const Topography coarse = pytest_deck(), fine(deck_grid(1.28, 5.0, 0.01), hill(2.0, 6));
  const RecCfg where[3] = {rec_at(0.6, 0.5, 0.3, true), rec_at(0.64, 0.48, 0, true), rec_at(0.52, 0.44, 0.1, false)};
  for (const RecCfg& rc : where) {
    const double ec = affine_gradient_error(coarse, place_receiver(rc, coarse), RecMode::DisplacementGradient);
    const double ef = affine_gradient_error(fine, place_receiver(rc, fine), RecMode::DisplacementGradient);
    EXPECT_GT(ec / ef, 3.0) << rc.x << " " << rc.y << " " << rc.z;
    EXPECT_LT(ec / ef, 5.5) << rc.x << " " << rc.y << " " << rc.z;
  }
}

// The grid and the metric travel with the receiver (pack, unpack), and so does z_is_depth.
TEST(TopoReceiverModes, PackCarriesGridAndMetric) {
  const Topography topo = pytest_deck();
  RecCfg c = rec_at(0.6, 0.5, 0.3, false, RecMode::Curl);
  const TopoRecPlace place = place_receiver(c, topo);
  Receiver r = make_receiver(c, place, topo);
  r.samples = {1, 2, 3};
  std::vector<char> buf;
  r.pack(buf);
  const char* in = buf.data();
  const Receiver q = Receiver::unpack(in);
  EXPECT_EQ(in, buf.data() + buf.size());
  EXPECT_EQ(q.grid, 1);
  EXPECT_TRUE(q.metric.on);
  EXPECT_EQ(q.metric.m1, r.metric.m1);
  EXPECT_EQ(q.metric.m2, r.metric.m2);
  EXPECT_EQ(q.metric.m3, r.metric.m3);
  EXPECT_EQ(q.metric.m4, r.metric.m4);
  EXPECT_EQ(q.metric.J, r.metric.J);
  EXPECT_FALSE(q.cfg.z_is_depth);
  EXPECT_EQ(q.p.k, place.k);
  EXPECT_EQ(q.samples, r.samples);
  // the metric is the whole grid's, bitwise
  Metric whole;
  piece_metric(topo, Box{place.i - 3, place.i + 3, place.j - 3, place.j + 3, 1, 20}, whole);
  EXPECT_EQ(r.metric.J, whole.J(place.i, place.j, place.k));
  EXPECT_EQ(r.metric.m2, whole.m2(place.i, place.j, place.k));
}

// ---------------------------------------------------------------------------------------------
// Ties (NUMERICS 10.1, 21): a receiver exactly halfway between two planes, as a deck's
// round numbers put it, goes where the original's expressions, evaluated as written, put it.

namespace {
// The original's choice among planes zmin + (k-1)h: k = floor((z - zmin)/h) + 1, one plane
// lower only if z - (zmin + (k - 1/2)h) > 0; the product rounded on its own (volatile: the
// compiler may not fuse it into an FMA here either).
int nearest_plane(double z, double zmin, double h) {
  int k = int(std::floor((z - zmin) / h)) + 1;
  const volatile double half = (k - 0.5) * h;
  if (z - (zmin + half) > 0.) ++k;
  return k;
}
// The other grouping, (z - zmin) - (k - 1/2)h: it rounds differently and picks the other plane
// at many ties (the tests below count them), so a receiver would record at another point than
// in the original.
int nearest_plane_regrouped(double z, double zmin, double h) {
  int k = int(std::floor((z - zmin) / h)) + 1;
  const volatile double half = (k - 0.5) * h;
  if ((z - zmin) - half > 0.) ++k;
  return k;
}
// The other grouping as g++ -march=native may compile it: the product fused into the
// difference, (z - zmin) - (k - 1/2)h in one rounding; it too disagrees at many ties.
int nearest_plane_fused(double z, double zmin, double h) {
  int k = int(std::floor((z - zmin) / h)) + 1;
  if (std::fma(-(k - 0.5), h, z - zmin) > 0.) ++k;
  return k;
}
// Midpoints zmin + (k - 1/2)h, k = 1..n, as a deck writes them (6 significant digits).
std::vector<double> deck_midpoints(double zmin, double h, int n) {
  std::vector<double> v;
  for (int k = 1; k <= n; ++k) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", zmin + (k - 0.5) * h);
    v.push_back(std::stod(text));
  }
  return v;
}
}  // namespace

// Grid 0 under Z_t = 1, h = 0.04: the midpoints 1.02, 1.06, ..., 1.94, with z= and with depth=
// (at x = y = 1.2 the hill is 1e-36 high: depth + z_t is the depth).
TEST(TopoReceiverTies, CartesianGridMidpoints) {
  const Topography topo(deck_grid(1.28, 2.0, 0.04), hill(1.0, 3, 0.8));
  ASSERT_EQ(topo.grids.zt, 1.0);
  ASSERT_EQ(topo.grids.n0, 26);
  const double h = topo.grids.h, zs = topo.map.hill.surface_at_xy(1.2, 1.2);
  int regrouped = 0, fused = 0;
  for (const double v : deck_midpoints(1.0, h, 24))
    for (bool depth : {false, true}) {
      const double z = depth ? v + zs : v;
      const TopoRecPlace p = place_receiver(rec_at(1.2, 1.2, v, depth), topo);
      ASSERT_FALSE(p.dropped) << v;
      EXPECT_EQ(p.grid, 0) << v;
      EXPECT_EQ(p.k, nearest_plane(z, 1.0, h)) << v << (depth ? " depth" : " z");
      EXPECT_NEAR(std::fabs(1 + (z - 1.0) / h - p.k), 0.5, 1e-9) << v;  // one of the two planes around it
      regrouped += nearest_plane_regrouped(z, 1.0, h) != p.k;
      fused += nearest_plane_fused(z, 1.0, h) != p.k;
    }
  EXPECT_GT(regrouped, 10);  // the other grouping disagrees at many of these ties,
  EXPECT_GT(fused, 10);      // and so does its fused form
  // a deck's round number: z = 1.02 is on the plane z = 1 (k = 1), not z = 1.04
  EXPECT_EQ(place_receiver(rec_at(1.2, 1.2, 1.02, false), topo).k, 1);
  EXPECT_EQ(place_receiver(rec_at(1.2, 1.2, 1.02, true), topo).k, 1);
}

// Grid 1: k = round(s), halves away from zero, clamped to [1, n_c]. Exact halves come from round
// numbers in the uniform part, where s = (n_c - 1) shat0 + 1 is formed as written; over the
// bend (Newton) the plane is the nearest to s.
TEST(TopoReceiverTies, CurvilinearGridHalves) {
  for (int k = 1; k < 30; ++k) {
    EXPECT_EQ(curvilinear_plane(k + 0.5, 30), k + 1);
    EXPECT_EQ(curvilinear_plane(std::nextafter(k + 0.5, 0.0), 30), k);
  }
  EXPECT_EQ(curvilinear_plane(0.2, 30), 1);
  EXPECT_EQ(curvilinear_plane(-1e38, 30), 1);
  EXPECT_EQ(curvilinear_plane(30.5, 30), 30);
  int halves = 0, fused = 0, uniform = 0;
  for (const double h : {0.02, 0.04, 0.05, 0.1})
    for (const double zt : {0.4, 0.8, 1.0, 1.5})
      for (const double zeta : {0.5, 0.8}) {
        const Topography topo(deck_grid(1.28, 3.0, h), hill(zt, 4, zeta));
        const CurvilinearMapping& m = topo.map;
        const double zs = m.hill.surface_at_xy(1.2, 1.2), L = (m.nc - 1) * h;
        for (const double v : deck_midpoints(zt - (m.nc - 1) * h, h, m.nc - 1))
          for (bool depth : {false, true}) {
            const double z = depth ? v + zs : v, shat0 = 1 - (zt - z) / L;
            if (!(shat0 >= zeta) || z < zs) continue;
            ++uniform;
            const volatile double scaled = (m.nc - 1) * shat0;
            const double s = scaled + 1;
            const TopoRecPlace p = place_receiver(rec_at(1.2, 1.2, v, depth), topo);
            ASSERT_EQ(p.grid, 1);
            EXPECT_EQ(p.k, curvilinear_plane(s, m.nc)) << h << " " << zt << " " << v;
            halves += s == std::floor(s) + 0.5;
            fused += curvilinear_plane(std::fma(m.nc - 1, shat0, 1.0), m.nc) != p.k;
          }
      }
  EXPECT_GT(uniform, 200);
  EXPECT_GT(halves, uniform / 2);  // most round midpoints are exact halves
  EXPECT_GT(fused, 0);             // and a fused product moves some of them (0.725 under 0.8, h 0.05)
  // over the bend: near every midpoint, the plane nearest to s
  const Topography topo = var_deck();
  const TopoGrids& g = topo.grids;
  for (const double x : {0.6, 1.2})
    for (int k = 1; k < g.nc; ++k) {
      const double q = x / g.h + 1, r = 0.5 / g.h + 1, mid = topo.map.z(q, r, k + 0.5);
      for (double z = mid - 1e-6; z <= mid + 1e-6; z += 1e-7) {
        if (z > g.zt || z < topo.map.hill.surface_at_xy(x, 0.5)) continue;
        const TopoRecPlace p = place_receiver(rec_at(x, 0.5, z, false), topo);
        EXPECT_LE(std::fabs(topo.map.invert(q, r, z) - p.k), 0.5 + 1e-9) << x << " " << z;
      }
    }
}

// The flat grid (NUMERICS 10.1): planes from 0 in x, y and z; ties go to the lower index.
TEST(TopoReceiverTies, FlatGridMidpoints) {
  for (const double h : {0.04, 0.1, 0.01, 25.0}) {
    GridCfg grid;
    grid.h = h;
    int fused = 0;
    for (const double c : deck_midpoints(0.0, h, 100)) {
      const GridIndex p = nearest_grid_point(c, c, c, grid);
      EXPECT_EQ(p.i, nearest_plane(c, 0.0, h)) << c << " h=" << h;
      EXPECT_EQ(p.j, p.i);
      EXPECT_EQ(p.k, p.i);
      EXPECT_NEAR(std::fabs(1 + c / h - p.i), 0.5, 1e-9) << c;
      fused += nearest_plane_fused(c, 0.0, h) != p.i;
    }
    if (h == 0.04) {
      EXPECT_GT(fused, 5);
    }
  }
  // inputs/topography.in's rec x=1.1 on h = 0.04: column 28 (x = 1.08), not 29
  GridCfg grid;
  grid.h = 0.04;
  EXPECT_EQ(nearest_grid_point(1.1, 0.02, 0, grid).i, 28);
  EXPECT_EQ(nearest_grid_point(1.1, 0.02, 0, grid).j, 1);
}
