// mpi_runtime_migrate.cpp: mobile objects under migration. Every object moves to another rank
// every round for 50 rounds while invocations from every rank and from other objects are in
// flight to it; each must run exactly once, in per-sender order, on state that survived
// packing. Also: a migration asked for inside a handler, with the object's own queued
// invocation travelling with it. Run under mpirun -np 1..4.
#include "amr_runtime.hpp"  // first: it keeps MPI's C++ bindings out (see amr_transport.hpp)

#include <gtest/gtest.h>
#include <mpi.h>

#include <map>
#include <vector>

#include "test/mpi_gtest_main.hpp"

namespace {

long sum_all(long v) {
  long s = 0;
  MPI_Allreduce(&v, &s, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  return s;
}

constexpr std::size_t kCells = 2048;

// Sender keys in payloads: rank r is -1 - r, an object is its gid.
long value_of(long sender, long target, long k) { return (sender + 1000) * 7919 + target * 104729 + k * 13; }

struct Bump {
  long sender, k, value;
};

struct Roamer : amr::Mobile {
  std::vector<double> data;        // state that must survive packing
  std::map<long, long> next;       // per sender: next k expected
  long hits = 0, out_of_order = 0, relays_sent = 0;
  std::vector<int> path;           // ranks it ran on (Walker)
  void init(long gid) {
    data.resize(kCells);
    for (std::size_t i = 0; i < kCells; ++i) data[i] = double(gid) + 0.5 * double(i);
  }
  void pack(amr::Writer& w) const override {
    w.put(data);
    w.put(hits);
    w.put(out_of_order);
    w.put(relays_sent);
    w.put(path);
    w.put<std::uint64_t>(next.size());
    for (auto& kv : next) {
      w.put(kv.first);
      w.put(kv.second);
    }
  }
  void unpack(amr::Reader& r) override {
    r.get(data);
    r.get(hits);
    r.get(out_of_order);
    r.get(relays_sent);
    r.get(path);
    auto n = r.get<std::uint64_t>();
    for (std::uint64_t i = 0; i < n; ++i) {
      long k = r.get<long>();
      next[k] = r.get<long>();
    }
  }
  void bump(const Bump& b) {
    ++hits;
    if (next[b.sender] != b.k) ++out_of_order;
    next[b.sender] = b.k + 1;
    data[std::size_t(b.value) % kCells] += double(b.value);
  }
};

void stress(bool stealing) {
  amr::Runtime rt(MPI_COMM_WORLD);
  rt.set_stealing(stealing);
  const int P = rt.size(), me = rt.rank(), rounds = 50, M = 3;
  const long N = 2L * P;
  auto bump = rt.add_handler<Roamer>([](Roamer& o, amr::Message& m) { o.bump(m.as<Bump>()); }, "bump");
  // relay: the object itself invokes bump on the next object, so the sender is an object
  // that migrates too and its sequence must travel with it.
  auto relay = rt.add_handler<Roamer>(
      [&](Roamer& o, amr::Message& m) {
        long g = m.gid(), t = (g + 1) % N, k = o.relays_sent++;
        rt.invoke(t, bump, Bump{g, k, value_of(g, t, k)});
      },
      "relay");
  for (long g = 0; g < N; ++g) {
    std::unique_ptr<Roamer> o;
    if (g % P == me) {
      o = std::make_unique<Roamer>();
      o->init(g);
    }
    rt.add_object(g, int(g % P), std::move(o));
  }
  std::vector<long> k_rank(std::size_t(N), 0);
  auto send_some = [&] {
    for (long g = 0; g < N; ++g) {
      for (int i = 0; i < M; ++i) {
        long k = k_rank[std::size_t(g)]++;
        rt.invoke(g, bump, Bump{-1 - me, k, value_of(-1 - me, g, k)});
      }
      rt.invoke(g, relay);
    }
  };
  for (int r = 0; r < rounds; ++r) {
    send_some();
    if (P > 1) {
      std::vector<amr::Gid> mine;
      rt.for_each<Roamer>([&](amr::Gid g, Roamer&) { mine.push_back(g); });
      const int dest = (me + 1 + r % (P - 1)) % P;
      for (amr::Gid g : mine) EXPECT_TRUE(rt.migrate(g, dest));
    }
    send_some();  // these chase the objects: queued to travel, or forwarded
    rt.quiesce();
  }
  // What every object must hold now.
  const long per_rank = 2L * rounds * M, relays = 2L * rounds * P;
  long objs = 0, bad = 0;
  rt.for_each<Roamer>([&](amr::Gid g, Roamer& o) {
    ++objs;
    std::vector<double> want(kCells);
    for (std::size_t i = 0; i < kCells; ++i) want[i] = double(g) + 0.5 * double(i);
    for (int s = 0; s < P; ++s)
      for (long k = 0; k < per_rank; ++k) {
        long v = value_of(-1 - s, g, k);
        want[std::size_t(v) % kCells] += double(v);
      }
    const long from = (g + N - 1) % N;
    for (long k = 0; k < relays; ++k) {
      long v = value_of(from, g, k);
      want[std::size_t(v) % kCells] += double(v);
    }
    EXPECT_EQ(o.out_of_order, 0) << "object " << g;
    EXPECT_EQ(o.hits, per_rank * P + relays) << "object " << g;
    for (int s = 0; s < P; ++s) EXPECT_EQ(o.next[-1 - s], per_rank) << "object " << g;
    EXPECT_EQ(o.next[from], relays) << "object " << g;
    EXPECT_EQ(o.relays_sent, relays) << "object " << g;
    if (o.data != want) ++bad;
  });
  EXPECT_EQ(bad, 0) << "state lost in packing";
  EXPECT_EQ(sum_all(objs), N);
  const amr::Stats& st = rt.stats();
  long migr = sum_all(long(st.migrations_out)), in = sum_all(long(st.migrations_in));
  EXPECT_EQ(migr, in);
  if (P == 1) {
    EXPECT_EQ(migr, 0);
  } else if (stealing) {
    EXPECT_GE(migr, long(rounds) * N);
  } else {
    EXPECT_EQ(migr, long(rounds) * N);
  }
  const long fwd = sum_all(long(st.forwards));
  if (P >= 3 && !stealing) {
    EXPECT_GT(fwd, 0) << "no message was forwarded";
  }
}

TEST(RuntimeMigrate, EveryObjectMovesEveryRound) { stress(false); }
TEST(RuntimeMigrate, EveryObjectMovesEveryRoundWhileStealing) { stress(true); }

// A handler asks for its own object to move and invokes itself again: the queued invocation
// travels with the object, which walks the ring one rank per step.
TEST(RuntimeMigrate, MigrateFromInsideHandler) {
  amr::Runtime rt(MPI_COMM_WORLD);
  rt.set_stealing(false);
  const int P = rt.size(), me = rt.rank(), steps = 12;
  amr::Handler<Roamer> walk;
  walk = rt.add_handler<Roamer>([&](Roamer& o, amr::Message& m) {
    o.path.push_back(rt.rank());
    if (int(o.path.size()) < steps) {
      EXPECT_TRUE(rt.migrate(m.gid(), (rt.rank() + 1) % P));
      rt.invoke(m.gid(), walk);
    }
  });
  auto bump = rt.add_handler<Roamer>([](Roamer& o, amr::Message& m) { o.bump(m.as<Bump>()); });
  std::unique_ptr<Roamer> w;
  if (me == 0) {
    w = std::make_unique<Roamer>();
    w->init(0);
  }
  rt.add_object(0, 0, std::move(w));
  if (me == 0) rt.invoke(0, walk);
  for (long k = 0; k < 40; ++k) rt.invoke(0, bump, Bump{-1 - me, k, value_of(-1 - me, 0, k)});
  rt.quiesce();
  long found = 0;
  rt.for_each<Roamer>([&](amr::Gid, Roamer& o) {
    ++found;
    ASSERT_EQ(int(o.path.size()), steps);
    for (int i = 0; i < steps; ++i) EXPECT_EQ(o.path[std::size_t(i)], i % P);
    EXPECT_EQ(o.out_of_order, 0);
    EXPECT_EQ(o.hits, 40L * P);
  });
  EXPECT_EQ(sum_all(found), 1);
  EXPECT_EQ(rt.location(0) == me, found == 1);
  EXPECT_EQ(sum_all(long(rt.stats().migrations_out)), P > 1 ? steps - 1 : 0);
}

// A stale location table is corrected by the holder after one forward, then no more forwards.
TEST(RuntimeMigrate, LocationTableLearnsAfterForward) {
  amr::Runtime rt(MPI_COMM_WORLD);
  rt.set_stealing(false);
  const int P = rt.size(), me = rt.rank();
  auto bump = rt.add_handler<Roamer>([](Roamer& o, amr::Message& m) { o.bump(m.as<Bump>()); });
  std::unique_ptr<Roamer> o;
  if (me == 0) {
    o = std::make_unique<Roamer>();
    o->init(0);
  }
  rt.add_object(0, 0, std::move(o));
  if (me == 0) {
    EXPECT_TRUE(rt.migrate(0, P - 1));
  }
  rt.quiesce();
  EXPECT_EQ(rt.holds(0), me == P - 1);
  // Ranks other than 0 and P-1 still think it is on rank 0: their first message is forwarded,
  // after which the holder's location update corrects them.
  rt.invoke(0, bump, Bump{-1 - me, 0, value_of(-1 - me, 0, 0)});
  rt.quiesce();
  EXPECT_EQ(rt.location(0), P - 1);
  const long fwd = sum_all(long(rt.stats().forwards));
  EXPECT_EQ(fwd, P >= 3 ? P - 2 : 0);
  rt.invoke(0, bump, Bump{-1 - me, 1, value_of(-1 - me, 0, 1)});
  rt.quiesce();
  EXPECT_EQ(sum_all(long(rt.stats().forwards)), fwd);  // no more forwarding
  if (Roamer* r = rt.find<Roamer>(0)) {
    EXPECT_EQ(r->hits, 2L * P);
    EXPECT_EQ(r->out_of_order, 0);
  }
}

}  // namespace
