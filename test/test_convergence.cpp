// Convergence of the whole scheme (operator, free surface, predictor-corrector) on a smooth
// manufactured solution with variable material: the exact residual is added as a body force
// through the Subdomain's test hook (never in the hot loop), the free surface on top gets the
// exact traction, the other sides get exact values in their ghost points. The max error must
// fall by at least 14x from h to h/2 (rate >= 3.8); measured 14.9x (rate 3.90).
#include <gtest/gtest.h>

#include <cstdio>

#include "subdomain.hpp"
#include "test/manufactured.hpp"
#include "test/precision_helpers.hpp"

using namespace sw4;

namespace {

using namespace manufactured;

// steps: chosen by the caller so that dt halves exactly with h (a CFL of about 1.3).
double run(int n, double tend, int steps) {
  Config cfg;
  GridCfg& g = cfg.grid;
  g.nx = g.ny = g.nz = n + 1;
  g.h = 1.0 / n;
  g.xmax = g.ymax = g.zmax = 1.0;
  cfg.tps.on = true;  // uniform placeholder material; replaced below
  cfg.tps.halfspace = true;
  PieceGeometry pg = piece_geometry(cfg, 1, 1, 0, 0);
  for (int s : {0, 1, 2, 3, 5}) pg.bc[s] = Bc::Dirichlet;
  Subdomain sd(cfg, pg);
  sd.allocate(cfg);
  const Box& b = sd.box;
  const double h = g.h;
  double cmax = 0;
  for (int k = b.kb; k <= b.ke; ++k)
    for (int j = b.jb; j <= b.je; ++j)
      for (int i = b.ib; i <= b.ie; ++i) {
        const double x = (i - 1) * h, y = (j - 1) * h, z = (k - 1) * h;
        sd.rho(i, j, k) = rho_of(x, y, z).v;
        sd.mu(i, j, k) = mu_of(x, y, z).v;
        sd.la(i, j, k) = la_of(x, y, z).v;
        cmax = std::max(cmax, double((4 * sd.mu(i, j, k) + sd.la(i, j, k)) / sd.rho(i, j, k)));
      }
  const Taper none;  // no super-grid layers
  sd.px = sample_profiles(none, b.ib, b.ie, h);
  sd.py = sample_profiles(none, b.jb, b.je, h);
  sd.pz = sample_profiles(none, b.kb, b.ke, h);
  sd.beta = 0;
  EXPECT_LE(tend / steps, 1.3 * h / std::sqrt(cmax));
  sd.dt = tend / steps;

  // Exact values, traction and the body force F = rho u_tt - L u (and F_tt).
  BoundaryData data;
  data.dirichlet = [h](int c, int i, int j, int k, double t) {
    return T(t) * spatial((i - 1) * h, (j - 1) * h, (k - 1) * h)[c].v;
  };
  data.traction = [](double x, double y, double t, double tau[3]) {
    const auto S = spatial(x, y, 0);
    const double m = mu_of(x, y, 0).v, l = la_of(x, y, 0).v;
    tau[0] = T(t) * m * (S[0].g[2] + S[2].g[0]);
    tau[1] = T(t) * m * (S[1].g[2] + S[2].g[1]);
    tau[2] = T(t) * ((2 * m + l) * S[2].g[2] + l * (S[0].g[0] + S[1].g[1]));
  };
  sd.boundary_data = &data;
  // precomputed spatial parts: rho S and L S at the evaluated points
  std::vector<std::array<double, 6>> parts;
  std::vector<long> index;
  for (int k = sd.eval.kb; k <= sd.eval.ke; ++k)
    for (int j = sd.eval.jb; j <= sd.eval.je; ++j)
      for (int i = sd.eval.ib; i <= sd.eval.ie; ++i) {
        const double x = (i - 1) * h, y = (j - 1) * h, z = (k - 1) * h;
        const auto S = spatial(x, y, z);
        const auto LS = elastic(S, mu_of(x, y, z), la_of(x, y, z));
        const double r = rho_of(x, y, z).v;
        parts.push_back({r * S[0].v, r * S[1].v, r * S[2].v, LS[0], LS[1], LS[2]});
        index.push_back(b.index(i, j, k));
      }
  sd.extra_forcing = [&](Subdomain& s, int stage, double t) {
    const double w2 = kOmega * kOmega;
    // stage 0: F = rho T'' S - T L S; stage 1: F_tt = rho T'''' S - T'' L S
    const double a = stage == 0 ? -w2 * T(t) : w2 * w2 * T(t);
    const double c = stage == 0 ? T(t) : -w2 * T(t);
    for (std::size_t n = 0; n < index.size(); ++n) {
      const auto& p = parts[n];
      s.add_force(index[n], a * p[0] - c * p[3], a * p[1] - c * p[4], a * p[2] - c * p[5],
                  stage);
    }
  };

  for (int k = b.kb; k <= b.ke; ++k)
    for (int j = b.jb; j <= b.je; ++j)
      for (int i = b.ib; i <= b.ie; ++i) {
        const auto S = spatial((i - 1) * h, (j - 1) * h, (k - 1) * h);
        for (int c = 0; c < 3; ++c) {
          sd.u[c](i, j, k) = T(0) * S[c].v;
          sd.um[c](i, j, k) = T(-sd.dt) * S[c].v;
        }
      }
  // The error is the max over space and time: at one instant, cancellations between the
  // boundary and interior error terms can hide (or exaggerate) the rate.
  std::vector<std::array<double, 3>> shape;
  for (int k = 1; k <= g.nz; ++k)
    for (int j = 1; j <= g.ny; ++j)
      for (int i = 1; i <= g.nx; ++i) {
        const auto S = spatial((i - 1) * h, (j - 1) * h, (k - 1) * h);
        shape.push_back({S[0].v, S[1].v, S[2].v});
      }
  double t = 0, err = 0;
  for (int s = 1; s <= steps; ++s) {
    sd.predictor(t);
    sd.corrector(t);
    sd.finish(t);
    t += sd.dt;
    std::size_t n = 0;
    for (int k = 1; k <= g.nz; ++k)
      for (int j = 1; j <= g.ny; ++j)
        for (int i = 1; i <= g.nx; ++i, ++n)
          for (int c = 0; c < 3; ++c)
            err = std::max(err, std::fabs(sd.u[c](i, j, k) - T(t) * shape[n][c]));
  }
  return err;
}

}  // namespace

TEST(Convergence, FourthOrderWithFreeSurfaceAndVariableMaterial) {
  // The single build's rounding floor (float's eps times the solution over the steps) is about
  // 4e-6 (measured: 9.6e-6 at h = 1/16 but 4.3e-6 at 1/32, ratio 2.2): there the pair is
  // h = 1/8, 1/16.
  const int n1 = sw4test::kSingle ? 8 : 16;
  const int steps = int(n1 * 2.1) + 1;  // 1.3 h / sqrt(max (4mu+la)/rho) ~ 0.48 h
  const double e1 = run(n1, 1.0, steps), e2 = run(2 * n1, 1.0, 2 * steps);
  const double rate = std::log2(e1 / e2);
  std::printf("max error h=1/%d: %.3e  h=1/%d: %.3e  ratio %.2f  rate %.2f\n", n1, e1, 2 * n1, e2,
              e1 / e2, rate);
  // single: h = 1/8 is not yet asymptotic; measured ratio 13.5 (rate 3.75), and 12 is still far
  // above third order's 8
  EXPECT_GE(e1 / e2, sw4test::tol(14.0, 12.0));
  EXPECT_LT(e2, 1e-4);
}
