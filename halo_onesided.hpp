// halo_onesided.hpp: one-sided mode (-DSW4LITE_ONESIDED): the grid as mobile partitions on
// the active-message runtime, each advancing by handlers as its halos arrive (the PREMA port
// of SW4lite; DESIGN.md, "Time step as phases" and "The active-message runtime").
//
// Why built so: a partition is a Subdomain plus the state of its halo protocol, so every
// number is computed by the same phases as in two-sided mode and the results are the same to
// the bit. What changes is who decides when a phase runs: each partition runs
//
//     X(n) = finish(n-1) + predictor(n)   -> sends U*(n),  exchange e = 2n-1
//     Y(n) = corrector(n)                 -> sends U+(n),  exchange e = 2n
//
// as a handler once the halos of the previous exchange are in, so partitions advance
// asynchronously and communication overlaps the other partitions' work. A partition that is
// waiting holds no runnable work, so an idle rank can steal one that has a phase queued; its
// whole state travels (Subdomain::pack), and results do not change.
//
// Halos go straight to the eight neighbours: the part of a neighbour's array box that this
// partition owns (its physical ghost layers included), all k. That is what the two-sided x-then-y
// exchange leaves in every padding point, corners included, so both modes agree bit for bit.
// The protocol is the seed's: a receiver asks for exchange e when it is ready to receive it,
// the sender sends when its data for e is ready and e was asked for, and every data message
// carries the sender's request for the next exchange (so after the first exchange no request
// travels alone). Data that arrives before its partition has reached that exchange waits in the
// partition's inbox. Partitions on one rank exchange through the runtime's local queue: the
// payload vector is moved, never sent through MPI.
#pragma once

#include "amr_runtime.hpp"  // first: it keeps MPI's C++ bindings out

#include <climits>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

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
  long requested = 0;   // the highest exchange it asked me for
  long sent = 0;        // the highest exchange I sent it
};

class Partition : public amr::Mobile {
 public:
  amr::Gid gid = -1;
  PieceGeometry geometry;
  std::vector<HaloLink> links;
  Subdomain sd;
  double max_speed2 = 0;  // CFL bound of this piece, found by the setup handler
  double t = 0;           // time of U (accumulated, as the original does)
  long step = 0;          // steps completed
  long produced = 0;      // the last exchange whose data this partition computed
  long awaited = 0;       // the exchange it waits for (== produced once it is sent)
  int got = 0;            // halos of `awaited` applied
  bool done = false;
  long arrived = -1000;   // the step at which it last landed here by migration
  std::map<long, std::vector<std::vector<char>>> inbox;  // early halos, by exchange

  void pack(amr::Writer& w) const override;
  void unpack(amr::Reader& r) override;
};

// Everything the handlers share; one per run, the same on every rank.
struct OneSidedRun {
  const Config* cfg = nullptr;
  UtcTime utc{};
  int nsteps = 0;
  double dt = 0;
  amr::Runtime* rt = nullptr;
  amr::Handler<Partition> setup, start, request, halo, phase;
  PartitionLayout layout;
  double halo_seconds = 0;  // packing and unpacking on this rank
  // What the steal gate measures on this rank (steal_gate_update).
  long psteps = 0;        // partition-steps completed here
  double work = 0;        // seconds spent in phases here
  long w_psteps = 0;      // the same at the start of the current window
  double w_work = 0, w_idle = 0;
  bool steal_open = false;
  long w_held = 0;         // partitions here during the current window
  // The earliest NaN found here (developer checkfornan): step, Subdomain::first_nan(), t.
  long nan_step = LONG_MAX, nan_index = LONG_MAX;
  double nan_t = 0;
};
inline OneSidedRun* g_run = nullptr;  // the handlers and Partition::unpack reach the run here

// Steps a partition stays on a rank after a migration before it may be stolen again.
constexpr long kMigrationCooldown = 4;

