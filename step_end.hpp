// step_end.hpp: what closes a time step, written once for both drivers (DESIGN.md, "One end
// of step").
//
// Why built so: the two drivers differ only in when a phase runs and how halos travel. What
// happens once a piece has its U+ halos (finish, advance t, write due receivers, look for a
// NaN), the progress line, the knob that emulates a slow rank and the timing window are the
// same in both, so they live here and a step, a NaN report or a timing column means the same
// in both binaries. No MPI: the driver agrees on the earliest NaN over ranks (sw4lite.cpp,
// stop_at_nan) and stops every rank with nan_message. The look for a NaN is on by default and
// also catches a value far beyond what the sources can make (solution_check.hpp says when and
// what); it comes before the step's receiver files are written, so none holds such a value.
#pragma once

#include <climits>
#include <cmath>
#include <cstdio>
#include <string>

#include "checkpoint.hpp"
#include "input.hpp"
#include "progress.hpp"
#include "report.hpp"
#include "solution_check.hpp"
#include "subdomain.hpp"

namespace sw4 {

// The timing table covers steps 2..N, as the original's does: step 1 pays for the first
// touches of the arrays and the first messages.
inline bool timed_step(long n) { return n >= 2; }

// The earliest bad value seen (a NaN, or beyond the bound): the smallest step, then the
// smallest point key (point_key). `value` is |u|, or -1 for a NaN (so that a maximum over
// ranks carries it).
struct NanRecord {
  long step = LONG_MAX, key = LONG_MAX;
  double t = 0, value = -1;
  bool found() const { return step != LONG_MAX; }
  bool same(const NanRecord& o) const { return step == o.step && key == o.key; }
  void note(long n, long k, double tn, double u = NAN) {
    if (n < step || (n == step && k < key)) {
      step = n;
      key = k;
      t = tn;
      value = std::isnan(u) ? -1 : std::fabs(u);
    }
  }
};

// What was found, as the line says it: "NaN", "an infinite value", or the value and the bound.
inline std::string bad_value_words(const NanRecord& r, double bound) {
  if (r.value < 0) return "NaN";
  char buf[160];
  if (std::isinf(r.value)) return "an infinite value";
  std::snprintf(buf, sizeof buf, "a blow-up (|u| = %g, beyond the bound %g that the sources allow)",
                r.value, bound);
  return buf;
}

// The line every rank stops with: component, grid point, its coordinates, step and time.
inline std::string nan_message(const GridCfg& g, const NanRecord& r, double bound = 0) {
  const PointOfKey p = point_of_key(g, r.key);
  char buf[400];
  std::snprintf(buf, sizeof buf,
                "sw4lite: %s in component %d at grid point (%d,%d,%d) (x=%g, y=%g, z=%g) "
                "after time step %ld (t=%g)",
                bad_value_words(r, bound).c_str(), p.c + 1, p.i, p.j, p.k, (p.i - 1) * g.h,
                (p.j - 1) * g.h, (p.k - 1) * g.h, r.step, r.t);
  return buf;
}

// With topography the key orders grid 1's planes first (point_key's `above`); the message names
// the grid and the point's z.
inline std::string nan_message(const Config& cfg, const NanRecord& r, double bound = 0) {
  if (!cfg.topo.on) return nan_message(cfg.grid, r, bound);
  const Topography topo(cfg.grid, cfg.topo);
  const int above = topo.grids.nc + 2 * kGhost;
  PointOfKey p = point_of_key(cfg.grid, r.key);
  const bool curved = p.k <= topo.grids.nc + kGhost;
  if (!curved) p.k -= above;
  const double h = cfg.grid.h;
  const double z = curved ? topo.map.z(p.i, p.j, p.k) : topo.grids.zt + (p.k - 1) * h;
  char buf[450];
  std::snprintf(buf, sizeof buf,
                "sw4lite: %s in component %d at grid point (%d,%d,%d) of the %s grid (x=%g, y=%g, "
                "z=%g) after time step %ld (t=%g)",
                bad_value_words(r, bound).c_str(), p.c + 1, p.i, p.j, p.k,
                curved ? "curvilinear" : "Cartesian", (p.i - 1) * h,
                (p.j - 1) * h, z, r.step, r.t);
  return buf;
}

struct StepEnd {
  const Config* cfg = nullptr;
  UtcTime utc{};
  int rank = 0;
  long nsteps = 0;
  NanRecord nan;       // the earliest bad value on this rank's pieces (solution_check.hpp)
  double bound = -1;   // beyond it a value is a blow-up; set at the first close (dt known)
  double dt = 0;       // the step, known at the first close
  ProgressClock clock{};  // started with the loop (clock.restart: sw4lite.cpp), for progress

  // Step n begins on a piece: its phases count in the table when the step is timed.
  static void begin(Subdomain& sd, long n) { sd.timing = timed_step(n); }

  // The co-design knob `imbalance=R:F`: on rank R every phase does its work F times (redone,
  // not slept, so the slow rank stays busy as a slow node would).
  void after_phase(Subdomain& sd) const {
    const DeveloperCfg& d = cfg->dev;
    if (d.imbalance_rank == rank && d.imbalance_factor > 1) sd.redo_work(d.imbalance_factor - 1);
  }

  // Whether step n ends with a look at U (the same answer on every rank and partition); also
  // before a checkpoint, which must not replace a good one with a blown-up state.
  bool checks(long n) const {
    return check_due(*cfg, n, nsteps) || checkpoint_due(cfg->checkpoint, n, dt);
  }

  // Closes step n on a piece whose U+ halos are in: BC and rotation, t += dt (accumulated, as
  // the original does), the look at U when due, the receivers' due files. False when the piece
  // holds a bad value and must stop; the value is noted and no file is written.
  bool close(Subdomain& sd, long n, double& t) {
    sd.finish(t);
    t += sd.dt;
    dt = sd.dt;
    if (checks(n)) {
      if (bound < 0) bound = blowup_bound(*cfg, sd.dt, nsteps);
      const Subdomain::Bad b = sd.first_bad(bound);
      if (b.key >= 0) {
        nan.note(n, b.key, t, b.value);
        return false;
      }
    }
    sd.write_receivers(cfg->fileio.path, utc, true);
    return true;
  }

  // The progress line after step n when due (progress.hpp: every ~10 s, or every printcycle
  // steps when the deck sets printcycle), printed by the caller's first rank or partition only.
  void progress(long n, double t) {
    const ProgressClock::Clock::time_point now = ProgressClock::Clock::now();
    if (!progress_due(n, nsteps, cfg->fileio.printcycle_set, cfg->fileio.printcycle,
                      ProgressClock::seconds(clock.last, now)))
      return;
    clock.last = now;
    std::printf("%s\n", progress_line(n, nsteps, t, t + double(nsteps - n) * dt, clock.first,
                                      ProgressClock::seconds(clock.start, now)).c_str());
  }
};

}  // namespace sw4
