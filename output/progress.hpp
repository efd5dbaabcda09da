// progress.hpp: the progress line of a run (step n of N, simulated time, wall time so far and
// an estimate of the time left), and when it is printed.
//
// Why built so: a user who starts a run of half an hour wants to know, a few seconds in, when
// it will end, and a line every printcycle steps says nothing on a grid where 100 steps take
// six minutes, and floods the screen on one where they take a second. So the default is a line
// every kProgressSeconds of wall time (and after the first and the last step); a deck that sets
// `fileio printcycle=N` gets a line every N steps instead, as before. The estimate is the plain
// rate of the steps this run has taken (restarts count from their first step): the steps of a
// run cost about the same, so nothing smarter is needed. The line keeps its old opening
// "Time step n t= t" (scripts grep it); what follows is new. The decision and the words are
// pure functions of the clock readings, so the tests need no clock. No MPI: the driver's
// first rank (or partition 0's rank) prints.
#pragma once

#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>

namespace sw4 {

constexpr double kProgressSeconds = 10;  // wall time between two progress lines by default

// "4.2 s", "12 s", "3 min 07 s", "2 h 05 min": enough digits to plan by, no more.
inline std::string duration_words(double s) {
  char b[48];
  if (!(s >= 0)) s = 0;
  if (s < 9.95) std::snprintf(b, sizeof b, "%.1f s", s);
  else if (s < 59.5) std::snprintf(b, sizeof b, "%.0f s", s);
  else if (s < 3599.5) {
    const long r = std::lround(s);
    std::snprintf(b, sizeof b, "%ld min %02ld s", r / 60, r % 60);
  } else {
    const long m = std::lround(s / 60);
    std::snprintf(b, sizeof b, "%ld h %02ld min", m / 60, m % 60);
  }
  return b;
}

// Whether step n of nsteps gets a line: with a printcycle the user set, after step 1, every
// printcycle-th step and the last (the original's rule); otherwise after step 1, the last, and
// the first step that ends kProgressSeconds or more after the previous line.
inline bool progress_due(long n, long nsteps, bool by_steps, int printcycle, double since_last) {
  if (n <= 1 || n >= nsteps) return true;
  if (by_steps) return printcycle == 1 || n % printcycle == 1;
  return since_last >= kProgressSeconds;
}

// "Time step n t= T (n of N steps, to t= T_end): E elapsed, about R left"; `first` is the
// first step this run took (1, or a restart's next), so the rate counts only its own steps.
inline std::string progress_line(long n, long nsteps, double t, double t_end, long first,
                                 double elapsed) {
  char b[256];
  const long done = n - first + 1;
  std::string left;
  if (n < nsteps && done > 0)
    left = ", about " + duration_words(elapsed / double(done) * double(nsteps - n)) + " left";
  std::snprintf(b, sizeof b, "Time step %ld t= %g (%ld of %ld steps, to t= %g): %s elapsed%s", n, t,
                n, nsteps, t_end, duration_words(elapsed).c_str(), left.c_str());
  return b;
}

// The printing rank's clock: started when the time loop starts, the time of the last line.
struct ProgressClock {
  using Clock = std::chrono::steady_clock;
  Clock::time_point start = Clock::now(), last = start;
  long first = 1;

  void restart(long steps_done) {
    start = last = Clock::now();
    first = steps_done + 1;
  }
  static double seconds(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
  }
  // After step n of nsteps, at time t of a run that ends at t_end: the line, printed and
  // flushed, when it is due (by_steps and printcycle: the deck's fileio). Both solvers' drivers
  // print through this, on the one rank that prints.
  void after_step(bool by_steps, int printcycle, long n, long nsteps, double t, double t_end) {
    const Clock::time_point now = Clock::now();
    if (!progress_due(n, nsteps, by_steps, printcycle, seconds(last, now))) return;
    last = now;
    std::printf("%s\n", progress_line(n, nsteps, t, t_end, first, seconds(start, now)).c_str());
    std::fflush(stdout);
  }
};

}  // namespace sw4
