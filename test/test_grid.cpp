// Unit tests of grid.hpp: arrays, the original's process grid and 1-D split, materials.
#include <gtest/gtest.h>

#include "grid.hpp"

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
