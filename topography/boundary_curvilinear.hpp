// boundary_curvilinear.hpp: the boundary conditions of the curvilinear top grid (grid 1): the
// traction-free curved surface (NUMERICS 17.1) and the injection that couples grid 1 to the
// Cartesian grid 0 below it (NUMERICS 19.1).
//
// Why built so. On a curved surface the normal derivative of every component enters the
// traction of every component, so the three ghost values of a column are coupled: they solve a
// 3 x 3 system whose matrix is mu alpha I + (lambda + mu) nu nu^T. That matrix is a multiple of
// the identity plus a rank-one term, so its inverse is written down (Sherman-Morrison) instead
// of solving a system per column: fewer operations, no pivoting, and a form in which the flat
// case visibly reduces to the Cartesian free surface of boundary.hpp. The stretching is kept
// inside the vectors n, a_x, a_y exactly as the operator uses them (NUMERICS 16.1), so the
// ghost values make the operator's own discrete k-flux vanish at k = 1. The differences along
// the surface and the normal one are boundary.hpp's (tangential_at, normal_inner_at), the flat
// condition's own: one arithmetic for both, written once.
//
// Each column's arithmetic is a function of raw pointers and the point's values
// (free_surface_curvilinear_ghosts, inject_column), marked SW4_HD: the loops below call it on
// the host, the CUDA build from a kernel, one body for both (DESIGN.md, "The GPU build").
//
// The injection is a plain copy of planes, done last in every boundary stage and over every
// column the arrays hold, ghost and padding columns included: the Cartesian grid's top ghosts
// must carry grid 1's values wherever grid 0's operator may read them, and the shared plane is
// grid 0's (what the curvilinear update wrote at k = n_c is discarded).
//
// Both loops are orphaned `omp for` like boundary.hpp's, so they share out their columns among
// the threads of an enclosing parallel region and run on one thread outside one; a column's
// arithmetic depends only on its global indices. No MPI here.
#pragma once

#include <functional>

#include <algorithm>
#include <cmath>

#include "boundary.hpp"
#include "grid.hpp"
#include "sbp.hpp"
#include "threads.hpp"
#include "topography/topography.hpp"

