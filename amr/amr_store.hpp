// amr_store.hpp (amr: active-message runtime): what one rank knows and holds: the location table,
// the objects held here with their queues, the round-robin queue of objects that have work, and the
// packing and landing of an object's whole state when it migrates.
//
// Why built so: this is the part of the runtime that must stay consistent whatever order
// messages arrive in, so it is kept free of MPI and of message handling (amr_engine.hpp does
// those) and can be read as plain bookkeeping:
// - Every object added has an Entry on every rank: the best known holder and the version of
//   that knowledge (how many moves it has seen). Versions only grow along forwarding pointers,
//   so a message that follows them reaches the holder; an update with a version not above the
//   known one is stale and loses.
// - An Entry has a Slot while its object is here (Here), frozen for a move (Offered), or
//   announced and on its way here (Incoming); the Slot holds the sequencing state of
//   amr_slot.hpp, so a migration carries it whole.
// - Objects with runnable invocations wait in a round-robin queue, one invocation per turn, so
//   a rank holding several partitions interleaves them instead of running one to exhaustion.
//   Objects the application calls urgent (set_urgent: say, partitions whose halos other ranks
//   wait for) have a queue of their own that is served first.
// - Every message looks its target up, so ids that are small and dense (as applications
//   number their partitions 0..n-1) are found by indexing a vector, not by hashing; any other
//   id falls back to the hash table that owns the entries.
// No MPI here.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "amr/amr_pack.hpp"
#include "amr/amr_slot.hpp"

namespace amr {

struct Entry {
  Gid gid = 0;
  int rank = 0;                // best known holder
  std::uint64_t version = 0;   // of that knowledge
  std::uint64_t next_seq = 0;  // for this rank's invocations issued outside handlers
  bool removed = false;
  std::unique_ptr<Slot> slot;  // while Here, Offered or Incoming
};

class Store {
 public:
  explicit Store(int me) : me_(me) {}

  Entry* find(Gid gid) {
    if (gid >= 0 && std::uint64_t(gid) < dense_.size())
      if (Entry* e = dense_[std::size_t(gid)]) return e;  // else: added before it was indexed, or unknown
    auto it = table_.find(gid);
    return it == table_.end() ? nullptr : &it->second;
  }
  const Entry* find(Gid gid) const { return const_cast<Store*>(this)->find(gid); }
  // A new entry (nullptr if gid is known); obj is given on its home rank only.
  Entry* add(Gid gid, int home, std::unique_ptr<Mobile> obj) {
    auto [it, fresh] = table_.try_emplace(gid);  // node-based: entry addresses are stable
    if (!fresh) return nullptr;
    Entry& e = it->second;
    e.gid = gid;
    e.rank = home;
    // Index it if the ids so far stay dense: the vector at most 4 times the entries (+ 1024).
    if (gid >= 0 && std::uint64_t(gid) < 4 * table_.size() + 1024) {
      if (std::uint64_t(gid) >= dense_.size()) dense_.resize(std::size_t(gid) + 1, nullptr);
      dense_[std::size_t(gid)] = &e;
    }
    if (obj) {
      e.slot = std::make_unique<Slot>();
      e.slot->obj = std::move(obj);
      here_[gid] = &e;
    }
    return &e;
  }
  std::unique_ptr<Mobile> remove(Entry& e) {
    std::unique_ptr<Mobile> o = std::move(e.slot->obj);
    e.slot.reset();
    e.removed = true;
    here_.erase(e.gid);
    return o;
  }
  const std::map<Gid, Entry*>& here() const { return here_; }  // held or offered, by gid

  // ---- running ----

  // Sequences an invocation for an object held or offered here (false: a duplicate).
  bool accept(Entry& e, Invocation&& inv) {
    Slot& s = *e.slot;
    std::size_t fresh = 0;
    if (!s.accept(std::move(inv), fresh)) return false;
    if (fresh > 0) {
      dirty_ = true;
      if (s.where == Where::Here) queue(e, fresh);  // an offered one runs where it lands
    }
    return true;
  }
  // The next invocation to run, round robin over objects; nullptr when none.
  Entry* next(Invocation& out) {
    for (;;) {
      Fifo<Entry*>& q = runq_[1].empty() ? runq_[0] : runq_[1];
      if (q.empty()) return nullptr;
      Entry* e = q.front();
      q.pop_front();
      Slot* s = e->slot.get();
      if (!s) continue;  // left since it was queued
      s->in_runq = false;
      if (s->where != Where::Here || s->ready.empty()) continue;
      out = std::move(s->ready.front());
      s->ready.pop_front();
      --runnable_;
      if (!s->ready.empty()) push(*e);
      return e;
    }
  }
  void set_urgent(std::function<bool(Gid, Mobile&)> f) { urgent_ = std::move(f); }
  std::size_t runnable() const { return runnable_; }  // invocations ready on objects Here
  bool take_dirty() {  // has new work been queued since last asked?
    bool d = dirty_;
    dirty_ = false;
    return d;
  }

