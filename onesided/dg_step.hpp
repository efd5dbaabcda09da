// dg_step.hpp: one DG partition's time step in one-sided mode, as a transition table, and the
// registration of the DG partitions and their handlers (NUMERICS 33; DESIGN.md, "The two
// drivers").
//
// Why built so: the two-sided DG loop (sw4lite_dg.hpp, run_dg_twosided) reads top to bottom:
// per step the sources' coefficients and begin_step, then per stage k traces, the face
// exchange and stage(k, d). Here each partition advances on its own as its neighbours' faces
// arrive, so the step is a state machine driven by events, in the style of onesided_step.hpp's
// kStepTable: the start, a neighbour's face, and "all faces in" (the phase handler, queued by
// the runtime so that partitions other ranks wait for go first). kDgStepTable is that machine,
// row by row; fire() looks up the row and runs it, and an event no row takes is a protocol
// error. Every number comes from dg_piece.hpp's functions in the two-sided loop's order, so the
// results are the same to the bit.
//
// Exchange e = (n - 1) ntay + k carries stage k of step n: each partition sends each face
// neighbour its edge traces as soon as it has them (the eager protocol; DG has no other). A
// neighbour can be at most one exchange ahead (it needs my faces of e to pass e), so a face of
// e + 1 waits in the inbox until this partition offers e + 1; anything else is out of turn.
#pragma once

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "onesided/dg_partition.hpp"

