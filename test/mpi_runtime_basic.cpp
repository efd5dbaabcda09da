// mpi_runtime_basic.cpp: the active-message runtime without migration: every rank to every
// object with exact counts and per-sender order, chains of handlers across ranks checked
// right after quiesce(), the local short-cut (no MPI, no copy), payload views, round-robin
// interleaving of objects, urgent objects first, receives posted in advance (a message that has
// arrived runs in one poll), and the statistics table. Run under mpirun -np 1..4.
#include "amr_runtime.hpp"  // first: it keeps MPI's C++ bindings out (see amr_transport.hpp)

#include <gtest/gtest.h>
#include <mpi.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "test/mpi_gtest_main.hpp"

namespace {

long sum_all(long v) {
  long s = 0;
  MPI_Allreduce(&v, &s, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  return s;
}

// Counts invocations per sender and checks that each sender's k arrive as 0, 1, 2, ...
struct Tally : amr::Mobile {
  std::map<long, long> next;  // sender -> next k expected
  long hits = 0, out_of_order = 0, bytes = 0, bad_bytes = 0;
  void pack(amr::Writer& w) const override {
    w.put(hits);
    w.put(out_of_order);
    w.put(bytes);
    w.put(bad_bytes);
    w.put<std::uint64_t>(next.size());
    for (auto& kv : next) {
      w.put(kv.first);
      w.put(kv.second);
    }
  }
  void unpack(amr::Reader& r) override {
    r.get(hits);
    r.get(out_of_order);
    r.get(bytes);
    r.get(bad_bytes);
    auto n = r.get<std::uint64_t>();
    for (std::uint64_t i = 0; i < n; ++i) {
      long k = r.get<long>();
      next[k] = r.get<long>();
    }
  }
  void count(long sender, long k) {
    ++hits;
    if (next[sender] != k) ++out_of_order;
    next[sender] = k + 1;
  }
};

struct Stamp {
  long sender, k;
};

TEST(RuntimeBasic, AllToAllExactCountsInOrder) {
  amr::Runtime rt(MPI_COMM_WORLD);
  const int P = rt.size(), me = rt.rank(), per = 2;
  const long K = 300;
  auto hit = rt.add_handler<Tally>(
      [](Tally& t, amr::Message& m) {
        auto s = m.as<Stamp>();
        t.count(s.sender, s.k);
      },
      "hit");
  const int nobj = per * P;
  for (int g = 0; g < nobj; ++g)
    rt.add_object(g, g / per, g / per == me ? std::make_unique<Tally>() : nullptr);
  for (long k = 0; k < K; ++k)
    for (int g = 0; g < nobj; ++g) rt.invoke(g, hit, Stamp{me, k});
  rt.quiesce();
  long objs = 0;
  rt.for_each<Tally>([&](amr::Gid, Tally& t) {
    ++objs;
    EXPECT_EQ(t.hits, K * P);
    EXPECT_EQ(t.out_of_order, 0);
    EXPECT_EQ(long(t.next.size()), long(P));
    for (auto& kv : t.next) EXPECT_EQ(kv.second, K);
  });
  EXPECT_EQ(sum_all(objs), long(nobj));  // stealing (on by default) may have moved some
  EXPECT_EQ(sum_all(long(rt.stats().executed)), K * P * nobj);
}

// Payloads on both paths: inline (small) and header + separate payload (large), moved vectors.
TEST(RuntimeBasic, AllToAllMixedSizesMoved) {
  amr::Runtime rt(MPI_COMM_WORLD);
  const int P = rt.size(), me = rt.rank();
  const long K = 14;
  auto fill = [](long sender, long k, std::size_t n) {
    std::vector<char> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = char((sender * 131 + k * 7 + long(i)) & 0x7f);
    return v;
  };
  auto eat = rt.add_handler<Tally>([&](Tally& t, amr::Message& m) {
    amr::Reader r = m.reader();
    long sender = r.get<long>(), k = r.get<long>();
    t.count(sender, k);
    std::vector<char> want = fill(sender, k, r.left());
    const char* p = r.view(r.left());
    t.bytes += long(m.size());
    if (!std::equal(want.begin(), want.end(), p)) ++t.bad_bytes;
  });
  for (int g = 0; g < P; ++g) rt.add_object(g, g, g == me ? std::make_unique<Tally>() : nullptr);
  // The inline limit: 4 KB with the 48-byte header, so 4032 bytes here (16 of them the stamp)
  // fill a receive posted in advance exactly, and 4033 go as header + payload.
  const std::size_t sizes[] = {0, 8, 1000, 4032, 4033, 40000, 100000};
  const std::size_t nsizes = sizeof sizes / sizeof sizes[0];
  long sent_bytes = 0;
  for (long k = 0; k < K; ++k)
    for (int g = 0; g < P; ++g) {
      std::size_t n = sizes[std::size_t(k) % nsizes];
      std::vector<char> body = fill(me, k, n), msg(2 * sizeof(long));
      long sender = me;
      std::memcpy(msg.data(), &sender, sizeof(long));
      std::memcpy(msg.data() + sizeof(long), &k, sizeof(long));
      msg.insert(msg.end(), body.begin(), body.end());
      sent_bytes += long(msg.size());
      rt.invoke(g, eat, std::move(msg));
    }
  rt.quiesce();
  rt.for_each<Tally>([&](amr::Gid, Tally& t) {
    EXPECT_EQ(t.hits, K * P);
    EXPECT_EQ(t.out_of_order, 0);
    EXPECT_EQ(t.bad_bytes, 0);
  });
  long got = 0;
  rt.for_each<Tally>([&](amr::Gid, Tally& t) { got += t.bytes; });
  EXPECT_EQ(sum_all(got), sum_all(sent_bytes));
}

// A chain of handlers hops across objects to a fixed depth; quiesce() must not return before
// the last hop ran anywhere, so the exact count per object is checked right after it returns.
struct Hop {
  int depth;
  long chain;
};
long next_object(long g, int depth, long nobj) { return (g * 7 + depth + 3) % nobj; }

TEST(RuntimeBasic, ChainsQuiesceDoesNotReturnEarly) {
  amr::Runtime rt(MPI_COMM_WORLD);
  const int P = rt.size(), me = rt.rank(), per = 3, depth = 25, chains = 10;
  const long nobj = long(per) * P;
  amr::Handler<Tally> hop;
  hop = rt.add_handler<Tally>([&](Tally& t, amr::Message& m) {
    Hop h = m.as<Hop>();
    ++t.hits;
    if (h.depth > 0) rt.invoke(next_object(m.gid(), h.depth, nobj), hop, Hop{h.depth - 1, h.chain});
  });
  for (long g = 0; g < nobj; ++g)
    rt.add_object(g, int(g % P), g % P == me ? std::make_unique<Tally>() : nullptr);
  for (int round = 0; round < 3; ++round) {
    for (int c = 0; c < chains; ++c) {
      long start = (long(me) * chains + c) % nobj;
      rt.invoke(start, hop, Hop{depth, c});
    }
    rt.quiesce();
    // Every rank computes what every object must have counted by now.
    std::vector<long> want(std::size_t(nobj), 0);
    for (int r = 0; r < P; ++r)
      for (int c = 0; c < chains; ++c) {
        long g = (long(r) * chains + c) % nobj;
        for (int d = depth; d >= 0; --d) {
          want[std::size_t(g)] += round + 1;
          if (d > 0) g = next_object(g, d, nobj);
        }
      }
    long mismatches = 0, total = 0;
    rt.for_each<Tally>([&](amr::Gid g, Tally& t) {
      total += t.hits;
      if (t.hits != want[std::size_t(g)]) ++mismatches;
    });
    EXPECT_EQ(sum_all(mismatches), 0) << "round " << round;
    EXPECT_EQ(sum_all(total), long(round + 1) * P * chains * (depth + 1));
  }
}

struct Probe : amr::Mobile {
  const char* seen = nullptr;
  std::vector<char> kept;
  std::vector<int> order;
  void pack(amr::Writer&) const override {}
  void unpack(amr::Reader&) override {}
};

TEST(RuntimeBasic, LocalShortcutMovesWithoutMpi) {
  amr::Runtime rt(MPI_COMM_WORLD);
  rt.set_stealing(false);  // no steal requests either: not one MPI message
  const int me = rt.rank(), P = rt.size();
  auto look = rt.add_handler<Probe>([](Probe& p, amr::Message& m) {
    p.seen = m.data();
    p.kept = m.take();
  });
  for (int g = 0; g < P; ++g) rt.add_object(g, g, g == me ? std::make_unique<Probe>() : nullptr);
  std::vector<char> big(1 << 20, 'x');
  const char* where = big.data();
  auto before = rt.stats().msgs_sent;
  rt.invoke(me, look, std::move(big));
  rt.run_until([&] { return rt.find<Probe>(me)->seen != nullptr; });
  EXPECT_EQ(rt.stats().msgs_sent, before);  // no MPI message for a local target
  Probe* p = rt.find<Probe>(me);
  EXPECT_EQ(p->seen, where);  // the handler saw the caller's buffer itself
  EXPECT_EQ(p->kept.data(), where);
  EXPECT_EQ(p->kept.size(), std::size_t(1) << 20);
  rt.quiesce();
}

TEST(RuntimeBasic, ObjectsInterleaveRoundRobin) {
  amr::Runtime rt(MPI_COMM_WORLD);
  rt.set_stealing(false);
  const int me = rt.rank(), P = rt.size();
  std::vector<long> trace;
  auto step = rt.add_handler<Probe>([&](Probe&, amr::Message& m) { trace.push_back(long(m.gid())); });
  for (int g = 0; g < 2 * P; ++g)
    rt.add_object(g, g / 2, g / 2 == me ? std::make_unique<Probe>() : nullptr);
  const long a = 2 * me, b = 2 * me + 1;
  for (int i = 0; i < 3; ++i) rt.invoke(a, step);
  for (int i = 0; i < 3; ++i) rt.invoke(b, step);
  rt.quiesce();
  EXPECT_EQ(trace, (std::vector<long>{a, b, a, b, a, b}));
}

// Urgent objects (set_urgent) run before the others, each group still round robin.
TEST(RuntimeBasic, UrgentObjectsRunFirst) {
  amr::Runtime rt(MPI_COMM_WORLD);
  rt.set_stealing(false);
  const int me = rt.rank(), P = rt.size();
  std::vector<long> trace;
  auto step = rt.add_handler<Probe>([&](Probe&, amr::Message& m) { trace.push_back(long(m.gid())); });
  for (int g = 0; g < 3 * P; ++g)
    rt.add_object(g, g / 3, g / 3 == me ? std::make_unique<Probe>() : nullptr);
  const long a = 3 * me, b = 3 * me + 1, c = 3 * me + 2;
  rt.set_urgent([&](amr::Gid g, amr::Mobile&) { return long(g) != a; });
  for (int i = 0; i < 2; ++i) rt.invoke(a, step);
  for (int i = 0; i < 2; ++i) rt.invoke(b, step);
  for (int i = 0; i < 2; ++i) rt.invoke(c, step);
  rt.quiesce();
  EXPECT_EQ(trace, (std::vector<long>{b, c, b, c, a, a}));
}

TEST(RuntimeBasic, RequestReplyWithRunUntil) {
  amr::Runtime rt(MPI_COMM_WORLD);
  const int me = rt.rank(), P = rt.size();
  long replies = 0;
  amr::Handler<Tally> reply = rt.add_handler<Tally>([&](Tally& t, amr::Message& m) {
    ++t.hits;
    replies += m.as<long>();
  });
  amr::Handler<Tally> ask = rt.add_handler<Tally>([&](Tally& t, amr::Message& m) {
    ++t.hits;
    long asker = m.as<long>();
    EXPECT_EQ(m.from(), asker);  // invoked from the asker's handler
    rt.invoke(asker, reply, asker * 10 + 1);
  });
  amr::Handler<Tally> start = rt.add_handler<Tally>([&](Tally&, amr::Message& m) {
    rt.invoke((m.gid() + 1) % P, ask, long(m.gid()));
  });
  for (int g = 0; g < P; ++g) rt.add_object(g, g, g == me ? std::make_unique<Tally>() : nullptr);
  rt.invoke(me, start);
  rt.run_until([&] { return replies != 0; });
  EXPECT_EQ(replies, 10L * me + 1);
  rt.quiesce();
  rt.quiesce();  // a second quiesce with nothing to do returns too
}

TEST(RuntimeBasic, ReportHasPremaColumns) {
  amr::Runtime rt(MPI_COMM_WORLD);
  const int me = rt.rank(), P = rt.size();
  auto hit = rt.add_handler<Tally>([](Tally& t, amr::Message&) { ++t.hits; });
  for (int g = 0; g < P; ++g) rt.add_object(g, g, g == me ? std::make_unique<Tally>() : nullptr);
  for (int g = 0; g < P; ++g) rt.invoke(g, hit);
  rt.quiesce();
  EXPECT_EQ(rt.stats().executed, std::uint64_t(P));
  EXPECT_EQ(sum_all(long(rt.stats().msgs_sent)), sum_all(long(rt.stats().msgs_recv)));
  std::FILE* f = std::tmpfile();
  rt.report(f);
  if (me == 0) {
    std::rewind(f);
    std::string text;
    char buf[512];
    while (std::fgets(buf, sizeof buf, f)) text += buf;
    for (const char* col : {"Total", "Recv", "Send", "#m Sent", "#m Recvd", "Handlers", "Executed",
                            "LB", "Idle", "Steal", "Steal_Succ", "Migr", "Fwd"})
      EXPECT_NE(text.find(col), std::string::npos) << col << " missing in\n" << text;
    EXPECT_NE(text.find("\nmin "), std::string::npos) << text;
    EXPECT_NE(text.find("\navg "), std::string::npos) << text;
    EXPECT_NE(text.find("\nmax "), std::string::npos) << text;
    // "Executed" averages P handlers per rank.
    EXPECT_NE(text.find("over " + std::to_string(P) + " rank"), std::string::npos) << text;
  }
  std::fclose(f);
}

// Receives posted in advance (Runtime::set_preposted) change how a message is found, never
// whether or in what order: ranks run different ring sizes (0, 1, 4), switch their ring off
// and on again while messages are in flight (a receive being taken down may already hold
// one), and traffic of all sizes (ring-sized, inline beyond the ring, large) must still
// arrive exactly once and in order.
TEST(RuntimeBasic, PrepostedReceivesKeepCountsAndOrder) {
  amr::Runtime rt(MPI_COMM_WORLD);
  const int P = rt.size(), me = rt.rank();
  const int ring[3] = {0, 1, 4};
  rt.set_preposted(ring[me % 3]);
  EXPECT_EQ(rt.preposted(), ring[me % 3]);
  auto eat = rt.add_handler<Tally>([](Tally& t, amr::Message& m) {
    amr::Reader r = m.reader();
    long sender = r.get<long>(), k = r.get<long>();
    t.count(sender, k);
    t.bytes += long(m.size());
  });
  for (int g = 0; g < P; ++g) rt.add_object(g, g, g == me ? std::make_unique<Tally>() : nullptr);
  const std::size_t sizes[] = {0, 8, 3000, 5000, 50000};  // ring holds up to 4 KB with the header
  const long K = 200;
  long sent_bytes = 0;
  for (long k = 0; k < K; ++k) {
    for (int g = 0; g < P; ++g) {
      std::vector<char> msg(2 * sizeof(long) + sizes[std::size_t(k) % 5], char(k));
      const long sender = me;
      std::memcpy(msg.data(), &sender, sizeof(long));
      std::memcpy(msg.data() + sizeof(long), &k, sizeof(long));
      sent_bytes += long(msg.size());
      rt.invoke(g, eat, std::move(msg));
    }
    if (k % 8 == 7) rt.poll();
    if (k == K / 3) {
      // A fresh ring; every rank has sent this round; MPI's progress inside the barrier lets
      // the ring's receives take what came, so taking the ring down finds some of them full.
      rt.set_preposted(ring[me % 3] + 1);
      MPI_Barrier(MPI_COMM_WORLD);
      rt.set_preposted(0);
    }
    if (k == 2 * K / 3) rt.set_preposted(ring[(me + 1) % 3] + 2);
  }
  rt.quiesce();
  EXPECT_EQ(rt.preposted(), ring[(me + 1) % 3] + 2);
  long got = 0;
  rt.for_each<Tally>([&](amr::Gid, Tally& t) {
    EXPECT_EQ(t.hits, K * P);
    EXPECT_EQ(t.out_of_order, 0);
    got += t.bytes;
  });
  EXPECT_EQ(sum_all(got), sum_all(sent_bytes));
  EXPECT_EQ(sum_all(long(rt.stats().msgs_sent)), sum_all(long(rt.stats().msgs_recv)));
}

// The run queues' ring: order survives wrapping around and growing from a wrapped state.
// A message that has arrived runs in the next poll(): it lands in a receive posted in advance,
// and MPI_Test finds it in the call whose progress brings it in. (Found by MPI_Improbe, as the
// runtime first did, it took two polls on Open MPI: the probe that pulls a message in reports
// nothing, so every small message waited a poll more.) The ranks meet outside MPI, by a file,
// so that no MPI call on rank 0 moves the message before the poll that is counted; ranks 0 and
// 1 run it on a communicator of their own, so that no third rank's message (a barrier's) is
// ahead of it in rank 0's queue (MPICH's progress takes one message a call). test/checks/runtime.sh
// runs it only where it applies (2 ranks or more, receives posted in advance); the two skips
// below say why to a run by hand elsewhere.
TEST(RuntimeBasic, ArrivedMessageRunsInOnePoll) {
  const char* env = std::getenv("AMR_PREPOSTED");
  if (env && std::atoi(env) == 0) GTEST_SKIP() << "AMR_PREPOSTED=0 probes: a poll more by design";
  int world = 1, me = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  if (world < 2) GTEST_SKIP() << "needs 2 ranks";
  MPI_Comm pair = MPI_COMM_NULL;
  MPI_Comm_split(MPI_COMM_WORLD, me < 2 ? 0 : MPI_UNDEFINED, me, &pair);
  if (pair == MPI_COMM_NULL) return;  // ranks 2.. sit it out
  {
    amr::Runtime rt(pair);
    rt.set_stealing(false);
    auto hit = rt.add_handler<Tally>([](Tally& t, amr::Message&) { ++t.hits; }, "hit");
    for (int g = 0; g < 2; ++g) rt.add_object(g, g, g == me ? std::make_unique<Tally>() : nullptr);
    char dir[64] = "/tmp/amr_onepoll_XXXXXX";
    if (me == 0 && !mkdtemp(dir)) dir[0] = 0;
    MPI_Bcast(dir, int(sizeof dir), MPI_CHAR, 0, pair);
    ASSERT_NE(dir[0], 0) << "mkdtemp failed";
    const long rounds = 5;
    for (long r = 0; r < rounds; ++r) {
      const std::string sent = std::string(dir) + "/sent" + std::to_string(r);
      MPI_Barrier(pair);
      if (me == 1) {
        rt.invoke(0, hit, r);  // eager: in rank 0's memory when MPI_Isend returns
        std::fclose(std::fopen(sent.c_str(), "w"));
      } else {
        for (int ms = 0; ms < 60000 && !std::ifstream(sent); ++ms) usleep(1000);
        usleep(20000);
        rt.poll();
        EXPECT_EQ(rt.find<Tally>(0)->hits, r + 1) << "round " << r << ": the message took more than one poll";
        std::remove(sent.c_str());
      }
    }
    rt.quiesce();
    if (me == 0) {
      EXPECT_EQ(rt.find<Tally>(0)->hits, rounds);
      rmdir(dir);
    }
  }
  MPI_Comm_free(&pair);
}

TEST(RuntimeBasic, FifoKeepsOrderAcrossWrapAndGrowth) {
  amr::Fifo<long> q;
  long next_in = 0, next_out = 0;
  for (int i = 0; i < 6; ++i) q.push_back(next_in++);
  for (int i = 0; i < 4; ++i, q.pop_front()) EXPECT_EQ(q.front(), next_out++);
  for (int i = 0; i < 40; ++i) q.push_back(next_in++);  // wraps, then grows twice
  std::vector<long> seen;
  q.for_each([&](long v) { seen.push_back(v); });
  ASSERT_EQ(seen.size(), std::size_t(next_in - next_out));
  for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], next_out + long(i));
  while (!q.empty()) {
    EXPECT_EQ(q.front(), next_out++);
    q.pop_front();
  }
  EXPECT_EQ(next_out, next_in);
}

