// partition.hpp: the grid as partitions for the one-sided driver (DESIGN.md, "The two
// drivers"): how a rank's piece is cut, what a partition is, and how it travels.
//
// Why built so: a partition is a Subdomain plus the state of its step (onesided_step.hpp), so
// every number is computed by the same phases as in two-sided mode and the results are the
// same to the bit. Its whole state packs into bytes between handlers, which is what lets the
// runtime move it to another rank.
#pragma once

#include "amr_runtime.hpp"

#include <array>
#include <climits>
#include <string>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "step_end.hpp"
#include "subdomain.hpp"

namespace sw4 {

// The 2-D grid of partitions: p1 x p2 pieces, blocks of q1 x q2 per rank on an r1 x r2 grid.
struct PartitionLayout {
  int r1 = 1, r2 = 1, q1 = 1, q2 = 1;
  int p1() const { return r1 * q1; }
  int p2() const { return r2 * q2; }
  int count() const { return p1() * p2(); }
  amr::Gid gid(int pi, int pj) const { return amr::Gid(pi) + amr::Gid(p1()) * pj; }
  int home(int pi, int pj) const { return (pi / q1) * r2 + pj / q2; }
};

// Default partitions per rank (docs/user-guide.md, "One-sided mode": enough for overlap, and
// stealing moves a third of a rank's work, which evens out a rank twice as slow).
constexpr int kDefaultPartitions = 3;

// Partitions per rank: --partitions N, else the deck's developer partitions=N, else the default.
inline int partitions_per_rank(int option, int deck) {
  return option > 0 ? option : deck > 0 ? deck : kDefaultPartitions;
}

// Partitions thinner than this along y are not cut as strips (see partition_layout).
constexpr int kMinStripWidth = 16;

// The rank grid is the original's; each rank's piece is cut again into `per_rank` partitions,
// so neighbouring partitions start on the same rank. The cut is into strips along y when they
// are at least kMinStripWidth points wide: whole rows along x keep the kernels' unit-stride
// loops long and their per-row edge work small (on pointsource.in, 2 ranks x 4 partitions:
// strips make the scheme 10% faster than 2 x 2 blocks, and as fast as one piece per rank).
// Otherwise the original's process-grid rule cuts the piece in both directions.
inline PartitionLayout partition_layout(const GridCfg& g, int nranks, int per_rank) {
  PartitionLayout L;
  const auto r = process_grid(nranks, g.nx + 2 * kGhost, g.ny + 2 * kGhost);
  L.r1 = r[0];
  L.r2 = r[1];
  if (L.r1 < 0) return L;
  const auto ri = split_1d(g.nx, L.r1, 0), rj = split_1d(g.ny, L.r2, 0);
  const int ni = ri[1] - ri[0] + 1, nj = rj[1] - rj[0] + 1;
  if (nj / per_rank >= kMinStripWidth) {
    L.q1 = 1;
    L.q2 = per_rank;
    return L;
  }
  const auto q = process_grid(per_rank, ni, nj);
  L.q1 = q[0];
  L.q2 = q[1];
  return L;
}

// The points of piece `pg` that it sends: what it owns, with the physical ghost layers on the
// sides where it lies on the boundary, all k.
inline Box sendable(const PieceGeometry& pg, const GridCfg& g) {
  Box s = pg.owned;
  if (s.ib == 1) s.ib = 1 - kGhost;
  if (s.ie == g.nx) s.ie = g.nx + kGhost;
  if (s.jb == 1) s.jb = 1 - kGhost;
  if (s.je == g.ny) s.je = g.ny + kGhost;
  s.kb = pg.box.kb;
  s.ke = pg.box.ke;
  return s;
}

inline Box intersect(const Box& a, const Box& b) {
  return {std::max(a.ib, b.ib), std::min(a.ie, b.ie), std::max(a.jb, b.jb),
          std::min(a.je, b.je), std::max(a.kb, b.kb), std::min(a.ke, b.ke)};
}

// One neighbour of a partition.
struct HaloLink {
  amr::Gid gid = -1;
  Box send;             // my points that are its padding
  long requested = 0;   // the highest exchange it asked me for (request protocol)
  long sent = 0;        // the highest exchange I sent it
};

// Where a partition is in its step (the table in onesided_step.hpp). Exchange e = 2n - 1
// carries U*(n), e = 2n carries U+(n).
enum class StepState : std::uint8_t {
  StepClosed,  // step n closed (n = 0: set up), the next phase may start
  AwaitUstar,  // predictor(n) done and U*(n) offered: waiting for the neighbours' U*(n)
  AwaitUplus,  // corrector(n) done and U+(n) offered: waiting for the neighbours' U+(n)
  Done,        // the last step is closed, or the solution check stopped the partition
  Paused,      // step n closed and n is the run's pause step (a checkpoint): waits for resume
};

class Partition : public amr::Mobile {
 public:
  amr::Gid gid = -1;
  PieceGeometry geometry;
  std::vector<HaloLink> links;
  Subdomain sd;
  std::array<double, 2> max_speed2{0, 0};  // CFL bounds of this piece's grids (setup handler)
  std::string problem;    // what stops the run, found by the setup handler ("": none)
  double t = 0;           // time of U (accumulated, as the original does)
  StepState state = StepState::StepClosed;
  long step = 0;          // steps closed
  long exchange = 0;      // the exchange computed last, and awaited in an Await state
  int got = 0;            // neighbours' halos of `exchange` in
  bool halted = false;    // stopped by the solution check (NaN, infinity, blow-up)
  long arrived = -1000;   // the step at which it last landed here by migration
  std::map<long, std::vector<std::vector<char>>> inbox;  // early halos (eager), by exchange

