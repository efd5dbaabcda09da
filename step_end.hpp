// step_end.hpp: what closes a time step, written once for both drivers (DESIGN.md, "One end
// of step").
//
// Why built so: the two drivers differ only in when a phase runs and how halos travel. What
// happens once a piece has its U+ halos (finish, advance t, a test problem's per-step record:
// testenergy's energy, testlamb's surface norms; look at U, write due receivers),
// the progress line, the knob that emulates a slow rank and the timing window are the same in
// both, so they live here and a step, a stop line or a timing column means the same in both
// binaries. No MPI: each rank keeps what its pieces' looks found at each looked-at step (the
// largest |u|, the first point holding it, the earliest bad point); the driver reduces those
// numbers where its ranks agree anyway (sw4lite_report.hpp, stop_on_bad_solution) and hands them
// to StepEnd::agree, which runs the growth test (solution_growth.hpp) on the same numbers on
// every rank, so every rank takes the same verdict and stops with the same line
// (solution_stop_line). The look is on by default (solution_check.hpp says when and against
// what); the two-sided driver agrees before a step's receiver files are written, so none holds
// a blown-up value.
#pragma once

#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "output/checkpoint.hpp"
#include "checks/float_bits.hpp"
#include "input.hpp"
#include "output/progress.hpp"
#include "output/report.hpp"
#include "checks/solution_check.hpp"
#include "checks/solution_growth.hpp"
#include "subdomain.hpp"
#include "verify/energy.hpp"
#include "verify/lamb_surface.hpp"

namespace sw4 {

// The timing table covers steps 2..N, as the original's does: step 1 pays for the first
// touches of the arrays and the first messages.
inline bool timed_step(long n) { return n >= 2; }

// The earliest bad value seen (a NaN, an infinity, or beyond the bound): the smallest step,
// then the smallest point key (point_key), with the bits of its |u| (float_bits.hpp).
struct BadValueRecord {
  long step = LONG_MAX, key = LONG_MAX;
  double t = 0;
  std::int64_t bits = 0;
  bool found() const { return step != LONG_MAX; }
  void note(long n, long k, double tn, std::int64_t b) {
    if (n < step || (n == step && k < key)) {
      step = n;
      key = k;
      t = tn;
      bits = b;
    }
  }
};

// |u| as the line prints it: a number, inf or nan (the bits order NaN above every value).
inline std::string abs_words(std::int64_t b) {
  if (is_nan_bits(b)) return "nan";
  if (is_inf_bits(b)) return "inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", from_bits(b));
  return buf;
}

// What the bound found at a point, as the line says it: "NaN", "an infinite value", or a
// blow-up with the largest |u| of that step over all ranks (`largest`) and the bound.
// `whose`: what sets the bound, "the sources", or "the test problem's data" for a test problem
// without sources (StepEnd::words), whose bound is kSafety times its solution's known size
// (test_problem_scale).
inline std::string bound_words(std::int64_t point_bits, std::int64_t largest, double bound,
                               const char* whose = "the sources") {
  if (is_nan_bits(point_bits)) return "NaN";
  if (is_inf_bits(point_bits)) return "an infinite value";
  char buf[200];
  std::snprintf(buf, sizeof buf, "a blow-up (|u| = %s, beyond the bound %g that %s allow)",
                abs_words(largest).c_str(), bound, whose);
  return buf;
}

// What the growth test found (solution_growth.hpp), for the line that names the point holding
// the largest |u|.
inline std::string growth_words(const Growth& g, std::int64_t largest) {
  char buf[260];
  std::snprintf(buf, sizeof buf,
                g.seeded ? "a blow-up (|u| = %s, %.3g times the sources' scale %g at the restart "
                           "after time step %ld, faster than the sources grow)"
                         : "a blow-up (|u| = %s, %.3g times its largest value %g up to time "
                           "step %ld, faster than the sources grow)",
                abs_words(largest).c_str(), g.factor, g.past, g.since);
  return buf;
}

// The line every rank stops with: what was found, component, grid point, its coordinates,
// step and time.
inline std::string solution_stop_line(const GridCfg& g, long step, long key, double t,
                                      const std::string& what) {
  const PointOfKey p = point_of_key(g, key);
  char buf[500];
  std::snprintf(buf, sizeof buf,
                "sw4lite: %s in component %d at grid point (%d,%d,%d) (x=%g, y=%g, z=%g) "
                "after time step %ld (t=%g)",
                what.c_str(), p.c + 1, p.i, p.j, p.k, (p.i - 1) * g.h, (p.j - 1) * g.h,
                (p.k - 1) * g.h, step, t);
  return buf;
}

