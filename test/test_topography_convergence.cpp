// Convergence of the curvilinear grid's scheme (metric, operator with its top closure, the
// free surface on the curved top, predictor-corrector) on a smooth manufactured solution under
// a smooth hill, with variable material: u = T(t) S(x, y, z) in physical coordinates, the
// residual rho u_tt - div sigma(u) added as a body force, the surface given the exact k-flux
// of u as its traction, exact values at every other point where L_h is not evaluated (ghost
// columns, the ghost planes below the interface). The max error over
// space and time must fall by at least 2^3.6 from h to h/2 (NUMERICS 16: a 4th-order scheme;
// measured 2^3.65 from 1/16 to 1/32, 2^3.55 from 1/20 to 1/40, 2^6.9 with a flat surface).
// The hill is 0.08 high and 0.25 wide on a unit square, the blending order 6, so the mapping
// is smooth; h = 1/16 and 1/32.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "topography/boundary_curvilinear.hpp"
#include "stencil.hpp"
#include "topography/stencil_curvilinear.hpp"
#include "test/manufactured.hpp"
#include "topography/timestep_curvilinear.hpp"
#include "topography/topography.hpp"

using namespace sw4;

namespace {

using namespace manufactured;

struct Result {
  double err, dt_bound;
};

Result run(int n, double tend, int steps) {
  GridCfg grid;
  grid.nx = grid.ny = n + 1;
  grid.h = 1.0 / n;
  grid.xmax = grid.ymax = 1.0;
  grid.nz = 2 * n + 1;
  grid.zmax = 2.0;
  TopographyCfg tc;
  tc.on = true;
  tc.zmax = 0.6;
  tc.order = 6;
  tc.amp = 0.08;
  tc.xc = 0.5;
  tc.yc = 0.45;
  tc.lx = 0.25;
  tc.ly = 0.22;
  const Topography topo(grid, tc);
  const int nc = topo.grids.nc;
  const Box box = topo.global_box(), eval{1, grid.nx, 1, grid.ny, 1, nc};
  Metric met;
  EXPECT_TRUE(piece_metric(topo, box, met));
  Array3 rho(box), mu(box), la(box);
  Field um, u, up, acc;
  for (Field* f : {&um, &u, &up, &acc})
    for (Array3& a : *f) a.define(box);
  const double h = grid.h;
  auto X = [&](int i) { return (i - 1) * h; };
  auto Z = [&](int i, int j, int k) { return topo.map.z(i, j, k); };
  for (int k = box.kb; k <= box.ke; ++k)
    for (int j = box.jb; j <= box.je; ++j)
      for (int i = box.ib; i <= box.ie; ++i) {
        const double x = X(i), y = X(j), z = Z(i, j, k);
        rho(i, j, k) = rho_of(x, y, z).v;
        mu(i, j, k) = mu_of(x, y, z).v;
        la(i, j, k) = la_of(x, y, z).v;
      }
  const double bound = 1.3 / std::sqrt(curvilinear_speed2(mu, la, rho, met, eval));
  const double dt = tend / steps;
  Array1 ones(box.ib, std::max(box.ie, box.je), 1.0);
  const CurvMedium md{&mu, &la, &met, &ones, &ones};

  // rho S and L S at the evaluated points; S at every point
  std::vector<std::array<double, 6>> parts;
  std::vector<long> index;
  for (int k = eval.kb; k <= eval.ke; ++k)
    for (int j = eval.jb; j <= eval.je; ++j)
      for (int i = eval.ib; i <= eval.ie; ++i) {
        const double x = X(i), y = X(j), z = Z(i, j, k);
        const auto S = spatial(x, y, z);
        const auto LS = elastic(S, mu_of(x, y, z), la_of(x, y, z));
        const double r = rho(i, j, k);
        parts.push_back({r * S[0].v, r * S[1].v, r * S[2].v, LS[0], LS[1], LS[2]});
        index.push_back(box.index(i, j, k));
      }
  std::vector<std::array<double, 3>> shape(box.size());
  for (int k = box.kb; k <= box.ke; ++k)
    for (int j = box.jb; j <= box.je; ++j)
      for (int i = box.ib; i <= box.ie; ++i) {
        const auto S = spatial(X(i), X(j), Z(i, j, k));
        shape[box.index(i, j, k)] = {S[0].v, S[1].v, S[2].v};
      }
  auto force = [&](Field& f, int stage, double t) {
    const double w2 = kOmega * kOmega;
    const double a = stage == 0 ? -w2 * T(t) : w2 * w2 * T(t);
    const double c = stage == 0 ? T(t) : -w2 * T(t);
    const double s0 = stage == 0 ? dt * dt : dt * dt * dt * dt / 12;
    for (std::size_t q = 0; q < index.size(); ++q) {
      const auto& p = parts[q];
      const long m = index[q];
      const double s = s0 / rho.v[m];
      for (int d = 0; d < 3; ++d) f[d].v[m] += s * (a * p[d] - c * p[3 + d]);
    }
  };
  auto exact_outside = [&](Field& f, double t) {
    for (int k = box.kb; k <= box.ke; ++k)
      for (int j = box.jb; j <= box.je; ++j)
        for (int i = box.ib; i <= box.ie; ++i)
          if (!eval.contains(i, j, k))
            for (int d = 0; d < 3; ++d) f[d](i, j, k) = T(t) * shape[box.index(i, j, k)][d];
  };
  for (long m = 0; m < long(box.size()); ++m)
    for (int d = 0; d < 3; ++d) {
      u[d].v[m] = T(0) * shape[m][d];
      um[d].v[m] = T(-dt) * shape[m][d];
    }
  // The k-flux sum_b B(n, a_b) d_b u of the exact solution at the surface point of column
  // (i, j), with the index derivatives by the chain rule: d_i = h d_x + z_i d_z, z_i = -m1 m2,
  // z_j = -m1 m3, z_k = m1^2 (NUMERICS 15, 16.1); no stretching here.
  const SurfaceForcing traction = [&](int i, int j, double t_surface, double tau[3]) {
    const auto S = spatial(X(i), X(j), Z(i, j, 1));
    const double m = mu(i, j, 1), l = la(i, j, 1);
    const double m1 = met.m1(i, j, 1), n[3] = {met.m2(i, j, 1), met.m3(i, j, 1), met.m4(i, j, 1)};
    const double ax[3] = {m1, 0, 0}, ay[3] = {0, m1, 0};
    double di[3], dj[3], dk[3];
    for (int c = 0; c < 3; ++c) {
      di[c] = T(t_surface) * (h * S[c].g[0] - m1 * n[0] * S[c].g[2]);
      dj[c] = T(t_surface) * (h * S[c].g[1] - m1 * n[1] * S[c].g[2]);
      dk[c] = T(t_surface) * m1 * m1 * S[c].g[2];
    }
    auto dot = [](const double* a, const double* b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; };
    // B(a, b) d = mu (a.b) d + la a (b.d) + mu b (a.d)
    auto pair = [&](const double* a, const double* b, const double* d, double* out) {
      for (int c = 0; c < 3; ++c)
        out[c] += m * dot(a, b) * d[c] + l * a[c] * dot(b, d) + m * b[c] * dot(a, d);
    };
    for (int c = 0; c < 3; ++c) tau[c] = 0;
    pair(n, n, dk, tau);
    pair(n, ax, di, tau);
    pair(n, ay, dj, tau);
  };
  auto boundary = [&](Field& f, double tb) {
    exact_outside(f, tb);
    free_surface_curvilinear(f, mu, la, met, ones, ones, &traction, tb);
  };
  auto target = [&](Field& out, const Field* a, const Field* b, double factor) {
    Target tg;
    for (int d = 0; d < 3; ++d) {
      tg.out[d] = out[d].data();
      if (a) tg.u[d] = (*a)[d].data();
      if (b) tg.um[d] = (*b)[d].data();
    }
    tg.rho = rho.data();
    tg.factor = factor;
    return tg;
  };
  double t = 0, err = 0;
  for (int s = 1; s <= steps; ++s) {
    rhs_curvilinear<Update::Predictor>(u, md, eval, target(up, &u, &um, dt * dt));
    predictor_frame(up, u, um, eval);
    force(up, 0, t);
    boundary(up, t + dt);
    acceleration(acc, up, u, um, dt, acc[0].box);
    rhs_curvilinear<Update::Corrector>(acc, md, eval, target(up, nullptr, nullptr, dt * dt * dt * dt / 12));
    force(up, 1, t);
    boundary(up, t + dt);
    std::swap(um, u);
    std::swap(u, up);
    t += dt;
    for (int k = eval.kb; k <= eval.ke; ++k)
      for (int j = eval.jb; j <= eval.je; ++j)
        for (int i = eval.ib; i <= eval.ie; ++i)
          for (int d = 0; d < 3; ++d)
            err = std::max(err, std::fabs(u[d](i, j, k) - T(t) * shape[box.index(i, j, k)][d]));
  }
  return {err, bound};
}

}  // namespace

TEST(TopographyConvergence, FourthOrderUnderASmoothHill) {
  const int n1 = 16, steps = 48;  // dt = 1/48 and 1/96: below the CFL bound at both h
  const Result r1 = run(n1, 1.0, steps), r2 = run(2 * n1, 1.0, 2 * steps);
  EXPECT_LE(1.0 / steps, r1.dt_bound);
  EXPECT_LE(0.5 / steps, r2.dt_bound);
  const double ratio = r1.err / r2.err;
  std::printf("max error h=1/16: %.3e  h=1/32: %.3e  ratio %.2f  rate %.2f\n", r1.err, r2.err,
              ratio, std::log2(ratio));
  EXPECT_GE(ratio, std::pow(2.0, 3.6));
  EXPECT_LT(r2.err, 1e-4);
}
