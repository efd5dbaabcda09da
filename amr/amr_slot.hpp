// amr_slot.hpp (amr: active-message runtime): what the runtime keeps for one mobile object, and
// what travels when it moves.
//
// Why built so: the ordering promise of the runtime (amr_runtime.hpp) rests on one small piece
// of bookkeeping, kept here on its own so it can be read and checked in one sitting. Every
// invocation carries the id of its sender (the object whose handler issued it, or the rank when
// it was issued outside a handler) and a sequence number counted per (sender, target). The
// target's slot holds, per sender, the next number it expects: an invocation with that number
// is queued to run, one from the future waits in `held` until the gap closes, and one from the
// past is a duplicate and an error. Because these counters, the queue of invocations not yet
// run and the held ones all travel inside the migrated state (and a sender's own counters
// travel with the sender), neither forwarding nor migration can reorder, drop or repeat an
// invocation. The wire format is plain bytes through amr_pack.hpp. No MPI here.
#pragma once

#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "amr/amr_pack.hpp"

namespace amr {

// The envelope of an invocation: sent after the payload (a trailer), so a received buffer
// shrinks to exactly the payload and can be handed to the handler without a copy.
struct Header {
  Gid gid = 0;             // target object
  Gid from = 0;            // sending object (>= 0), or -1 - rank when sent outside a handler
  std::uint64_t seq = 0;   // per (from, gid)
  std::uint64_t size = 0;  // payload bytes
  std::int32_t handler = 0;
  std::int32_t src = 0;    // the rank that issued it: it is told where the target went
  std::int32_t hops = 0;   // times forwarded
  std::int32_t tag = 0;    // for a large payload: the tag it travels under
};

struct Invocation {
  Header h;
  std::vector<char> payload;
};

// A first-in first-out queue on a ring that grows by doubling and is given back once it
// drains from a large size: unlike std::deque, which allocates and frees a block every few
// items as a queue slides along, it costs no allocation per item in a steady stream.
template <class T>
class Fifo {
 public:
  bool empty() const { return n_ == 0; }
  std::size_t size() const { return n_; }
  T& front() { return ring_[head_]; }
  template <class U>
  void push_back(U&& v) {
    if (n_ == ring_.size()) grow();
    ring_[(head_ + n_) & (ring_.size() - 1)] = std::forward<U>(v);
    ++n_;
  }
  void pop_front() {  // the front was moved out, or holds nothing worth freeing now
    head_ = (head_ + 1) & (ring_.size() - 1);
    if (--n_ == 0 && ring_.size() > kKeep) *this = Fifo();
  }
  template <class F>
  void for_each(F&& f) const {
    for (std::size_t i = 0; i < n_; ++i) f(ring_[(head_ + i) & (ring_.size() - 1)]);
  }

 private:
  static constexpr std::size_t kKeep = 1024;
  void grow() {
    std::vector<T> r(ring_.empty() ? 8 : 2 * ring_.size());
    for (std::size_t i = 0; i < n_; ++i) r[i] = std::move(ring_[(head_ + i) & (ring_.size() - 1)]);
    ring_.swap(r);
    head_ = 0;
  }
  std::vector<T> ring_;  // a power of two long
  std::size_t head_ = 0, n_ = 0;
};

enum class Where { Here, Offered, Incoming };  // Offered: frozen until the new holder accepts

struct Slot {
  std::unique_ptr<Mobile> obj;  // null while Incoming
  Where where = Where::Here;
  std::uint64_t version = 0;    // how many times it has moved
  std::unordered_map<Gid, std::uint64_t> expect;  // next seq per sender
  std::unordered_map<Gid, std::uint64_t> out;     // next seq per target of its own invocations
  Fifo<Invocation> ready;                         // in order, not yet run
  std::map<std::pair<Gid, std::uint64_t>, Invocation> held;  // ahead of their turn
  std::vector<Invocation> limbo;                  // arrived while Incoming, not yet sequenced
  std::unordered_map<int, std::uint64_t> told;    // version+1 last told to each rank
  bool in_runq = false;
  bool stolen = false;  // Incoming in answer to this rank's steal request