  bool done() const { return state == StepState::Done; }
  void pack(amr::Writer& w) const override;
  void unpack(amr::Reader& r) override;
};

// The halo protocols (onesided_step.hpp): request (the receiver asks for an exchange when it
// can take it, the data lands in its arrays); eager sends at once and parks early data in the
// inbox.
enum class Protocol : std::uint8_t { Request, Eager };

// The steal gate: may this rank ask for work? Only when, over its last two steps, it was idle
// longer per step than kStealMargin times one partition's step here: then one more partition
// shortens the busier rank's step by at least the margin's worth without making this rank the
// busier one. Short waits for halos, which every rank has even when the load is even, open
// nothing. The margin is 1.5, not 1: once the work is as even as whole partitions allow, the
// rank with less to do is idle for up to one partition's step (5 partitions against 3 that
// take twice as long: idle 1), and a gate at 1.2 opened on such a step's noise under load, so
// that a sixth partition came over and the other rank, idle in its turn, stole one back (each
// move costing the slow rank the packing of a partition's state). The gate is looked at once
// per step (a step: as many partition-steps as partitions here) over the two steps before, so
// an imbalance opens it one step after it shows (it looked at fixed windows of two steps, and
// opened up to a step later); after a partition came or went the samples start again, so that
// no decision rests on steps measured before the move. Plain arithmetic: the driver feeds it
// (onesided.hpp, steal_gate_update), and test_onesided_step.cpp drives it alone.
constexpr double kStealMargin = 1.5;

class StealGate {
 public:
  // After a partition-step here: the partitions held, and so far the partition-steps, the
  // seconds in phases and the runtime's idle seconds. Returns whether the gate is open.
  bool update(long held, long partition_steps, double phase_seconds, double idle_seconds) {
    if (held != held_) {  // a partition came or went (or the first call): start again
      held_ = held;
      n_ = 0;
      open_ = false;
    }
    if (n_ > 0 && partition_steps - s_[std::size_t(n_ - 1)].partition_steps < held)
      return open_;  // mid-step
    if (n_ == int(s_.size())) {
      s_[0] = s_[1];
      s_[1] = s_[2];
      --n_;
    }
    s_[std::size_t(n_++)] = {partition_steps, phase_seconds, idle_seconds};
    if (n_ < int(s_.size())) return open_;  // two whole steps since the start or the move
    const double dn = double(partition_steps - s_[0].partition_steps);
    const double idle_per_step = (idle_seconds - s_[0].idle_seconds) * double(held) / dn;
    const double work_per_partition_step = (phase_seconds - s_[0].phase_seconds) / dn;
    open_ = idle_per_step > kStealMargin * work_per_partition_step;
    return open_;
  }
  bool open() const { return open_; }