// The steal gate. A rank asks for work only when, over its last two steps, it was idle longer
// per step than one partition's step takes here: then one more partition shortens the busier
// rank's step without making this rank the busier one. Short waits for halos, which every rank
// has even when the load is even, open nothing; without the gate two ranks of equal load hand
// partitions back and forth, and each move costs more than the phase it would balance. After a
// partition came or went the gate closes and the next window starts, so that no decision
// rests on steps measured before the move (a second steal on such stale figures was often
// undone by a steal back).
inline void steal_gate_update(OneSidedRun& run) {
  const long held = long(run.rt->held());
  const long dn = run.psteps - run.w_psteps;
  const bool same = held == run.w_held;
  if (same && dn < 2 * held) return;
  const double idle = run.rt->stats().idle;
  const double idle_per_step = (idle - run.w_idle) * double(held) / double(std::max(1L, dn));
  const double work_per_partition_step = (run.work - run.w_work) / double(std::max(1L, dn));
  run.steal_open = same && idle_per_step > 1.2 * work_per_partition_step;
  run.w_held = held;
  run.w_psteps = run.psteps;
  run.w_work = run.work;
  run.w_idle = idle;
}

// ---------------------------------------------------------------------------------------------
// Halo data: header, then the three components of the region.

struct HaloHeader {
  long exchange;       // e of the data
  long request_next;   // the sender asks for this exchange from the receiver
  amr::Gid from;
  Box region;
};

inline std::vector<char> pack_halo(const Partition& p, const HaloLink& l, long e) {
  const Box& r = l.send;
  std::vector<char> buf = g_run->rt->buffer(sizeof(HaloHeader) + 3 * r.size() * sizeof(double));
  const HaloHeader h{e, e + 1, p.gid, r};
  std::memcpy(buf.data(), &h, sizeof h);
  double* out = reinterpret_cast<double*>(buf.data() + sizeof h);
  for (int c = 0; c < 3; ++c)
    for (int k = r.kb; k <= r.ke; ++k)
      for (int j = r.jb; j <= r.je; ++j) {
        const double* row = p.sd.up[c].data() + p.sd.up[c].index(r.ib, j, k);
        for (int i = 0; i < r.ni(); ++i) *out++ = row[i];
      }
  return buf;
}

inline void unpack_halo(Partition& p, const char* buf) {
  HaloHeader h;
  std::memcpy(&h, buf, sizeof h);
  const Box& r = h.region;
  const double* in = reinterpret_cast<const double*>(buf + sizeof h);
  for (int c = 0; c < 3; ++c)
    for (int k = r.kb; k <= r.ke; ++k)
      for (int j = r.jb; j <= r.je; ++j) {
        double* row = &p.sd.up[c](r.ib, j, k);
        for (int i = 0; i < r.ni(); ++i) row[i] = *in++;
      }
}

// ---------------------------------------------------------------------------------------------
// The protocol.

inline void send_halo(Partition& p, HaloLink& l, long e) {
  OneSidedRun& run = *g_run;
  const double t0 = detail::now();
  std::vector<char> buf = pack_halo(p, l, e);
  run.halo_seconds += detail::now() - t0;
  l.sent = e;
  run.rt->invoke(l.gid, run.halo, std::move(buf));
}

// After a phase produced the data of exchange e: send it where it was asked for, then wait for
// the neighbours' data of e (some may be in the inbox already).
inline void produced_exchange(Partition& p, long e) {
  OneSidedRun& run = *g_run;
  p.produced = e;
  for (HaloLink& l : p.links)
    if (l.requested >= e) send_halo(p, l, e);
  p.awaited = e;
  p.got = 0;
  auto early = p.inbox.find(e);
  if (early != p.inbox.end()) {
    const double t0 = detail::now();
    for (std::vector<char>& buf : early->second) {
      unpack_halo(p, buf.data());
      run.rt->recycle(std::move(buf));
    }
    run.halo_seconds += detail::now() - t0;
    p.got = int(early->second.size());
    p.inbox.erase(early);
  }
  if (p.got == int(p.links.size())) run.rt->invoke(p.gid, run.phase);
}