namespace sw4 {

enum class DgEvent : std::uint8_t { Next, Face, FacesIn };

// What an event carries: the exchange, and for a face the sender and the message.
struct DgInput {
  long e = 0;
  amr::Gid from = -1;
  amr::Message* msg = nullptr;
};

inline DgLink& dg_link_to(DgPartition& p, amr::Gid from) {
  for (DgLink& l : p.links)
    if (l.gid == from) return l;
  throw amr::ProtocolError("partition " + std::to_string(from) + " is not a face neighbour of partition " +
                           std::to_string(p.gid));
}

// ---------------------------------------------------------------------------------------------
// Actions.

// Phase time counts for the steal gate, as the FD phases' does.
template <class F>
void dg_timed(F work) {
  const double t0 = detail::now();
  work();
  g_dg_run->phase_seconds += detail::now() - t0;
}

inline void send_face(DgPartition& p, const DgLink& l, long e) {
  DgRun& run = *g_dg_run;
  const std::size_t n = dg::face_plane_size(p.piece, l.side);
  std::vector<char> buf = run.rt->buffer(sizeof(FaceHeader) + n * sizeof(double));
  const FaceHeader h{e, p.gid};
  std::memcpy(buf.data(), &h, sizeof h);
  dg::pack_face(p.piece, l.side, reinterpret_cast<double*>(buf.data() + sizeof h));
  run.rt->invoke(l.gid, run.face, std::move(buf));
}

// One neighbour's face of the awaited exchange lands in the padding on its side.
inline void unpack_face_message(DgPartition& p, amr::Gid from, const char* buf) {
  dg::unpack_face(p.piece, dg_link_to(p, from).side, reinterpret_cast<const double*>(buf + sizeof(FaceHeader)));
}

// The traces of stage `p.stage` of step `p.step + 1`: offered to every neighbour, and what
// already waits in the inbox taken; with the last face (or none to wait for) the phase is queued.
inline void start_stage(DgPartition& p) {
  DgRun& run = *g_dg_run;
  dg_timed([&] { dg::traces(p.piece); });
  p.exchange = p.step * p.piece.ntay + p.stage;
  p.got = 0;
  for (const DgLink& l : p.links) send_face(p, l, p.exchange);
  auto early = p.inbox.find(p.exchange);
  if (early != p.inbox.end()) {
    for (std::vector<char>& buf : early->second) {
      FaceHeader h;
      std::memcpy(&h, buf.data(), sizeof h);
      unpack_face_message(p, h.from, buf.data());
      run.rt->recycle(std::move(buf));
    }
    p.got = int(early->second.size());
    p.inbox.erase(early);
  }
  if (p.got == int(p.links.size())) run.rt->invoke(p.gid, run.phase);
}

// Step n = step + 1 starts as in the two-sided loop: the sources' coefficients at (n - 1) dt
// (not at the accumulated t), the solution as the derivative of order 0, d = dt.
inline void begin(DgPartition& p, const DgInput&) {
  DgRun& run = *g_dg_run;
  dg_timed([&] {
    dg::source_coefficients(p.piece, run.weights, double(p.step) * run.plan.dt, run.plan.dt);
    dg::begin_step(p.piece);
  });
  p.d = run.plan.dt;
  p.stage = 1;
  start_stage(p);
}

inline void next_stage(DgPartition& p, const DgInput&) {
  DgRun& run = *g_dg_run;
  dg_timed([&] { dg::stage(p.piece, p.stage, p.d); });
  p.d = dg::next_factor(p.d, run.plan.dt, p.stage);
  ++p.stage;
  start_stage(p);
}

inline void fire(DgPartition& p, DgEvent ev, const DgInput& in);

// The last stage, then step n closes as in the two-sided loop (t += dt, the stations' samples);
// then the rank's bookkeeping, and the next step starts in the same handler. A partition that
// is not finite halts: its neighbours stop after this step for want of its faces, and the run
// quiesces.
inline void close_step(DgPartition& p, const DgInput&) {
  DgRun& run = *g_dg_run;
  const Config& cfg = *run.cfg;
  dg_timed([&] { dg::stage(p.piece, p.stage, p.d); });
  const long n = p.step + 1;
  p.t += run.plan.dt;
  p.step = n;
  for (dg::Station& s : p.stations) dg::record(p.piece, s, false);
  // the two-sided loop's finite check, at the same steps (dg::checked_step), so a run that
  // blows up stops with the same line (the driver agrees on the earliest such step after the
  // run quiesced)
  if (dg::checked_step(cfg, n, run.plan.nsteps)) p.halted = !dg::finite(p.piece);
  if (!p.halted) {
    if (p.gid == 0 && run.progress) run.progress(n, p.t);
    ++run.partition_steps;
    run.gate.update(long(run.rt->held()), run.partition_steps, run.phase_seconds, run.rt->stats().idle);
    if (cfg.dev.migrate > 0 && n % cfg.dev.migrate == 0 && n < run.plan.nsteps && run.rt->size() > 1)
      run.rt->migrate(p.gid, (run.rt->rank() + 1) % run.rt->size());
  }
  fire(p, DgEvent::Next, {});
}

inline void take_face(DgPartition& p, const DgInput& in) {
  unpack_face_message(p, in.from, in.msg->data());  // the runtime reuses the untaken buffer
  if (++p.got == int(p.links.size())) g_dg_run->rt->invoke(p.gid, g_dg_run->phase);
}

inline void park_face(DgPartition& p, const DgInput& in) { p.inbox[in.e].push_back(in.msg->take()); }

// ---------------------------------------------------------------------------------------------
// Guards.

inline bool dg_stops(const DgPartition& p, const DgInput&) {
  return p.halted || p.step >= g_dg_run->plan.nsteps;
}
inline bool dg_awaited(const DgPartition& p, const DgInput& in) { return in.e == p.exchange; }
inline bool dg_ahead(const DgPartition& p, const DgInput& in) { return in.e == p.exchange + 1; }
inline bool last_stage(const DgPartition& p, const DgInput&) { return p.stage == p.piece.ntay; }
inline bool dg_halted(const DgPartition& p, const DgInput&) { return p.halted; }

// ---------------------------------------------------------------------------------------------
// The step. First matching row wins; the state changes before the action runs.

struct DgTransition {
  DgState from;
  DgEvent on;
  bool (*guard)(const DgPartition&, const DgInput&);  // nullptr: always
  void (*action)(DgPartition&, const DgInput&);       // nullptr: nothing
  DgState to;
  const char* sends;
};

namespace dg_table {
using S = DgState;
using E = DgEvent;
inline const DgTransition kDgStepTable[] = {
    // state         event       guard       action      next           messages sent
    {S::StepClosed, E::Next,    dg_stops,   nullptr,    S::Done,       "none"},
    {S::StepClosed, E::Next,    nullptr,    begin,      S::AwaitFaces, "stage 1's faces of step n+1 to every neighbour"},
    // Before its start a partition may get a neighbour's first faces.
    {S::StepClosed, E::Face,    dg_ahead,   park_face,  S::StepClosed, "none"},
    {S::AwaitFaces, E::Face,    dg_awaited, take_face,  S::AwaitFaces, "none"},
    {S::AwaitFaces, E::Face,    dg_ahead,   park_face,  S::AwaitFaces, "none"},
    {S::AwaitFaces, E::FacesIn, last_stage, close_step, S::StepClosed, "what Next sends"},
    {S::AwaitFaces, E::FacesIn, nullptr,    next_stage, S::AwaitFaces, "stage k+1's faces to every neighbour"},
    // Halted: a neighbour that was finite went on into the next step.
    {S::Done,       E::Face,    dg_halted,  nullptr,    S::Done,       "none"},
};
}  // namespace dg_table

inline const char* name(DgState s) {
  static const char* const names[] = {"StepClosed", "AwaitFaces", "Done"};
  return names[int(s)];
}
inline const char* name(DgEvent e) {
  static const char* const names[] = {"Next", "Face", "FacesIn"};
  return names[int(e)];
}

inline void fire(DgPartition& p, DgEvent ev, const DgInput& in) {
  for (const DgTransition& r : dg_table::kDgStepTable)
    if (r.from == p.state && r.on == ev && (!r.guard || r.guard(p, in))) {
      p.state = r.to;
      if (r.action) r.action(p, in);
      return;
    }
  throw amr::ProtocolError(std::string("DG partition ") + std::to_string(p.gid) + ": event " + name(ev) +
                           " (exchange " + std::to_string(in.e) + ") in state " + name(p.state) + " (exchange " +
                           std::to_string(p.exchange) + ") is in no row of the step table");
}

// ---------------------------------------------------------------------------------------------
// The handlers' bodies, and the registration.

inline void on_face(DgPartition& p, amr::Message& m) {
  FaceHeader h;
  if (m.size() < sizeof h) throw amr::UnpackError("DG face message shorter than its header");
  std::memcpy(&h, m.data(), sizeof h);
  if (m.size() != sizeof h + dg::face_plane_size(p.piece, dg_link_to(p, h.from).side) * sizeof(double))
    throw amr::UnpackError("DG face message of the wrong size for its side");
  fire(p, DgEvent::Face, {h.exchange, h.from, &m});
}

// Registers the handlers and the partitions (every rank, same order) with their geometry and
// links; the setup handler builds each piece and its stations where the partition lives, as
// the two-sided driver builds its one (the t = 0 sample included).
inline void add_dg_partitions(DgRun& run) {
  amr::Runtime& rt = *run.rt;
  const Config& cfg = *run.cfg;
  run.setup = rt.add_handler<DgPartition>(
      [](DgPartition& p, amr::Message&) {
        const Config& c = *g_dg_run->cfg;
        p.piece = dg::make_piece(c, {p.geometry.owned.ib, p.geometry.owned.ie}, {p.geometry.owned.jb, p.geometry.owned.je});
        p.stations = dg::add_stations(p.piece, c);
        for (dg::Station& s : p.stations) {
          s.rec.reserve(g_dg_run->plan.nsteps);
          dg::record(p.piece, s, true);
        }
        p.built = true;
      },
      "dg setup");
  run.start = rt.add_handler<DgPartition>([](DgPartition& p, amr::Message&) { fire(p, DgEvent::Next, {}); },
                                          "dg start");
  run.face = rt.add_handler<DgPartition>(on_face, "dg face");
  run.phase = rt.add_handler<DgPartition>(
      [](DgPartition& p, amr::Message&) { fire(p, DgEvent::FacesIn, {p.exchange, p.gid, nullptr}); }, "dg phase");
  // As in FD mode (partition.hpp, add_partition_objects); a piece moves only once it is built.
  add_partition_objects<DgPartition>(
      rt, run.layout, run.gate, [](const DgPartition& p) { return p.built; },
      [&](int pi, int pj) {
        auto p = std::make_unique<DgPartition>();
        p->gid = run.layout.gid(pi, pj);
        p->geometry = dg_geometry(cfg, run.layout, pi, pj);
        p->links = dg_links(run.layout, pi, pj);
        return p;
      });
}

}  // namespace sw4