  // The counters of the last sender seen and the last target invoked: a stream of messages
  // between the same two objects skips the hash. (Entries of an unordered_map never move.)
  std::uint64_t& expected_from(Gid from) { return cached(expect, from, expect_key_, expect_hit_); }
  std::uint64_t& next_to(Gid to) { return cached(out, to, out_key_, out_hit_); }

  // Sequences one invocation: appends to `ready` what may now run, in order; false for a
  // duplicate (a number already seen).
  bool accept(Invocation&& inv, std::size_t& newly_ready) {
    std::uint64_t& next = expected_from(inv.h.from);
    if (inv.h.seq != next) {
      if (inv.h.seq < next) return false;
      auto key = std::make_pair(inv.h.from, inv.h.seq);
      if (held.count(key)) return false;
      held.emplace(key, std::move(inv));
      return true;
    }
    const Gid from = inv.h.from;
    ++next;
    ready.push_back(std::move(inv));
    ++newly_ready;
    while (!held.empty()) {
      auto it = held.find(std::make_pair(from, next));
      if (it == held.end()) break;
      ++next;
      ready.push_back(std::move(it->second));
      held.erase(it);
      ++newly_ready;
    }
    return true;
  }

 private:
  static std::uint64_t& cached(std::unordered_map<Gid, std::uint64_t>& m, Gid k, Gid& key,
                               std::uint64_t*& hit) {
    if (!hit || key != k) {
      hit = &m[k];
      key = k;
    }
    return *hit;
  }
  Gid expect_key_ = 0, out_key_ = 0;
  std::uint64_t *expect_hit_ = nullptr, *out_hit_ = nullptr;
};

// The state a migration carries, after the object's own bytes: counters, then invocations.
inline void pack_invocation(Writer& w, const Invocation& inv) {
  Header h = inv.h;
  h.size = inv.payload.size();
  w.put(h);
  w.bytes(inv.payload.data(), inv.payload.size());
}

inline Invocation unpack_invocation(Reader& r) {
  Invocation inv;
  r.get(inv.h);
  const char* p = r.view(inv.h.size);
  inv.payload.assign(p, p + inv.h.size);
  return inv;
}

template <class Map>
void pack_counters(Writer& w, const Map& m) {
  w.put<std::uint64_t>(m.size());
  for (const auto& kv : m) {
    w.put(kv.first);
    w.put(kv.second);
  }
}

template <class Map>
void unpack_counters(Reader& r, Map& m) {
  auto n = r.get<std::uint64_t>();
  if (n > r.left()) throw UnpackError("counter table longer than the state");
  for (std::uint64_t i = 0; i < n; ++i) {
    auto k = r.get<typename Map::key_type>();
    m[k] = r.get<typename Map::mapped_type>();
  }
}

inline void pack_queues(Writer& w, const Slot& s) {
  pack_counters(w, s.expect);
  pack_counters(w, s.out);
  w.put<std::uint64_t>(s.ready.size());
  s.ready.for_each([&](const Invocation& inv) { pack_invocation(w, inv); });
  w.put<std::uint64_t>(s.held.size());
  for (const auto& kv : s.held) pack_invocation(w, kv.second);
}

inline void unpack_queues(Reader& r, Slot& s) {
  unpack_counters(r, s.expect);
  unpack_counters(r, s.out);
  auto nready = r.get<std::uint64_t>();
  for (std::uint64_t i = 0; i < nready; ++i) s.ready.push_back(unpack_invocation(r));
  auto nheld = r.get<std::uint64_t>();
  for (std::uint64_t i = 0; i < nheld; ++i) {
    Invocation inv = unpack_invocation(r);
    auto key = std::make_pair(inv.h.from, inv.h.seq);
    s.held.emplace(key, std::move(inv));
  }
}

}  // namespace amr
