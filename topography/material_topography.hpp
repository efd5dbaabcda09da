// material_topography.hpp: the material of the two grids under a hill (NUMERICS 22).
//
// Why built so: a block's values grow with the depth below the surface, so with topography a
// point's material needs its depth, and the two grids measure it differently, as the original
// does: the curvilinear grid from its own surface point of the column, d = z(i,j,k) - z(i,j,1),
// at every point including all ghosts; the Cartesian grid from the analytic surface, d = z -
// z_t(x, y), on the physical columns, its ghost columns copied from the nearest physical column.
// (`absdepth=1` blocks use z itself.) Each point is a function of its global indices, so every
// piece computes the values it needs without being sent them. A point that no block covers is
// reported by the caller (the deck's blocks must cover both grids).
#pragma once

#include <algorithm>

#include "grid.hpp"
#include "material.hpp"
#include "topography/topography.hpp"

namespace sw4 {

// Grid 0 (Cartesian, z = Z_t + (k-1)h): physical columns at every k, planes below n0 copied
// from n0, ghost columns from the nearest physical column. False: no block covers the point.
inline bool material_cartesian_topo(const Config& cfg, const Topography& topo, int i, int j, int k,
                                    MaterialPoint& m) {
  const TopoGrids& g = topo.grids;
  if (cfg.verify.kind != VerifyKind::None) {
    // the point's plane counted from the top of grid 1, so that a point both grids hold (the
    // injected planes) draws the same random material in testenergy
    m = test_problem_material(cfg, (i - 1) * g.h, (j - 1) * g.h, g.zt + (k - 1) * g.h, i, j, k + g.nc - 1, 1);
    return true;
  }
  i = std::min(std::max(i, 1), g.nx);
  j = std::min(std::max(j, 1), g.ny);
  const double x = (i - 1) * g.h, y = (j - 1) * g.h, zt = topo.map.hill.surface_at_xy(x, y);
  auto at = [&](int kk) {
    const double z = g.zt + (kk - 1) * g.h;
    return blocks_at(cfg, x, y, z, z - zt, m);
  };
  if (at(k)) return true;
  return k > g.n0 && at(g.n0);
}

// Grid 1 (curvilinear): every point from its own depth below the column's surface point; a
// ghost plane above the surface that no block holds copies k = 1, and what is still unset
// copies the nearest physical column.
inline bool material_curvilinear(const Config& cfg, const Topography& topo, int i, int j, int k,
                                 MaterialPoint& m) {
  const CurvilinearMapping& map = topo.map;
  if (cfg.verify.kind != VerifyKind::None) {
    m = test_problem_material(cfg, (i - 1) * map.h, (j - 1) * map.h, map.z(i, j, k), i, j, k, 1);
    return true;
  }
  auto at = [&](int ii, int jj, int kk) {
    const double z = map.z(ii, jj, kk), d = z - map.z(ii, jj, 1);
    return blocks_at(cfg, (ii - 1) * map.h, (jj - 1) * map.h, z, d, m);
  };
  if (at(i, j, k) || (k < 1 && at(i, j, 1))) return true;
  const int ci = std::min(std::max(i, 1), topo.grids.nx), cj = std::min(std::max(j, 1), topo.grids.ny);
  if (ci == i && cj == j) return false;
  return at(ci, cj, k) || (k < 1 && at(ci, cj, 1));
}

}  // namespace sw4
