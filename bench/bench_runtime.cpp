// bench_runtime.cpp: what the active-message runtime costs over raw MPI, on 2 ranks.
//
// Ping-pong: object 1 (rank 1) answers each "ping" by invoking "pong" on object 0 (rank 0)
// with the same bytes, moved, not copied; the raw version is MPI_Send/MPI_Recv of the same
// sizes in the same run. Message rate: both ranks fire many 8-byte invocations at the other's
// object; handlers run per second of wall time.
//
// Two runtimes live side by side in one run: the default one (small messages land in receives
// posted in advance) and one that finds every message by MPI_Improbe (set_preposted(0), as the
// runtime first did). Trial by trial the two and raw MPI alternate, so all three see the same
// machine state (the machine is shared; its load drifts within a minute), and each ratio is
// the median over trials of that trial's runtime/MPI ratio, which a drift in load between
// trials cannot skew the way a ratio of two separate medians can. Prints exactly:
//   pingpong size=<bytes> runtime_us=<round trip> mpi_us=<round trip> ratio=<runtime/mpi>
//   msgrate handlers_per_s=<n>
// for the default runtime, then the same with "_probe" after the first word.
// Usage: mpirun -np 2 build/bench_runtime [trials (5)] [compare with probing (1; 0: skip)]
#include "amr_runtime.hpp"  // first: it keeps MPI's C++ bindings out (see amr_transport.hpp)
#include "bench/two_ranks.hpp"

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

namespace {

int me = 0;

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
  double us = (MPI_Wtime() - t) / iters * 1e6;
  MPI_Bcast(&us, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  return us;
}

// One runtime with the bench's two objects and handlers.
struct Bench {
  amr::Runtime rt{MPI_COMM_WORLD};
  amr::Handler<End> pong, ping, stop, tick;
  End* self = nullptr;

  explicit Bench(bool probe) {
    rt.set_stealing(false);
    if (probe) rt.set_preposted(0);
    pong = rt.add_handler<End>([](End& e, amr::Message& m) {
      e.buf = m.take();
      ++e.count;
    }, "pong");
    ping = rt.add_handler<End>([this](End&, amr::Message& m) { rt.invoke(0, pong, m.take()); }, "ping");
    stop = rt.add_handler<End>([](End& e, amr::Message&) { e.stop = true; }, "stop");
    tick = rt.add_handler<End>([](End& e, amr::Message& m) { e.count += m.as<long>(); }, "tick");
    for (int g = 0; g < 2; ++g) rt.add_object(g, g, g == me ? std::make_unique<End>() : nullptr);
    self = rt.find<End>(me);
  }

  double pingpong(std::size_t size, int iters) {
    MPI_Barrier(MPI_COMM_WORLD);
    double us = 0;
    if (me == 0) {
      self->buf.assign(size, 'p');
      self->count = 0;
      const double t = MPI_Wtime();
      for (int i = 0; i < iters; ++i) {
        rt.invoke(1, ping, std::move(self->buf));
        rt.run_until([&] { return self->count == i + 1; });
      }
      us = (MPI_Wtime() - t) / iters * 1e6;
      rt.invoke(1, stop);
    } else {
      self->stop = false;
      rt.run_until([&] { return self->stop; });
    }
    rt.quiesce();
    MPI_Bcast(&us, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    return us;
  }

  // Each rank fires n 8-byte invocations at the other's object; handlers per second.
  double rate(long n) {
    self->count = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    const double t = MPI_Wtime();
    for (long i = 0; i < n; ++i) {
      rt.invoke(1 - me, tick, long(1));
      if (i % 64 == 63) rt.poll();  // serve the other side's invocations as we go
    }
    rt.quiesce();
    double dt = MPI_Wtime() - t, slowest = 0;
    MPI_Allreduce(&dt, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (self->count != n) std::fprintf(stderr, "bench_runtime: rank %d ran %ld of %ld\n", me, self->count, n);
    return 2.0 * double(n) / slowest;
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (!start_two_ranks(&argc, &argv, "bench_runtime", me)) return 1;
  const int trials = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  const bool probe = argc > 2 ? std::atoi(argv[2]) != 0 : true;
  {
    std::vector<std::unique_ptr<Bench>> runs;  // [0] default, [1] finding messages by probing
    runs.push_back(std::make_unique<Bench>(false));
    if (probe) runs.push_back(std::make_unique<Bench>(true));
    const char* suffix[2] = {"", "_probe"};

    std::vector<std::size_t> sizes;
    for (std::size_t s = 8; s < (std::size_t(1) << 20); s *= 4) sizes.push_back(s);
    sizes.push_back(std::size_t(1) << 20);
    std::vector<char> raw(std::size_t(1) << 20, 'r');
    std::vector<std::vector<std::vector<double>>> lines(runs.size());  // [run][size] = {us, mpi, ratio}
    for (std::size_t size : sizes) {
      const int iters = iterations(size);
      for (auto& b : runs) b->pingpong(size, iters / 10 + 1);  // warm the pools and the connection
      raw_pingpong(size, iters / 10 + 1, raw);
      std::vector<std::vector<double>> t_rt(runs.size()), ratio(runs.size());
      std::vector<double> t_mpi;
      for (int k = 0; k < trials; ++k) {
        for (std::size_t r = 0; r < runs.size(); ++r) t_rt[r].push_back(runs[r]->pingpong(size, iters));
        t_mpi.push_back(raw_pingpong(size, iters, raw));
        for (std::size_t r = 0; r < runs.size(); ++r) ratio[r].push_back(t_rt[r].back() / t_mpi.back());
      }
      for (std::size_t r = 0; r < runs.size(); ++r)
        lines[r].push_back({median(t_rt[r]), median(t_mpi), median(ratio[r])});
    }

    const long n = 200000;
    std::vector<std::vector<double>> rates(runs.size());
    for (int k = 0; k < trials; ++k)
      for (std::size_t r = 0; r < runs.size(); ++r) rates[r].push_back(runs[r]->rate(n));

    if (me == 0) {
      for (std::size_t r = 0; r < runs.size(); ++r) {
        for (std::size_t i = 0; i < sizes.size(); ++i)
          std::printf("pingpong%s size=%zu runtime_us=%.2f mpi_us=%.2f ratio=%.2f\n", suffix[r], sizes[i],
                      lines[r][i][0], lines[r][i][1], lines[r][i][2]);
        std::printf("msgrate%s handlers_per_s=%.0f\n", suffix[r], median(rates[r]));
      }
      std::fflush(stdout);
    }
  }
  MPI_Finalize();
  return 0;
}
