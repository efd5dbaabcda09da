// gpu/gpu_kernels.hpp: the phases of a time step on the device (NUMERICS.md 2.2), one launch
// per stage, each a lambda over points that calls a point formula shared with the CPU build.
//
// Why built so: a reader holds this file beside subdomain.hpp: predictor, corrector and
// finish run the same stages in the same order (subdomain.hpp's essay), only as launches
// instead of calls of the tuned CPU kernels. The arithmetic of a point is not here: L_h is
// stencil_point.hpp's (the flux form of stencil_interior.hpp, point by point), the update
// kernel::store (stencil.hpp), the free-surface ghosts boundary.hpp's free_surface_ghosts, the
// damping supergrid.hpp's damp_point, the point forces PointForces::apply's sums in input
// order; grid 1 of a topography run is gpu/gpu_curvilinear.hpp's. Launches run in order on
// one stream, which keeps the order of the stages and of the boundary sides. Each launch reads
// what the previous one wrote and never what its own points write, so the result of a point
// does not depend on the launch shape or the cut: 1 and 2 ranks give the same bits
// (test/checks/gpu.sh). The first version is one thread per point; where the time goes and
// what a k-marching kernel with a ring of planes in shared memory would save:
// docs/benchmarks.md, "GPU".
#pragma once

#include <vector>

#include "gpu/gpu_piece.hpp"
#include "stencil_point.hpp"
#include "gpu/gpu_curvilinear.hpp"  // grid 1 under topography

