// Unit tests of receiver_topography.hpp and of the curvilinear derivative modes of
// receiver_modes.hpp: where a receiver sits with topography, its header location, and what its
// derivative modes record on grid 1 with the metric of its point.
//
// Why built so. The receiver points of the pytest deck and of varA and the "Distance from
// target to actual location" lines are the original's (its reference runs, recorded outside
// this repository). The derivative modes have no reference series of their own: they are
// checked against the Cartesian formula on a flat surface, against the exact gradient of a
// field affine in physical space on the hill, and for their second order. The decks:
// topography_deck_helpers.hpp.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "receiver_topography.hpp"
#include "topography_deck_helpers.hpp"

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
      expect_rel(curv.metric.J, h * h * h, 1e-14, "J");
      EXPECT_EQ(curv.metric.m2, 0.0);
      EXPECT_EQ(curv.metric.m3, 0.0);
      curv.record_initial(u, h);
      cart.record_initial(u, h);
      ASSERT_EQ(curv.samples.size(), cart.samples.size());
      for (std::size_t n = 0; n < cart.samples.size(); ++n)
        EXPECT_NEAR(curv.samples[n], cart.samples[n], 1e-14 * 6 / (2 * h)) << int(mode) << " " << n;
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
