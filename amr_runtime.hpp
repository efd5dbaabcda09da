// amr_runtime.hpp: a small active-message runtime ("amr" for short, not adaptive mesh refinement)
// in the style of PREMA (mobile objects, remote handler invocation, work stealing). It knows
// nothing of seismology.
//
// Why built so. An over-decomposed solver wants to say "run this phase on partition 7 once its
// halos are in" and let the machine decide where partition 7 lives. So the unit of addressing
// is an object with a global id, never a rank; the unit of work is a handler invocation on such
// an object; and the runtime may move objects between ranks (because the application asked,
// or because an idle rank stole one). The rest follows from keeping that honest.
//
// "One-sided", as sw4lite's one-sided mode uses the word, is this: the sender names an object
// and a handler and the receiver never posts a matching receive, as in PREMA's remote method
// invocation. It is built on MPI point-to-point messages (MPI_Isend, MPI_Irecv, MPI_Improbe); it
// is not MPI-3 one-sided communication (RMA): no window is opened and nothing is put or got.
//
//   struct Counter : amr::Mobile {                     // state, and how it travels
//     long hits = 0;
//     void pack(amr::Writer& w) const override { w.put(hits); }
//     void unpack(amr::Reader& r) override { r.get(hits); }
//   };
//   amr::Runtime rt(MPI_COMM_WORLD);
//   auto add = rt.add_handler<Counter>(                // same order on every rank
//       [](Counter& c, amr::Message& m) { c.hits += m.as<int>(); }, "add");
//   for (amr::Gid g = 0; g < rt.size(); ++g)           // same calls on every rank
//     rt.add_object(g, int(g), g == rt.rank() ? std::make_unique<Counter>() : nullptr);
//   for (amr::Gid g = 0; g < rt.size(); ++g) rt.invoke(g, add, 1);  // wherever g lives
//   rt.quiesce();                                      // all of it has run, everywhere
//   rt.for_each<Counter>([](amr::Gid g, Counter& c) { std::printf("%d %ld\n", int(g), c.hits); });
//   rt.report();                                       // PREMA statistics (collective)
//
// Handlers run to completion, one at a time, inside poll() (which run_until() and quiesce()
// call); they may invoke() and migrate() but never poll. A handler gets its object and an
// amr::Message: a view of the payload (data(), size(), as<V>(), reader()) whose bytes take()
// moves out. invoke() takes the payload as pointer and size (copied once), as one trivially
// copyable value, or as a std::vector<char>&& that is moved all the way: into the local queue
// when the target is here (no MPI, no copy), into MPI_Isend when it is large (over 4 KB with
// its header).
//
// Ordering. Each invocation runs exactly once. Invocations from one sender to one object run
// in the order the sender issued them, wherever the object is and however often it moved or
// its messages were forwarded. The sender is the object whose handler called invoke() (so the
// promise moves with a migrating sender), or the rank when invoke() was called outside a
// handler. Nothing is promised between different senders, or different objects.
// (Per-(sender, target) sequence numbers, amr_slot.hpp.)
//
// Objects. add_object(gid, home, obj) is called on every rank in the same order (obj on home,
// nullptr elsewhere), so every rank's location table starts the same without a message. A move
// is an offer (the object freezes: its handlers wait), an accept (the new holder expects it and
// keeps what arrives for it), then the packed state, sent on a communicator of its own by a
// nonblocking send whose buffer the transport keeps until done. A message that reaches a rank
// the object has left is forwarded, and the holder tells the invoking rank where it is now
// with a versioned location update; stale updates lose (amr_store.hpp). migrate(gid, dest)
// moves an object from its holding rank; inside a handler, once the handler returns.
//
// Progress. Every small message (an invocation of up to 4 KB with its header, the header of a
// larger one, a control message) lands in one of a ring of receives posted in advance, any
// source, any tag; a larger payload in a receive posted once its header came; a migrating
// state is found by MPI_Improbe on a communicator of its own (amr_transport.hpp). Up to 64
// messages per poll (kRecvCap), then a batch of handlers. Waiting loops spin briefly, then
// yield, then sleep a little, so oversubscribed ranks keep moving. set_preposted(0)
// (AMR_PREPOSTED=0) finds small messages by MPI_Improbe instead, as this runtime first did:
// on Open MPI 4.1 that made a message wait one more poll and be copied twice, about half of
// what a round trip cost the runtime (docs/benchmarks.md, "The runtime's round trip", has the
// breakdown). The rest
// is the runtime's own work per message: sequencing, the run queue, the handler's dispatch
// and the statistics' clock (all of it kept free of allocation and hashing).
//
// Work stealing (amr_steal.hpp). A rank with nothing runnable asks its neighbours, then random
// ranks, a bounded number of requests at a time; a victim whose runnable work (queued
// invocations, or set_load()) exceeds the threshold migrates its best movable object
// (set_movable() decides), else says no and wakes the thief once it has work to give.
// set_stealing(false) switches it off.
//
// Termination. quiesce() returns on every rank once no rank has work and no message is in
// flight: each rank drains its work (and its steal sweep falls silent), then joins a
// nonblocking allreduce of its 64-bit counts of messages sent and received, serving others
// while it waits; two consecutive waves with equal and unchanged sums end it (forwards,
// migrations and control messages count like any message). A closing barrier keeps work sent
// by a rank that returned first from running inside a slower rank's quiesce().
//
// Errors (an unknown handler id, a payload or state that does not unpack, a message for an
// object no rank holds, a misuse of the API) print one line "amr_runtime: rank R: ..." naming
// object and handler, then MPI_Abort. Nothing is dropped silently.
//
// Limits: one thread per rank calls the runtime; object ids are >= 0; a payload or a packed
// object is under 2 GB; objects are added on every rank before any message for them arrives.
// Files, one concern each: amr_pack.hpp (bytes, Mobile, Message), amr_registry.hpp (handler
// and type ids), amr_slot.hpp (the ordering mechanism), amr_store.hpp (location table, queues),
// amr_steal.hpp (steal policy), amr_stats.hpp (the clock and the table), amr_pool.hpp
// (buffers), amr_transport.hpp (MPI calls), amr_engine.hpp (the protocol: every message kind
// is sent and received there), amr_migrate.hpp (an object's move: its state packed, sent and
// landed; part of amr_engine.hpp).
#pragma once

