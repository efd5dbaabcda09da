// dg_partition.hpp: a DG piece as a partition of the one-sided driver (NUMERICS 32.4; DESIGN.md,
// "The two drivers"): what a partition is, where its neighbours are, and how it travels.
//
// Why built so: a DgPartition is a dg::Piece (dg/dg_piece.hpp) plus its stations and the state
// of its step (onesided/dg_step.hpp), over the same PartitionLayout as the FD partitions, so the
// arithmetic is dg_setup.hpp's and the results are the two-sided driver's to the bit. Its whole
// state packs into bytes between handlers, which lets the runtime move it to another rank. What
// the deck determines (the element operators, the sources' vectors and time functions) is
// rebuilt on arrival instead of sent. The traces, three times the size of U, V, Uc and Vc
// together, do not travel either: a partition may move while it awaits faces (a steal, or the
// forced move after close_step, which has already started the next stage), so its own traces
// are recomputed from Uc and Vc on arrival, and only the neighbours' faces already taken into
// the padding travel.
#pragma once

#include "amr_runtime.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "dg/dg_setup.hpp"
#include "onesided/partition.hpp"

namespace sw4 {

// One face neighbour: its id, and my side that faces it.
struct DgLink {
  amr::Gid gid = -1;
  dg::Side side = dg::XLow;
};

// Where a partition is in its step (the table in dg_step.hpp). Exchange e = (n - 1) ntay + k
// carries the edge traces of stage k of step n.
enum class DgState : std::uint8_t {
  StepClosed,  // step `step` closed (0: set up); the next step may start
  AwaitFaces,  // stage k's traces computed and offered: waiting for the neighbours' faces
  Done,        // the last step is closed, or the solution stopped being finite
};

class DgPartition : public amr::Mobile {
 public:
  amr::Gid gid = -1;
  PieceGeometry geometry;
  std::vector<DgLink> links;
  bool built = false;  // the setup handler made the piece (only then may it move)
  dg::Piece piece;
  std::vector<dg::Station> stations;
  double t = 0;      // time of U, accumulated as the two-sided loop does
  DgState state = DgState::StepClosed;
  long step = 0;      // steps closed
  int stage = 0;      // the stage whose faces are awaited (1..ntay)
  double d = 0;       // dt^stage / stage!, the factor of that stage
  long exchange = 0;  // the exchange offered last, and awaited in AwaitFaces
  int got = 0;        // neighbours' faces of `exchange` in
  bool halted = false;  // not finite at a checked step: the run stops (stop_on_dg_blowup)
  long arrived = -1000;  // the step at which it last landed here by migration
  std::map<long, std::vector<std::vector<char>>> inbox;  // faces that came early, by exchange

