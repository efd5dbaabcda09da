// amr_engine.hpp (amr: active-message runtime): the machinery under amr::Runtime
// (amr_runtime.hpp, which explains the design): how an invocation travels (the local short-cut,
// one message or header + payload, forwarding), how a handler is run, how an object moves (offer,
// accept, packed state) and how the steal protocol's messages are answered. Everything here is
// private to Runtime, which adds the public face: registration, invoke, poll/run_until/quiesce,
// statistics.
//
// Why a separate file: the public API should read in ten minutes without the protocol in the
// way, and the protocol should read as one piece: every message kind is sent and received in
// this file, but for the moving object's state, which the move's own functions pack, send and
// land (declared in the class, defined in amr_migrate.hpp, which this file includes at its
// end; the offer and the acceptance are answered here, in on_ctrl). The bookkeeping it relies
// on (location table, sequencing, run queue) is in amr_store.hpp, the MPI calls in
// amr_transport.hpp, the steal policy in amr_steal.hpp.
#pragma once

#include "amr/amr_transport.hpp"  // first: it keeps MPI's C++ bindings out

#include <array>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "amr/amr_pack.hpp"
#include "amr/amr_registry.hpp"
#include "amr/amr_slot.hpp"
#include "amr/amr_stats.hpp"
#include "amr/amr_steal.hpp"
#include "amr/amr_store.hpp"

namespace amr {
namespace detail {

class Engine {
 protected:
  explicit Engine(MPI_Comm comm)
      : tp_(comm), me_(tp_.rank()), np_(tp_.size()), store_(me_), steal_(me_, np_),
        big_tag_(std::size_t(np_), 0), budget_(clock_.ticks(50e-6)), t_start_(Clock::now()) {}
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Runtime::poll(): receive, run a batch of handlers, start moves, steal if idle.
  //
  // Timing costs a clock read per phase boundary and no more: a poll that finds nothing reads
  // no clock in a run of empty polls (the run's start is known), and a poll that follows a
  // busy one in the same waiting loop starts where that one ended (chained_), so the common
  // round trip "receive, run a handler that sends one message" reads the clock four times.
  int poll_once() {
    const bool streak = idle_polls_ > 0;
    Tick t0 = 0;
    if (!streak) t0 = chained_ ? mark_ : Clock::now();
    chained_ = false;
    const Tick lb0 = times_.lb, send0 = times_.send;
    int events = 0;
    // Up to kRecvCap messages; but an idle rank stops at the first that gives it work, so its
    // handler need not wait for one more probe (which costs as much as a hit).
    const bool had_work = store_.runnable() > 0;
    tp_.progress(arrivals_);
    if (!arrivals_.empty()) events += handle_arrivals();
    if (had_work || store_.runnable() == 0)
      for (int i = 0; i < kRecvCap; ++i) {
        const Transport::Probe got = tp_.receive(kMsgChan, in_);
        if (got == Transport::kNone) break;
        if (got == Transport::kArrived) {
          on_arrival(in_);
          ++events;
          if (!had_work && store_.runnable() > 0) break;
        }
      }
    for (Transport::Probe got; incoming_ > 0 && (got = tp_.probe(kMigChan, in_)) != Transport::kNone;)
      if (got == Transport::kArrived) {
        on_arrival(in_);
        ++events;
      }
    if (events == 0 && store_.runnable() == 0 && want_move_.empty() && !steal_due()) {
      if (!streak) last_poll_ = t0;
      return 0;
    }
    Tick t1 = Clock::now();
    const Tick inside = (times_.lb - lb0) + (times_.send - send0);  // timed already
    if (streak) t0 = t1 - inside;  // ends a run of empty polls: its receiving counts as idle
    last_poll_ = t0;
    times_.recv += elapsed(t0, t1, inside);
    int ran = 0;
    if (store_.runnable() > 0) t1 = run_batch(t1, ran);
    if (!want_move_.empty() || steal_due()) {
      start_wanted_moves();
      maybe_wake();
      try_steal();
      const Tick t2 = Clock::now();
      times_.lb += elapsed(t1, t2, 0);
      t1 = t2;
    }
    mark_ = t1;
    chained_ = true;
    return events + ran;
  }

