// test_gpu_step.cpp: the CUDA build's step on the host backend (gpu/device.hpp) against the
// CPU build's Subdomain, piece by piece: the phases' launches (gpu/gpu_kernels.hpp), the look's
// atomics (gpu/gpu_look.hpp) and the receivers' batches (gpu/gpu_receivers.hpp).
//
// Why built so: no GPU is needed to check what the CUDA build computes, only its host backend,
// whose launches are loops calling the same point formulas; the launch shapes are the only part
// left to a GPU (tools/gpu_check.sh). Pieces of a 2 x 2 and a 3 x 1 cut are stepped without
// halos on both sides, so the padding is the same stale data for both and every owned point
// must agree: to 1e-13 of the largest value for U+ (L_h's point formula against the tuned
// kernel: where g++ fuses multiply-adds differs between the two), bit for bit for what shares
// its body (the boundary ghosts, the damping, the point forces), the look and the receivers.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "gpu/gpu_kernels.hpp"
#include "gpu/gpu_look.hpp"
#include "gpu/gpu_receivers.hpp"
#include "step_end.hpp"

using namespace sw4;

namespace {

// A flat piece with a free surface, super-grid layers, a moment tensor and a point force near
// the surface, and receivers of every mode.
Config deck() {
  Config cfg;
  cfg.grid.nx = 25, cfg.grid.ny = 23, cfg.grid.nz = 21;
  cfg.grid.h = 0.1;
  cfg.grid.xmax = 2.4, cfg.grid.ymax = 2.2, cfg.grid.zmax = 2.0;
  cfg.tps.on = true;
  cfg.tps.halfspace = true;
  cfg.sg.gp = 6;
  SourceCfg m;
  m.x = 1.23, m.y = 1.07, m.z = 0.61, m.mxx = 1, m.myz = 0.5, m.t0 = 0.1, m.freq = 3;
  m.type = TimeFunctionType::Gaussian;
  SourceCfg f;
  f.is_force = true;
  f.x = 0.94, f.y = 1.31, f.z = 0.12, f.fz = 1, f.fx = -0.3, f.t0 = 0.1, f.freq = 4;
  f.type = TimeFunctionType::Ricker;
  cfg.sources = {m, f};
  const RecMode modes[] = {RecMode::Displacement, RecMode::Velocity, RecMode::Div, RecMode::Curl,
                           RecMode::Strains, RecMode::DisplacementGradient};
  int n = 0;
  for (RecMode mode : modes) {
    RecCfg r;
    r.x = 0.55 + 0.23 * n, r.y = 1.15 - 0.07 * n, r.z = n % 2 ? 0.0 : 0.4 + 0.1 * n;
    r.mode = mode;
    r.file = "r" + std::to_string(n++);
    cfg.recs.push_back(r);
  }
  return cfg;
}

// A smooth field, different in each component, so that every term of L_h is non-zero.
void fill(Field& f, double phase) {
  const Box& b = f[0].box;
  for (int c = 0; c < 3; ++c)
    for (int k = b.kb; k <= b.ke; ++k)
      for (int j = b.jb; j <= b.je; ++j)
        for (int i = b.ib; i <= b.ie; ++i)
          f[c](i, j, k) = std::sin(0.7 * i + 0.3 * c + phase) * std::cos(0.5 * j - 0.2 * k) + 0.01 * k;
}

double max_abs(const Field& f) {
  double m = 0;
  for (const Array3& a : f)
    for (Real v : a.v) m = std::max(m, double(std::fabs(v)));
  return m;
}

// The largest difference over the owned points of two fields, and whether all are the same bits.
double owned_diff(const Field& a, const Field& b, const Box& o, bool& same) {
  double d = 0;
  same = true;
  for (int c = 0; c < 3; ++c)
    for (int k = o.kb; k <= o.ke; ++k)
      for (int j = o.jb; j <= o.je; ++j)
        for (int i = o.ib; i <= o.ie; ++i) {
          d = std::max(d, double(std::fabs(a[c](i, j, k) - b[c](i, j, k))));
          same = same && a[c](i, j, k) == b[c](i, j, k);
        }
  return d;
}

constexpr double kTol = sizeof(Real) == 4 ? 1e-5 : 1e-13;

// Three steps of both, piece by piece, with the receivers sampled after each.
void steps_agree(int p1, int p2) {
  const Config cfg = deck();
  for (int pi = 0; pi < p1; ++pi)
    for (int pj = 0; pj < p2; ++pj) {
      Subdomain cpu(cfg, piece_geometry(cfg, p1, p2, pi, pj));
      ASSERT_EQ(cpu.allocate(cfg), "");
      cpu.dt = 0.02;
      fill(cpu.u, 0), fill(cpu.um, 0.05);
      Subdomain host(cfg, piece_geometry(cfg, p1, p2, pi, pj));
      ASSERT_EQ(host.allocate(cfg), "");
      host.dt = cpu.dt;
      host.u = cpu.u, host.um = cpu.um;
      for (Receiver& r : cpu.receivers) r.reserve(3);
      for (Receiver& r : host.receivers) r.reserve(3);
      gpu::DevicePiece dp(host);
      gpu::DeviceReceivers recs(host.receivers, dp.g0.L, 2);
      double t = 0.05;
      for (int n = 1; n <= 3; ++n) {
        cpu.predictor(t);
        cpu.corrector(t);
        cpu.finish(t);
        std::vector<double> g(host.tfun.size());
        gpu::predictor(dp);
        for (std::size_t s = 0; s < g.size(); ++s) g[s] = host.tfun[s].g(t);
        gpu::point_forces(dp, g, 0);
        gpu::boundary_conditions(dp);
        gpu::corrector_update(dp);
        for (std::size_t s = 0; s < g.size(); ++s) g[s] = host.tfun[s].g_tt(t);
        gpu::point_forces(dp, g, 1);
        gpu::damping(dp);
        gpu::boundary_conditions(dp);
        recs.gather(dp.g0.up, dp.g0.um);
        if (recs.full()) recs.flush(host.receivers, host.grid.h, host.dt);
        dp.rotate();
        t += cpu.dt;
        dp.download_solution(host);
        bool same = false;
        const double d = owned_diff(cpu.u, host.u, cpu.owned, same);
        EXPECT_LE(d, kTol * max_abs(cpu.u)) << "piece " << pi << "," << pj << " of " << p1 << " x " << p2 << ", step " << n;
        // the free surface's ghosts from U+ that agree to rounding: the same formula, so no worse
        Box top = cpu.owned;
        top.kb = top.ke = 0;
        EXPECT_LE(owned_diff(cpu.u, host.u, top, same), 100 * kTol * max_abs(cpu.u));
      }
      recs.flush(host.receivers, host.grid.h, host.dt);
      ASSERT_EQ(cpu.receivers.size(), host.receivers.size());
      for (std::size_t r = 0; r < cpu.receivers.size(); ++r) {
        const auto& a = cpu.receivers[r].samples;
        const auto& b = host.receivers[r].samples;
        ASSERT_EQ(a.size(), b.size()) << cpu.receivers[r].cfg.file;
        double m = 0, d = 0;
        for (std::size_t s = 0; s < a.size(); ++s) {
          m = std::max(m, double(std::fabs(a[s])));
          d = std::max(d, double(std::fabs(a[s] - b[s])));
        }
        EXPECT_LE(d, kTol * std::max(m, 1e-300)) << cpu.receivers[r].cfg.file;
      }
    }
}

TEST(GpuStep, PiecesOfA2x2CutAgreeWithTheCpuStep) { steps_agree(2, 2); }
TEST(GpuStep, PiecesOfA3x1CutAgreeWithTheCpuStep) { steps_agree(3, 1); }
TEST(GpuStep, OnePieceAgreesWithTheCpuStep) { steps_agree(1, 1); }

// The look on the device gives Subdomain::look's four numbers exactly: ties resolved to the
// smallest key, the first point beyond the bound, NaN above infinity above every value.
TEST(GpuLook, TheSameNumbersAsTheHostLook) {
  const Config cfg = deck();
  Subdomain sd(cfg, piece_geometry(cfg, 2, 2, 1, 0));
  ASSERT_EQ(sd.allocate(cfg), "");
  fill(sd.u, 0.3);
  gpu::DeviceLook looker;
  auto same = [&](std::int64_t bound, const char* what) {
    gpu::DevicePiece dp(sd);
    const Subdomain::Look a = sd.look(bound), b = looker.look(dp, bound);
    EXPECT_EQ(a.bits, b.bits) << what;
    EXPECT_EQ(a.max_key, b.max_key) << what;
    EXPECT_EQ(a.bad_key, b.bad_key) << what;
    EXPECT_EQ(a.bad_bits, b.bad_bits) << what;
  };
  same(abs_bits(10.0), "a smooth field under the bound");
  same(abs_bits(0.5), "beyond the bound at many points");
  const Box& o = sd.owned;
  sd.u[1](o.ie, o.je, o.ke) = 7;  // a tie of the largest value: the smaller key wins
  sd.u[0](o.ib + 1, o.jb, 3) = -7;
  same(abs_bits(10.0), "a tie");
  sd.u[2](o.ib + 2, o.jb + 1, 4) = Real(std::numeric_limits<double>::infinity());
  same(abs_bits(10.0), "an infinity");
  sd.u[0](o.ie - 1, o.je, 5) = Real(std::numeric_limits<double>::quiet_NaN());
  same(abs_bits(10.0), "a NaN");
  fill(sd.u, 0.3);  // a NaN outside the owned points is not looked at
  sd.u[2](o.ib - 2, o.jb, 1) = Real(std::numeric_limits<double>::quiet_NaN());
  same(abs_bits(10.0), "padding left out");
  EXPECT_EQ(sd.look(abs_bits(10.0)).bad_key, -1);
}

}  // namespace
