// Unit tests of grid.hpp (arrays, the original's process grid and 1-D split) and material.hpp.
#include <gtest/gtest.h>

#include <chrono>
#include <random>

#include "grid.hpp"
#include "material.hpp"

using namespace sw4;

TEST(Array3, IndexingFollowsTheBox) {
  Array3 a(Box{-1, 3, 2, 4, 0, 1});
  EXPECT_EQ(a.v.size(), 5u * 3 * 2);
  a(-1, 2, 0) = 1;
  a(3, 4, 1) = 2;
  EXPECT_EQ(a.v.front(), 1);
  EXPECT_EQ(a.v.back(), 2);
  EXPECT_EQ(a.index(0, 2, 0) - a.index(-1, 2, 0), 1);
  EXPECT_EQ(a.index(-1, 3, 0) - a.index(-1, 2, 0), 5);
  EXPECT_EQ(a.index(-1, 2, 1) - a.index(-1, 2, 0), 15);
  EXPECT_EQ(a.box.index(3, 4, 1), a.index(3, 4, 1));
}

// NUMERICS 1.3: pointsource (205 x 205 with ghosts) on 2 ranks splits in y; ties keep the
// smaller p1; admissibility needs at least 2 points per piece.
TEST(Decomposition, ProcessGrid) {
  EXPECT_EQ(process_grid(1, 205, 205), (std::array<int, 2>{1, 1}));
  EXPECT_EQ(process_grid(2, 205, 205), (std::array<int, 2>{1, 2}));
  EXPECT_EQ(process_grid(4, 205, 205), (std::array<int, 2>{2, 2}));
  EXPECT_EQ(process_grid(3, 205, 205), (std::array<int, 2>{1, 3}));
  EXPECT_EQ(process_grid(2, 400, 100), (std::array<int, 2>{2, 1}));
  EXPECT_EQ(process_grid(6, 10, 4)[0], 3);  // p2 = 2 is the most y allows
  EXPECT_EQ(process_grid(7, 10, 10)[0], -1);  // no admissible pair
}

// NUMERICS 1.4 example: N = 205 points (201 + ghosts) on 2 pieces.
TEST(Decomposition, Split1d) {
  EXPECT_EQ(split_1d(201, 2, 0), (std::array<int, 2>{-1, 103}));
  EXPECT_EQ(split_1d(201, 2, 1), (std::array<int, 2>{100, 203}));
  EXPECT_EQ(owned_1d(split_1d(201, 2, 0), 201), (std::array<int, 2>{1, 101}));
  EXPECT_EQ(owned_1d(split_1d(201, 2, 1), 201), (std::array<int, 2>{102, 201}));
  // owned ranges tile 1..n exactly and neighbours overlap by 4 points, for many splits
  for (int n : {8, 31, 201, 301})
    for (int P = 1; P <= 9 && P <= (n + 4) / 2; ++P) {
      int next = 1;
      for (int r = 0; r < P; ++r) {
        const auto rg = split_1d(n, P, r);
        const auto ow = owned_1d(rg, n);
        EXPECT_EQ(ow[0], next) << n << " " << P << " " << r;
        next = ow[1] + 1;
        if (r > 0) {
          EXPECT_EQ(split_1d(n, P, r - 1)[1] - rg[0] + 1, 4);
        }
      }
      EXPECT_EQ(next, n + 1);
      EXPECT_EQ(split_1d(n, P, P - 1)[1], n + 2);
    }
}