  // ---- migration ----

  void freeze(Entry& e) {  // offered: its handlers wait until it lands elsewhere
    e.slot->where = Where::Offered;
    runnable_ -= e.slot->ready.size();
  }
  // The whole state: ids, the object's own bytes, then its sequencing state and queues.
  void pack(const Entry& e, int type, Writer& w) const {
    const Slot& s = *e.slot;
    w.put(e.gid);
    w.put(s.version + 1);
    w.put(std::int32_t(type));
    const std::size_t at = w.size();
    w.put(std::uint64_t(0));  // the object's byte count, patched below
    s.obj->pack(w);
    const std::uint64_t n = w.size() - at - sizeof(std::uint64_t);
    std::memcpy(w.buffer().data() + at, &n, sizeof n);
    pack_queues(w, s);
  }
  void depart(Entry& e, int dest) {  // packed and sent: point at the new holder
    e.rank = dest;
    e.version = e.slot->version + 1;
    e.slot.reset();
    here_.erase(e.gid);
  }
  void expect(Entry& e, std::uint64_t version, bool stolen) {  // accepted: on its way here
    e.slot = std::make_unique<Slot>();
    e.slot->where = Where::Incoming;
    e.slot->version = version;
    e.slot->stolen = stolen;
    e.rank = me_;
    e.version = version;
  }

  struct Landing {
    Gid gid = -1;
    int type = -1;
    std::uint64_t version = 0, nobj = 0;
  };
  // Reads the ids at the front of a migrated state.
  static Landing peek(Reader& r) {
    Landing l;
    r.get(l.gid);
    r.get(l.version);
    std::int32_t t = -1;
    r.get(t);
    l.type = t;
    r.get(l.nobj);
    return l;
  }
  // Installs the object (already unpacked by the caller from the next l.nobj bytes) and the
  // rest of the state; returns what arrived for it in transit, to be sequenced now.
  std::vector<Invocation> land(Entry& e, const Landing& l, std::unique_ptr<Mobile> obj, Reader& r) {
    Slot& s = *e.slot;
    unpack_queues(r, s);
    s.obj = std::move(obj);
    s.where = Where::Here;
    s.version = l.version;
    e.rank = me_;
    e.version = l.version;
    here_[e.gid] = &e;
    if (!s.ready.empty()) {
      dirty_ = true;
      queue(e, s.ready.size());
    }
    std::vector<Invocation> limbo;
    limbo.swap(s.limbo);
    return limbo;
  }

  // A location update: newer knowledge wins, and an object here knows better.
  void learn(Entry& e, int rank, std::uint64_t version) {
    if (!e.slot && version > e.version) {
      e.rank = rank;
      e.version = version;
    }
  }
  // Should the invoking rank `src` be told where e is? (once per version)
  bool tell(Entry& e, int src) {
    std::uint64_t& told = e.slot->told[src];
    if (told == e.slot->version + 1) return false;
    told = e.slot->version + 1;
    return true;
  }

 private:
  void queue(Entry& e, std::size_t fresh) {
    runnable_ += fresh;
    if (!e.slot->in_runq) push(e);
  }
  void push(Entry& e) {
    e.slot->in_runq = true;
    runq_[urgent_ && urgent_(e.gid, *e.slot->obj) ? 1 : 0].push_back(&e);
  }

  int me_;
  std::unordered_map<Gid, Entry> table_;  // owns the entries (node-based: addresses stay)
  std::vector<Entry*> dense_;             // entry of id i at [i], or nullptr; see find()
  std::map<Gid, Entry*> here_;
  Fifo<Entry*> runq_[2];  // [1]: urgent objects, served first
  std::function<bool(Gid, Mobile&)> urgent_;
  std::size_t runnable_ = 0;
  bool dirty_ = false;
};

}  // namespace amr