// With topography the key orders grid 1's planes first (point_key's `above`); the message names
// the grid and the point's z.
inline std::string solution_stop_line(const Config& cfg, long step, long key, double t,
                                      const std::string& what) {
  if (!cfg.topo.on) return solution_stop_line(cfg.grid, step, key, t, what);
  const Topography topo(cfg.grid, cfg.topo);
  const int above = topo.grids.nc + 2 * kGhost;
  PointOfKey p = point_of_key(cfg.grid, key);
  const bool curved = p.k <= topo.grids.nc + kGhost;
  if (!curved) p.k -= above;
  const double h = cfg.grid.h;
  const double z = curved ? topo.map.z(p.i, p.j, p.k) : topo.grids.zt + (p.k - 1) * h;
  char buf[550];
  std::snprintf(buf, sizeof buf,
                "sw4lite: %s in component %d at grid point (%d,%d,%d) of the %s grid (x=%g, y=%g, "
                "z=%g) after time step %ld (t=%g)",
                what.c_str(), p.c + 1, p.i, p.j, p.k, curved ? "curvilinear" : "Cartesian",
                (p.i - 1) * h, (p.j - 1) * h, z, step, t);
  return buf;
}

// Whether the run looks at U after step n of nsteps (the same answer on every rank and
// partition): solution_check.hpp's steps, and every step after which a checkpoint or an image
// is written, so that none holds a blown-up state (an image of step 0 holds the initial data).
inline bool looked_at(const Config& cfg, long n, long nsteps, double dt) {
  if (check_due(cfg, n, nsteps) || checkpoint_due(cfg.checkpoint, n, dt)) return true;
  for (const ImageCfg& im : cfg.images)
    if (n > 0 && image_due(im.when, n, dt)) return true;
  return false;
}

// What the ranks agreed on after a look (sw4lite_report.hpp, stop_on_bad_solution): nothing, the
// earliest bad point (the bound), or the growth test; the step and its largest |u| over all
// ranks.
struct Verdict {
  enum Kind { None, Bound, Grew } kind = None;
  long step = 0;
  std::int64_t largest = 0;
  Growth growth;
};

struct StepEnd {
  const Config* cfg = nullptr;
  UtcTime utc{};
  int rank = 0;
  long nsteps = 0;
  BadValueRecord bad;  // the earliest bad value on this rank's pieces (solution_check.hpp)
  double dt = 0;       // the step (start)
  ProgressClock clock{};  // started with the loop (clock.restart: sw4lite.cpp), for progress
  double fixed_bound = -1;  // a test's bound instead of the sources' (-1: the sources')

  // What this rank saw at a looked-at step not yet agreed: its pieces' largest |u| bits, the
  // first point holding it, and t after the step. One-sided: several steps, pieces merged.
  struct Seen {
    double t = 0;
    std::int64_t bits = -1;
    long key = LONG_MAX;
  };
  std::map<long, Seen> seen{};
  long agreed = 0;  // the looked-at steps up to this one are agreed
  SourceScale scale{};
  GrowthWatch growth{};
  bool started = false;
  EnergyRecord energy{};  // testenergy's E after each step (verify/energy.hpp)
  LambSurfaceRecord lamb_surface{};  // testlamb's surface norms after each step (verify/lamb_surface.hpp)

  // Before the first step (every rank, also one holding no partition): the run's steps, dt and
  // the step it starts after (a restart's; the growth test does not know M before it).
  void start(long steps, double step_dt, long first) {
    nsteps = steps;
    dt = step_dt;
    agreed = first;
    const Config* c = cfg;
    scale = SourceScale(*cfg, dt, [c, steps, step_dt](long n) { return looked_at(*c, n, steps, step_dt); });
    if (first > 0) growth.restart(first, scale);
    if (fixed_bound < 0 && test_problem_scale(*cfg) > 0) fixed_bound = kSafety * test_problem_scale(*cfg);
    started = true;
  }

  // Step n begins on a piece: its phases count in the table when the step is timed.
  static void begin(Subdomain& sd, long n) { sd.timing = timed_step(n); }

  // The co-design knob `imbalance=R:F`: on rank R every phase does its work F times (redone,
  // not slept, so the slow rank stays busy as a slow node would).
  void after_phase(Subdomain& sd) const {
    const DeveloperCfg& d = cfg->dev;
    if (d.imbalance_rank == rank && d.imbalance_factor > 1) sd.redo_work(d.imbalance_factor - 1);
  }

  // Whether step n ends with a look at U (the same answer on every rank and partition).
  bool checks(long n) const { return looked_at(*cfg, n, nsteps, dt); }
  // The bound of the look after step n (solution_check.hpp).
  double bound(long n) { return fixed_bound >= 0 ? fixed_bound : blowup_bound(scale, n); }