  bool done() const { return state == DgState::Done; }
  void pack(amr::Writer& w) const override;
  void unpack(amr::Reader& r) override;
};

// A face's message: this header, then the sender's plane (dg::pack_face).
struct FaceHeader {
  long exchange;
  amr::Gid from;
};

// Everything the handlers share; one per run, the same on every rank.
struct DgRun {
  const Config* cfg = nullptr;
  amr::Runtime* rt = nullptr;
  amr::Handler<DgPartition> setup, start, face, phase;
  PartitionLayout layout;
  dg::StepPlan plan;
  dg::TaylorWeights weights{4};  // the driver sets them for the deck's Taylor terms
  // After a step partition 0 closed, wherever it lives: the driver's progress line.
  std::function<void(long n, double t)> progress;
  // What the steal gate measures on this rank, as in FD mode (onesided.hpp, steal_gate_update).
  long partition_steps = 0;
  double phase_seconds = 0;
  StealGate gate;
};
// The run the handlers and DgPartition::unpack reach (a handler gets only its partition and
// message).
inline DgRun* g_dg_run = nullptr;

// The partitions' geometry and face links, the same on every rank (the driver counts the
// elements of its own before any is built).
inline PieceGeometry dg_geometry(const Config& cfg, const PartitionLayout& L, int pi, int pj) {
  return piece_geometry(cfg, L.p1(), L.p2(), pi, pj);
}
inline long dg_elements(const Config& cfg, const PieceGeometry& pg) {
  return long(std::max(0, std::min(pg.owned.ie, cfg.grid.nx - 1) - pg.owned.ib + 1)) *
         std::max(0, std::min(pg.owned.je, cfg.grid.ny - 1) - pg.owned.jb + 1);
}
// Only the four face neighbours: a DG element reads no corner (dg_piece.hpp, element_stage).
inline std::vector<DgLink> dg_links(const PartitionLayout& L, int pi, int pj) {
  std::vector<DgLink> links;
  const int di[4] = {-1, 1, 0, 0}, dj[4] = {0, 0, -1, 1};
  for (int s = 0; s < 4; ++s) {
    const int ni = pi + di[s], nj = pj + dj[s];
    if (ni >= 0 && nj >= 0 && ni < L.p1() && nj < L.p2()) links.push_back({L.gid(ni, nj), dg::Side(s)});
  }
  return links;
}

// The piece of a geometry as the deck makes it (operators, kernel tables, sources), which the
// arrays that travel then overwrite. Through make_piece, the one place that knows what a piece
// needs from the deck, so that nothing it gains later is missing after a move; the single-mode
// problem's initial data is computed for nothing here, once per move, which the cooldown and
// migrate=N keep rare.
inline void rebuild_piece(dg::Piece& p, const Config& cfg, const PieceGeometry& pg) {
  p = dg::make_piece(cfg, {pg.owned.ib, pg.owned.ie}, {pg.owned.jb, pg.owned.je});
}

// ---------------------------------------------------------------------------------------------

inline void DgPartition::pack(amr::Writer& w) const {
  w.put(gid);
  w.put(geometry);
  w.put<std::uint64_t>(links.size());
  for (const DgLink& l : links) w.put(l);
  w.put(t);
  w.put(state);
  w.put(step);
  w.put(stage);
  w.put(d);
  w.put(exchange);
  w.put(got);
  w.put(halted);
  w.put<std::uint64_t>(inbox.size());
  for (const auto& kv : inbox) {
    w.put(kv.first);
    w.put<std::uint64_t>(kv.second.size());
    for (const std::vector<char>& b : kv.second) w.put(b);
  }
  w.put(built);
  if (!built) return;
  for (const std::vector<double>* v : {&piece.U, &piece.V, &piece.Uc, &piece.Vc, &piece.s}) w.put(*v);
  // The faces of the current exchange already taken (the rest of the padding is stale and is
  // overwritten before it is read).
  if (state == DgState::AwaitFaces) {
    dg::Piece& p = const_cast<dg::Piece&>(piece);  // for_each_face reads only, here
    for (const DgLink& l : links) {
      w.put<std::uint64_t>(dg::face_plane_size(p, l.side));
      dg::for_each_face(p, l.side, false, [&](const double* f, std::size_t len) { w.bytes(f, len * sizeof(double)); });
    }
  }
  w.put<std::uint64_t>(stations.size());
  for (const dg::Station& s : stations) {
    w.put(s.e);
    w.put(s.r);
    std::vector<char> rec;
    s.rec.pack(rec);
    w.put(rec);
  }
}

inline void DgPartition::unpack(amr::Reader& r) {
  const Config& cfg = *g_dg_run->cfg;
  r.get(gid);
  r.get(geometry);
  links.resize(r.get<std::uint64_t>());
  for (DgLink& l : links) r.get(l);
  r.get(t);
  r.get(state);
  r.get(step);
  r.get(stage);
  r.get(d);
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
  r.get(built);
  if (!built) return;
  rebuild_piece(piece, cfg, geometry);
  const std::size_t n = piece.U.size();
  for (std::vector<double>* v : {&piece.U, &piece.V, &piece.Uc, &piece.Vc}) {
    r.get(*v);
    if (v->size() != n) throw amr::UnpackError("a DG piece's array of the wrong size");
  }
  r.get(piece.s);  // empty before the first step
  if (state == DgState::AwaitFaces) {
    dg::traces(piece);  // the own traces, the same bits as before the move
    for (const DgLink& l : links) {
      if (r.get<std::uint64_t>() != dg::face_plane_size(piece, l.side))
        throw amr::UnpackError("a DG face plane of the wrong size");
      dg::for_each_face(piece, l.side, false, [&](double* f, std::size_t len) { r.bytes(f, len * sizeof(double)); });
    }
  }
  stations.resize(r.get<std::uint64_t>());
  for (dg::Station& s : stations) {
    r.get(s.e);
    r.get(s.r);
    std::vector<char> rec;
    r.get(rec);
    const char* in = rec.data();
    s.rec = Receiver::unpack(in);
    if (in != rec.data() + rec.size()) throw amr::UnpackError("a DG station of the wrong size");
  }
}

}  // namespace sw4