#include "amr/amr_engine.hpp"  // first: it keeps MPI's C++ bindings out (amr_transport.hpp)

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace amr {

class Runtime : private detail::Engine {
 public:
  explicit Runtime(MPI_Comm comm = MPI_COMM_WORLD) : Engine(comm) {
    const char* n = std::getenv("AMR_PREPOSTED");  // see set_preposted
    set_preposted(n ? std::atoi(n) : kDefaultPreposted);
  }

  int rank() const { return me_; }
  int size() const { return np_; }

  // ---- registration: the same calls in the same order on every rank ----

  template <class T, class F>  // fn(T& object, amr::Message& m)
  Handler<T> add_handler(F fn, std::string name = {}) {
    outside_handler("add_handler()");
    return reg_.add_handler<T>(std::move(fn), std::move(name));
  }
  template <class T>  // add_object() does it; needed only for types that arrive some other way
  int add_type() {
    return reg_.add_type<T>();
  }
  template <class T>
  void add_object(Gid gid, int home, std::unique_ptr<T> obj) {
    outside_handler("add_object()");
    reg_.add_type<T>();
    const std::string g = "add_object: object " + std::to_string(gid);
    if (gid < 0) fail(g + ": object ids are >= 0");
    if (home < 0 || home >= np_)
      fail(g + " has home rank " + std::to_string(home) + ", outside 0.." + std::to_string(np_ - 1));
    if (home == me_ && !obj) fail(g + " lives here but no object was given");
    if (home != me_ && obj) fail(g + " lives on rank " + std::to_string(home) + ", yet this rank gave one");
    if (!store_.add(gid, home, std::move(obj))) fail(g + " added twice");
  }
  // Takes a held object out of the runtime; messages that still reach it are errors.
  template <class T = Mobile>
  std::unique_ptr<T> remove_object(Gid gid) {
    outside_handler("remove_object()");
    const std::string g = "remove_object: object " + std::to_string(gid);
    Entry* e = store_.find(gid);
    if (!e || !e->slot || e->slot->where != Where::Here) fail(g + " is not held by this rank");
    if (!e->slot->ready.empty() || !e->slot->held.empty())
      fail(g + " still has " + std::to_string(e->slot->ready.size() + e->slot->held.size()) +
           " invocations queued");
    if (!dynamic_cast<T*>(e->slot->obj.get())) fail(g + " is not of the type asked for");
    return std::unique_ptr<T>(static_cast<T*>(store_.remove(*e).release()));
  }

  // ---- invocation: reaches gid wherever it lives ----

  template <class T>
  void invoke(Gid gid, Handler<T> h, std::vector<char>&& payload) {
    send_invoke(gid, h.id, std::move(payload));
  }
  // A payload buffer of n bytes (contents undefined) from the runtime's pool, to fill and pass
  // to invoke(); recycle() gives back one a handler took and no longer needs. With both, a
  // repeated exchange allocates and zero-fills nothing.
  std::vector<char> buffer(std::size_t n) {
    std::vector<char> b = tp_.pool().get(n + sizeof(Header));  // room for the trailer
    b.resize(n);
    return b;
  }
  void recycle(std::vector<char>&& b) { tp_.pool().put(std::move(b)); }

  template <class T>
  void invoke(Gid gid, Handler<T> h, const void* data, std::size_t n) {
    std::vector<char> b = buffer(n);
    if (n) std::memcpy(b.data(), data, n);
    send_invoke(gid, h.id, std::move(b));
  }
  template <class T>
  void invoke(Gid gid, Handler<T> h) {
    invoke(gid, h, nullptr, 0);
  }
  template <class T, class V,
            class = std::enable_if_t<std::is_trivially_copyable_v<V> && !std::is_pointer_v<V>>>
  void invoke(Gid gid, Handler<T> h, const V& value) {
    invoke(gid, h, &value, sizeof value);
  }

  // Moves an object held here to dest (true); false when it is not held here or already
  // leaving. Inside a handler the move starts when the handler returns.
  bool migrate(Gid gid, int dest) {
    if (dest < 0 || dest >= np_)
      fail("migrate: object " + std::to_string(gid) + " to rank " + std::to_string(dest) +
           ", outside 0.." + std::to_string(np_ - 1));
    Entry* e = store_.find(gid);
    if (!e || !e->slot || e->slot->where != Where::Here) return false;
    if (dest == me_) return true;
    if (current_) want_move_.emplace_back(gid, dest);
    else offer(*e, dest, false);
    return true;
  }

  // ---- progress ----

  // One round: receive (up to kRecvCap messages, fewer once something can run), run a batch
  // of handlers, start the moves asked for, steal if idle. Returns messages + handlers handled.
  int poll() {
    outside_handler("poll(), run_until() or quiesce()");
    const int n = poll_once();
    chained_ = false;  // the caller's own work comes next
    return n;
  }

  template <class Pred>
  void run_until(Pred&& done) {  // polls (waiting politely) until done() is true
    outside_handler("run_until()");
    while (!done()) step();
    chained_ = false;
    idle_end();
  }

  // Collective: returns on every rank once all work is done and no message is in flight.
  void quiesce() {
    outside_handler("quiesce()");
    std::uint64_t prev[2] = {~std::uint64_t(0), ~std::uint64_t(0)};
    for (;;) {
      // Drain own work until the steal sweep is silent: after its count is taken, a rank
      // sends only what a receipt makes it send.
      while (step() || store_.runnable() > 0 || !want_move_.empty() || steal_pending() ||
             tp_.backlogged()) {
      }
      std::uint64_t mine[2] = {tp_.sent(), tp_.received()}, sum[2] = {0, 0};
      MPI_Request req;
      MPI_Iallreduce(mine, sum, 2, MPI_UINT64_T, MPI_SUM, tp_.comm(kMsgChan), &req);
      for (int done = 0;;) {  // serve the others (steals, late messages) meanwhile
        MPI_Test(&req, &done, MPI_STATUS_IGNORE);
        if (done) break;
        step();
      }
      if (sum[0] == sum[1] && sum[0] == prev[0] && sum[1] == prev[1]) break;
      prev[0] = sum[0];
      prev[1] = sum[1];
    }
    MPI_Barrier(tp_.comm(kMsgChan));
    chained_ = false;
    idle_end();
    for (const auto& kv : store_.here())
      if (!kv.second->slot->held.empty())
        fail("internal: object " + std::to_string(kv.first) + " holds invocations whose predecessors never came");
  }

  // ---- work stealing ----

  void set_stealing(bool on) { steal_.enable(on); }                 // default on
  void set_movable(std::function<bool(Gid, Mobile&)> f) { movable_ = std::move(f); }
  // Asked before an idle rank sends a steal request: false keeps it from asking, as if it had
  // work (default: ask). For an application that knows a short idle spell is not imbalance.
  void set_steal_gate(std::function<bool()> f) { steal_gate_ = std::move(f); }
  // Objects for which f is true run before the others (each group round robin); f is asked
  // whenever an object gets work. Default: one group.
  void set_urgent(std::function<bool(Gid, Mobile&)> f) { store_.set_urgent(std::move(f)); }
  void set_load(std::function<double(Gid, Mobile&, std::size_t queued)> f) { load_ = std::move(f); }

  // ---- where things are ----

  bool holds(Gid gid) const {  // on this rank now (held, or offered and not yet gone)
    const Entry* e = store_.find(gid);
    return e && e->slot && e->slot->where != Where::Incoming;
  }
  std::size_t held() const { return store_.here().size(); }  // objects here (or leaving)
  int location(Gid gid) const {  // best known rank; -1 for unknown or removed
    const Entry* e = store_.find(gid);
    return !e || e->removed ? -1 : e->slot ? me_ : e->rank;
  }
  template <class T = Mobile>
  T* find(Gid gid) {  // the object if it is here, else nullptr
    Entry* e = store_.find(gid);
    return e && e->slot && e->slot->obj ? dynamic_cast<T*>(e->slot->obj.get()) : nullptr;
  }
  template <class T = Mobile, class F>
  void for_each(F&& f) {  // f(gid, T&) for each object of type T here, by gid
    for (const auto& kv : store_.here())
      if (T* t = dynamic_cast<T*>(kv.second->slot->obj.get())) f(kv.first, *t);
  }
  std::size_t runnable() const { return store_.runnable(); }

  // ---- statistics ----

  const Stats& stats() {
    clock_.refine();
    stats_.total = clock_.seconds(Clock::now() - t_start_);
    stats_.recv = clock_.seconds(times_.recv);
    stats_.send = clock_.seconds(times_.send);
    stats_.handlers = clock_.seconds(times_.handlers);
    stats_.lb = clock_.seconds(times_.lb);
    stats_.idle = clock_.seconds(times_.idle);
    stats_.msgs_sent = tp_.sent() - base_[0];
    stats_.msgs_recv = tp_.received() - base_[1];
    stats_.bytes_sent = tp_.bytes_sent() - base_[2];
    stats_.bytes_recv = tp_.bytes_received() - base_[3];
    return stats_;
  }
  void reset_stats() {
    stats_ = Stats{};
    times_ = TickTimes{};
    t_start_ = Clock::now();
    base_ = {tp_.sent(), tp_.received(), tp_.bytes_sent(), tp_.bytes_received()};
  }
  // Collective: min/avg/max over ranks in the PREMA columns, printed by rank 0.
  void report(std::FILE* out = stdout) {
    auto mine = stat_columns(stats());
    std::array<double, kStatColumns> mn{}, sum{}, mx{};
    MPI_Comm c = tp_.comm(kMsgChan);
    MPI_Reduce(mine.data(), mn.data(), kStatColumns, MPI_DOUBLE, MPI_MIN, 0, c);
    MPI_Reduce(mine.data(), sum.data(), kStatColumns, MPI_DOUBLE, MPI_SUM, 0, c);
    MPI_Reduce(mine.data(), mx.data(), kStatColumns, MPI_DOUBLE, MPI_MAX, 0, c);
    if (me_ == 0) {
      print_stats_table(out, np_, mn.data(), sum.data(), mx.data());
      std::fflush(out);
    }
  }

  // The receives posted in advance for small messages (all of 4 KB or less, with their
  // header): n of them, kDefaultPreposted (16) unless told. 0: none, every message is found by
  // MPI_Improbe, which costs a small message a poll and a copy more (bench_runtime compares
  // the two). Per rank (senders need not know), any time outside a handler; the environment
  // variable AMR_PREPOSTED=n sets it for every Runtime made. See amr_transport.hpp.
  static constexpr int kDefaultPreposted = 16;
  void set_preposted(int n) {
    outside_handler("set_preposted()");
    // What a ring being taken down held waits for the next poll, like any message: this may
    // run before the handlers it names are registered.
    tp_.prepost(n < 0 ? 0 : n, kSmallMsg, kMsgChan, arrivals_);
  }
  int preposted() const { return tp_.preposted(); }
};

}  // namespace amr