  // Finishes step n on a piece whose U+ halos are in: BC and rotation, t += dt (accumulated, as
  // the original does), and the look at U when due. False when the piece holds a bad value and
  // must stop; the value is noted. Writes nothing.
  bool finish(Subdomain& sd, long n, double& t) {
    sd.finish(t);
    t += sd.dt;
    if (!started) start(nsteps, sd.dt, 0);
    if (cfg->verify.kind == VerifyKind::Energy) energy.add(sd, n);
    if (cfg->verify.kind == VerifyKind::Lamb) lamb_surface.add(sd, *cfg, n, t);
    if (!checks(n)) return true;
    return noted(n, t, sd.look(abs_bits(bound(n))));
  }
  // What a look after step n found, kept for the agreement; false when it found a bad value.
  // (The CUDA build's driver looks on the device, gpu/gpu_look.hpp, and notes it here.)
  bool noted(long n, double t, const Subdomain::Look& l) {
    Seen& s = seen[n];
    s.t = t;
    if (l.bits > s.bits || (l.bits == s.bits && l.max_key < s.key)) {
      s.bits = l.bits;
      s.key = l.max_key;
    }
    if (l.bad_key < 0) return true;
    bad.note(n, l.bad_key, t, l.bad_bits);
    return false;
  }
  // The receivers' files due after the step, once the ranks agreed that no one stops (the
  // two-sided driver after each looked-at step; the one-sided driver after a segment, which
  // ends at every step that writes them: checkpoint_run.hpp).
  void write(const Subdomain& sd) const { sd.write_receivers(cfg->fileio.path, utc, true); }

  // The looked-at steps in (agreed, through]: the same list on every rank.
  std::vector<long> pending(long through) const {
    std::vector<long> v;
    for (long n = agreed + 1; n <= through; ++n)
      if (checks(n)) v.push_back(n);
    return v;
  }
  // The numbers this rank brings to the agreement over `steps` (pending): LONG_MAX minus its
  // earliest bad step (0: none), then its largest |u| bits at each step (-1: no piece of it
  // saw the step). Under MPI_MAX the earliest bad step and the largest |u| win, exactly.
  std::vector<long> numbers(const std::vector<long>& steps) const {
    std::vector<long> v{bad.found() ? LONG_MAX - bad.step : 0};
    for (long n : steps) {
      const auto it = seen.find(n);
      v.push_back(it == seen.end() ? -1 : long(it->second.bits));
    }
    return v;
  }
  // The ranks agreed on `all` (numbers() under MPI_MAX) over `steps`: the growth test runs on
  // the steps before the earliest bad one, in order, so every rank takes the same verdict.
  Verdict agree(const std::vector<long>& steps, const std::vector<long>& all, long through) {
    const long bad_step = all[0] > 0 ? LONG_MAX - all[0] : LONG_MAX;
    for (std::size_t i = 0; i < steps.size() && steps[i] <= bad_step; ++i) {
      const long n = steps[i];
      const std::int64_t m = all[i + 1];
      if (n == bad_step) return {Verdict::Bound, n, m, {}};
      if (m < 0 || m >= kInfBits) continue;  // no piece saw it; or beyond any bound: not here
      if (test_problem_scale(*cfg) > 0) continue;  // a test problem's bound knows its size
      const Growth g = growth.add(n, from_bits(m), scale);
      if (g.fires) return {Verdict::Grew, n, m, g};
    }
    agreed = through;
    seen.erase(seen.begin(), seen.upper_bound(through));
    return {};
  }
  // After a stop: this rank's candidate for the point the line names (LONG_MAX: none): its
  // earliest bad point, or its first point holding the largest |u|. The ranks take the
  // smallest; then the point's time and |u| bits where it is this rank's (-1 elsewhere).
  long candidate(const Verdict& v) const {
    if (v.kind == Verdict::Bound) return bad.step == v.step ? bad.key : LONG_MAX;
    const auto it = seen.find(v.step);
    return it != seen.end() && it->second.bits == v.largest ? it->second.key : LONG_MAX;
  }
  double time_of(const Verdict& v, long key) const {
    if (v.kind == Verdict::Bound) return bad.step == v.step && bad.key == key ? bad.t : -1;
    const auto it = seen.find(v.step);  // every rank that saw the step has its t
    return it == seen.end() ? -1 : it->second.t;
  }
  long bits_of(const Verdict& v, long key) const {
    return v.kind == Verdict::Bound && bad.step == v.step && bad.key == key ? long(bad.bits) : -1;
  }
  // What the line says was found (the point's |u| bits: bits_of over all ranks).
  std::string words(const Verdict& v, long point_bits) {
    const char* whose = test_problem_scale(*cfg) > 0 ? "the test problem's data" : "the sources";
    return v.kind == Verdict::Bound ? bound_words(point_bits, v.largest, bound(v.step), whose)
                                    : growth_words(v.growth, v.largest);
  }

  // The progress line after step n when due (progress.hpp: every ~10 s, or every printcycle
  // steps when the deck sets printcycle), printed by the caller's first rank or partition only.
  void progress(long n, double t) {
    clock.after_step(cfg->fileio.printcycle_set, cfg->fileio.printcycle, n, nsteps, t, t + double(nsteps - n) * dt);
  }
};

}  // namespace sw4
