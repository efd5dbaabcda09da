// bench_kernels: the time-step kernels alone, on one piece of the pointsource grid
// (201 x 201 x 101 points by default), median of several repetitions, on OMP_NUM_THREADS
// threads (make bench runs it on one).
//   build/bench_kernels [ni nj nk] [reps]
// Prints one line per kernel: "kernel name=<k> ms=<median> mpts=<M points/s> cpu_ms=<median>".
// SW4_BENCH_ONLY=<k> runs one kernel; SW4_TILE_ROWS=<n> sets the interior kernel's tile height.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "stencil.hpp"
#include "topography/stencil_curvilinear.hpp"
#include "topography/stencil_curvilinear_reference.hpp"
#include "stencil_reference.hpp"
#include "supergrid.hpp"

using namespace sw4;

// Median wall-clock and median CPU time of the thread (ms) over `reps` runs. On a shared
// machine the CPU time leaves out the time the thread waited for a core.
struct Timing {
  double wall, cpu;
};
inline double cpu_ms() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}
template <class F>
Timing median_ms(int reps, F&& f) {
  std::vector<double> wall, cpu;
  for (int r = 0; r < reps; ++r) {
    const auto a = std::chrono::steady_clock::now();
    const double c = cpu_ms();
    f();
    cpu.push_back(cpu_ms() - c);
    wall.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - a).count());
  }
  std::sort(wall.begin(), wall.end());
  std::sort(cpu.begin(), cpu.end());
  return {wall[wall.size() / 2], cpu[cpu.size() / 2]};
}

int main(int argc, char** argv) {
  const int nx = argc > 3 ? std::atoi(argv[1]) : 201, ny = argc > 3 ? std::atoi(argv[2]) : 201,
            nz = argc > 3 ? std::atoi(argv[3]) : 101;
  const int reps = argc > 4 ? std::atoi(argv[4]) : (argc == 2 ? std::atoi(argv[1]) : 7);
  const Box box{-1, nx + 2, -1, ny + 2, -1, nz + 2};
  const Box eval{1, nx, 1, ny, 1, nz};
  Field u, um, up, acc;
  for (Field* f : {&u, &um, &up, &acc})
    for (auto& a : *f) a.define(box);
  Array3 rho(box), mu(box), la(box);
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> U(0.5, 1.5);
  for (Array3* a : {&rho, &mu, &la}) for (Real& x : a->v) x = Real(U(rng));
  for (Field* f : {&u, &um})
    for (auto& a : *f)
      for (Real& x : a.v) x = Real(U(rng));
  Taper tp;
  tp.left = tp.right = true;
  tp.x1 = (nx - 1) * 0.04;
  tp.width = 30 * 0.04;
  const Profiles px = sample_profiles(tp, box.ib, box.ie, 0.04);
  tp.x1 = (ny - 1) * 0.04;
  const Profiles py = sample_profiles(tp, box.jb, box.je, 0.04);
  tp.left = false;
  tp.x1 = (nz - 1) * 0.04;
  const Profiles pz = sample_profiles(tp, box.kb, box.ke, 0.04);
  const Medium md{&mu, &la, &px.str, &py.str, &pz.str};
  Target pred, corr;
  for (int c = 0; c < 3; ++c) {
    pred.out[c] = up[c].data();
    pred.u[c] = u[c].data();
    pred.um[c] = um[c].data();
    corr.out[c] = up[c].data();
  }
  pred.rho = corr.rho = rho.data();
  pred.factor = 1e-3;
  corr.factor = 1e-7;
  RhsWorkspace ws;
  if (const char* e = std::getenv("SW4_TILE_ROWS")) ws.tile_rows = std::atoi(e);
  const double pts = double(nx) * ny * nz;
  // SW4_BENCH_ONLY=name runs one kernel (for instruction counts under callgrind).
  const char* only = std::getenv("SW4_BENCH_ONLY");
  auto run = [&](const char* name, auto&& kernel) {
    if (only && std::string(only) != name) return;
    const Timing ms = median_ms(reps, kernel);
    std::printf("kernel name=%s ms=%.2f mpts=%.1f cpu_ms=%.2f\n", name, ms.wall,
                pts / ms.wall / 1e3, ms.cpu);
  };
  run("rhs4+predictor", [&] { rhs4<Update::Predictor>(u, md, eval, true, 0.04, pred, ws); });
  run("rhs4+corrector", [&] { rhs4<Update::Corrector>(u, md, eval, true, 0.04, corr, ws); });
  // The plain point-by-point operator (kernel=reference): what a compiler makes of simple loops.
  run("rhs4_reference+predictor",
      [&] { rhs4_reference<Update::Predictor>(u, md, eval, true, 0.04, pred); });
  run("rhs4_interior+corrector", [&] {
    kernel::rhs4_interior<Update::Corrector>(u, md, 1, nx, 1, ny, 7, nz, 0.04, corr, ws);
  });
  // The curvilinear operator (grid 1 of a topography run) on a random metric: J, m1, m4 in
  // [0.5, 1.5], m2, m3 in [-0.3, 0.3] (the work does not depend on the values). Its plain
  // point-by-point form is ~30 times slower: only when SW4_BENCH_ONLY names it.
  Metric met;
  met.define(box);
  std::uniform_real_distribution<double> M(-0.3, 0.3);
  for (Array3* a : {&met.J, &met.m1, &met.m4}) for (Real& x : a->v) x = Real(U(rng));
  for (Array3* a : {&met.m2, &met.m3}) for (Real& x : a->v) x = Real(M(rng));
  const CurvMedium cmd{&mu, &la, &met, &px.str, &py.str};
  run("rhs_curvilinear+predictor", [&] { rhs_curvilinear<Update::Predictor>(u, cmd, eval, pred); });
  run("rhs_curvilinear+corrector", [&] { rhs_curvilinear<Update::Corrector>(u, cmd, eval, corr); });
  if (only && std::string(only) == "rhs_curvilinear_reference+predictor")
    run(only, [&] { rhs_curvilinear_reference<Update::Predictor>(u, cmd, eval, pred); });
  run("acceleration", [&] { acceleration(acc, up, u, um, 0.02, acc[0].box); });
  run("supergrid_damping", [&] { supergrid_damping(up, u, um, rho, px, py, pz, eval, 0.02); });
  run("predictor_frame", [&] { predictor_frame(up, u, um, eval); });
  return 0;
}