 private:
  struct Sample {
    long partition_steps;
    double phase_seconds, idle_seconds;
  };
  std::array<Sample, 3> s_{};  // the last samples since the start or a move, oldest first
  int n_ = 0;
  long held_ = -1;
  bool open_ = false;
};

// Steps a partition stays on a rank after a migration before it may be stolen again.
constexpr long kMigrationCooldown = 4;

// What the runtime is told about the partitions of either solver (FD: onesided.hpp, DG:
// dg_step.hpp), then the partitions themselves, registered on every rank in the same order;
// make(pi, pj) builds the ones this rank holds (geometry and links), `ready` says whether a
// partition may move at all. A partition that just moved stays kMigrationCooldown steps:
// without this, two ranks of equal load hand partitions back and forth, and each move costs
// more than the phase it would balance. The steal gate opens only on idle time that one more
// partition would fill (StealGate above). Partitions that other ranks wait for run first:
// their halos travel while the rest compute.
template <class P, class Ready, class Make>
void add_partition_objects(amr::Runtime& rt, const PartitionLayout& L, StealGate& gate, Ready ready, Make make) {
  rt.set_movable([ready](amr::Gid, amr::Mobile& m) {
    const P& p = static_cast<P&>(m);
    return ready(p) && !p.done() && p.step >= p.arrived + kMigrationCooldown;
  });
  rt.set_steal_gate([&rt, &gate] { return rt.held() == 0 || gate.open(); });
  rt.set_urgent([&rt](amr::Gid, amr::Mobile& m) {
    for (const auto& l : static_cast<P&>(m).links)
      if (rt.location(l.gid) != rt.rank()) return true;
    return false;
  });
  for (int pj = 0; pj < L.p2(); ++pj)
    for (int pi = 0; pi < L.p1(); ++pi) {
      const int home = L.home(pi, pj);
      std::unique_ptr<P> p;
      if (home == rt.rank()) p = make(pi, pj);
      rt.add_object(L.gid(pi, pj), home, std::move(p));
    }
  gate.update(long(rt.held()), 0, 0, 0);  // the gate's first sample: the loop's start
}

// Everything the handlers share; one per run, the same on every rank.
struct OneSidedRun {
  const Config* cfg = nullptr;
  StepEnd end;  // closes steps, notes NaNs, prints progress: shared with two-sided mode
  double dt = 0;
  Protocol protocol = Protocol::Eager;  // the driver sets it (kDefaultProtocol or the deck)
  amr::Runtime* rt = nullptr;
  amr::Handler<Partition> setup, attenuate, start, request, halo, phase, resume;
  PartitionLayout layout;
  double min_vs_over_h = 0;  // with attenuation: the grid's least vs/h, over every rank (onesided_run.hpp)
  // Checkpoints (checkpoint_run.hpp): the partitions pause once they have closed step
  // pause_at, so that all are at one step when the driver writes; first_step is the step a
  // restart starts after (0: none, the start handler records the initial samples).
  long pause_at = LONG_MAX;
  long first_step = 0;
  // The timing window (step_end.hpp): opened when a partition here first starts step 2.
  double window_start = -1;     // detail::now() then
  double handlers_at_open = 0;  // the runtime's handler seconds then
  double halo_seconds = 0;      // packing and unpacking halos of timed steps
  // What the steal gate measures on this rank (steal_gate_update).
  long partition_steps = 0;   // completed here
  double phase_seconds = 0;  // spent in phases here
  StealGate gate;
};
// The run the handlers and Partition::unpack reach (a handler gets only its partition and message).
inline OneSidedRun* g_onesided_run = nullptr;

// After each partition-step here: may this rank ask for work (onesided.hpp)?
inline void steal_gate_update(OneSidedRun& run);

// ---------------------------------------------------------------------------------------------

inline void Partition::pack(amr::Writer& w) const {
  w.put(gid);
  w.put(geometry);
  w.put<std::uint64_t>(links.size());
  for (const HaloLink& l : links) w.put(l);
  w.put(max_speed2);
  w.put(t);
  w.put(state);
  w.put(step);
  w.put(exchange);
  w.put(got);
  w.put(halted);
  w.put<std::uint64_t>(inbox.size());
  for (const auto& kv : inbox) {
    w.put(kv.first);
    w.put<std::uint64_t>(kv.second.size());
    for (const std::vector<char>& b : kv.second) w.put(b);
  }
  sd.pack(w.buffer());  // last: straight into the runtime's send buffer, no second copy
}

inline void Partition::unpack(amr::Reader& r) {
  r.get(gid);
  r.get(geometry);
  links.resize(r.get<std::uint64_t>());
  for (HaloLink& l : links) r.get(l);
  r.get(max_speed2);
  r.get(t);
  r.get(state);
  r.get(step);
  r.get(exchange);
  r.get(got);
  r.get(halted);
  arrived = step;
  const auto nbox = r.get<std::uint64_t>();
  for (std::uint64_t n = 0; n < nbox; ++n) {
    const long e = r.get<long>();
    auto& list = inbox[e];
    list.resize(r.get<std::uint64_t>());
    for (std::vector<char>& b : list) r.get(b);
  }
  const char* in = r.view(r.left());
  sd.unpack(in, *g_onesided_run->cfg);
}

}  // namespace sw4
