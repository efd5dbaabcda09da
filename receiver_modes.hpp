// receiver_modes.hpp: where a receiver sits on a grid and what one sample of each recording
// mode is: the grid point nearest a location, and the displacement, divergence, curl, strains
// and displacement gradient read from the solution around that point.
//
// Why built so: the arithmetic of a sample is the part that must agree with the original to the
// last bit (NUMERICS.md 10.1), so it is one free function of the field, the point and the grid
// geometry, kept apart from the Receiver's bookkeeping and file formats (receiver.hpp) and
// testable on its own. On the Cartesian grid a derivative is the centred difference times
// 1/(2h). On the curvilinear grid (NUMERICS 21) the same index differences are combined with
// the metric of the receiver's point, which the receiver carries as five numbers (PointMetric)
// rather than a reference to the metric arrays: it moves between pieces and ranks with the
// receiver and needs no array to be present where it records.
#pragma once

#include <cassert>
#include <cmath>
#include <vector>

#include "grid.hpp"
#include "config.hpp"

namespace sw4 {

struct GridIndex { int i = 0, j = 0, k = 0; };

// The nearest index of coordinate c on points c_i = c0 + (i-1)h (NUMERICS.md 1.1, 10.1, 21):
// floor((c - c0)/h) + 1, then up one if c - (c0 + (i - 1/2)h) > 0, evaluated as the original
// writes it. The grouping: the midpoint is rounded as a coordinate before the difference, so a
// deck's round numbers that land on it (c = 1.02 over c0 = 1, h = 0.04) tie and go to the
// lower index, where (c - c0) - (i - 1/2)h would round up. The product: rounded on its own, as
// written; fused into one FMA (g++ may do so under -march=native, depending on where this is
// inlined) it moves a fifth of the ties of round numbers (x = 1.1, h = 0.04: column 29, not
// 28), hence volatile.
// With c0 = 0 (the flat grid, and x and y always) the sum with c0 is exact.
inline int nearest_index(double c, double h, double c0 = 0) {
  int i = static_cast<int>(std::floor((c - c0) / h)) + 1;
  const volatile double half = (i - 0.5) * h;  // never fused: see above
  if (c - (c0 + half) > 0.) ++i;
  return i;
}

// Nearest grid point, x_i = (i-1)h. z is measured from z_min = 0.
inline GridIndex nearest_grid_point(double x, double y, double z, const GridCfg& grid) {
  const double h = grid.h;
  return GridIndex{nearest_index(x, h), nearest_index(y, h), nearest_index(z, h)};
}

// The curvilinear metric at a receiver's point (NUMERICS 16, 21): J and m1..m4 as the metric
// arrays hold them there. `on` false: the point is on a Cartesian grid.
struct PointMetric {
  bool on = false;
  double m1 = 0, m2 = 0, m3 = 0, m4 = 0, J = 0;
};

inline int mode_components(RecMode mode) {
  switch (mode) {
    case RecMode::Div: return 1;
    case RecMode::Strains: return 6;
    case RecMode::DisplacementGradient: return 9;
    default: return 3;
  }
}

// The components of a gradient mode from d[c][x], the derivative of component c along axis x
// (div, curl, strains, the displacement gradient row by row); the DG solver's receivers
// (dg/dg_problem.hpp) take their samples through this too.
inline void append_gradient_sample(RecMode mode, const double d[3][3], std::vector<Real>& out) {
  if (mode == RecMode::Div) {
    out.push_back(d[0][0] + d[1][1] + d[2][2]);
  } else if (mode == RecMode::Curl) {
    out.push_back(d[2][1] - d[1][2]);  // w_y - v_z
    out.push_back(d[0][2] - d[2][0]);  // u_z - w_x
    out.push_back(d[1][0] - d[0][1]);  // v_x - u_y
  } else if (mode == RecMode::Strains) {
    out.push_back(d[0][0]);
    out.push_back(d[1][1]);
    out.push_back(d[2][2]);
    out.push_back(0.5 * (d[1][0] + d[0][1]));
    out.push_back(0.5 * (d[2][0] + d[0][2]));
    out.push_back(0.5 * (d[1][2] + d[2][1]));
  } else {  // displacement gradient, row by row: du/dx, du/dy, du/dz, dv/dx, ...
    for (int c = 0; c < 3; ++c)
      for (int x = 0; x < 3; ++x) out.push_back(d[c][x]);
  }
}

// One sample of a mode read from one solution level a (every mode but velocity, which needs two
// levels), appended to out. Cartesian: derivatives are (f(+1) - f(-1)) * 1/(2h), divergence one
// sum of differences times that factor (as the original forms them). Curvilinear (metric.on),
// with the index differences d_i, d_j, d_k: d/dx = (m1 d_i + m2 d_k)/(2 sqrt J), d/dy = (m1 d_j
// + m3 d_k)/(2 sqrt J), d/dz = m4 d_k/(2 sqrt J); on the surface k = 1 this reads the ghost
// plane k = 0, as the original does.
inline void append_mode_sample(RecMode mode, const Field& a, const GridIndex& p, double h,
                               const PointMetric& metric, std::vector<Real>& out) {
  const int i = p.i, j = p.j, k = p.k;
  if (mode == RecMode::Displacement) {
    for (int c = 0; c < 3; ++c) out.push_back(a[c](i, j, k));
    return;
  }
  assert(a[0].box.contains(i - 1, j - 1, k - 1) && a[0].box.contains(i + 1, j + 1, k + 1));
  const Array3 &U = a[0], &V = a[1], &W = a[2];
  // d[c][x]: derivative of component c along axis x.
  double d[3][3];
  if (!metric.on) {
    const double factor = 1.0 / (2 * h);
    if (mode == RecMode::Div) {
      out.push_back((U(i + 1, j, k) - U(i - 1, j, k) + V(i, j + 1, k) - V(i, j - 1, k) +
                     W(i, j, k + 1) - W(i, j, k - 1)) * factor);
      return;
    }
    for (int c = 0; c < 3; ++c) {
      const Array3& F = a[c];
      d[c][0] = (F(i + 1, j, k) - F(i - 1, j, k)) * factor;
      d[c][1] = (F(i, j + 1, k) - F(i, j - 1, k)) * factor;
      d[c][2] = (F(i, j, k + 1) - F(i, j, k - 1)) * factor;
    }
  } else {
    const double factor = 1.0 / (2 * std::sqrt(metric.J));
    for (int c = 0; c < 3; ++c) {
      const Array3& F = a[c];
      const double di = F(i + 1, j, k) - F(i - 1, j, k), dj = F(i, j + 1, k) - F(i, j - 1, k),
                   dk = F(i, j, k + 1) - F(i, j, k - 1);
      d[c][0] = (metric.m1 * di + metric.m2 * dk) * factor;
      d[c][1] = (metric.m1 * dj + metric.m3 * dk) * factor;
      d[c][2] = metric.m4 * dk * factor;
    }
  }
  append_gradient_sample(mode, d, out);
}

}  // namespace sw4