TEST(Material, BlocksInOrderAndGhostExtrapolation) {
  Config cfg;
  cfg.grid.nx = cfg.grid.ny = 11;
  cfg.grid.nz = 11;
  cfg.grid.h = 100;
  cfg.grid.xmax = cfg.grid.ymax = cfg.grid.zmax = 1000;
  BlockCfg half;
  half.vp = 6000;
  half.vs = 3464;
  half.rho = 2700;
  half.x1 = -1000;
  half.x2 = 2000;
  half.y1 = -1000;
  half.y2 = 2000;
  half.z1 = -1000;
  half.z2 = 2000;
  BlockCfg top = half;
  top.vp = 4000;
  top.vs = 2000;
  top.rho = 2600;
  top.z1 = 0;  // so the ghost points above the surface are not covered: copied from k = 1
  top.z2 = 300;
  top.vsgrad = 1;
  cfg.blocks = {half, top};
  const MaterialPoint a = material_at(cfg, 5, 5, 3);  // z = 200: top layer, gradient
  EXPECT_DOUBLE_EQ(a.rho, 2600);
  EXPECT_DOUBLE_EQ(a.mu, 2600 * 2200.0 * 2200.0);
  EXPECT_DOUBLE_EQ(a.la, 2600 * 4000.0 * 4000.0 - 2 * a.mu);
  const MaterialPoint b = material_at(cfg, 5, 5, 6);  // z = 500: half-space
  EXPECT_DOUBLE_EQ(b.rho, 2700);
  // k = 0 (z = -100) is covered by the first block (default bounds), the later one is not:
  // the half-space values, as the original's block loop gives.
  EXPECT_DOUBLE_EQ(material_at(cfg, 5, 5, 0).rho, 2700);
  // i/j ghosts copy the boundary column
  EXPECT_DOUBLE_EQ(material_at(cfg, -1, 0, 3).mu, material_at(cfg, 1, 1, 3).mu);
  EXPECT_DOUBLE_EQ(material_at(cfg, 13, 12, 3).mu, material_at(cfg, 11, 11, 3).mu);
  // without the first block, the top ghost copies k = 1
  cfg.blocks = {top};
  cfg.blocks[0].z2 = 1000;
  EXPECT_DOUBLE_EQ(material_at(cfg, 5, 5, -1).mu, material_at(cfg, 5, 5, 1).mu);
  EXPECT_DOUBLE_EQ(material_at(cfg, 5, 5, 13).mu, material_at(cfg, 5, 5, 11).mu);
}

