// topography/check_topography.hpp: the checks of a deck that the `topography` line and the
// grid decide together, as input errors, before any array exists.
//
// Why built so: they need the mapping (topography/topography.hpp: the two grids' sizes, the
// surface, the inverse mapping), and they speak as the parser does (one line FILE:LINE, exit
// status 1 on every rank: input/input_lex.hpp's fail_at), so they sit above both (DESIGN.md,
// "Layers"): the mapping stays free of the parser, and the kernels that include it too. The
// driver calls check_topography after parse_input; no MPI here.
#pragma once

#include <algorithm>
#include <string>

#include "checks/float_bits.hpp"
#include "input.hpp"
#include "topography/topography.hpp"

namespace sw4 {

// What the `topography` line and the grid decide together (NUMERICS 14.1, 14.3, 20.1, 21): the
// two grids must exist, the hill must stay above the interface, the bottom layer must fit,
// sources and receivers must lie above the moved bottom. Throws InputError "FILE:LINE: ...",
// like the parser; every rank calls it on the same Config.
inline void check_topography(const Config& cfg) {
  const TopographyCfg& t = cfg.topo;
  if (!t.on) return;
  const std::string& file = cfg.filename;
  auto fail = [&](int line, const std::string& m) { input_detail::fail_at(file, line, m); };
  if (cfg.tps.on)
    fail(t.line, "topography: cannot be combined with testpointsource (its exact solution is that "
                 "of a flat surface; remove one of them)");
  const Topography topo(cfg.grid, t);
  const TopoGrids& g = topo.grids;
  double deepest = -1e300;  // the largest z of the surface over the columns
  for (int j = 1; j <= g.ny; ++j)
    for (int i = 1; i <= g.nx; ++i) deepest = std::max(deepest, topo.map.hill.surface(i, j));
  if (!(deepest < t.zmax))
    fail(t.line, "topography: the surface reaches z=" + input_detail::fmt(deepest) +
                     ", below the interface zmax=" + input_detail::fmt(t.zmax) +
                     " (allowed: zmax deeper than every point of the surface)");
  if (g.n0 < 1 || !(t.zmax < cfg.grid.zmax))
    fail(t.line, "topography: zmax=" + input_detail::fmt(t.zmax) + " is not above the bottom z=" +
                     input_detail::fmt(cfg.grid.zmax) + " (allowed: zmax < the grid's z)");
  const std::string problem = topography_grid_problem(g);
  if (!problem.empty()) fail(t.line, "topography: " + problem);
  const double width = cfg.sg.gp * g.h;
  if (!dirichlet_sides(cfg) && !(width < g.zmax - t.zmax))  // Dirichlet sides have no layers
    fail(cfg.sg.line ? cfg.sg.line : cfg.grid.line,
         "supergrid: the bottom layer (gp*h = " + input_detail::fmt(width) +
             ") does not fit in the Cartesian grid below the topography (allowed: gp*h < " +
             input_detail::fmt(g.zmax - t.zmax) + ")");
  // Newton's inversion of the mapping (NUMERICS 20.3) must converge where a point is placed.
  auto inverts = [&](double x, double y, double z0) {
    const double zt = topo.map.hill.surface_at_xy(x, y);
    // invert's NaN (no convergence) read by the bits: fast math folds std::isnan (float_bits.hpp)
    return z0 > g.zt || z0 < zt - 1e-9 || finite_bits(topo.map.invert(x / g.h + 1, y / g.h + 1, z0));
  };
  const std::string no_inverse = " (the inverse of the grid mapping does not converge there: move it, "
                                 "or make the hill smoother)";
  for (const SourceCfg& s : cfg.sources) {
    const double z0 = s.z_is_depth ? s.z + topo.map.hill.surface_at_xy(s.x, s.y) : s.z;
    if (!(z0 <= g.zmax))
      fail(s.line, "source: z=" + input_detail::fmt(z0) + " is below the bottom of the domain (allowed: z <= " +
                       input_detail::fmt(g.zmax) + ")");
    if (!inverts(s.x, s.y, z0)) fail(s.line, "source: z=" + input_detail::fmt(z0) + no_inverse);
  }
  for (const RecCfg& r : cfg.recs) {
    const double z0 = r.z_is_depth ? r.z + topo.map.hill.surface_at_xy(r.x, r.y) : r.z;
    if (!inverts(r.x, r.y, z0)) fail(r.line, "rec: z=" + input_detail::fmt(z0) + no_inverse);
  }
  for (const RecCfg& r : cfg.recs)
    if (!(r.z <= g.zmax) && !(!r.z_is_depth && r.z < g.zt))
      fail(r.line, std::string("rec: ") + (r.z_is_depth ? "depth=" : "z=") + input_detail::fmt(r.z) +
                       " is below the bottom of the domain (allowed: <= " + input_detail::fmt(g.zmax) + ")");
}

}  // namespace sw4
