// gpu/gpu_curvilinear.hpp: grid 1 of a topography run on the device: the curvilinear L_h with
// its updates, the curved free surface, the injection between the grids, the damping
// (NUMERICS.md 16-19; subdomain.hpp's phases do grid 0, then grid 1).
//
// Part of gpu/gpu_kernels.hpp, which includes it (include gpu/gpu_kernels.hpp, not this).
//
// Why built so: as for grid 0, a launch per stage of the CPU build's order, each point by the
// formula the CPU build uses: the curvilinear operator's point form
// (topography/stencil_curvilinear_point.hpp, the flux form of stencil_curvilinear.hpp point by
// point), the curved surface's column solve, the injection's column and the damping's point,
// which the CPU's loops call too (topography/boundary_curvilinear.hpp, supergrid.hpp).
#pragma once

#include "gpu/gpu_piece.hpp"
#include "topography/stencil_curvilinear_point.hpp"

namespace sw4 {
namespace gpu {

// What the curvilinear L_h reads: the field, the material, the metric and the stretching.
inline curv_point::CurvView curv_view(const DevicePiece& d, const DeviceGrid& g, const DeviceField& f) {
  curv_point::CurvView v;
  for (int c = 0; c < 3; ++c) v.u[c] = f.c[c].data();
  v.mu = g.mu.data();
  v.la = g.la.data();
  v.J = g.J.data();
  v.m1 = g.m1.data();
  v.m2 = g.m2.data();
  v.m3 = g.m3.data();
  v.m4 = g.m4.data();
  v.strx = d.str[0].at();
  v.stry = d.str[1].at();
  v.sj = g.L.sj;
  v.sk = g.L.sk;
  return v;
}

// Grid 1's U* = 2U - Um + dt^2 L_h(U)/rho on eval (k = 1..nc), 2U - Um on the rest.
inline void predictor_grid1(DevicePiece& d, DeviceGrid& g) {
  const curv_point::CurvView v = curv_view(d, g, g.u);
  const Ptr3 out = ptrs(g.up);
  const CPtr3 a = cptrs(g.u), m = cptrs(g.um);
  const Real* rho = g.rho.data();
  const Real factor = Real(d.dt * d.dt);
  const Box e = g.eval;
  const Layout L = g.L;
  for_box(L.box, SW4_POINT_LAMBDA(int i, int j, int k) {
    const long q = L.index(i, j, k);
    const bool inside = e.ib <= i && i <= e.ie && e.jb <= j && j <= e.je && e.kb <= k && k <= e.ke;
    if (inside) {
      Real r[3];
      curv_point::lh_at(v, q, i, j, k, r);
      kernel::store<Update::Predictor>(out.c, a.c, m.c, rho, factor, q, r[0], r[1], r[2]);
    } else {
      for (int c = 0; c < 3; ++c) out.c[c][q] = 2 * a.c[c][q] - m.c[c][q];
    }
  });
}

// Grid 1's U+ += dt^4/12 L_h(U'')/rho on eval.
inline void corrector_grid1(DevicePiece& d, DeviceGrid& g) {
  const curv_point::CurvView v = curv_view(d, g, g.acc);
  const Ptr3 out = ptrs(g.up);
  const Real* rho = g.rho.data();
  const Real factor = Real(d.dt * d.dt * d.dt * d.dt / 12);
  const Layout L = g.L;
  for_box(g.eval, SW4_POINT_LAMBDA(int i, int j, int k) {
    const long q = L.index(i, j, k);
    Real r[3];
    curv_point::lh_at(v, q, i, j, k, r);
    kernel::store<Update::Corrector>(out.c, nullptr, nullptr, rho, factor, q, r[0], r[1], r[2]);
  });
}

// The curved free surface's ghosts (boundary_curvilinear.hpp, free_surface_curvilinear) at the
// columns two off the array's edges, after the sides' conditions.
inline void curved_free_surface(DevicePiece& d, DeviceGrid& g) {
  const Ptr3 p = ptrs(g.up);
  const Real *mu = g.mu.data(), *la = g.la.data(), *sx = d.str[0].at(), *sy = d.str[1].at();
  const Real *m1 = g.m1.data(), *m2 = g.m2.data(), *m3 = g.m3.data(), *m4 = g.m4.data();
  const Layout L = g.L;
  Box cols = L.box;
  cols.ib += 2, cols.ie -= 2, cols.jb += 2, cols.je -= 2, cols.kb = cols.ke = 1;
  for_box(cols, SW4_POINT_LAMBDA(int i, int j, int) {
    const long q = L.index(i, j, 1);
    free_surface_curvilinear_ghosts(p.c, q, L.sj, L.sk, mu[q], la[q], m1[q], m2[q], m3[q], m4[q],
                                    sx[i], sy[j], nullptr);
  });
}

// Grid 1's damping (supergrid.hpp, supergrid_damping_curvilinear): the x and y terms with rho J,
// each where its damping coefficients are not all zero.
inline void damping_grid1(DevicePiece& d, DeviceGrid& g) {
  const Ptr3 out = ptrs(g.up);
  const CPtr3 a = cptrs(g.u), m = cptrs(g.um);
  const Real *r = g.rho.data(), *jac = g.J.data();
  const Real *sx = d.str[0].at(), *sy = d.str[1].at();
  const Real *dx = d.dc[0].at(), *dy = d.dc[1].at();
  const Real *cx = d.co[0].at(), *cy = d.co[1].at();
  const Real beta = Real(d.beta);
  const Layout L = g.L;
  for_box(g.eval, SW4_POINT_LAMBDA(int i, int j, int k) {
    const bool X = dx[i - 1] != 0 || dx[i] != 0 || dx[i + 1] != 0;
    const bool Y = dy[j - 1] != 0 || dy[j] != 0 || dy[j + 1] != 0;
    if (!X && !Y) return;
    const long p = L.index(i, j, k);
    for (int c = 0; c < 3; ++c) {
      auto go = [&](auto xt, auto yt) {
        return kernel::damp_point_curvilinear<decltype(xt)::value, decltype(yt)::value>(
            a.c[c], m.c[c], r, jac, p, L.sj, dx + i, sx[i], cx[i], dy[j - 1], dy[j], dy[j + 1],
            sy[j], cy[j]);
      };
      using T = std::true_type;
      using F = std::false_type;
      const Real sum = X ? (Y ? go(T{}, T{}) : go(T{}, F{})) : go(F{}, T{});
      out.c[c][p] -= beta / (r[p] * jac[p]) * sum;
    }
  });
}

// The injection (NUMERICS 19.1; boundary_curvilinear.hpp, inject_interface) at every column of
// the two grids' common (i, j) box, by the CPU loop's column body: grid 0's top ghosts from
// grid 1, grid 1's bottom planes from grid 0. No plane written is read, so one launch does all.
inline void inject_interface(DevicePiece& d) {
  const Ptr3 u0 = ptrs(d.g0.up), u1 = ptrs(d.g1.up);
  const Layout L0 = d.g0.L, L1 = d.g1.L;
  const int nc = d.g1.nc;
  Box cols = L0.box;
  cols.ib = std::max(L0.box.ib, L1.box.ib), cols.ie = std::min(L0.box.ie, L1.box.ie);
  cols.jb = std::max(L0.box.jb, L1.box.jb), cols.je = std::min(L0.box.je, L1.box.je);
  cols.kb = cols.ke = 0;
  for_box(cols, SW4_POINT_LAMBDA(int i, int j, int) {
    for (int c = 0; c < 3; ++c)
      inject_column(u0.c[c], L0.index(i, j, 0), L0.sk, u1.c[c], L1.index(i, j, 0), L1.sk, nc);
  });
}

}  // namespace gpu
}  // namespace sw4
