// onesided.hpp: the one-sided driver's pieces below main (-DSW4LITE_ONESIDED): the
// partitions registered with the active-message runtime, the handlers that drive their step
// (onesided_step.hpp), and the steal gate (DESIGN.md, "The two drivers").
//
// Why built so: "one-sided" here means remote method invocation in the PREMA sense (a
// partition runs a handler on its neighbour, wherever that neighbour lives), carried by MPI
// point-to-point messages; it is not MPI-3 RMA, and no window is opened. Each rank's piece is
// cut into several partitions, each a mobile object of the runtime; its phases run as
// handlers once its halos are in, so partitions advance asynchronously and one partition's
// wait is another's compute time. An idle rank can steal a partition that has a phase queued;
// its whole state travels (Partition::pack) and results do not change. Partitions on one rank
// exchange through the runtime's local queue: the payload is moved, never sent through MPI.
#pragma once

#include <memory>

#include "material.hpp"
#include "onesided/onesided_step.hpp"

namespace sw4 {

// The steal gate (partition.hpp, StealGate) fed with what this rank measured.
inline void steal_gate_update(OneSidedRun& run) {
  run.gate.update(long(run.rt->held()), run.partition_steps, run.phase_seconds, run.rt->stats().idle);
}

// Registers the handlers and the partitions (every rank, same order) with their geometry and
// links; the setup handler builds each Subdomain where the partition lives.
inline void add_partitions(OneSidedRun& run) {
  amr::Runtime& rt = *run.rt;
  const Config& cfg = *run.cfg;
  run.setup = rt.add_handler<Partition>(
      [](Partition& p, amr::Message&) {
        const Config& c = *g_onesided_run->cfg;
        p.sd = Subdomain(c, p.geometry);
        p.problem = p.sd.allocate(c);
        for (Receiver& r : p.sd.receivers) r.reserve(g_onesided_run->end.nsteps);
        for (Receiver& r : p.sd.top.receivers) r.reserve(g_onesided_run->end.nsteps);
        // As the two-sided driver (sw4lite.cpp, time_step's caller): a flat deck's bound from the
        // deck's material in double, not from the stored Reals, so that both binaries take the
        // same dt in the single build too (from the floats it differed in the last bits). With
        // attenuation the bound needs the fitted moduli: the attenuate handler sets it.
        p.max_speed2 = c.topo.on ? p.sd.max_speed2() : std::array<double, 2>{max_wave_speed2(c, p.sd.box), 0};
      },
      "setup");
  // After the setup handlers and the reduction of the least vs/h (onesided_run.hpp): the
  // memory variables and the fitted moduli, then the bound from them, including the
  // mechanisms' moduli, as ./sw4lite takes it.
  run.attenuate = rt.add_handler<Partition>(
      [](Partition& p, amr::Message&) {
        const OneSidedRun& r = *g_onesided_run;
        p.problem = p.sd.attenuate(*r.cfg, r.min_vs_over_h);
        p.max_speed2 = p.sd.max_speed2();
      },
      "attenuate");
  run.start = rt.add_handler<Partition>(
      [](Partition& p, amr::Message&) {
        p.sd.dt = g_onesided_run->dt;
        if (g_onesided_run->first_step == 0) p.sd.record_initial();  // a restart has its samples
        fire(p, StepEvent::Next, {});  // the predictor of step 1, or Done for no step
      },
      "start");
  run.resume = rt.add_handler<Partition>(  // after a checkpoint: on from Paused
      [](Partition& p, amr::Message&) { fire(p, StepEvent::Next, {}); }, "resume");
  run.request = rt.add_handler<Partition>(on_request, "request");
  run.halo = rt.add_handler<Partition>(on_halo, "halo");
  run.phase = rt.add_handler<Partition>([](Partition& p, amr::Message&) { on_phase(p); },
                                        "phase");
  add_partition_objects<Partition>(
      rt, run.layout, run.gate, [](const Partition&) { return true; },
      [&](int pi, int pj) {
        const PartitionLayout& L = run.layout;
        auto p = std::make_unique<Partition>();
        p->gid = L.gid(pi, pj);
        p->geometry = piece_geometry(cfg, L.p1(), L.p2(), pi, pj);
        for (int dj = -1; dj <= 1; ++dj)
          for (int di = -1; di <= 1; ++di) {
            const int ni = pi + di, nj = pj + dj;
            if ((di == 0 && dj == 0) || ni < 0 || nj < 0 || ni >= L.p1() || nj >= L.p2()) continue;
            const PieceGeometry other = piece_geometry(cfg, L.p1(), L.p2(), ni, nj);
            HaloLink l;
            l.gid = L.gid(ni, nj);
            l.send = intersect(other.box, sendable(p->geometry, cartesian_grid(cfg)));
            if (l.send.size() > 0) p->links.push_back(l);
          }
        return p;
      });
}

}  // namespace sw4