  // Message tags, each used on one channel; large payloads use kTagBase.. on the data channel.
  // Every message on the msg channel (an invocation with its header, a large one's header, a
  // control message) fits kSmallMsg bytes, so the receives a rank posts in advance for that
  // channel (amr_transport.hpp, the ring) can take any of them.
  enum Tag : int { kTagSmall = 1, kTagBig = 2, kTagCtrl = 3, kTagState = 5, kTagBase = 16 };
  static constexpr std::size_t kSmallMsg = 4096;
  static constexpr int kTagSpan = 32000;
  enum Kind : std::int32_t { kOffer = 1, kAccept, kLocation, kStealReq, kStealNo, kWake };
  struct Ctrl {  // a control message
    std::int32_t kind = 0, flag = 0;
    Gid gid = 0;
    std::uint64_t version = 0;
    std::int64_t rank = 0;
  };
  // Payloads up to kInline go with their header in one message; larger ones on their own.
  static constexpr std::size_t kInline = kSmallMsg - sizeof(Header);

  static Tick elapsed(Tick from, Tick to, Tick minus) {  // to - from - minus, never below 0
    return to > from && to - from > minus ? to - from - minus : 0;
  }
  [[noreturn]] void fail(const std::string& what) const {
    std::fprintf(stderr, "amr_runtime: rank %d: %s\n", me_, what.c_str());
    std::fflush(stderr);
    // MPICH's launcher may tear the job down before it forwarded the line: give it a moment.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    MPI_Abort(tp_.user(), 1);
    std::abort();
  }
  void outside_handler(const char* what) const {
    if (current_)
      fail(std::string(what) + " called inside a handler (object " + std::to_string(current_->gid) +
           "): handlers run to completion and never poll or wait");
  }
  std::string about(const Header& h) const {  // "handler 3 ('add') on object 7 from rank 1"
    return reg_.describe(h.handler) + " on object " + std::to_string(h.gid) + " from rank " +
           std::to_string(h.src);
  }

  // ---- the path of an invocation ----

  void send_invoke(Gid gid, int hid, std::vector<char>&& payload) {
    if (!reg_.known(hid))
      fail("invoke on object " + std::to_string(gid) + ": unknown handler id " + std::to_string(hid) +
           " (" + std::to_string(reg_.handlers()) + " registered)");
    Entry* e = store_.find(gid);
    if (!e || e->removed)
      fail("invoke of " + reg_.describe(hid) + " on object " + std::to_string(gid) +
           ", which no rank holds (" + (e ? "removed" : "never added") + ")");
    if (payload.size() > std::size_t(INT_MAX) - sizeof(Header))
      fail("invoke of " + reg_.describe(hid) + " on object " + std::to_string(gid) +
           ": a payload over 2 GB does not fit one message");
    Invocation inv;
    inv.h.gid = gid;
    inv.h.handler = hid;
    inv.h.src = me_;
    inv.h.size = payload.size();
    if (current_) {  // the sender is the object whose handler runs; its counter travels with it
      inv.h.from = current_->gid;
      inv.h.seq = current_->slot->next_to(gid)++;
    } else {
      inv.h.from = -1 - me_;
      inv.h.seq = e->next_seq++;
    }
    inv.payload = std::move(payload);
    if (e->slot) return deliver(*e, std::move(inv));  // the local short-cut: no MPI, no copy
    const Tick t = Clock::now();
    transmit(e->rank, std::move(inv));
    times_.send += elapsed(t, Clock::now(), 0);
  }

