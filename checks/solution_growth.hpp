// solution_growth.hpp: the solution check's second test, a blow-up told by its growth: the
// largest |u| over the whole grid has become many times larger than it ever was, while no
// source grew enough to explain it (docs/user-guide.md, "The solution check").
//
// Why built so: an unstable run (a cfl above the stable limit, thin super-grid layers) grows by
// a fixed factor every step. The bound of solution_check.hpp stops it only once it is far
// beyond anything the sources can make; until then it writes wrong numbers and exits 0
// (inputs/pointforce.in at cfl=1.5 and t=0.8: 2.9x per step up to |u| = 1.8e6, 3e5 times its
// largest value at cfl 1.3). Growth alone does not tell a blow-up: while a source ramps up the
// solution grows as fast (a Gaussian's onset, 2x per step at the start of pointforce.in), and
// far from a peak a Gaussian is locally exponential. What the physics forbids is the solution
// rising far above its own past while the sources do not: the waves a source has made only
// spread, reflect and convert, and measured over the decks of inputs/, test/reference/,
// test/e2e/, test/ci/ and decks made to push it (a Dirac force on the surface, a moment tensor
// 50 m deep at 30 Hz, a 200 m/s layer over 1960 m/s, Liu and Brune sources on the surface,
// GaussianWindow, Sawtooth and SmoothWave sources, late sources after the waves had gone, an
// exponentially growing user series, soft layers, runs to 810 steps) the largest |u| never
// exceeded its own earlier maximum by more than a factor 1.3 beyond what the sources' growth
// allows (the statistic below; docs/user-guide.md, "The solution check", lists the decks and
// figures). So, at a step n the run looks at,
// with M(m) the global max |u| after the looked-at step m:
//
//   P_W = the largest M(m) over looked-at steps m <= n - W, for W = 10, 20, 40, ... (W <= n);
//   S_W = the largest growth T(n) / T(n - W - L) of a term T of a source's part of the scale
//         (|g|, tau |g'| or tau^2 |g''| times A_s / (mu_min h^p): SourceScale::terms) over the
//         window and a lag L = 10 steps (the response trails the source: without the lag
//         the statistic below read 3.1 on test/ci/small.in, with L = 5 1.4, with L = 10 1.3,
//         with 20 1.2; a shorter lag lets a run stop 10 steps sooner), counting only terms
//         that can explain M(n): K T(n) >= M(n), K = 10 (the solution stays below 0.5 of the
//         scale: docs/user-guide.md, "The solution check"); a term that had not started has grown infinitely;
//   a blow-up when M(n) >= kGrowth P_W S_W for some W, kGrowth = 10.
//
// The statistic M(n) / (P_W S_W) reached at most 1.3 on correct runs (a plateau: a static
// offset building up in a 100 m/s layer; 1.8 had S_W taken each source's largest term only,
// not each term apart), 3e5 on pointforce.in at cfl 1.5 (stopped at step 19 or 20 of 26, |u|
// 170 or 490 times its largest value at cfl 1.3, before its receivers' files), and stops runs
// growing 1.12x per step (super-grid gp=14 dc=0.02) within 40 steps of the growth showing
// above the physical waves. A restarted run does not know M before its restart: P starts at kPhysical
// times the scale (above every correct run's measured 0.46), so it may stop later than the
// uninterrupted run would, never on a correct run.
//
// M is the maximum over ranks of each rank's maximum, exact whatever the cut, and the test
// reads nothing else but the deck, so every rank, either binary, any thread count takes the
// same decision at the same step. The driver feeds it (sw4lite_report.hpp,
// stop_on_bad_solution) at the steps the ranks agree anyway; it needs no communication of its own.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "checks/float_bits.hpp"
#include "checks/solution_check.hpp"

namespace sw4 {

constexpr double kGrowth = 10;        // how far M must rise above its past (times S_W)
constexpr long kGrowthWindow = 10;    // the shortest window W; longer ones double it
constexpr long kSourceLag = 10;       // L: steps by which the solution may trail its sources
constexpr double kExplain = 10;       // K: a source term that small cannot explain M
constexpr double kPhysical = 1;       // P after a restart, times the scale

// What the test found at one step: fires, and the words of the line (M, P and its step).
struct Growth {
  bool fires = false;
  bool seeded = false;  // P is the restart's seed (kPhysical times the scale), not a value of M
  long since = 0;       // P is the largest M up to this step (seeded: the restart's step)
  double past = 0;      // P
  double factor = 0;    // M / P
};

class GrowthWatch {
 public:
  // A restart after step n: M before it is unknown (the essay).
  void restart(long n, SourceScale& sc) {
    seed_ = kPhysical * sc.scale(n);
    seed_step_ = n;
  }

  // M after step n (steps increasing; a finite value: NaN and infinity are the bound's). The
  // verdict for step n.
  Growth add(long n, double m, SourceScale& sc) {
    Growth g;
    for (long w = kGrowthWindow; w <= n && !g.fires; w *= 2) {
      const long upto = n - w;
      double past = seed_;
      long since = seed_step_;
      bool seeded = seed_ > 0;
      const auto it = std::upper_bound(steps_.begin(), steps_.end(), upto);
      if (it != steps_.begin() && peak_[std::size_t(it - steps_.begin()) - 1] > past) {
        past = peak_[std::size_t(it - steps_.begin()) - 1];
        since = *(it - 1);
        seeded = false;
      }
      if (!(past > 0)) continue;
      const double s = source_growth(sc, n, upto - kSourceLag, m);
      if (s > 0 && m >= kGrowth * past * s) g = {true, seeded, since, past, m / past};
    }
    steps_.push_back(n);
    peak_.push_back(std::max(m, peak_.empty() ? 0.0 : peak_.back()));
    return g;
  }

 private:
  std::vector<long> steps_;     // the steps seen
  std::vector<double> peak_;    // the largest M up to each
  double seed_ = 0;
  long seed_step_ = 0;

  // S_W: the largest growth term(n) / term(from) of a source's terms (solution_check.hpp)
  // that can explain m (kExplain term(n) >= m); -1 when such a term was 0 at `from` (not
  // started: infinitely grown); 1 when none can.
  static double source_growth(SourceScale& sc, long n, long from, double m) {
    double s = 1;
    for (std::size_t i = 0; i < sc.sources(); ++i) {
      const SourceScale::Terms now = sc.terms(i, n);
      const SourceScale::Terms then = from >= 1 ? sc.terms(i, from) : SourceScale::Terms{0, 0, 0};
      for (std::size_t c = 0; c < 3; ++c) {
        if (kExplain * now[c] < m) continue;
        if (!(then[c] > 0)) return -1;
        s = std::max(s, now[c] / then[c]);
      }
    }
    return s;
  }
};

}  // namespace sw4
