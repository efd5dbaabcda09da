// amr_stats.hpp (amr: active-message runtime): the runtime's per-rank statistics, the clock they
// are taken with, and the table report() prints.
//
// Why built so: a co-design study compares runs by where the time went, so every rank keeps a
// few timers and counters and report() prints their minimum, average and maximum over the
// ranks in the columns of the PREMA papers' tables, so figures can be set beside the published
// ones. Times are seconds. Messages are MPI messages of the runtime (a large invocation is two:
// its header and its payload; control messages and migrated states count too). The reduction
// over ranks lives in amr_runtime.hpp; this file only names, times and formats. No MPI here.
//
// The clock is read a few times per message (where a poll turns from receiving to handlers,
// after each handler, around each remote send), so its price is part of every small message's
// latency: std::chrono::steady_clock costs about 40 ns a read here (a vDSO call), against a
// round trip of an 8-byte invocation of 1 to 2 us. Where the compiler offers the x86
// time-stamp counter the timers count its ticks instead, about 12 ns a read, and convert to
// seconds with a rate measured against steady_clock: for 200 us when the clock is made, then
// over the whole run each time the statistics are read. This assumes an invariant counter
// (constant rate, cores in step), which every x86 of the last fifteen years has and which
// Linux checks before it takes the counter as its own clock. Elsewhere the ticks are
// steady_clock's nanoseconds.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>

#include "portable.hpp"  // SW4_HAVE_TSC, sw4_tsc()

namespace amr {

using Tick = std::uint64_t;

class Clock {
 public:
  Clock() {
    s0_ = steady_ns();
    k0_ = now();
#ifdef SW4_HAVE_TSC
    // A first rate over 200 us (error ~1e-4, enough for the handler batch's time budget);
    // refine() improves it over the whole run.
    std::uint64_t s;
    while ((s = steady_ns()) - s0_ < 200000) {
    }
    rate(s, now());
#endif
  }
  static Tick now() {
#ifdef SW4_HAVE_TSC
    return sw4_tsc();
#else
    return Tick(steady_ns());
#endif
  }
  double seconds(Tick ticks) const { return double(ticks) * spt_; }
  Tick ticks(double seconds) const { return Tick(seconds / spt_); }
  void refine() {  // the rate over the run so far (cheap; called when statistics are read)
#ifdef SW4_HAVE_TSC
    const std::uint64_t s = steady_ns();
    if (s - s0_ > 10000000) rate(s, now());
#endif
  }

 private:
  static std::uint64_t steady_ns() {
    return std::uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                             std::chrono::steady_clock::now().time_since_epoch())
                             .count());
  }
  void rate(std::uint64_t s, Tick k) {
    if (k > k0_) spt_ = double(s - s0_) * 1e-9 / double(k - k0_);
  }
  std::uint64_t s0_ = 0;
  Tick k0_ = 0;
  double spt_ = 1e-9;  // seconds per tick
};

// Timers as the engine keeps them: ticks, converted when the statistics are read.
struct TickTimes {
  Tick recv = 0, send = 0, handlers = 0, lb = 0, idle = 0;
};

struct Stats {
  double total = 0;     // wall time since construction or reset_stats()
  double recv = 0;      // receiving: probes, receives, routing of arrivals
  double send = 0;      // sending: building and posting messages
  double handlers = 0;  // running handlers (their own sends excluded)
  double lb = 0;        // load balancing: steal requests, packing and unpacking migrations
  double idle = 0;      // polls that found nothing, and the back-off
  std::uint64_t msgs_sent = 0, msgs_recv = 0, bytes_sent = 0, bytes_recv = 0;
  std::uint64_t executed = 0;                         // handlers run
  std::uint64_t steal_attempts = 0, steal_successes = 0;
  std::uint64_t migrations_out = 0, migrations_in = 0;
  std::uint64_t forwards = 0;                         // invocations passed on to a new holder
};

// The PREMA columns, then three more that the PREMA tables leave out.
constexpr int kStatColumns = 16;
constexpr int kPremaColumns = 13;
inline const char* stat_name(int c) {
  static const char* names[kStatColumns] = {
      "Total", "Recv",  "Send",       "#m Sent", "#m Recvd", "Handlers",   "Executed",   "LB",
      "Idle",  "Steal", "Steal_Succ", "Migr",    "Fwd",      "Bytes Sent", "Bytes Recvd", "Migr_in"};
  return names[c];
}
inline bool stat_is_time(int c) { return c <= 2 || c == 5 || c == 7 || c == 8; }

inline std::array<double, kStatColumns> stat_columns(const Stats& s) {
  return {s.total,
          s.recv,
          s.send,
          double(s.msgs_sent),
          double(s.msgs_recv),
          s.handlers,
          double(s.executed),
          s.lb,
          s.idle,
          double(s.steal_attempts),
          double(s.steal_successes),
          double(s.migrations_out),
          double(s.forwards),
          double(s.bytes_sent),
          double(s.bytes_recv),
          double(s.migrations_in)};
}

// Two fixed-width tables (PREMA columns; then bytes and migrations in), rows min/avg/max.
inline void print_stats_table(std::FILE* out, int nranks, const double* mn, const double* sum,
                              const double* mx) {
  std::fprintf(out, "amr_runtime statistics over %d rank%s (times in seconds; Migr = out)\n",
               nranks, nranks == 1 ? "" : "s");
  auto table = [&](int c0, int c1) {
    std::fprintf(out, "%-5s", "");
    for (int c = c0; c < c1; ++c) std::fprintf(out, " %11s", stat_name(c));
    std::fprintf(out, "\n");
    const char* rows[3] = {"min", "avg", "max"};
    for (int r = 0; r < 3; ++r) {
      std::fprintf(out, "%-5s", rows[r]);
      for (int c = c0; c < c1; ++c) {
        double v = r == 0 ? mn[c] : r == 2 ? mx[c] : sum[c] / nranks;
        if (stat_is_time(c)) std::fprintf(out, " %11.4f", v);
        else if (r == 1) std::fprintf(out, " %11.1f", v);
        else std::fprintf(out, " %11.0f", v);
      }
      std::fprintf(out, "\n");
    }
  };
  table(0, kPremaColumns);
  table(kPremaColumns, kStatColumns);
}

}  // namespace amr