  void transmit(int dest, Invocation&& inv) {
    const std::size_t n = inv.payload.size();
    inv.h.size = n;
    if (n <= kInline) {  // one message: the payload, then the header as a trailer
      std::vector<char>& b = inv.payload;
      const char* h = reinterpret_cast<const char*>(&inv.h);
      b.insert(b.end(), h, h + sizeof(Header));  // a copy, no zero-fill first
      tp_.send(std::move(b), dest, kTagSmall, kMsgChan);
    } else {  // the header, then the payload itself under a tag of its own
      int& next = big_tag_[std::size_t(dest)];
      inv.h.tag = kTagBase + next;
      next = (next + 1) % kTagSpan;
      std::vector<char> hb = tp_.pool().get(sizeof(Header));
      std::memcpy(hb.data(), &inv.h, sizeof(Header));
      tp_.send(std::move(hb), dest, kTagBig, kMsgChan);
      tp_.send(std::move(inv.payload), dest, inv.h.tag, kDataChan);
    }
  }

  void on_invocation(Invocation&& inv) {
    const Header& h = inv.h;
    if (!reg_.known(h.handler))
      fail("unknown handler id " + std::to_string(h.handler) + " in a message for object " +
           std::to_string(h.gid) + " from rank " + std::to_string(h.src) + " (" +
           std::to_string(reg_.handlers()) + " registered here; register handlers in the same order on every rank)");
    Entry* e = store_.find(h.gid);
    if (!e || e->removed)
      fail("message for object " + std::to_string(h.gid) + " (" + reg_.describe(h.handler) + ", from rank " +
           std::to_string(h.src) + "), which no rank holds: " +
           (e ? "it was removed from this rank" : "this rank never heard of it"));
    if (e->slot) return deliver(*e, std::move(inv));
    if (e->rank == me_ || ++inv.h.hops > 1000 + 16 * np_) fail("internal: no route for " + about(h));
    ++stats_.forwards;  // it has left: pass it on
    transmit(e->rank, std::move(inv));
  }

  void deliver(Entry& e, Invocation&& inv) {
    if (e.slot->where == Where::Incoming) return e.slot->limbo.push_back(std::move(inv));
    const Header h = inv.h;
    if (h.hops > 0 && h.src != me_ && store_.tell(e, h.src))  // it was forwarded: correct the sender
      send_ctrl(h.src, kLocation, e.gid, e.slot->version, me_);
    if (!store_.accept(e, std::move(inv))) fail("internal: duplicate " + about(h));
  }

  // Runs up to kBatchMax handlers, fewer once budget has passed (so that long handlers still
  // let messages in often); returns the time it ended and, in n, how many ran.
  Tick run_batch(Tick start, int& n) {  // start: the clock, as the caller just read it
    const Tick send0 = times_.send;
    Tick t = start;
    Invocation inv;
    n = 0;
    while (n < kBatchMax) {
      Entry* e = store_.next(inv);
      if (!e) break;
      execute(*e, inv);
      ++n;
      if (!want_move_.empty()) start_wanted_moves();  // before the object's next handler
      t = Clock::now();
      if (t - start > budget_) break;
    }
    times_.handlers += elapsed(start, t, times_.send - send0);
    return t;
  }

  void execute(Entry& e, Invocation& inv) {
    Message m(inv.h.gid, inv.h.from >= 0 ? inv.h.from : -1, inv.h.src, inv.h.handler, inv.payload);
    struct Running {  // current_ is reset however the handler ends
      Entry*& cur;
      ~Running() { cur = nullptr; }
    } running{current_};
    current_ = &e;
    bool typed = false;
    try {
      typed = reg_.call(inv.h.handler, *e.slot->obj, m);
    } catch (const UnpackError& x) {
      fail("payload of " + std::to_string(inv.h.size) + " bytes for " + reg_.describe(inv.h.handler) +
           " on object " + std::to_string(inv.h.gid) + " does not unpack: " + x.what());
    } catch (const ProtocolError& x) {
      fail(reg_.describe(inv.h.handler) + " on object " + std::to_string(inv.h.gid) +
           ": protocol error: " + x.what());
    }
    if (!typed) {
      const Mobile& o = *e.slot->obj;
      fail(reg_.describe(inv.h.handler) + " expects an object of type " + reg_.handler_type(inv.h.handler) +
           ", but object " + std::to_string(inv.h.gid) + " is a " + type_name(typeid(o)));
    }
    ++stats_.executed;
    tp_.pool().put(std::move(inv.payload));
  }

  // ---- arrivals and control messages ----

