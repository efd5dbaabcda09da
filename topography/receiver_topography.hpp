// receiver_topography.hpp: where a receiver sits with topography (its grid and grid point), and
// the Receiver that records there, with the curvilinear metric of its point (NUMERICS 21).
//
// Why built so. A receiver records the solution at one grid point, without interpolation, as
// on the flat grid; only the choice of the point changes. The column is still the nearest one
// to the requested (x, y) (NUMERICS.md 10.1), but the vertical index on grid 1 is not a
// nearest-point search in physical z: the original inverts the mapping at the requested (x, y)
// (not at the column's) and rounds s, and we do the same because a different rule picks a
// different point on a slope. The derivative modes on grid 1 need the metric at the point;
// the Receiver carries it as five numbers (receiver_modes.hpp), taken from piece_metric over
// the one-point box, which is bitwise what the whole grid's arrays hold there, so a receiver
// records the same bits whichever piece or rank owns it.
#pragma once

#include <cmath>

#include "checks/float_bits.hpp"
#include "config.hpp"
#include "receiver.hpp"
#include "topography/topography.hpp"

namespace sw4 {

// dropped: above the surface (the caller prints "Ignoring SAC station ... above the
// topography"); grid 0 Cartesian or 1 curvilinear and the global point (i, j, k) on it.
struct TopoRecPlace {
  bool dropped = false;
  int grid = 1;
  int i = 0, j = 0, k = 0;
};

// Grid 1's plane of a receiver at s of the inverse mapping (NUMERICS 21): round(s), halves away
// from zero (s = k + 1/2 is k + 1), clamped to [1, n_c].
inline int curvilinear_plane(double s, int nc) {
  const double k = std::round(s);
  return k < 1 ? 1 : k > nc ? nc : int(k);
}

// s at z for a receiver: the inverse mapping, except that in the uniform part (nc - 1) shat0 +
// 1 is formed as the original writes it, the product rounded on its own (volatile, never fused
// into an FMA): round numbers give exact halves there, and a fused product moves a few of them
// (Z_t = 0.8, h = 0.05, z = 0.725: 16.499999999999996, plane 16, instead of 16.5, plane 17).
// Sources keep invert() as it is: no tie of theirs picks a point.
inline double receiver_s(const CurvilinearMapping& map, double q, double r, double z) {
  const double L = (map.nc - 1) * map.h, shat0 = 1 - (map.zt - z) / L;
  if (!(shat0 >= map.zeta)) return map.invert(q, r, z);
  const volatile double scaled = (map.nc - 1) * shat0;
  return scaled + 1;
}

// NUMERICS 21. (i, j): the nearest column of (x, y). The surface z_t(x, y) is needed when the
// value is a depth or an absolute z <= Z_t (a z above the interface is on grid 0 whatever the
// surface): z = depth + z_t, dropped when z < z_t - 1e-9. Then z > Z_t (or z at or below the
// bottom): grid 0, k the nearest of z_k = Z_t + (k-1)h by the sign of z - (Z_t + (k - 1/2)h),
// grouped so (nearest_index with c0 = Z_t: a tie goes to the lower k), except z >= the bottom
// gives k = n_0 + 2 (the original's quirk: a ghost plane). Else grid 1, k = round(s) (halves
// away from zero) of the inverse mapping at the requested (x, y), clamped to [1, n_c]; k = 1 if
// it fails.
inline TopoRecPlace place_receiver(const RecCfg& rc, const Topography& topo) {
  const TopoGrids& g = topo.grids;
  const double h = g.h;
  TopoRecPlace pl;
  pl.i = nearest_index(rc.x, h);
  pl.j = nearest_index(rc.y, h);
  double z = rc.z;
  const bool raw_grid0 = !rc.z_is_depth && (z > g.zt || z >= g.zmax);
  if (!raw_grid0) {
    const double zt = topo.map.hill.surface_at_xy(rc.x, rc.y);
    if (rc.z_is_depth) z = rc.z + zt;
    if (z < zt - 1e-9) {
      pl.dropped = true;
      return pl;
    }
  }
  if (z > g.zt || z >= g.zmax) {
    pl.grid = 0;
    pl.k = z >= g.zmax ? g.n0 + 2 : nearest_index(z, h, g.zt);
    return pl;
  }
  pl.grid = 1;
  const double s = receiver_s(topo.map, rc.x / h + 1, rc.y / h + 1, z);
  pl.k = finite_bits(s) ? curvilinear_plane(s, g.nc) : 1;  // NaN: no convergence (by the bits)
  return pl;
}

// The metric of grid 1 at (i, j, k) as its arrays hold it (piece_metric over the point).
inline PointMetric point_metric(const Topography& topo, int i, int j, int k) {
  Metric m;
  piece_metric(topo, Box{i, i, j, j, k, k}, m);
  PointMetric pm;
  pm.on = true;
  pm.m1 = m.m1(i, j, k);
  pm.m2 = m.m2(i, j, k);
  pm.m3 = m.m3(i, j, k);
  pm.m4 = m.m4(i, j, k);
  pm.J = m.J(i, j, k);
  return pm;
}

// A receiver at a placed point (not dropped): its grid, its point, and on grid 1 the metric
// there. Its files print the column's ((i-1)h, (j-1)h) as the "Actual location", as without
// topography; no depth is written (the original prints the point's z only on its console).
inline Receiver make_receiver(const RecCfg& cfg, const TopoRecPlace& place,
                              const Topography& topo) {
  Receiver r;
  r.cfg = cfg;
  r.p = GridIndex{place.i, place.j, place.k};
  r.grid = place.grid;
  if (place.grid == 1) r.metric = point_metric(topo, place.i, place.j, place.k);
  return r;
}

// Depth below the surface of a point of a source or rec line: the value given when it is a
// depth (or without topography, where z is the depth), else z - z_t(x, y) of the analytic hill.
inline double depth_below_surface(const Config& cfg, double x, double y, double z, bool is_depth) {
  if (is_depth || !cfg.topo.on) return z;
  return z - GaussianHill(cfg.topo, cfg.grid.h).surface_at_xy(x, y);
}

// What the SAC header says of where the receiver and the event are: the receiver's depth
// (STDP), and the event at the deck's first source (EVLA, EVLO, EVDP), none without sources.
inline void set_sac_positions(Receiver& r, const Config& cfg) {
  r.depth = depth_below_surface(cfg, r.cfg.x, r.cfg.y, r.cfg.z, r.cfg.z_is_depth);
  r.event = !cfg.sources.empty();
  if (!r.event) return;
  const SourceCfg& s = cfg.sources.front();
  r.ev_x = s.x;
  r.ev_y = s.y;
  r.ev_depth = depth_below_surface(cfg, s.x, s.y, s.z, s.z_is_depth);
}

}  // namespace sw4
