// onesided_step.hpp: one partition's time step in one-sided mode, as a transition table, and
// the two halo protocols it can run (DESIGN.md, "The two drivers").
//
// Why built so: in two-sided mode a step is a loop one reads top to bottom (sw4lite.cpp,
// run_twosided). Here each partition advances on its own as its halos arrive, so the step is
// a state machine driven by events: the start, a neighbour's request, a neighbour's halo, and
// "all halos in" (the phase handler, queued by the runtime so urgent partitions go first).
// kStepTable below is that machine, row by row; fire() looks up the row and runs it, and an
// event no row takes is a protocol error. The phases are the Subdomain's, and the end of a
// step is StepEnd's, both shared with two-sided mode, so the numbers are the same to the bit.
//
// Exchange e = 2n - 1 carries U*(n), e = 2n carries U+(n). A partition sends each neighbour
// the part of the neighbour's array box that it owns (physical ghosts included, all k): what
// the two-sided x-then-y exchange leaves in every padding point, corners included.
//
// Two protocols (`developer protocol=request|eager`):
// - request: a partition asks each neighbour for exchange e when it has computed
//   its own e, the only time its padding may be overwritten; a neighbour sends e once it has
//   e and was asked, so data always lands straight in the partition's U+ array. A request
//   rides on the data message when the data goes out at the same moment.
// - eager: a partition sends e to every neighbour as soon as it has it. A neighbour may then be
//   one exchange behind; its early data waits in the inbox and is copied in when it gets
//   there. No requests, but one more copy of every early halo.
// Which is the default, and why: see kDefaultProtocol.
#pragma once

#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "onesided/partition.hpp"