  int handle_arrivals() {
    int n = 0;
    for (Arrival& a : arrivals_) {
      on_arrival(a);
      ++n;
    }
    arrivals_.clear();
    return n;
  }

  void on_arrival(Arrival& a) {
    Invocation inv;
    if (a.tag == kTagSmall) {
      if (a.buf.size() < sizeof(Header)) fail("internal: short message");
      std::memcpy(&inv.h, a.buf.data() + a.buf.size() - sizeof(Header), sizeof(Header));
      a.buf.resize(a.buf.size() - sizeof(Header));
      inv.payload = std::move(a.buf);
      on_invocation(std::move(inv));
    } else if (a.tag == kTagBig) {  // receive the payload under the tag it names
      std::memcpy(&inv.h, a.buf.data(), sizeof(Header));
      tp_.post(a.source, inv.h.size, inv.h.tag, kDataChan, &inv.h, sizeof(Header));
      tp_.pool().put(std::move(a.buf));
    } else if (a.tag >= kTagBase) {  // that payload; its header rode along in meta
      std::memcpy(&inv.h, a.meta.data(), sizeof(Header));
      inv.payload = std::move(a.buf);
      on_invocation(std::move(inv));
    } else if (a.tag == kTagCtrl) {
      on_ctrl(a);
    } else if (a.tag == kTagState) {
      const Tick t = Clock::now();
      on_state(a);
      times_.lb += elapsed(t, Clock::now(), 0);
    } else {
      fail("internal: message with tag " + std::to_string(a.tag));
    }
  }

  void send_ctrl(int dest, Kind kind, Gid gid = 0, std::uint64_t version = 0, std::int64_t rank = 0,
                 int flag = 0) {
    Ctrl c;
    c.kind = kind;
    c.flag = flag;
    c.gid = gid;
    c.version = version;
    c.rank = rank;
    std::vector<char> b = tp_.pool().get(sizeof c);
    std::memcpy(b.data(), &c, sizeof c);
    tp_.send(std::move(b), dest, kTagCtrl, kMsgChan);
  }

  void on_ctrl(Arrival& a) {
    Ctrl c;
    if (a.buf.size() != sizeof c) fail("internal: control message of wrong size");
    std::memcpy(&c, a.buf.data(), sizeof c);
    tp_.pool().put(std::move(a.buf));
    const int from = a.source;
    Entry* e = nullptr;
    if (c.kind == kOffer || c.kind == kAccept || c.kind == kLocation) {
      e = store_.find(c.gid);
      if (!e) fail("control message for object " + std::to_string(c.gid) + ", which this rank never heard of");
    }
    switch (c.kind) {
      case kOffer:  // expect the object; keep what comes for it meanwhile
        if (e->slot) fail("internal: offer of object " + std::to_string(c.gid) + ", which is here");
        store_.expect(*e, c.version + 1, c.flag != 0);
        if (c.flag) steal_.answered();
        ++incoming_;
        return send_ctrl(from, kAccept, c.gid);
      case kAccept:
        return send_state(*e, from);
      case kLocation:
        return store_.learn(*e, int(c.rank), c.version);
      case kStealReq: {
        const Tick t = Clock::now();
        Entry* give = steal_.enabled() ? pick_for_thief() : nullptr;
        if (give) offer(*give, from, true);
        else {
          send_ctrl(from, kStealNo);
          steal_.refused(from);
        }
        times_.lb += elapsed(t, Clock::now(), 0);
        return;
      }
      case kStealNo:
        return steal_.answered();
      case kWake:
        return steal_.woken(from);
      default:
        fail("internal: control message of kind " + std::to_string(c.kind));
    }
  }

  // ---- migration: offer, accept, state (defined in amr_migrate.hpp) ----

  void offer(Entry& e, int dest, bool steal);
  void send_state(Entry& e, int dest);  // accepted: pack, send, point at the new holder
  void on_state(Arrival& a);
  void start_wanted_moves();

  // ---- stealing (policy and state: amr_steal.hpp) ----

