// cost.hpp: what a run will cost, said before it starts: grid points, steps, memory per rank and
// in all, and an estimate of the wall time.
//
// Why built so: a user who starts LOH.1 at h=100 on a laptop should learn from `--check`, in a
// second, that it is half an hour of work, not find out by waiting. The memory figures are
// limits.hpp's own estimates (the arrays of the two-sided cut, the receivers' samples), so the
// line and the check that refuses a deck too large for the machine cannot disagree. The time
// is the run's grid-point updates divided by a figure of merit measured on the development
// machine kind and named in the line: an estimate for that kind of core, to be scaled by the
// reader for another; the progress line (progress.hpp) gives the measured rate once the run
// is going. No MPI: the driver passes the ranks and threads.
#pragma once

#include <array>
#include <cstdio>
#include <string>

#include "input.hpp"
#include "checks/limits.hpp"
#include "output/progress.hpp"
#include "output/report.hpp"

namespace sw4 {

// Grid-point updates per second per core of the tuned kernel: `make bench` on
// inputs/pointsource.in, 2 ranks x 1 thread on the 2-core AMD EPYC development machine
// (docs/benchmarks.md, "The cost line's rate": 14.6 M/s on 2 ranks). Both cores busy, as in a real run.
constexpr double kUpdatesPerCoreSecond = 7.3e6;
constexpr const char* kUpdatesBasis =
    "7.3 M grid-point updates/s per core, measured with inputs/pointsource.in on 2 ranks of a "
    "2-core AMD EPYC";

// The visco-elastic step's time per grid-point update over the elastic one's: 1 + c n for n
// mechanisms, as each mechanism adds the same work: an L_h in each phase (the elastic step has
// two) and four pointwise passes over its memory variables (NUMERICS 36). c from `make bench`
// (bench/parts/75-attenuation.sh, docs/benchmarks.md "Attenuation"): inputs/loh1-small.in at
// h = 100 with LOH.3's Q on 2 ranks of the development machine, 2026-12-03, 5 rounds, each
// ratio taken within one round, medians: nmech=1 1.77, nmech=3 2.97 times the elastic time a
// point; c = 0.67 fits both by least squares (1.67 and 3.0). Less than the L_h count's 1 a
// mechanism, since the elastic step's boundary conditions, damping, halo exchanges and checks
// do not grow with n. nmech=0 (the damping without memory variables) adds one pointwise pass
// and is costed as elastic.
constexpr double kAttenuationCostPerMechanism = 0.67;
inline double step_cost_factor(const Config& cfg) {
  return cfg.att.on && cfg.att.nmech > 0 ? 1 + kAttenuationCostPerMechanism * cfg.att.nmech : 1;
}

// "Cost: P grid points x N steps = U grid-point updates; memory about A per rank (B in all,
// arrays and receivers); estimated time T on R ranks x H threads (at ... measured on ...[;
// visco-elastic, n mechanisms: F times the elastic time a point])".
// `steps` are the steps this run takes (a restart's remaining ones).
inline std::string cost_line(const Config& cfg, long steps, const MachineShare& m, int threads) {
  const double points = grid_points(cfg), updates = points * double(steps < 0 ? 0 : steps);
  const std::array<double, 2> a = array_bytes(cfg, m.p1, m.p2, true);
  double recs = 0, largest = 0;
  for (const RecCfg& r : cfg.recs) {
    const std::array<double, 2> b = receiver_bytes(r, steps);
    recs += b[0];
    largest = std::max(largest, b[0]);
  }
  const double per_rank = a[1] + std::max(recs / m.ranks, largest);
  const double cores = double(m.ranks) * (threads < 1 ? 1 : threads);
  const double factor = step_cost_factor(cfg), seconds = factor * updates / (kUpdatesPerCoreSecond * cores);
  char visco[160] = "";
  if (factor != 1)
    std::snprintf(visco, sizeof visco, "; visco-elastic, %d mechanisms: %.3g times the elastic time a point",
                  cfg.att.nmech, factor);
  char b[800];
  std::snprintf(b, sizeof b,
                "Cost: %s x %s = %.3g grid-point updates; memory about %s per rank (%s in all, "
                "arrays and receivers); estimated time %s on %d ranks x %d threads (at %s%s%s)",
                counted(points, "grid point").c_str(), counted(double(steps), "step").c_str(), updates,
                gigabytes(per_rank).c_str(), gigabytes(a[0] + recs).c_str(),
                duration_words(seconds).c_str(), m.ranks, threads < 1 ? 1 : threads, kUpdatesBasis,
                visco, cfg.topo.on ? "; the curvilinear grid costs more per point" : "");
  return b;
}

// DG (NUMERICS 30-34): unknown updates per second per core at degree q = 1..4, from `make bench`
// (bench/parts/70-dg.sh, the single-mode problem on 2 ranks of the 2-core AMD EPYC development
// machine, both cores busy as in a real run; docs/benchmarks.md, "The DG solver"); a higher
// degree is estimated from q = 4 by the dense operators' share, 1/unknowns.
constexpr double kDgUpdatesPerCoreSecond[4] = {3.2e6, 4.1e6, 2.5e6, 1.2e6};

// "Cost: E elements x N steps = U unknown updates (degree q); memory about A per rank (B in
// all); estimated time T on R ranks x H threads (at ...)": 6 fields of 3 (q+1)^3 values per
// element (the solution, two time derivatives, their next), its faces' traces, the operators.
inline std::string dg_cost_line(const Config& cfg, long steps, int ranks, int threads) {
  const int q = cfg.dg.order, Q = q + 1;
  const double elements = double(cfg.grid.nx - 1) * (cfg.grid.ny - 1) * (cfg.grid.nz - 1);
  const double nd = 3.0 * Q * Q * Q;
  const double unknowns = 2 * nd * elements, updates = unknowns * double(steps < 0 ? 0 : steps);
  const double bytes = dg_bytes(cfg, ranks);
  const double rate = q <= 4 ? kDgUpdatesPerCoreSecond[q - 1] : kDgUpdatesPerCoreSecond[3] * 375 / nd;
  const double cores = double(ranks) * (threads < 1 ? 1 : threads);
  char b[640];
  std::snprintf(b, sizeof b,
                "Cost: %s x %s = %.3g unknown updates (degree %d); memory about %s per rank (%s in all); "
                "estimated time %s on %d ranks x %d threads (at %.3g M unknown updates/s per core%s, "
                "measured on 2 ranks of a 2-core AMD EPYC)",
                counted(elements, "element").c_str(), counted(double(steps), "step").c_str(), updates, q,
                gigabytes(bytes / ranks).c_str(), gigabytes(bytes).c_str(),
                duration_words(updates / (rate * cores)).c_str(), ranks, threads < 1 ? 1 : threads, rate / 1e6,
                q <= 4 ? "" : ", scaled from degree 4");
  return b;
}

}  // namespace sw4
