// boundary.hpp: boundary conditions of one piece of the grid (NUMERICS.md 4, 5.4).
//
// Why built so: the conditions act on the two ghost layers of each physical side, in the
// original's order (sides 0-3, then the top, then the bottom), which matters at the edges:
// the free-surface solve reads the side ghosts that were just zeroed. A side between two pieces
// of the grid is a "processor" side and gets nothing; its ghosts come from the halo exchange.
// Dirichlet sides and a surface traction exist for the test problems with an exact solution
// (twilight, testrayleigh: NUMERICS 25.3) and the manufactured-solution unit tests; their
// per-point calls are on boundary planes, never in a volume loop. With boundary data, the
// ghost points of super-grid sides hold its values too, not zero; without, a Dirichlet side's
// ghost points hold zero (testenergy's bchorizontal=dirichlet, NUMERICS 26), as a super-grid
// side's do: the two differ only in the layer the profiles put on a super-grid side.
#pragma once

#include <algorithm>
#include <functional>
#include <vector>

#include "grid.hpp"
#include "config.hpp"
#include "sbp.hpp"
#include "portable.hpp"
#include "threads.hpp"

namespace sw4 {

// Sides: 0 x=0, 1 x=xmax, 2 y=0, 3 y=ymax, 4 z=0 (top), 5 z=zmax (bottom).
// With topography (NUMERICS 16.5, 17, 19.1):
//   GridInterface: where the curvilinear grid 1 meets the Cartesian grid 0 (grid 0's top,
//     grid 1's bottom): no condition here, the injection (inject_interface) fills the planes;
//   CurvedFreeSurface: grid 1's top, the free surface over the hill: its ghost values come
//     from free_surface_curvilinear (NUMERICS 17), not from apply_bc.
enum class Bc { Processor, SuperGrid, FreeSurface, Dirichlet, GridInterface, CurvedFreeSurface };

struct BoundaryData {
  // Dirichlet sides: u_c at grid point (i, j, k) at time t, written into the ghost points (the
  // caller knows where a grid's points are: flat, below an interface or curvilinear).
  std::function<double(int c, int i, int j, int k, double t)> dirichlet;
  // Free surface: the traction (tau_1, tau_2, tau_3) at (x, y, t); zero when empty. traction_bottom:
  // the same for a free bottom (twilight freelower=1), sigma_.z there, outward normal +z.
  std::function<void(double x, double y, double t, double tau[3])> traction;
  std::function<void(double x, double y, double t, double tau[3])> traction_bottom;
};

// The ghost planes of side s of a piece with array box b (2 layers), or an empty box.
inline Box ghost_planes(int side, const Box& b, const GridCfg& g) {
  Box p = b;
  switch (side) {
    case 0: p.ib = -1; p.ie = 0; break;
    case 1: p.ib = g.nx + 1; p.ie = g.nx + 2; break;
    case 2: p.jb = -1; p.je = 0; break;
    case 3: p.jb = g.ny + 1; p.je = g.ny + 2; break;
    case 4: p.kb = -1; p.ke = 0; break;
    default: p.kb = g.nz + 1; p.ke = g.nz + 2; break;
  }
  p.ib = std::max(p.ib, b.ib); p.ie = std::min(p.ie, b.ie);
  p.jb = std::max(p.jb, b.jb); p.je = std::min(p.je, b.je);
  p.kb = std::max(p.kb, b.kb); p.ke = std::min(p.ke, b.ke);
  return p;
}

// The loops below share their planes or rows among the threads of the parallel region of
// apply_bc (orphaned `omp for`; outside a region they run on one thread). The barrier at the
// end of each keeps the original's order of the sides.
inline void fill_box(Field& u, const Box& p, double value) {
  for (int c = 0; c < 3; ++c)
    SW4_OMP(for schedule(static))
    for (int k = p.kb; k <= p.ke; ++k)
      for (int j = p.jb; j <= p.je; ++j)
        for (int i = p.ib; i <= p.ie; ++i) u[c](i, j, k) = value;
}

inline void dirichlet_box(Field& u, const Box& p, double t, const BoundaryData& data) {
  for (int c = 0; c < 3; ++c)
    SW4_OMP(for schedule(static))
    for (int k = p.kb; k <= p.ke; ++k)
      for (int j = p.jb; j <= p.je; ++j)
        for (int i = p.ib; i <= p.ie; ++i) u[c](i, j, k) = data.dirichlet(c, i, j, k, t);
}

// The two differences of a free surface at the plane k = 1 (NUMERICS 4, 17.1), shared by the
// flat condition below, the curved one (topography/boundary_curvilinear.hpp) and the CUDA
// build (gpu/gpu_kernels.hpp), so that all are one arithmetic and the flat metric gives the
// same bits: the undivided centred difference D along stride s at q (a point of plane 1), and
// the one-sided normal difference without its ghost term, sum_{l=1..4} sbop_l f(i, j, l).
// (The table entries are taken as scalar constants: device code cannot index a host array.)
SW4_HD inline double tangential_at(const Real* f, long q, long s) {
  return 2.0 / 3 * (f[q + s] - f[q - s]) - 1.0 / 12 * (f[q + 2 * s] - f[q - 2 * s]);
}
SW4_HD inline double normal_inner_at(const Real* f, long q, long sk) {
  constexpr Real b1 = sbp::sbop[1], b2 = sbp::sbop[2], b3 = sbp::sbop[3], b4 = sbp::sbop[4];
  return b1 * f[q] + b2 * f[q + sk] + b3 * f[q + 2 * sk] + b4 * f[q + 3 * sk];
}
inline double surface_tangential(const Array3& f, int i, int j, int di, int dj) {
  return tangential_at(f.data(), f.index(i, j, 1), di * 1 + dj * f.sj);
}
inline double surface_normal_inner(const Array3& f, int i, int j) {
  return normal_inner_at(f.data(), f.index(i, j, 1), f.sk);
}

// The ghost values f_c(i, j, 0) of a traction-free (or prescribed-traction) top at the column
// whose plane-1 point is q: the one-sided normal derivative sbop and the stretched centred
// tangential derivatives give mu(u_z + s^x w_x) = tau_1, mu(v_z + s^y w_y) = tau_2,
// (2mu+la) w_z + la(s^x u_x + s^y v_y) = tau_3. One body for the CPU and the CUDA build.
SW4_HD inline void free_surface_ghosts(Real* const f[3], long q, long sj, long sk, double m,
                                       double l, double sx, double sy, double h,
                                       const double tau[3]) {
  constexpr Real b0 = sbp::sbop[0];
  const double ux = sx * tangential_at(f[0], q, 1), wx = sx * tangential_at(f[2], q, 1);
  const double vy = sy * tangential_at(f[1], q, sj), wy = sy * tangential_at(f[2], q, sj);
  const double uz = normal_inner_at(f[0], q, sk), vz = normal_inner_at(f[1], q, sk),
               wz = normal_inner_at(f[2], q, sk);
  f[0][q - sk] = (-uz - wx + h * tau[0] / m) / b0;
  f[1][q - sk] = (-vz - wy + h * tau[1] / m) / b0;
  f[2][q - sk] = (-wz + (-l * (ux + vy) + h * tau[2]) / (2 * m + l)) / b0;
}

// The traction-free (or prescribed-traction) top of a piece: free_surface_ghosts at every
// column two off the array's edges.
// cols: only the columns of this box (the corrector split in two, subdomain_overlap.hpp).
inline void free_surface(Field& u, const Array3& mu, const Array3& la, const Array1& strx,
                         const Array1& stry, const GridCfg& g, double t,
                         const BoundaryData* data, const Box* cols = nullptr) {
  Box b = u[0].box;
  if (cols) {  // the loops below keep two columns off b's edges
    b.ib = std::max(b.ib, cols->ib - 2); b.ie = std::min(b.ie, cols->ie + 2);
    b.jb = std::max(b.jb, cols->jb - 2); b.je = std::min(b.je, cols->je + 2);
  }
  const double h = g.h;
  Real* const f[3] = {u[0].data(), u[1].data(), u[2].data()};
  SW4_OMP(for schedule(static))
  for (int j = b.jb + 2; j <= b.je - 2; ++j)
    for (int i = b.ib + 2; i <= b.ie - 2; ++i) {
      double tau[3] = {0, 0, 0};
      if (data && data->traction) data->traction((i - 1) * h, (j - 1) * h, t, tau);
      free_surface_ghosts(f, u[0].index(i, j, 1), u[0].sj, u[0].sk, mu(i, j, 1), la(i, j, 1),
                          strx(i), stry(j), h, tau);
    }
}

// The free bottom z = zmax (twilight freelower=1; NUMERICS 4.1): the ghost plane k = nz + 1 from
// the mirrored condition. Reflected in z, the one-sided normal difference reads the planes
// nz, nz - 1, ... (stride -sk) and changes sign, so h u_z = -(sbop_0 g + sum_{l=1..4} sbop_l
// u(nz + 1 - l)) with g the ghost; the tangential differences and the traction keep theirs.
// Solving mu(u_z + s^x w_x) = tau_1 ... for g is then the top's formula with the tangential
// differences and tau negated: free_surface_ghosts with stride -sk, -s^x, -s^y, -tau (SW4's
// bcfortsg bottom branch, the same arithmetic up to the order of the terms).
inline void free_surface_bottom(Field& u, const Array3& mu, const Array3& la, const Array1& strx,
                                const Array1& stry, const GridCfg& g, double t,
                                const BoundaryData* data, const Box* cols = nullptr) {
  Box b = u[0].box;
  if (cols) {
    b.ib = std::max(b.ib, cols->ib - 2); b.ie = std::min(b.ie, cols->ie + 2);
    b.jb = std::max(b.jb, cols->jb - 2); b.je = std::min(b.je, cols->je + 2);
  }
  const double h = g.h;
  const int nz = g.nz;
  Real* const f[3] = {u[0].data(), u[1].data(), u[2].data()};
  SW4_OMP(for schedule(static))
  for (int j = b.jb + 2; j <= b.je - 2; ++j)
    for (int i = b.ib + 2; i <= b.ie - 2; ++i) {
      double tau[3] = {0, 0, 0};
      if (data && data->traction_bottom) data->traction_bottom((i - 1) * h, (j - 1) * h, t, tau);
      const double minus_tau[3] = {-tau[0], -tau[1], -tau[2]};
      free_surface_ghosts(f, u[0].index(i, j, nz), u[0].sj, -u[0].sk, mu(i, j, nz), la(i, j, nz),
                          -double(strx(i)), -double(stry(j)), h, minus_tau);
    }
}

// Part of a boundary-condition stage, for the corrector split in two (subdomain_overlap.hpp):
// the columns (i, j ranges) where each side's condition acts.
struct BcPart {
  std::vector<Box> columns;
};

// All boundary conditions of one piece at time t, in the original's order; with `part` only
// that part of them, each point by the same arithmetic.
inline void apply_bc(Field& u, const Bc bc[6], const Array3& mu, const Array3& la,
                     const Array1& strx, const Array1& stry, const GridCfg& g, double t,
                     const BoundaryData* data = nullptr, const BcPart* part = nullptr) {
  const Box& b = u[0].box;
  const std::vector<Box> all{b};
  const std::vector<Box>& cols = part ? part->columns : all;
  SW4_OMP(parallel)
  for (int side = 0; side < 6; ++side) {
    if (bc[side] == Bc::Processor || bc[side] == Bc::GridInterface ||
        bc[side] == Bc::CurvedFreeSurface)
      continue;
    if (side == 4 && bc[side] == Bc::FreeSurface) {
      for (const Box& c : cols) free_surface(u, mu, la, strx, stry, g, t, data, &c);
      continue;
    }
    if (side == 5 && bc[side] == Bc::FreeSurface) {
      for (const Box& c : cols) free_surface_bottom(u, mu, la, strx, stry, g, t, data, &c);
      continue;
    }
    for (const Box& c : cols) {
      Box p = ghost_planes(side, b, g);
      p.ib = std::max(p.ib, c.ib); p.ie = std::min(p.ie, c.ie);
      p.jb = std::max(p.jb, c.jb); p.je = std::min(p.je, c.je);
      if (p.size() == 0) continue;
      if (data && data->dirichlet)
        dirichlet_box(u, p, t, *data);
      else  // a super-grid side, or a Dirichlet side of zero data (testenergy's)
        fill_box(u, p, 0.0);
    }
  }
}

}  // namespace sw4
