// runtime_path.cpp: where an 8-byte invocation's time goes, counted by callgrind (instructions
// are the same whatever the machine's load; wall time on a shared machine is not).
//
// Why built so: a ping-pong's round trip mixes the work on a message's path with the time a
// rank waits for the other, and a shared machine's scheduling swamps both. Here each side
// starts only once the message it handles is surely in its memory (the other rank sent it,
// then this rank slept, with no MPI call in between that could move it), so what callgrind
// counts inside the measured functions is the path alone: for the responder, finding the
// message (the test or probe whose progress brings it in, the receive, the copy), matching it
// to its object (sequencing, the run queue), dispatching the handler, and the reply's send.
// The same steps by plain MPI_Recv/MPI_Send are counted beside it, and an empty poll (the
// granularity at which a waiting rank notices a message). bench/runtime_path.sh builds this
// without -march=native (valgrind knows no AVX-512), runs it under callgrind and prints the
// table. Usage: mpirun -np 2 valgrind --tool=callgrind ... runtime_path [rounds (50)]
// [preposted receives (-1: the runtime's default; 0: probing)].
#include "amr_runtime.hpp"  // first: it keeps MPI's C++ bindings out (see amr_transport.hpp)
#include "bench/two_ranks.hpp"

#include <mpi.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

namespace {

int me = 0;

struct End : amr::Mobile {
  std::vector<char> buf;
  long count = 0;
  void pack(amr::Writer&) const override {}
  void unpack(amr::Reader&) override {}
};

struct Bench {
  amr::Runtime rt{MPI_COMM_WORLD};
  amr::Handler<End> pong, ping;
  End* self = nullptr;
  explicit Bench(int preposted) {
    rt.set_stealing(false);
    if (preposted >= 0) rt.set_preposted(preposted);
    pong = rt.add_handler<End>([](End& e, amr::Message& m) { e.buf = m.take(); ++e.count; }, "pong");
    ping = rt.add_handler<End>([this](End& e, amr::Message& m) {
      ++e.count;
      rt.invoke(1, pong, m.take());
    }, "ping");
    for (int g = 0; g < 2; ++g) rt.add_object(g, g, g == me ? std::make_unique<End>() : nullptr);
    self = rt.find<End>(me);
  }
};

long polls[2] = {0, 0};  // polls in the measured waits: 1 per message when none waited
long calls[2] = {0, 0};  // keeps each W's functions apart (the linker folds identical code)

// The measured functions (callgrind --toggle-collect='*path_*<1>*'); W = 0: the warm-up's.
template <int W>
__attribute__((noinline)) void path_send(Bench& b) {
  ++calls[W];
  b.rt.invoke(0, b.ping, std::move(b.self->buf));
}
template <int W>
__attribute__((noinline)) void path_respond(Bench& b, long n) {
  while (b.self->count != n) {
    b.rt.poll();
    ++polls[W];
  }
}
template <int W>
__attribute__((noinline)) void path_idle(Bench& b, long n) {
  ++calls[W];
  for (long i = 0; i < n; ++i) b.rt.poll();
}
template <int W>
__attribute__((noinline)) void path_raw_send(char* buf) {
  ++calls[W];
  MPI_Send(buf, 8, MPI_BYTE, 0, 7, MPI_COMM_WORLD);
}
template <int W>
__attribute__((noinline)) void path_raw_respond(char* buf) {
  ++calls[W];
  MPI_Recv(buf, 8, MPI_BYTE, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Send(buf, 8, MPI_BYTE, 1, 8, MPI_COMM_WORLD);
}

constexpr int kSleepUs = 20000;  // under valgrind a message takes a few hundred microseconds

template <int W>
void rounds(Bench& b, long n, char* raw) {
  b.self->count = 0;
  b.self->buf.assign(8, 'p');
  MPI_Barrier(MPI_COMM_WORLD);
  for (long r = 1; r <= n; ++r) {
    if (me == 1) {
      path_send<W>(b);
      usleep(2 * kSleepUs);
      while (b.self->count != r) b.rt.poll();  // the pong (not measured)
    } else {
      usleep(kSleepUs);
      path_respond<W>(b, r);
      usleep(kSleepUs);
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  for (long r = 1; r <= n; ++r) {
    if (me == 1) {
      path_raw_send<W>(raw);
      usleep(2 * kSleepUs);
      MPI_Recv(raw, 8, MPI_BYTE, 0, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      usleep(kSleepUs);
      path_raw_respond<W>(raw);
      usleep(kSleepUs);
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (me == 1) path_idle<W>(b, n);
  b.rt.quiesce();
}

}  // namespace

int main(int argc, char** argv) {
  if (!start_two_ranks(&argc, &argv, "runtime_path", me)) return 1;
  const long n = argc > 1 ? std::max(1L, std::atol(argv[1])) : 50;
  const int preposted = argc > 2 ? std::atoi(argv[2]) : -1;
  {
    Bench b(preposted);
    char raw[8] = {};
    rounds<0>(b, 5, raw);
    rounds<1>(b, n, raw);
    if (me == 0) std::printf("runtime_path: %ld polls for %ld messages; preposted %d\n", polls[1], n, b.rt.preposted());
  }
  MPI_Finalize();
  return 0;
}
