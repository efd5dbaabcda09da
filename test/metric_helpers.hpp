// metric_helpers.hpp: the metric of a whole z array, for the tests of the metric and of the
// curvilinear operator (test_topography.cpp, test_stencil_curvilinear.cpp).
//
// Why built so: a run never computes this. A piece takes its metric from piece_metric
// (topography/topography.hpp), which generates z past its own box and needs no halo exchange
// (NUMERICS 15.1, 19.3). The tests want the plainer thing: the difference formulas applied to
// a given z over its whole box, one-sided at the box's ends, to compare piece_metric and the
// analytic metric with, and to try z arrays no mapping gives (a thin or folded grid).
#pragma once

#include "topography/topography.hpp"

namespace sw4 {

// The metric from 4th-order differences of z over z's whole box, one-sided at the box's first
// and last two positions in each direction: over the global box of grid 1 (ghosts included)
// the metric a run's pieces hold. Returns false, leaving m partly filled, when the box has
// fewer than 6 points in some direction or some z_k <= 0 (a grid that folds).
inline bool metric_from_grid(const Array3d& z, double h, Metric& m) {
  const Box& b = z.box;
  if (b.ni() < 6 || b.nj() < 6 || b.nk() < 6) return false;
  m.define(b);
  return metric_by_differences(z, b, b, h, m);
}

}  // namespace sw4
