// bench_kernels: the time-step kernels alone, on one piece of the pointsource grid
// (201 x 201 x 101 points by default), single core, median of several repetitions.
//   build/bench_kernels [ni nj nk] [reps]
// Prints one line per kernel: "kernel name=<k> ms=<median> mpts=<M points/s>".
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "stencil.hpp"
#include "supergrid.hpp"

using namespace sw4;

template <class F>
double median_ms(int reps, F&& f) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    const auto a = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - a)
                    .count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
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
  for (Array3* a : {&rho, &mu, &la}) for (double& x : a->v) x = U(rng);
  for (Field* f : {&u, &um})
    for (auto& a : *f)
      for (double& x : a.v) x = U(rng);
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
  const double pts = double(nx) * ny * nz;
  auto report = [&](const char* name, double ms) {
    std::printf("kernel name=%s ms=%.2f mpts=%.1f\n", name, ms, pts / ms / 1e3);
  };
  report("rhs4+predictor", median_ms(reps, [&] {
           rhs4<Update::Predictor>(u, md, eval, true, 0.04, pred, ws);
         }));
  report("rhs4+corrector", median_ms(reps, [&] {
           rhs4<Update::Corrector>(u, md, eval, true, 0.04, corr, ws);
         }));
  report("acceleration", median_ms(reps, [&] { acceleration(acc, up, u, um, 0.02); }));
  report("supergrid_damping", median_ms(reps, [&] {
           supergrid_damping(up, u, um, rho, px, py, pz, eval, 0.02);
         }));
  report("predictor_frame", median_ms(reps, [&] { predictor_frame(up, u, um, eval); }));
  return 0;
}