  Entry* pick_for_thief() {
    cands_.clear();
    cand_entries_.clear();
    for (const auto& kv : store_.here()) {
      Slot& s = *kv.second->slot;
      if (s.where != Where::Here) continue;
      StealCandidate c;
      c.load = load_ ? load_(kv.first, *s.obj, s.ready.size()) : double(s.ready.size());
      c.movable = c.load > 0 && (!movable_ || movable_(kv.first, *s.obj));
      cands_.push_back(c);
      cand_entries_.push_back(kv.second);
    }
    const int i = pick_victim_object(cands_, StealState::kThreshold);
    return i < 0 ? nullptr : cand_entries_[std::size_t(i)];
  }
  void maybe_wake() {  // a victim that refused someone, now with something to give
    if (!steal_.owes_wake() || !store_.take_dirty() || !pick_for_thief()) return;
    for (int r : steal_.take_refused()) send_ctrl(r, kWake);
  }
  bool gate_open() const { return !steal_gate_ || steal_gate_(); }
  void try_steal() {
    const bool idle = store_.runnable() == 0 && incoming_ == 0 && gate_open();
    for (int v; (v = steal_.next_request(idle)) >= 0;) {
      send_ctrl(v, kStealReq);
      ++stats_.steal_attempts;
    }
  }
  bool steal_due() const {  // a wake to send, or a request this idle thief may send
    if (!steal_.enabled()) return false;
    if (steal_.owes_wake()) return true;
    return steal_.may_request() && store_.runnable() == 0 && incoming_ == 0 && gate_open();
  }
  // Could this rank still send a steal request before it receives anything? A thief the gate
  // keeps quiet sends none until something arrives (which may reopen it).
  bool steal_pending() const {
    return steal_.active() && (steal_.waiting() || gate_open());
  }

  // ---- waiting ----

  // One poll of a waiting loop. After an empty one: spin at first (the next message is
  // usually microseconds away), then yield, then sleep a little, so that ranks sharing a core
  // keep moving. A run of empty polls is idle time, measured from its first poll.
  bool step() {
    if (poll_once() > 0) {
      idle_end();
      return true;
    }
    if (idle_polls_++ == 0) {
      idle_since_ = last_poll_;
      tp_.reap_sends();  // nothing better to do now
    }
    if (idle_polls_ < 64) return false;
    if (idle_polls_ < 16384) std::this_thread::yield();
    else std::this_thread::sleep_for(std::chrono::microseconds(idle_polls_ < 32768 ? 10 : 50));
    return false;
  }
  void idle_end() {
    if (idle_polls_ > 0) times_.idle += elapsed(idle_since_, last_poll_, 0);
    idle_polls_ = 0;
  }

  Transport tp_;
  int me_, np_;
  Registry reg_;
  Store store_;
  StealState steal_;
  Entry* current_ = nullptr;  // the object whose handler is running
  std::vector<std::pair<Gid, int>> want_move_;
  std::vector<Arrival> arrivals_;  // from progress()
  Arrival in_;                     // from a probe
  int incoming_ = 0;  // objects accepted whose state has not arrived
  static constexpr int kRecvCap = 64;   // messages received per poll at most
  static constexpr int kBatchMax = 16;  // handlers run per batch at most
  long idle_polls_ = 0;  // empty polls in a row
  Tick idle_since_ = 0, last_poll_ = 0;
  Tick mark_ = 0;        // when the last busy poll ended
  bool chained_ = false;  // the next poll follows it directly (same waiting loop)
  std::function<bool(Gid, Mobile&)> movable_;
  std::function<bool()> steal_gate_;
  std::function<double(Gid, Mobile&, std::size_t)> load_;
  std::vector<StealCandidate> cands_;
  std::vector<Entry*> cand_entries_;
  std::vector<int> big_tag_;  // next large-payload tag per destination
  Clock clock_;
  Tick budget_;  // a batch of handlers stops after this long
  TickTimes times_;
  Stats stats_;  // counters; times are converted from times_ when read
  Tick t_start_;
  std::array<std::uint64_t, 4> base_{};
};

}  // namespace detail
}  // namespace amr

#include "amr/amr_migrate.hpp"  // the definitions of offer, send_state, on_state, start_wanted_moves