namespace sw4 {

// Eager. With request, a neighbour's ask is answered only when the sender's rank is between
// handlers, so data can wait up to a whole phase of another partition there; eager data is
// already on its way, and half the messages go (no requests). What it costs, one copy of the
// halos that come early, is small. `make bench` (onesided-protocol, pointsource.in, 2 ranks x
// 4 partitions, the two taking turns, 12 rounds on the 2-core machine): eager/request = 0.93
// (median of the rounds' ratios; the rounds ranged 0.72-1.23 on a noisy machine), never
// clearly slower.
constexpr Protocol kDefaultProtocol = Protocol::Eager;

enum class StepEvent : std::uint8_t { Next, Request, Halo, HalosIn };

// What an event carries: the exchange, and for messages the sender and the message.
struct StepInput {
  long e = 0;
  amr::Gid from = -1;
  amr::Message* msg = nullptr;
};

// ---------------------------------------------------------------------------------------------
// Halo data: header, then the three components of the region.

struct HaloHeader {
  long exchange;  // e of the data
  long request;   // the exchange the sender asks for in the same message, or 0
  amr::Gid from;
  Box region;
};

// The halo's region in each grid of the partition: the link's columns over grid 0's k range
// and, with topography, over grid 1's (NUMERICS 19.3: each grid is exchanged whole in k).
template <class F>
void for_each_halo_row(Partition& p, const Box& r, F row) {
  for (Field* f : {&p.sd.up, &p.sd.top.up}) {
    if (f == &p.sd.top.up && !p.sd.topo) break;
    const Box& b = (*f)[0].box;
    for (int c = 0; c < 3; ++c)
      for (int k = b.kb; k <= b.ke; ++k)
        for (int j = r.jb; j <= r.je; ++j) row(&(*f)[c](r.ib, j, k));
  }
}
inline std::size_t halo_points(const Partition& p, const Box& r) {
  const long cols = r.ni() > 0 && r.nj() > 0 ? long(r.ni()) * r.nj() : 0;
  return std::size_t(cols * (p.sd.box.nk() + (p.sd.topo ? p.sd.top.box.nk() : 0)));
}

inline std::vector<char> pack_halo(Partition& p, const HaloLink& l, long e, long request) {
  const Box& r = l.send;
  const std::size_t bytes = sizeof(HaloHeader) + 3 * halo_points(p, r) * sizeof(Real);
  std::vector<char> buf = g_onesided_run->rt->buffer(bytes);
  const HaloHeader h{e, request, p.gid, r};
  std::memcpy(buf.data(), &h, sizeof h);
  Real* out = reinterpret_cast<Real*>(buf.data() + sizeof h);
  const int n = r.ni();
  for_each_halo_row(p, r, [&](const Real* row) {
    for (int i = 0; i < n; ++i) *out++ = row[i];
  });
  return buf;
}

inline void unpack_halo(Partition& p, const char* buf) {
  HaloHeader h;
  std::memcpy(&h, buf, sizeof h);
  const Box& r = h.region;
  const Real* in = reinterpret_cast<const Real*>(buf + sizeof h);
  const int n = r.ni();
  for_each_halo_row(p, r, [&](Real* row) {
    for (int i = 0; i < n; ++i) row[i] = *in++;
  });
}

// Packing and unpacking count in "BC comm" for the timed steps' exchanges.
inline void count_halo_time(long e, double since) {
  if (timed_step((e + 1) / 2)) g_onesided_run->halo_seconds += detail::now() - since;
}

inline void send_halo(Partition& p, HaloLink& l, long e, long request) {
  const double t0 = detail::now();
  std::vector<char> buf = pack_halo(p, l, e, request);
  count_halo_time(e, t0);
  l.sent = e;
  OneSidedRun& run = *g_onesided_run;
  run.rt->invoke(l.gid, run.halo, std::move(buf));
}

// One halo of the awaited exchange is in; with the last, the next phase is queued.
inline void count_in(Partition& p) {
  OneSidedRun& run = *g_onesided_run;
  if (++p.got == int(p.links.size())) run.rt->invoke(p.gid, run.phase);
}

// ---------------------------------------------------------------------------------------------
// Actions: what a row of the table does.

// The partition has computed exchange e: offer it, and take what already waits in the inbox.
inline void offer(Partition& p, long e) {
  OneSidedRun& run = *g_onesided_run;
  p.exchange = e;
  p.got = 0;
  for (HaloLink& l : p.links) {
    if (run.protocol == Protocol::Eager) send_halo(p, l, e, 0);
    else if (l.requested >= e) send_halo(p, l, e, e);  // the data and my request for e
    else run.rt->invoke(l.gid, run.request, e);
  }
  auto early = p.inbox.find(e);
  if (early != p.inbox.end()) {
    const double t0 = detail::now();
    for (std::vector<char>& buf : early->second) {
      unpack_halo(p, buf.data());
      run.rt->recycle(std::move(buf));
    }
    count_halo_time(e, t0);
    p.got = int(early->second.size());
    p.inbox.erase(early);
  }
  if (p.got == int(p.links.size())) run.rt->invoke(p.gid, run.phase);  // none or all in
}

inline void predict(Partition& p, const StepInput&) {
  OneSidedRun& run = *g_onesided_run;
  const long n = p.step + 1;
  const double t0 = detail::now();
  StepEnd::begin(p.sd, n);
  p.sd.predictor(p.t);
  run.end.after_phase(p.sd);
  run.phase_seconds += detail::now() - t0;
  offer(p, 2 * n - 1);
}

inline void correct(Partition& p, const StepInput&) {
  OneSidedRun& run = *g_onesided_run;
  const double t0 = detail::now();
  p.sd.corrector(p.t);
  run.end.after_phase(p.sd);
  run.phase_seconds += detail::now() - t0;
  offer(p, p.exchange + 1);
}

inline void fire(Partition& p, StepEvent ev, const StepInput& in);

// Step n ends as in two-sided mode (StepEnd::finish; the receivers' files are written by the
// driver between segments); then the rank's bookkeeping, and the next step starts in the same
// handler.
inline void close_step(Partition& p, const StepInput&) {
  OneSidedRun& run = *g_onesided_run;
  const Config& cfg = *run.cfg;
  const double t0 = detail::now();
  const long n = p.exchange / 2;
  p.halted = !run.end.finish(p.sd, n, p.t);
  p.step = n;
  run.phase_seconds += detail::now() - t0;
  if (!p.halted) {
    if (p.gid == 0) run.end.progress(n, p.t);
    ++run.partition_steps;
    steal_gate_update(run);
    if (cfg.dev.migrate > 0 && n % cfg.dev.migrate == 0 && n < run.end.nsteps &&
        run.rt->size() > 1)
      run.rt->migrate(p.gid, (run.rt->rank() + 1) % run.rt->size());
  }
  fire(p, StepEvent::Next, {});
}

inline HaloLink& link_to(Partition& p, amr::Gid from) {
  for (HaloLink& l : p.links)
    if (l.gid == from) return l;
  throw amr::ProtocolError("partition " + std::to_string(from) +
                           " is not a neighbour of partition " + std::to_string(p.gid));
}

// Only in an Await state (the table's rows), where `exchange` is computed and offered.
inline void note_request(Partition& p, const StepInput& in) {
  HaloLink& l = link_to(p, in.from);
  l.requested = std::max(l.requested, in.e);
  if (p.exchange == in.e && l.sent < in.e) send_halo(p, l, in.e, 0);
}

inline void take_halo(Partition& p, const StepInput& in) {
  const double t0 = detail::now();
  unpack_halo(p, in.msg->data());  // the runtime reuses the untaken buffer
  count_halo_time(in.e, t0);
  count_in(p);
}

inline void park_halo(Partition& p, const StepInput& in) {
  p.inbox[in.e].push_back(in.msg->take());
}

// ---------------------------------------------------------------------------------------------
// Guards.

inline bool stops(const Partition& p, const StepInput&) {
  return p.halted || p.step >= g_onesided_run->end.nsteps;
}
inline bool pauses(const Partition& p, const StepInput&) {
  return p.step >= g_onesided_run->pause_at;
}
inline bool awaited(const Partition& p, const StepInput& in) { return in.e == p.exchange; }
inline bool ahead(const Partition& p, const StepInput& in) {
  return g_onesided_run->protocol == Protocol::Eager && in.e > p.exchange;
}

// ---------------------------------------------------------------------------------------------
// The step. First matching row wins; the state changes before the action runs.

struct Transition {
  StepState from;
  StepEvent on;
  bool (*guard)(const Partition&, const StepInput&);  // nullptr: always
  void (*action)(Partition&, const StepInput&);       // nullptr: nothing
  StepState to;
  const char* sends;
};

namespace table {
using S = StepState;
using E = StepEvent;
inline const Transition kStepTable[] = {
    // state         event       guard      action       next          messages sent
    {S::StepClosed, E::Next,    stops,     nullptr,     S::Done,       "none"},
    {S::StepClosed, E::Next,    pauses,    nullptr,     S::Paused,     "none (a checkpoint)"},
    {S::StepClosed, E::Next,    nullptr,   predict,     S::AwaitUstar,
     "U*(n+1) to the neighbours that asked for it, request(2n+1) to the others (request); "
     "U*(n+1) to every neighbour (eager)"},
    {S::AwaitUstar, E::Halo,    awaited,   take_halo,   S::AwaitUstar, "none"},
    {S::AwaitUstar, E::Halo,    ahead,     park_halo,   S::AwaitUstar, "none"},
    {S::AwaitUstar, E::HalosIn, nullptr,   correct,     S::AwaitUplus,
     "U+(n) to the neighbours that asked for it, request(2n) to the others (request); "
     "U+(n) to every neighbour (eager)"},
    {S::AwaitUplus, E::Halo,    awaited,   take_halo,   S::AwaitUplus, "none"},
    {S::AwaitUplus, E::Halo,    ahead,     park_halo,   S::AwaitUplus, "none"},
    {S::AwaitUplus, E::HalosIn, nullptr,   close_step,  S::StepClosed, "what Next sends"},
    {S::AwaitUstar, E::Request, nullptr,   note_request, S::AwaitUstar, "its U*(n) if asked now"},
    {S::AwaitUplus, E::Request, nullptr,   note_request, S::AwaitUplus, "its U+(n) if asked now"},
    // Paused at a checkpoint step: the resume handler fires Next; a neighbour that resumed
    // first may already have sent U*(n+1) (eager) or asked for it (request).
    {S::Paused,     E::Next,    stops,     nullptr,     S::Done,       "none"},
    {S::Paused,     E::Next,    pauses,    nullptr,     S::Paused,     "none"},
    {S::Paused,     E::Next,    nullptr,   predict,     S::AwaitUstar, "as from StepClosed"},
    {S::Paused,     E::Halo,    ahead,     park_halo,   S::Paused,     "none"},
    {S::Paused,     E::Request, nullptr,   note_request, S::Paused,    "none"},
    {S::Done,       E::Request, nullptr,   nullptr,     S::Done,       "none"},
    {S::Done,       E::Halo,    nullptr,   nullptr,     S::Done,       "none (a neighbour ran on)"},
};
}  // namespace table

inline const char* name(StepState s) {
  static const char* const names[] = {"StepClosed", "AwaitUstar", "AwaitUplus", "Done", "Paused"};
  return names[int(s)];
}
inline const char* name(StepEvent e) {
  static const char* const names[] = {"Next", "Request", "Halo", "HalosIn"};
  return names[int(e)];
}

inline void fire(Partition& p, StepEvent ev, const StepInput& in) {
  for (const Transition& r : table::kStepTable)
    if (r.from == p.state && r.on == ev && (!r.guard || r.guard(p, in))) {
      p.state = r.to;
      if (r.action) r.action(p, in);
      return;
    }
  throw amr::ProtocolError(std::string("partition ") + std::to_string(p.gid) + ": event " +
                           name(ev) + " (exchange " + std::to_string(in.e) + ") in state " +
                           name(p.state) + " (exchange " + std::to_string(p.exchange) +
                           ") is in no row of the step table");
}

// ---------------------------------------------------------------------------------------------
// The handlers' bodies: decode the message, fire the event.

inline void on_request(Partition& p, amr::Message& m) {
  fire(p, StepEvent::Request, {m.as<long>(), m.from(), &m});
}

inline void on_halo(Partition& p, amr::Message& m) {
  HaloHeader h;
  if (m.size() < sizeof h) throw amr::UnpackError("halo message shorter than its header");
  std::memcpy(&h, m.data(), sizeof h);
  if (m.size() != sizeof h + 3 * halo_points(p, h.region) * sizeof(Real))
    throw amr::UnpackError("halo message of the wrong size for its region");
  if (h.request > 0) fire(p, StepEvent::Request, {h.request, h.from, nullptr});
  fire(p, StepEvent::Halo, {h.exchange, h.from, &m});
}

// All halos in: the one-sided timing window opens with the first handler here that goes on
// to step 2 (step_end.hpp, timed_step).
inline void on_phase(Partition& p) {
  OneSidedRun& run = *g_onesided_run;
  if (run.window_start < 0 && p.state == StepState::AwaitUplus &&
      p.exchange / 2 < run.end.nsteps) {
    run.window_start = detail::now();
    run.handlers_at_open = run.rt->stats().handlers;
  }
  fire(p, StepEvent::HalosIn, {p.exchange, p.gid, nullptr});
}

}  // namespace sw4