// The buffer pool hands back what it was given (small: the last one put of a size class that
// holds the request; large: only when not much bigger than asked), sized as asked.
TEST(RuntimeBasic, BufferPoolReusesBySize) {
  amr::BufferPool pool;
  std::vector<char> a = pool.get(100);
  ASSERT_EQ(a.size(), 100u);
  const char* pa = a.data();
  pool.put(std::move(a));
  std::vector<char> b = pool.get(120);  // the same size class (256 bytes)
  EXPECT_EQ(b.data(), pa);
  EXPECT_EQ(b.size(), 120u);
  std::vector<char> c = pool.get(120);  // the class is empty now: a new buffer
  EXPECT_NE(c.data(), pa);
  EXPECT_GE(c.capacity(), 120u);
  std::vector<char> big = pool.get(std::size_t(1) << 20);
  const char* pbig = big.data();
  pool.put(std::move(big));
  std::vector<char> small = pool.get(100000);  // a 1 MB buffer is not spent on 100 KB
  EXPECT_NE(small.data(), pbig);
  std::vector<char> near = pool.get(600000);
  EXPECT_EQ(near.data(), pbig);
  EXPECT_EQ(near.size(), 600000u);
}

TEST(RuntimeBasic, PackReaderRejectsOverrun) {
  std::vector<char> buf;
  amr::Writer w(buf);
  w.put(3.5);
  w.put(std::vector<int>{1, 2, 3});
  amr::Reader r(buf.data(), buf.size());
  EXPECT_EQ(r.get<double>(), 3.5);
  EXPECT_EQ(r.get<std::vector<int>>(), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(r.left(), 0u);
  EXPECT_THROW(r.get<int>(), amr::UnpackError);
  amr::Reader bad(buf.data(), 12);  // cut inside the vector's length
  bad.get<double>();
  EXPECT_THROW(bad.get<std::vector<int>>(), amr::UnpackError);
}

}  // namespace