inline void on_request(Partition& p, amr::Gid from, long e) {
  for (HaloLink& l : p.links)
    if (l.gid == from) {
      l.requested = std::max(l.requested, e);
      if (p.produced == e && l.sent < e && p.awaited == e) send_halo(p, l, e);
    }
}

inline void on_halo(Partition& p, amr::Message& m) {
  OneSidedRun& run = *g_run;
  HaloHeader h;
  if (m.size() < sizeof h) throw amr::UnpackError("halo message shorter than its header");
  std::memcpy(&h, m.data(), sizeof h);
  if (m.size() != sizeof h + 3 * h.region.size() * sizeof(double))
    throw amr::UnpackError("halo message of the wrong size for its region");
  on_request(p, h.from, h.request_next);
  if (h.exchange == p.awaited && p.produced == h.exchange) {
    const double t0 = detail::now();
    unpack_halo(p, m.data());  // the runtime reuses the untaken buffer
    run.halo_seconds += detail::now() - t0;
    if (++p.got == int(p.links.size())) run.rt->invoke(p.gid, run.phase);
  } else {
    p.inbox[h.exchange].push_back(m.take());
  }
}

// The next phase, once every halo of the awaited exchange is in.
inline void on_phase(Partition& p) {
  OneSidedRun& run = *g_run;
  const Config& cfg = *run.cfg;
  Subdomain& sd = p.sd;
  const bool slow = cfg.dev.imbalance_rank == run.rt->rank() && cfg.dev.imbalance_factor > 1;
  const long e = p.awaited;
  const double start = detail::now();
  if (e % 2 == 1) {  // U*(n) is in: Y(n)
    sd.corrector(p.t);
    if (slow) sd.redo_work(cfg.dev.imbalance_factor - 1);
    run.work += detail::now() - start;
    produced_exchange(p, e + 1);
    return;
  }
  // U+(n) is in (or nothing yet, e = 0): X(n+1) = finish(n) + predictor(n+1)
  if (e > 0) {
    sd.finish(p.t);
    p.t += sd.dt;
    p.step = e / 2;
    sd.write_receivers(cfg.fileio.path, run.utc, true);
    // A NaN stops this partition: it sends no more halos, so its neighbours stop after this
    // step too, the run quiesces, and the driver stops every rank together (check_nan_onesided).
    const long q = cfg.dev.checkfornan ? sd.first_nan() : -1;
    if (q >= 0) {
      if (p.step < run.nan_step || (p.step == run.nan_step && q < run.nan_index)) {
        run.nan_step = p.step;
        run.nan_index = q;
        run.nan_t = p.t;
      }
      p.done = true;
      run.work += detail::now() - start;
      return;
    }
    if (p.gid == 0 && (p.step == 1 || cfg.fileio.printcycle == 1 ||
                       p.step % cfg.fileio.printcycle == 1 || p.step == run.nsteps))
      std::printf("Time step %ld t= %g\n", p.step, p.t);
    ++run.psteps;
    steal_gate_update(run);
    if (p.step == run.nsteps) {
      p.done = true;
      run.work += detail::now() - start;
      return;
    }
    if (cfg.dev.migrate > 0 && p.step % cfg.dev.migrate == 0 && run.rt->size() > 1)
      run.rt->migrate(p.gid, (run.rt->rank() + 1) % run.rt->size());
  }
  sd.timing = p.step + 1 >= 2;
  sd.predictor(p.t);
  if (slow) sd.redo_work(cfg.dev.imbalance_factor - 1);
  run.work += detail::now() - start;
  produced_exchange(p, 2 * (p.step + 1) - 1);
}

// ---------------------------------------------------------------------------------------------

