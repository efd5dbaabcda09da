// amr_migrate.hpp (amr: active-message runtime): how an object moves from one rank to another. The
// holder freezes it and offers it (offer); once the new holder accepts, the holder packs its state,
// sends it and points at the new holder (send_state); the new holder unpacks the object, replays
// what arrived for it meanwhile and counts a steal that landed (on_state). Moves that migrate()
// asked for start between handlers (start_wanted_moves).
//
// Part of amr_engine.hpp, which declares these members of Engine and includes this file after
// the class (include amr_runtime.hpp, not this).
//
// Why a file of its own: a move is the one exchange of the protocol that takes three messages
// (offer, accept, state) and a packed object between two ranks, and it reads best as one
// piece. The offer and the acceptance are control messages, dispatched with the others in
// amr_engine.hpp (on_ctrl); what is packed (the object, its queues, its sequence counters) is
// amr_store.hpp's. The functions stay members of Engine, defined outside the class: a move
// touches the store, the transport, the counters and the steal state, all of them the engine's.
#pragma once

#include <climits>
#include <cstddef>
#include <memory>
#include <string>
#include <typeinfo>
#include <utility>
#include <vector>

namespace amr {
namespace detail {

inline void Engine::offer(Entry& e, int dest, bool steal) {
  store_.freeze(e);
  send_ctrl(dest, kOffer, e.gid, e.slot->version, me_, steal ? 1 : 0);
}

inline void Engine::send_state(Entry& e, int dest) {  // accepted: pack, send, point at the new holder
  const Tick t = Clock::now();
  if (!e.slot || e.slot->where != Where::Offered)
    fail("internal: accept for object " + std::to_string(e.gid) + ", which was not offered");
  const Mobile& o = *e.slot->obj;
  const int type = reg_.type_of(o);
  if (type < 0)
    fail("object " + std::to_string(e.gid) + " of type " + type_name(typeid(o)) +
         " cannot migrate: its type was never registered (add_type)");
  std::vector<char> buf = tp_.pool().get(0);
  Writer w(buf);
  store_.pack(e, type, w);
  if (buf.size() > std::size_t(INT_MAX))
    fail("object " + std::to_string(e.gid) + " packs to " + std::to_string(buf.size()) +
         " bytes: over 2 GB does not fit one message");
  tp_.send(std::move(buf), dest, kTagState, kMigChan);
  store_.depart(e, dest);
  ++stats_.migrations_out;
  times_.lb += elapsed(t, Clock::now(), 0);
}

inline void Engine::on_state(Arrival& a) {
  Reader r(a.buf.data(), a.buf.size());
  Store::Landing l;
  try {
    l = Store::peek(r);
  } catch (const UnpackError& x) {
    fail(std::string("internal: migrated state too short: ") + x.what());
  }
  Entry* e = store_.find(l.gid);
  if (!e || !e->slot || e->slot->where != Where::Incoming)
    fail("internal: state of object " + std::to_string(l.gid) + " arrived unannounced");
  if (!reg_.known_type(l.type))
    fail("migrated object " + std::to_string(l.gid) + " has type id " + std::to_string(l.type) +
         ", unknown here (register types in the same order on every rank)");
  std::unique_ptr<Mobile> obj = reg_.make(l.type);
  std::vector<Invocation> limbo;
  try {
    Reader own(r.view(l.nobj), l.nobj);
    obj->unpack(own);
    if (own.left() != 0)
      throw UnpackError("unpack() left " + std::to_string(own.left()) + " of " + std::to_string(l.nobj) +
                        " bytes unread");
  } catch (const UnpackError& x) {
    fail("migrated state of object " + std::to_string(l.gid) + " (type " + reg_.type(l.type) + ", " +
         std::to_string(l.nobj) + " bytes) does not unpack: " + x.what());
  }
  try {
    limbo = store_.land(*e, l, std::move(obj), r);
  } catch (const UnpackError& x) {
    fail("internal: queues of migrated object " + std::to_string(l.gid) + ": " + x.what());
  }
  tp_.pool().put(std::move(a.buf));
  --incoming_;
  ++stats_.migrations_in;
  for (auto& inv : limbo) deliver(*e, std::move(inv));
  if (e->slot->stolen) {
    e->slot->stolen = false;
    ++stats_.steal_successes;
    steal_.landed();
  }
}

inline void Engine::start_wanted_moves() {
  std::vector<std::pair<Gid, int>> want;
  want.swap(want_move_);
  for (auto& [gid, dest] : want) {
    Entry* e = store_.find(gid);
    if (e && e->slot && e->slot->where == Where::Here) offer(*e, dest, false);
  }
}

}  // namespace detail
}  // namespace amr
