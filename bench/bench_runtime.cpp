// bench_runtime.cpp: what the active-message runtime costs over raw MPI, on 2 ranks.
//
// Ping-pong: object 1 (rank 1) answers each "ping" by invoking "pong" on object 0 (rank 0)
// with the same bytes, moved, not copied; the raw version is MPI_Send/MPI_Recv of the same
// sizes in the same run. Both alternate over several trials and the medians are printed, one
// line per size, with their ratio. Message rate: both ranks fire many 8-byte invocations at the
// other's object; handlers run per second of wall time, median of trials.
// Prints exactly:
//   pingpong size=<bytes> runtime_us=<round trip> mpi_us=<round trip> ratio=<runtime/mpi>
//   msgrate handlers_per_s=<n>
// Usage: mpirun -np 2 build/bench_runtime [trials]
#include "amr_runtime.hpp"  // first: it keeps MPI's C++ bindings out (see amr_transport.hpp)

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

struct End : amr::Mobile {
  std::vector<char> buf;  // the bytes in flight, kept between round trips
  long count = 0;
  bool stop = false;
  void pack(amr::Writer&) const override {}
  void unpack(amr::Reader&) override {}
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

int iterations(std::size_t size) { return size <= 4096 ? 4000 : size <= 65536 ? 1000 : 200; }

double raw_pingpong(std::size_t size, int iters, std::vector<char>& buf) {
  int me = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Barrier(MPI_COMM_WORLD);
  const double t = MPI_Wtime();
  for (int i = 0; i < iters; ++i) {
    if (me == 0) {
      MPI_Send(buf.data(), int(size), MPI_BYTE, 1, 7, MPI_COMM_WORLD);
      MPI_Recv(buf.data(), int(size), MPI_BYTE, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(buf.data(), int(size), MPI_BYTE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(buf.data(), int(size), MPI_BYTE, 0, 7, MPI_COMM_WORLD);
    }
  }
  return (MPI_Wtime() - t) / iters * 1e6;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int me = 0, np = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  if (np != 2) {
    if (me == 0) std::fprintf(stderr, "bench_runtime: run on exactly 2 ranks\n");
    MPI_Finalize();
    return 1;
  }
  const int trials = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  {
    amr::Runtime rt(MPI_COMM_WORLD);
    rt.set_stealing(false);
    amr::Handler<End> pong = rt.add_handler<End>([](End& e, amr::Message& m) {
      e.buf = m.take();
      ++e.count;
    }, "pong");
    amr::Handler<End> ping = rt.add_handler<End>([&](End&, amr::Message& m) {
      rt.invoke(0, pong, m.take());
    }, "ping");
    amr::Handler<End> stop = rt.add_handler<End>([](End& e, amr::Message&) { e.stop = true; }, "stop");
    for (int g = 0; g < 2; ++g) rt.add_object(g, g, g == me ? std::make_unique<End>() : nullptr);
    End& self = *rt.find<End>(me);

    auto runtime_pingpong = [&](std::size_t size, int iters) {
      MPI_Barrier(MPI_COMM_WORLD);
      double us = 0;
      if (me == 0) {
        self.buf.assign(size, 'p');
        self.count = 0;
        const double t = MPI_Wtime();
        for (int i = 0; i < iters; ++i) {
          rt.invoke(1, ping, std::move(self.buf));
          rt.run_until([&] { return self.count == i + 1; });
        }
        us = (MPI_Wtime() - t) / iters * 1e6;
        rt.invoke(1, stop);
      } else {
        self.stop = false;
        rt.run_until([&] { return self.stop; });
      }
      rt.quiesce();
      return us;
    };

    std::vector<std::size_t> sizes;
    for (std::size_t s = 8; s < (std::size_t(1) << 20); s *= 4) sizes.push_back(s);
    sizes.push_back(std::size_t(1) << 20);
    std::vector<char> raw(std::size_t(1) << 20, 'r');
    for (std::size_t size : sizes) {
      const int iters = iterations(size);
      runtime_pingpong(size, iters / 10 + 1);  // warm the buffer pool and the connection
      raw_pingpong(size, iters / 10 + 1, raw);
      std::vector<double> t_rt, t_mpi;
      for (int k = 0; k < trials; ++k) {
        t_rt.push_back(runtime_pingpong(size, iters));
        t_mpi.push_back(raw_pingpong(size, iters, raw));
      }
      if (me == 0) {
        const double a = median(t_rt), b = median(t_mpi);
        std::printf("pingpong size=%zu runtime_us=%.2f mpi_us=%.2f ratio=%.2f\n", size, a, b, a / b);
        std::fflush(stdout);
      }
    }

    // Message rate: each rank fires n 8-byte invocations at the other's object.
    const long n = 200000;
    amr::Handler<End> tick = rt.add_handler<End>([](End& e, amr::Message& m) { e.count += m.as<long>(); }, "tick");
    std::vector<double> rates;
    for (int k = 0; k < trials; ++k) {
      self.count = 0;
      MPI_Barrier(MPI_COMM_WORLD);
      const double t = MPI_Wtime();
      for (long i = 0; i < n; ++i) {
        rt.invoke(1 - me, tick, long(1));
        if (i % 64 == 63) rt.poll();  // serve the other side's invocations as we go
      }
      rt.quiesce();
      double dt = MPI_Wtime() - t, slowest = 0;
      MPI_Allreduce(&dt, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      if (self.count != n) std::fprintf(stderr, "bench_runtime: rank %d ran %ld of %ld\n", me, self.count, n);
      rates.push_back(2.0 * double(n) / slowest);
    }
    if (me == 0) std::printf("msgrate handlers_per_s=%.0f\n", median(rates));
  }
  MPI_Finalize();
  return 0;
}
