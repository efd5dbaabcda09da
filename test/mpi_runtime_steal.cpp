// mpi_runtime_steal.cpp: work stealing. Objects of unequal artificial work all start on rank 0;
// idle ranks steal them, every unit of work is done exactly once, and the run ends. With
// stealing off nothing moves; objects the application calls immovable stay put; the load
// callback replaces the count of queued invocations. Run under mpirun -np 1..4.
#include "amr_runtime.hpp"  // first: it keeps MPI's C++ bindings out (see amr_transport.hpp)

#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <functional>
#include <vector>

#include "test/mpi_gtest_main.hpp"

namespace {

long sum_all(long v) {
  long s = 0;
  MPI_Allreduce(&v, &s, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  return s;
}

// A unit of artificial work: a fixed computation (a few milliseconds), whose result is kept
// so that it is done, and checked so that it was done right.
double unit_of_work(int unit) {
  double x = 1.0 + unit * 1e-3;
  for (int i = 0; i < 300000; ++i) x = std::sqrt(x * x + 1e-9 * i) * 0.999999 + 1e-7;
  return x;
}

struct Job : amr::Mobile {
  std::vector<int> done;  // per unit: how many times it ran
  std::vector<int> ranks; // where each unit ran
  double result = 0;
  void pack(amr::Writer& w) const override {
    w.put(done);
    w.put(ranks);
    w.put(result);
  }
  void unpack(amr::Reader& r) override {
    r.get(done);
    r.get(ranks);
    r.get(result);
  }
};

int units_of(long g) { return 1 + int(g % 5) * 2; }  // 1, 3, 5, 7, 9 units: unequal work

struct Outcome {
  long objects_elsewhere = 0, even_elsewhere = 0, steals = 0, migrations = 0, wrong_units = 0, units = 0;
};

// All objects start on rank 0, which queues all their work itself.
Outcome run_jobs(bool stealing, std::function<bool(amr::Gid, amr::Mobile&)> movable = nullptr,
                 std::function<double(amr::Gid, amr::Mobile&, std::size_t)> load = nullptr) {
  amr::Runtime rt(MPI_COMM_WORLD);
  rt.set_stealing(stealing);
  if (movable) rt.set_movable(movable);
  if (load) rt.set_load(load);
  const int P = rt.size(), me = rt.rank();
  const long N = 4L * P;
  auto work = rt.add_handler<Job>(
      [&](Job& j, amr::Message& m) {
        int unit = m.as<int>();
        j.result += unit_of_work(unit);
        j.done[std::size_t(unit)] += 1;
        j.ranks[std::size_t(unit)] = rt.rank();
      },
      "work");
  for (long g = 0; g < N; ++g) {
    std::unique_ptr<Job> j;
    if (me == 0) {
      j = std::make_unique<Job>();
      j->done.assign(std::size_t(units_of(g)), 0);
      j->ranks.assign(std::size_t(units_of(g)), -1);
    }
    rt.add_object(g, 0, std::move(j));
  }
  MPI_Barrier(MPI_COMM_WORLD);  // thieves are listening before the work is queued
  if (me == 0)
    for (long g = 0; g < N; ++g)
      for (int u = 0; u < units_of(g); ++u) rt.invoke(g, work, u);
  rt.quiesce();
  Outcome o;
  rt.for_each<Job>([&](amr::Gid g, Job& j) {
    if (me != 0) ++o.objects_elsewhere;
    if (me != 0 && g % 2 == 0) ++o.even_elsewhere;
    double want = 0;
    for (int u = 0; u < units_of(g); ++u) {
      o.units += 1;
      if (j.done[std::size_t(u)] != 1) ++o.wrong_units;
      want += unit_of_work(u);  // same arithmetic in the same order: exact
    }
    if (j.result != want) ++o.wrong_units;
  });
  o.objects_elsewhere = sum_all(o.objects_elsewhere);
  o.even_elsewhere = sum_all(o.even_elsewhere);
  o.units = sum_all(o.units);
  o.wrong_units = sum_all(o.wrong_units);
  o.steals = sum_all(long(rt.stats().steal_successes));
  o.migrations = sum_all(long(rt.stats().migrations_out));
  long total_units = 0;
  for (long g = 0; g < N; ++g) total_units += units_of(g);
  EXPECT_EQ(o.units, total_units);
  EXPECT_EQ(sum_all(long(rt.stats().executed)), total_units);
  if (stealing) rt.report(stdout);  // printed by rank 0: where the time went
  return o;
}

TEST(RuntimeSteal, StealingSpreadsUnequalWork) {
  Outcome o = run_jobs(true);
  EXPECT_EQ(o.wrong_units, 0);
  EXPECT_EQ(o.migrations, o.steals);  // no forced moves here: every move was a steal
  int P = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  if (P > 1) {
    EXPECT_GT(o.steals, 0);
    EXPECT_GT(o.objects_elsewhere, 0) << "stealing did not spread the objects";
  } else {
    EXPECT_EQ(o.steals, 0);
  }
}

TEST(RuntimeSteal, StealingOffNothingMoves) {
  Outcome o = run_jobs(false);
  EXPECT_EQ(o.wrong_units, 0);
  EXPECT_EQ(o.steals, 0);
  EXPECT_EQ(o.migrations, 0);
  EXPECT_EQ(o.objects_elsewhere, 0);
}

TEST(RuntimeSteal, ImmovableObjectsStay) {
  // Only odd objects may move: even ones must end where they started, and all work is done.
  Outcome o = run_jobs(true, [](amr::Gid g, amr::Mobile&) { return g % 2 == 1; });
  EXPECT_EQ(o.wrong_units, 0);
  EXPECT_EQ(o.even_elsewhere, 0);
}

TEST(RuntimeSteal, LoadCallbackReplacesQueueCount) {
  // The application says no object has work worth moving: nothing may be stolen.
  Outcome o = run_jobs(true, nullptr, [](amr::Gid, amr::Mobile&, std::size_t) { return 0.0; });
  EXPECT_EQ(o.wrong_units, 0);
  EXPECT_EQ(o.steals, 0);
  EXPECT_EQ(o.migrations, 0);
  EXPECT_EQ(o.objects_elsewhere, 0);
}

}  // namespace