// max_wave_speed2 visits one column per cell and decision instead of every point: on random
// layouts (overlapping blocks, gradients, bounds on and a tolerance away from grid
// coordinates, uncovered ghost planes, boxes in the ghost region) it must give the point
// loop's maximum to the last bit, since the time step is computed from it.
TEST(Material, MaxWaveSpeedByCellsEqualsThePointLoopBitwise) {
  std::mt19937_64 rng(20240611);
  auto uni = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); };
  auto pick = [&](int a, int b) { return std::uniform_int_distribution<int>(a, b)(rng); };
  const double hs[4] = {0.04, 50, 1.0 / 3, 0.1};
  int compared = 0, varying = 0;
  for (int trial = 0; trial < 400; ++trial) {
    Config cfg;
    GridCfg& g = cfg.grid;
    g.h = hs[trial % 4];
    g.nx = pick(4, 24);
    g.ny = pick(4, 24);
    g.nz = pick(8, 30);
    g.xmax = (g.nx - 1) * g.h;
    g.ymax = (g.ny - 1) * g.h;
    g.zmax = (g.nz - 1) * g.h;
    const double ext[3] = {g.xmax, g.ymax, g.zmax};
    const int nblocks = pick(1, 6);
    for (int n = 0; n < nblocks; ++n) {
      BlockCfg b;
      b.vp = uni(1000, 6000);
      b.vs = uni(300, b.vp / 1.5);
      b.rho = uni(1000, 3000);
      if (pick(0, 1)) {  // gradients: values change along k (both signs, kept positive)
        b.vpgrad = uni(-0.2, 1.5) * b.vp / (ext[2] + g.h);
        b.vsgrad = uni(-0.2, 1.5) * b.vs / (ext[2] + g.h);
        b.rhograd = uni(-0.2, 1.5) * b.rho / (ext[2] + g.h);
      }
      double* lo[3] = {&b.x1, &b.y1, &b.z1};
      double* hi[3] = {&b.x2, &b.y2, &b.z2};
      for (int d = 0; d < 3; ++d) {
        auto bound = [&](bool upper) {
          switch (pick(0, 3)) {
            case 0: return upper ? 2 * ext[d] : -ext[d];  // the parser's defaults
            case 1: return uni(-2 * g.h, ext[d] + 2 * g.h);
            case 2: return pick(-2, int(ext[d] / g.h) + 2) * g.h;  // on a grid coordinate
            default:  // just inside or outside the tolerance
              return pick(0, int(ext[d] / g.h)) * g.h + (pick(0, 1) ? 1 : -1) * kBlockTolerance *
                                                            (pick(0, 1) ? 0.999 : 1.001);
          }
        };
        double a = bound(false), c = bound(true);
        if (c < a) std::swap(a, c);
        *lo[d] = a;
        *hi[d] = c;
      }
      cfg.blocks.push_back(b);
    }
    BlockCfg all;  // usually a first block covers the grid, as the parser demands
    all.vp = 2000;
    all.vs = 1000;
    all.rho = 2000;
    all.x1 = all.y1 = all.z1 = -1e9;
    all.x2 = all.y2 = all.z2 = 1e9;
    if (trial % 5 != 0) cfg.blocks.insert(cfg.blocks.begin(), all);
    for (int nbox = 0; nbox < 4; ++nbox) {
      Box b{1 - 2, g.nx + 2, 1 - 2, g.ny + 2, 1 - 2, g.nz + 2};
      if (nbox > 0) {
        b.ib = pick(-1, g.nx + 2);
        b.ie = pick(b.ib, g.nx + 2);
        b.jb = pick(-1, g.ny + 2);
        b.je = pick(b.jb, g.ny + 2);
        b.kb = pick(-1, g.nz + 2);
        b.ke = pick(b.kb, g.nz + 2);
      }
      const double slow = max_wave_speed2_pointwise(cfg, b), fast = max_wave_speed2(cfg, b);
      EXPECT_EQ(fast, slow) << "trial " << trial << " box " << nbox;
      ++compared;
      if (slow != wave_speed2(material_at(cfg, b.ib, b.jb, b.kb))) ++varying;
    }
  }
  EXPECT_GT(varying, compared / 4) << "too few layouts where the maximum is not at the first point";
  // testpointsource: one material everywhere
  Config tp;
  tp.tps.on = true;
  tp.grid.nx = tp.grid.ny = tp.grid.nz = 10;
  tp.grid.h = 0.1;
  const Box b{-1, 12, -1, 12, -1, 12};
  EXPECT_EQ(max_wave_speed2(tp, b), max_wave_speed2_pointwise(tp, b));
}

// The cost does not grow with the grid: a 5000^3 grid's whole box takes about as long as a
// small one (the point loop would visit 1.25e11 points).
TEST(Material, MaxWaveSpeedOfAHugeGridIsQuick) {
  Config cfg;
  GridCfg& g = cfg.grid;
  g.nx = g.ny = g.nz = 5000;
  g.h = 1;
  g.xmax = g.ymax = g.zmax = 4999;
  BlockCfg b;
  b.vp = 2000;
  b.vs = 1000;
  b.rho = 2000;
  b.vpgrad = 0.1;
  b.x1 = b.y1 = b.z1 = -4999;
  b.x2 = b.y2 = b.z2 = 2 * 4999;
  cfg.blocks = {b};
  b.vp = 3000;
  b.vpgrad = 0;
  b.x1 = 1000;
  b.x2 = 2000.5;
  b.z1 = 10;
  b.z2 = 300;
  cfg.blocks.push_back(b);
  const auto t0 = std::chrono::steady_clock::now();
  const double m = max_wave_speed2(cfg, Box{-1, 5002, -1, 5002, -1, 5002});
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // the second block (vp 3000) beats the first's deepest plane (vp 2000 + 0.1 z < 2500)
  EXPECT_EQ(m, wave_speed2(material_at(cfg, 1500, 1, 20)));
  EXPECT_GT(m, wave_speed2(material_at(cfg, 1, 1, 5000)));
  EXPECT_LT(s, 1.0) << "max_wave_speed2 took " << s << " s";
}