inline void Partition::pack(amr::Writer& w) const {
  w.put(gid);
  w.put(geometry);
  w.put<std::uint64_t>(links.size());
  for (const HaloLink& l : links) w.put(l);
  w.put(max_speed2);
  w.put(t);
  w.put(step);
  w.put(produced);
  w.put(awaited);
  w.put(got);
  w.put(done);
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
  r.get(step);
  r.get(produced);
  r.get(awaited);
  r.get(got);
  r.get(done);
  arrived = step;
  const auto nbox = r.get<std::uint64_t>();
  for (std::uint64_t n = 0; n < nbox; ++n) {
    const long e = r.get<long>();
    auto& list = inbox[e];
    list.resize(r.get<std::uint64_t>());
    for (std::vector<char>& b : list) r.get(b);
  }
  const char* in = r.view(r.left());
  sd.unpack(in, *g_run->cfg);
}

// Registers the handlers and the partitions (every rank, same order) with their geometry and
// links; the setup handler builds each Subdomain where the partition lives.
inline void add_partitions(OneSidedRun& run) {
  amr::Runtime& rt = *run.rt;
  const Config& cfg = *run.cfg;
  run.setup = rt.add_handler<Partition>(
      [](Partition& p, amr::Message&) {
        const Config& c = *g_run->cfg;
        p.sd = Subdomain(c, p.geometry);
        p.sd.allocate(c);
        for (Receiver& r : p.sd.receivers) r.reserve(g_run->nsteps);
        p.max_speed2 = max_wave_speed2(c, p.sd.box);
      },
      "setup");
  run.start = rt.add_handler<Partition>(
      [](Partition& p, amr::Message&) {
        p.sd.dt = g_run->dt;
        p.sd.record_initial();
        if (g_run->nsteps <= 0) {
          p.done = true;
          return;
        }
        for (const HaloLink& l : p.links) g_run->rt->invoke(l.gid, g_run->request, long(1));
        on_phase(p);  // X(1): the predictor of step 1
      },
      "start");
  run.request = rt.add_handler<Partition>(
      [](Partition& p, amr::Message& m) { on_request(p, m.from(), m.as<long>()); }, "request");
  run.halo = rt.add_handler<Partition>(on_halo, "halo");
  run.phase = rt.add_handler<Partition>([](Partition& p, amr::Message&) { on_phase(p); },
                                        "phase");
  // A partition that just moved stays a while: without this, two ranks of equal load hand
  // partitions back and forth, and each move costs more than the phase it would balance.
  rt.set_movable([](amr::Gid, amr::Mobile& m) {
    const Partition& p = static_cast<Partition&>(m);
    return !p.done && p.step >= p.arrived + kMigrationCooldown;
  });
  rt.set_steal_gate([&rt] { return rt.held() == 0 || g_run->steal_open; });
  // Partitions that other ranks wait for run first: their halos travel while the rest compute.
  rt.set_urgent([&rt](amr::Gid, amr::Mobile& m) {
    for (const HaloLink& l : static_cast<Partition&>(m).links)
      if (rt.location(l.gid) != rt.rank()) return true;
    return false;
  });

  const PartitionLayout& L = run.layout;
  for (int pj = 0; pj < L.p2(); ++pj)
    for (int pi = 0; pi < L.p1(); ++pi) {
      const int home = L.home(pi, pj);
      std::unique_ptr<Partition> p;
      if (home == rt.rank()) {
        p = std::make_unique<Partition>();
        p->gid = L.gid(pi, pj);
        p->geometry = piece_geometry(cfg, L.p1(), L.p2(), pi, pj);
        for (int dj = -1; dj <= 1; ++dj)
          for (int di = -1; di <= 1; ++di) {
            const int ni = pi + di, nj = pj + dj;
            if ((di == 0 && dj == 0) || ni < 0 || nj < 0 || ni >= L.p1() || nj >= L.p2()) continue;
            const PieceGeometry other = piece_geometry(cfg, L.p1(), L.p2(), ni, nj);
            HaloLink l;
            l.gid = L.gid(ni, nj);
            l.send = intersect(other.box, sendable(p->geometry, cfg.grid));
            if (l.send.size() > 0) p->links.push_back(l);
          }
      }
      rt.add_object(L.gid(pi, pj), home, std::move(p));
    }
  run.w_held = long(rt.held());  // the steal gate's first window starts with these
}

}  // namespace sw4