namespace sw4 {
namespace gpu {

// What L_h reads on grid 0: the field, the material and the stretching (stencil_point.hpp).
inline point::LhView lh_view(const DevicePiece& d, const DeviceGrid& g, const DeviceField& f) {
  point::LhView v;
  for (int c = 0; c < 3; ++c) v.u[c] = f.c[c].data();
  v.mu = g.mu.data();
  v.la = g.la.data();
  v.strx = d.str[0].at();
  v.stry = d.str[1].at();
  v.strz = d.str[2].at();
  v.sj = g.L.sj;
  v.sk = g.L.sk;
  return v;
}

// U* = 2U - Um + dt^2 L_h(U)/rho on eval, 2U - Um on the rest of the array (predictor_frame).
inline void predictor_grid0(DevicePiece& d, DeviceGrid& g) {
  const point::LhView v = lh_view(d, g, g.u);
  const Ptr3 out = ptrs(g.up);
  const CPtr3 a = cptrs(g.u), m = cptrs(g.um);
  const Real* rho = g.rho.data();
  const Real factor = Real(d.dt * d.dt), cof = Real(1.0 / (d.grid.h * d.grid.h));
  const Box e = g.eval;
  const Layout L = g.L;
  const bool fs = g.free_surface_top;
  for_box(L.box, SW4_POINT_LAMBDA(int i, int j, int k) {
    const long q = L.index(i, j, k);
    const bool inside = e.ib <= i && i <= e.ie && e.jb <= j && j <= e.je && e.kb <= k && k <= e.ke;
    if (inside) {
      Real r[3];
      point::lh_at(v, q, i, j, k, fs, cof, r);
      kernel::store<Update::Predictor>(out.c, a.c, m.c, rho, factor, q, r[0], r[1], r[2]);
    } else {
      for (int c = 0; c < 3; ++c) out.c[c][q] = 2 * a.c[c][q] - m.c[c][q];
    }
  });
}

// U+ += dt^4/12 L_h(U'')/rho on eval.
inline void corrector_grid0(DevicePiece& d, DeviceGrid& g) {
  const point::LhView v = lh_view(d, g, g.acc);
  const Ptr3 out = ptrs(g.up);
  const Real* rho = g.rho.data();
  const Real factor = Real(d.dt * d.dt * d.dt * d.dt / 12), cof = Real(1.0 / (d.grid.h * d.grid.h));
  const Layout L = g.L;
  const bool fs = g.free_surface_top;
  for_box(g.eval, SW4_POINT_LAMBDA(int i, int j, int k) {
    const long q = L.index(i, j, k);
    Real r[3];
    point::lh_at(v, q, i, j, k, fs, cof, r);
    kernel::store<Update::Corrector>(out.c, nullptr, nullptr, rho, factor, q, r[0], r[1], r[2]);
  });
}

// The predictor of both grids (subdomain.hpp, Subdomain::predictor).
inline void predictor(DevicePiece& d) {
  predictor_grid0(d, d.g0);
  if (d.topo) predictor_grid1(d, d.g1);
}
// U'' = (U* - 2U + Um)/dt^2 on the whole array (stencil.hpp, acceleration).
inline void acceleration(DevicePiece& d, DeviceGrid& g) {
  const Ptr3 out = ptrs(g.acc);
  const CPtr3 p = cptrs(g.up), a = cptrs(g.u), m = cptrs(g.um);
  const Real idt2 = Real(1.0 / (d.dt * d.dt));
  const Layout L = g.L;
  for_box(L.box, SW4_POINT_LAMBDA(int i, int j, int k) {
    const long q = L.index(i, j, k);
    for (int c = 0; c < 3; ++c) out.c[c][q] = (p.c[c][q] - 2 * a.c[c][q] + m.c[c][q]) * idt2;
  });
}
// U'' and the corrector's update of both grids.
inline void corrector_update(DevicePiece& d) {
  acceleration(d, d.g0);
  corrector_grid0(d, d.g0);
  if (!d.topo) return;
  acceleration(d, d.g1);
  corrector_grid1(d, d.g1);
}

// The point sources of one grid, stage 0 (g, into U*) or 1 (g'', into U+): the sums of
// PointForces::apply, scaled as Subdomain::add_force_to scales them. One thread a point.
inline void point_forces(DevicePiece& d, DeviceGrid& g, int stage) {
  const DeviceForces& fo = g.forces;
  if (fo.points == 0) return;
  const Ptr3 out = ptrs(g.up);
  const Real* rho = g.rho.data();
  const long* pts = fo.p.data();
  const int *first = fo.first.data(), *count = fo.count.data(), *src = fo.source.data();
  const double *f = fo.f.data(), *gv = d.gval.data();
  const double dt = d.dt;
  for_range(fo.points, SW4_POINT_LAMBDA(long t) {
    double fx = 0, fy = 0, fz = 0;
    for (int n = first[t]; n < first[t] + count[t]; ++n) {
      fx += f[3 * n] * gv[src[n]];
      fy += f[3 * n + 1] * gv[src[n]];
      fz += f[3 * n + 2] * gv[src[n]];
    }
    const long p = pts[t];
    const double s = (stage == 0 ? dt * dt : dt * dt * dt * dt / 12) / rho[p];
    out.c[0][p] += s * fx;
    out.c[1][p] += s * fy;
    out.c[2][p] += s * fz;
  });
}
// Both grids' point sources, the time functions' values g of this stage uploaded once.
inline void point_forces(DevicePiece& d, const std::vector<double>& g, int stage) {
  if (d.g0.forces.points == 0 && d.g1.forces.points == 0) return;
  d.gval.upload(g.data(), g.size());
  point_forces(d, d.g0, stage);
  if (d.topo) point_forces(d, d.g1, stage);
}

// The conditions on the sides of one grid (boundary.hpp, apply_bc without boundary data):
// sides 0-5 in order, zero ghosts on super-grid and Dirichlet sides, the flat free surface's
// ghosts; a processor side, the interface and the curved surface get nothing here.
inline void side_conditions(DevicePiece& d, DeviceGrid& g, DeviceField& f) {
  const Ptr3 p = ptrs(f);
  const Layout L = g.L;
  for (int side = 0; side < 6; ++side) {
    const Bc b = g.bc[side];
    if (b == Bc::Processor || b == Bc::GridInterface || b == Bc::CurvedFreeSurface) continue;
    if (side == 4 && b == Bc::FreeSurface) {
      const Real *mu = g.mu.data(), *la = g.la.data(), *sx = d.str[0].at(), *sy = d.str[1].at();
      const double h = d.grid.h;
      Box cols = L.box;
      cols.ib += 2, cols.ie -= 2, cols.jb += 2, cols.je -= 2, cols.kb = cols.ke = 1;
      for_box(cols, SW4_POINT_LAMBDA(int i, int j, int) {
        const long q = L.index(i, j, 1);
        const double tau[3] = {0, 0, 0};
        free_surface_ghosts(p.c, q, L.sj, L.sk, mu[q], la[q], sx[i], sy[j], h, tau);
      });
      continue;
    }
    const Box gp = ghost_planes(side, L.box, d.grid);
    for_box(gp, SW4_POINT_LAMBDA(int i, int j, int k) {
      const long q = L.index(i, j, k);
      p.c[0][q] = p.c[1][q] = p.c[2][q] = 0;
    });
  }
}
// A boundary-condition stage of U+ (subdomain.hpp, Subdomain::boundary_conditions): grid 0's
// sides, then grid 1's sides, its curved free surface and the injection between the two.
inline void boundary_conditions(DevicePiece& d) {
  side_conditions(d, d.g0, d.g0.up);
  if (!d.topo) return;
  side_conditions(d, d.g1, d.g1.up);
  curved_free_surface(d, d.g1);
  inject_interface(d);
}

// The super-grid dissipation of U+ on grid 0's eval (supergrid.hpp): at each point the terms
// whose damping coefficients are not all zero, as supergrid_damping's stretches and rows
// leave them.
inline void damping_grid0(DevicePiece& d, DeviceGrid& g) {
  const Ptr3 out = ptrs(g.up);
  const CPtr3 a = cptrs(g.u), m = cptrs(g.um);
  const Real* r = g.rho.data();
  const Real *sx = d.str[0].at(), *sy = d.str[1].at(), *sz = d.str[2].at();
  const Real *dx = d.dc[0].at(), *dy = d.dc[1].at(), *dz = d.dc[2].at();
  const Real *cx = d.co[0].at(), *cy = d.co[1].at(), *cz = d.co[2].at();
  const Real beta = Real(d.beta);
  const Layout L = g.L;
  for_box(g.eval, SW4_POINT_LAMBDA(int i, int j, int k) {
    const bool X = dx[i - 1] != 0 || dx[i] != 0 || dx[i + 1] != 0;
    const bool Y = dy[j - 1] != 0 || dy[j] != 0 || dy[j + 1] != 0;
    const bool Z = dz[k - 1] != 0 || dz[k] != 0 || dz[k + 1] != 0;
    if (!X && !Y && !Z) return;
    const long p = L.index(i, j, k);
    for (int c = 0; c < 3; ++c) {
      auto go = [&](auto xt, auto yt, auto zt) {
        return kernel::damp_point<decltype(xt)::value, decltype(yt)::value, decltype(zt)::value>(
            a.c[c], m.c[c], r, p, L.sj, L.sk, dx + i, sx[i], cx[i], dy[j - 1], dy[j], dy[j + 1],
            dz[k - 1], dz[k], dz[k + 1], sy[j], cy[j], sz[k], cz[k]);
      };
      using T = std::true_type;
      using F = std::false_type;
      const Real sum = X ? (Y ? (Z ? go(T{}, T{}, T{}) : go(T{}, T{}, F{}))
                              : (Z ? go(T{}, F{}, T{}) : go(T{}, F{}, F{})))
                         : (Y ? (Z ? go(F{}, T{}, T{}) : go(F{}, T{}, F{})) : go(F{}, F{}, T{}));
      out.c[c][p] -= beta / r[p] * sum;
    }
  });
}
inline void damping(DevicePiece& d) {
  if (!(d.beta > 0)) return;
  damping_grid0(d, d.g0);
  if (d.topo) damping_grid1(d, d.g1);
}

}  // namespace gpu
}  // namespace sw4
