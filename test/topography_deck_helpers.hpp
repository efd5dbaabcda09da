// topography_deck_helpers.hpp: what the tests of sources and receivers with topography share
// (test_source_topography.cpp, test_receiver_topography.cpp): the reference decks' grids and
// hills written out by hand, sources and rec lines as configs, a relative comparison.
//
// Why built so: both files place things on the same decks, which must be built alike; inline,
// so that a binary that uses only some of these compiles without a warning.
//   pytest: grid x=1.28 y=1.28 z=5.0 h=0.02; topography order=6 zmax=2.0 gaussianAmp=0.1
//           gaussianXc=0.6 gaussianYc=0.4 gaussianLx=0.15 gaussianLy=0.10;
//           source x=0.52 y=0.48 depth=0.2 mxy=0.87; rec (0.7,0.6,depth 0) (0.5,0.3,0) (0.6,0.5,0.3)
//   varA/B/C: grid x=1.28 y=1.28 z=2.0 h=0.04; topography order=3 zetabreak=0.8 zmax=0.4 (same
//           hill; varC analyticalMetric=1); varA source x=0.52 y=0.48 z=0.41 fx=1 fy=-0.5 fz=2,
//           varB z=0.35 mxx=1 myy=0.5 mzz=-0.7 mxz=0.3, varC depth=0.03 with also mxy=0.2
//           myz=-0.4; rec (0.7,0.6,depth 0.8) (0.5,0.3,z=0.1) (0.6,0.4,depth 0)
// (the decks of the original's reference runs with topography, as in test/reference/topo/*.in).
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>

#include "input.hpp"
#include "topography/topography.hpp"

using namespace sw4;


inline GridCfg deck_grid(double x, double z, double h) {  // as the parser: points from the lengths
  GridCfg g;
  g.h = h;
  g.nx = g.ny = input_detail::end_point_count(x, h);
  g.nz = input_detail::end_point_count(z, h);
  g.xmax = g.ymax = (g.nx - 1) * h;
  g.zmax = (g.nz - 1) * h;
  return g;
}
inline TopographyCfg hill(double zmax, int order, double zeta = 0.95, double amp = 0.1) {
  TopographyCfg t;
  t.on = true;
  t.zmax = zmax;
  t.order = order;
  t.zetabreak = zeta;
  t.amp = amp;
  t.xc = 0.6;
  t.yc = 0.4;
  t.lx = 0.15;
  t.ly = 0.10;
  return t;
}
inline Topography pytest_deck() { return Topography(deck_grid(1.28, 5.0, 0.02), hill(2.0, 6)); }
inline Topography var_deck(bool analytic = false) {
  TopographyCfg t = hill(0.4, 3, 0.8);
  t.analytical_metric = analytic;
  return Topography(deck_grid(1.28, 2.0, 0.04), t);
}
inline SourceCfg src_at(double x, double y, double z, bool depth) {
  SourceCfg s;
  s.x = x, s.y = y, s.z = z, s.z_is_depth = depth;
  return s;
}
inline SourceCfg moment(SourceCfg s, std::array<double, 6> M) {  // xx xy xz yy yz zz
  s.mxx = M[0], s.mxy = M[1], s.mxz = M[2], s.myy = M[3], s.myz = M[4], s.mzz = M[5];
  return s;
}
inline SourceCfg force(SourceCfg s, double fx, double fy, double fz) {
  s.is_force = true;
  s.fx = fx, s.fy = fy, s.fz = fz;
  return s;
}
inline RecCfg rec_at(double x, double y, double z, bool depth, RecMode mode = RecMode::Displacement) {
  RecCfg r;
  r.x = x, r.y = y, r.z = z, r.z_is_depth = depth, r.mode = mode;
  return r;
}
inline void expect_rel(double got, double want, double rel, const char* what) {
  EXPECT_LE(std::fabs(got - want), rel * std::fabs(want)) << what << ": got " << got << ", want " << want;
}
inline void fill_random(Array3& a, std::mt19937& rng, double lo, double hi) {
  std::uniform_real_distribution<double> U(lo, hi);
  for (Real& x : a.v) x = U(rng);
}
inline void flat_metric(Metric& met, const Box& b, double h) {  // J = h^3, m1 = m4 = sqrt(h)
  met.define(b);
  met.J.fill(h * h * h);
  met.m1.fill(std::sqrt(h));
  met.m4.fill(std::sqrt(h));
}
// A piece of the h = 0.04 deck around the hill: its metric, random u, material and stretching.
struct HillPiece {
  GridCfg gc = deck_grid(1.28, 5.0, 0.04);
  Topography topo{gc, hill(2.0, 6)};
  Box box{8, 24, 3, 19, -1, 6};
  Metric met;
  Field u;
  Array3 mu, la;
  Array1 sx{box.ib, box.ie}, sy{box.jb, box.je};
  explicit HillPiece(unsigned seed) {
    EXPECT_TRUE(piece_metric(topo, box, met));
    std::mt19937 rng(seed);
    for (auto& a : u) {
      a.define(box);
      fill_random(a, rng, -1, 1);
    }
    mu.define(box);
    la.define(box);
    fill_random(mu, rng, 1, 3);
    fill_random(la, rng, 0.5, 4);
    std::uniform_real_distribution<double> S(0.05, 1);
    for (Real& v : sx.v) v = S(rng);
    for (Real& v : sy.v) v = S(rng);
  }
};
