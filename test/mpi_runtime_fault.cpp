// mpi_runtime_fault.cpp: a helper program, not a test by itself. Each case commits one error
// the runtime must report in one line before MPI_Abort; test/mpi_runtime_expect_abort.sh runs
// a case under mpirun and checks the line and the failing exit status (runtime.sh lists them).
// Usage: mpirun -np 2 build/mpi_runtime_fault CASE
#include "amr_runtime.hpp"  // first: it keeps MPI's C++ bindings out (see amr_transport.hpp)

#include <mpi.h>

#include <cstdio>
#include <cstring>
#include <string>

namespace {

struct Cell : amr::Mobile {
  double v = 0;
  void pack(amr::Writer& w) const override { w.put(v); }
  void unpack(amr::Reader& r) override { r.get(v); }
};

struct Greedy : amr::Mobile {  // its unpack wants more than its pack wrote
  double v = 0;
  void pack(amr::Writer& w) const override { w.put(v); }
  void unpack(amr::Reader& r) override {
    r.get(v);
    r.get(v);
  }
};

struct Other : amr::Mobile {
  void pack(amr::Writer&) const override {}
  void unpack(amr::Reader&) override {}
};

// One Cell per rank, gid = rank.
void add_cells(amr::Runtime& rt) {
  for (int g = 0; g < rt.size(); ++g)
    rt.add_object(g, g, g == rt.rank() ? std::make_unique<Cell>() : nullptr);
}

int run(const std::string& what) {
  amr::Runtime rt(MPI_COMM_WORLD);
  rt.set_stealing(false);
  const int me = rt.rank(), P = rt.size();
  if (P < 2) {
    std::fprintf(stderr, "mpi_runtime_fault: run with 2 or more ranks\n");
    return 2;
  }
  auto noop = rt.add_handler<Cell>([](Cell&, amr::Message&) {}, "noop");
  if (what == "unknown_handler") {
    // Rank 1 breaks the rule "same handlers in the same order on every rank".
    amr::Handler<Cell> extra;
    if (me != 1) extra = rt.add_handler<Cell>([](Cell&, amr::Message&) {}, "extra");
    add_cells(rt);
    if (me == 0) rt.invoke(1, extra);
  } else if (what == "unknown_handler_local") {
    add_cells(rt);
    if (me == 0) rt.invoke(0, amr::Handler<Cell>{7});
  } else if (what == "bad_payload") {
    auto twice = rt.add_handler<Cell>([](Cell& c, amr::Message& m) { c.v = 2 * m.as<double>(); }, "twice");
    add_cells(rt);
    if (me == 0) rt.invoke(1, twice, "abc", 3);
  } else if (what == "protocol_error") {  // a message that reads right but comes out of turn
    auto out_of_turn = rt.add_handler<Cell>(
        [](Cell&, amr::Message&) { throw amr::ProtocolError("nothing was asked for"); }, "out_of_turn");
    add_cells(rt);
    if (me == 0) rt.invoke(1, out_of_turn);
  } else if (what == "bad_state") {
    for (int g = 0; g < P; ++g)
      rt.add_object(g, g, g == me ? std::make_unique<Greedy>() : nullptr);
    if (me == 0) rt.migrate(0, 1);
  } else if (what == "no_object") {
    add_cells(rt);
    if (me == 0) rt.invoke(99, noop);
  } else if (what == "removed_object") {
    add_cells(rt);
    if (me == 1) rt.remove_object<Cell>(1);
    MPI_Barrier(MPI_COMM_WORLD);
    if (me == 0) rt.invoke(1, noop);
  } else if (what == "wrong_type") {
    auto on_other = rt.add_handler<Other>([](Other&, amr::Message&) {}, "on_other");
    add_cells(rt);
    if (me == 0) rt.invoke(1, on_other);
  } else if (what == "poll_in_handler") {
    auto bad = rt.add_handler<Cell>([&](Cell&, amr::Message&) { rt.poll(); }, "bad");
    add_cells(rt);
    if (me == 0) rt.invoke(0, bad);
  } else {
    std::fprintf(stderr, "mpi_runtime_fault: unknown case '%s'\n", what.c_str());
    return 2;
  }
  rt.quiesce();
  if (me == 0) std::printf("mpi_runtime_fault: case '%s' did not fail\n", what.c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rc = run(argc > 1 ? argv[1] : "");
  MPI_Finalize();
  return rc;
}
