// mpi_runtime_large.cpp: 16 MB invocations and 16 MB migrations in both directions at once.
// Nothing in the runtime may wait for a peer, so these must finish whatever the transport's
// eager limit; runtime.sh runs this file also with Open MPI's shared-memory eager limit at its
// minimum, where every message but the smallest goes by rendezvous. Run under mpirun -np 1..4.
#include "amr_runtime.hpp"  // first: it keeps MPI's C++ bindings out (see amr_transport.hpp)

#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdint>
#include <vector>

#include "test/mpi_gtest_main.hpp"

namespace {

constexpr std::size_t kBig = std::size_t(16) << 20;

long sum_all(long v) {
  long s = 0;
  MPI_Allreduce(&v, &s, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  return s;
}

char pattern(std::uint64_t seed, std::size_t i) { return char((seed * 2654435761u + i * 40503u) >> 7); }

std::vector<char> make(std::uint64_t seed, std::size_t n) {
  std::vector<char> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = pattern(seed, i);
  return v;
}

bool intact(std::uint64_t seed, const char* p, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (p[i] != pattern(seed, i)) return false;
  return true;
}

struct Big : amr::Mobile {
  std::uint64_t seed = 0;
  std::vector<char> state;  // 16 MB that must arrive intact
  long got = 0, bad = 0;
  void pack(amr::Writer& w) const override {
    w.put(seed);
    w.put(got);
    w.put(bad);
    w.put(state);
  }
  void unpack(amr::Reader& r) override {
    r.get(seed);
    r.get(got);
    r.get(bad);
    r.get(state);
  }
};

// The payload starts with the seed its bytes were made from.
std::vector<char> big_payload(std::uint64_t seed) {
  std::vector<char> v = make(seed, kBig);
  std::memcpy(v.data(), &seed, sizeof seed);
  return v;
}

TEST(RuntimeLarge, Invocations16MBBothWays) {
  amr::Runtime rt(MPI_COMM_WORLD);
  rt.set_stealing(false);
  const int P = rt.size(), me = rt.rank();
  auto eat = rt.add_handler<Big>(
      [](Big& b, amr::Message& m) {
        std::uint64_t seed = 0;
        std::memcpy(&seed, m.data(), sizeof seed);
        std::vector<char> mine = m.take();  // own the bytes, no copy
        ++b.got;
        std::vector<char> want = big_payload(seed);
        if (mine != want) ++b.bad;
      },
      "eat");
  for (int g = 0; g < P; ++g) rt.add_object(g, g, g == me ? std::make_unique<Big>() : nullptr);
  const int right = (me + 1) % P, left = (me + P - 1) % P;
  rt.invoke(right, eat, big_payload(1000 + me));  // moved vector
  std::vector<char> second = big_payload(2000 + me);
  rt.invoke(left, eat, second.data(), second.size());  // pointer and size
  rt.quiesce();
  Big* b = rt.find<Big>(me);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->got, 2);
  EXPECT_EQ(b->bad, 0);
  EXPECT_EQ(sum_all(b->got), 2L * P);
}

TEST(RuntimeLarge, Migrations16MBBothWaysWithInvocationsInFlight) {
  amr::Runtime rt(MPI_COMM_WORLD);
  rt.set_stealing(false);
  const int P = rt.size(), me = rt.rank();
  auto eat = rt.add_handler<Big>(
      [](Big& b, amr::Message& m) {
        std::uint64_t seed = 0;
        std::memcpy(&seed, m.data(), sizeof seed);
        ++b.got;
        std::vector<char> want = big_payload(seed);
        if (m.size() != want.size() || std::memcmp(m.data(), want.data(), want.size()) != 0) ++b.bad;
      },
      "eat");
  // Object 2r moves right, object 2r+1 moves left: on 2 ranks both cross at once.
  for (int g = 0; g < 2 * P; ++g) {
    std::unique_ptr<Big> o;
    if (g / 2 == me) {
      o = std::make_unique<Big>();
      o->seed = 77 + std::uint64_t(g);
      o->state = make(o->seed, kBig);
    }
    rt.add_object(g, g / 2, std::move(o));
  }
  for (int trip = 0; trip < 2; ++trip) {
    std::vector<amr::Gid> held;  // there, then back home
    rt.for_each<Big>([&](amr::Gid g, Big&) { held.push_back(g); });
    for (amr::Gid g : held) {
      const int dest = trip == 1 ? int(g / 2) : (me + P + (g % 2 == 0 ? 1 : -1)) % P;
      EXPECT_TRUE(rt.migrate(g, dest));
    }
    // 16 MB invocations chase both objects of the next rank while they move.
    const int next = (me + 1) % P;
    rt.invoke(2 * next, eat, big_payload(5000 + 10 * me + trip));
    rt.invoke(2 * next + 1, eat, big_payload(6000 + 10 * me + trip));
    rt.quiesce();
  }
  long objs = 0;
  rt.for_each<Big>([&](amr::Gid g, Big& b) {
    ++objs;
    EXPECT_EQ(g / 2, me) << "object " << g << " is back home";
    EXPECT_EQ(b.state.size(), kBig);
    EXPECT_TRUE(intact(b.seed, b.state.data(), b.state.size())) << "object " << g;
    EXPECT_EQ(b.got, 2);
    EXPECT_EQ(b.bad, 0);
  });
  EXPECT_EQ(objs, 2);
  EXPECT_EQ(sum_all(long(rt.stats().migrations_in)), P > 1 ? 4L * P : 0L);
}

}  // namespace
