// pointsource_grid.hpp: the grid of the original's pointsource run (x=8 y=8 z=4, h=0.04),
// which the receiver and source-weight tests both place things on.
#pragma once

#include "input.hpp"

inline sw4::GridCfg pointsource_grid() {
  sw4::GridCfg g;
  g.nx = g.ny = 201;
  g.nz = 101;
  g.h = 0.04;
  g.xmax = g.ymax = 8;
  g.zmax = 4;
  return g;
}