namespace sw4 {

// The tangential part of the k-flux at the plane-1 point q, divided by s^x s^y, into t: what the
// normal part must cancel. For the ghost solve below and for the memory variables' share of the
// surface (attenuation/free_surface_attenuation.hpp), with their own moduli m, l.
SW4_HD inline void curvilinear_tangential_flux(const Real* const f[3], long q, long sj, double m, double l,
                                               double m1, double m2, double m3, double m4, double sx,
                                               double sy, double t[3]) {
  const double l2m = 2 * m + l;
  // n = (s^x m2, s^y m3, m4): sqrt(J) grad k with the stretched x and y components.
  const double n1 = sx * m2, n2 = sy * m3, n3 = m4;
  double di[3], dj[3];
  for (int c = 0; c < 3; ++c) {
    di[c] = tangential_at(f[c], q, 1);  // the D of NUMERICS 16.1 along k = 1
    dj[c] = tangential_at(f[c], q, sj);
  }
  // B(n, a_x) D_i u and B(n, a_y) D_j u (NUMERICS 16.2's table)
  const double fx = m1 * sx, fy = m1 * sy;
  const double bx[3] = {fx * (l2m * n1 * di[0] + m * n2 * di[1] + m * n3 * di[2]),
                        fx * (l * n2 * di[0] + m * n1 * di[1]),
                        fx * (l * n3 * di[0] + m * n1 * di[2])};
  const double by[3] = {fy * (m * n2 * dj[0] + l * n1 * dj[1]),
                        fy * (m * n1 * dj[0] + l2m * n2 * dj[1] + m * n3 * dj[2]),
                        fy * (l * n3 * dj[1] + m * n2 * dj[2])};
  const double isxy = 1 / (sx * sy);
  for (int c = 0; c < 3; ++c) t[c] = isxy * (bx[c] + by[c]);
}

// The ghost values f_c(i, j, 0) of the curved free surface (NUMERICS 17.1) at the column whose
// plane-1 point is q (i stride 1, j stride sj, k stride sk in all three components), from the
// point's material m, l, metric m1..m4 and stretching sx, sy at (i, j, 1); tau: the boundary
// forcing (twilight's), or null (a run). Reads f at k = 1..4 and the tangential neighbours
// q +- 1, 2 and q +- sj, 2 sj of the plane k = 1. One body for the CPU loop below and the CUDA
// build (double arithmetic in both precisions, as the flat free_surface_ghosts).
SW4_HD inline void free_surface_curvilinear_ghosts(Real* const f[3], long q, long sj, long sk,
                                                   double m, double l, double m1, double m2,
                                                   double m3, double m4, double sx, double sy,
                                                   const double* tau) {
  constexpr Real b0 = sbp::sbop[0];
  const double l2m = 2 * m + l;
  const double n1 = sx * m2, n2 = sy * m3, n3 = m4;
  double t[3];
  curvilinear_tangential_flux(f, q, sj, m, l, m1, m2, m3, m4, sx, sy, t);
  // Dividing the flux by s^x s^y makes B(n, n) = s^x s^y (mu alpha I + (lambda + mu) nu
  // nu^T) with nu = n / sqrt(s^x s^y): the system for w = D^_k u.
  const double rs = std::sqrt(1 / (sx * sy));
  if (tau)
    for (int c = 0; c < 3; ++c) t[c] -= tau[c];
  const double nu[3] = {n1 * rs, n2 * rs, n3 * rs};
  const double alpha = nu[0] * nu[0] + nu[1] * nu[1] + nu[2] * nu[2];
  const double nut = nu[0] * t[0] + nu[1] * t[1] + nu[2] * t[2];
  // w = -(1/(mu alpha)) [t - ((lambda + mu)/((2 mu + lambda) alpha)) (nu . t) nu]
  const double fr = (l + m) / (l2m * alpha) * nut, g = 1 / (m * alpha);
  for (int c = 0; c < 3; ++c) {
    const double w = -g * (t[c] - fr * nu[c]);
    f[c][q - sk] = (w - normal_inner_at(f[c], q, sk)) / b0;
  }
}

// The ghost values u(i, j, 0) of the free surface at k = 1 of grid 1 (NUMERICS 17.1), for i in
// [b.ib + 2, b.ie - 2], j in [b.jb + 2, b.je - 2], b = u[0].box: the same columns as the
// Cartesian free surface, which the original applies first and then overwrites. The boundary
// forcing tau is zero in a run without a test problem; twilight gives it (the k-flux divided
// by s^x s^y that the surface must carry at column (i, j) at `time`). mu, la, met, strx, stry
// are read at (i, j, 1), i and j; u at k = 1..4 and its tangential neighbours (i +- 2, j +- 2)
// of the plane k = 1. free_surface_curvilinear_ghosts at every column.
// share: what else the surface carries at a column, added to tau before the ghost solve (the
// memory variables' stress with attenuation, attenuation/free_surface_attenuation.hpp).
using SurfaceForcing = std::function<void(int i, int j, double t, double tau[3])>;
struct SurfaceShare {
  virtual void add(int i, int j, long q, double tau[3]) const = 0;
  virtual ~SurfaceShare() = default;
};
inline void free_surface_curvilinear(Field& u, const Array3& mu, const Array3& la,
                                     const Metric& met, const Array1& strx, const Array1& stry,
                                     const SurfaceForcing* forcing = nullptr, double time = 0,
                                     const SurfaceShare* share = nullptr) {
  const Box& b = u[0].box;
  Real* const f[3] = {u[0].data(), u[1].data(), u[2].data()};
  SW4_OMP(for schedule(static))
  for (int j = b.jb + 2; j <= b.je - 2; ++j)
    for (int i = b.ib + 2; i <= b.ie - 2; ++i) {
      const long q = u[0].index(i, j, 1);
      double tau[3] = {0, 0, 0};
      if (forcing) (*forcing)(i, j, time, tau);
      if (share) share->add(i, j, q, tau);
      free_surface_curvilinear_ghosts(f, q, u[0].sj, u[0].sk, mu(i, j, 1), la(i, j, 1), met.m1(i, j, 1),
                                      met.m2(i, j, 1), met.m3(i, j, 1), met.m4(i, j, 1), strx(i), stry(j),
                                      forcing || share ? tau : nullptr);
    }
}

// One column of the interface injection below, one component: q0 and q1 the indices of
// (i, j, 0) in grid 0's and grid 1's array, sk0 and sk1 their k strides. No value written is
// read, so the copies commute. One body for the CPU loop and the CUDA build.
SW4_HD inline void inject_column(Real* u0, long q0, long sk0, Real* u1, long q1, long sk1,
                                 int nc) {
  u0[q0 - sk0] = u1[q1 + (nc - 2) * sk1];
  u0[q0] = u1[q1 + (nc - 1) * sk1];
  u1[q1 + nc * sk1] = u0[q0 + sk0];
  u1[q1 + (nc + 1) * sk1] = u0[q0 + 2 * sk0];
  u1[q1 + (nc + 2) * sk1] = u0[q0 + 3 * sk0];
}

// The interface injection (NUMERICS 19.1) for every (i, j) of the arrays' common (i, j) box,
// ghost and padding columns included, all three components: grid 0's top ghosts from grid 1,
// u0(k = -1) <- u1(nc - 2), u0(0) <- u1(nc - 1); grid 1's bottom planes from grid 0,
// u1(nc) <- u0(1), u1(nc + 1) <- u0(2), u1(nc + 2) <- u0(3) (inject_column at every column);
// the arrays must hold those k planes.
inline void inject_interface(Field& u0, Field& u1, int nc) {
  for (int c = 0; c < 3; ++c) {
    const Box& b0 = u0[c].box;
    const Box& b1 = u1[c].box;
    const int ib = std::max(b0.ib, b1.ib), ie = std::min(b0.ie, b1.ie);
    const int jb = std::max(b0.jb, b1.jb), je = std::min(b0.je, b1.je);
    Real* const a0 = u0[c].data();
    Real* const a1 = u1[c].data();
    const long sk0 = u0[c].sk, sk1 = u1[c].sk;
    SW4_OMP(for schedule(static))
    for (int j = jb; j <= je; ++j)
      for (int i = ib; i <= ie; ++i)
        inject_column(a0, u0[c].index(i, j, 0), sk0, a1, u1[c].index(i, j, 0), sk1, nc);
  }
}

}  // namespace sw4
