// output_schedule.hpp: outputs a deck asks for that its run never writes, found before the
// first step: one warning line per command (docs/user-guide.md, "Checked before the first
// step").
//
// Why built so: `image ... cycle=750`, `image ... time=1.7e308` or `checkpoint cycle=750` in a
// run of 43 steps wrote nothing and said nothing; the user learnt it from an empty directory
// after the run. Whether an image or a checkpoint line ever fires is decided by the step count
// and dt alone (checkpoint.hpp, checkpoint_due), so the set-up can tell, and --check with it.
// The question is answered exactly and in O(1), not by asking checkpoint_due at each of up to
// 1e9 steps: cycle=C fires iff C <= N, cycleInterval=I iff I <= N; time=T fires at the first
// step whose window ((n-1/2) dt, (n+1/2) dt] reaches T, so iff (N + 1/2) dt >= T; timeInterval=I
// fires where a window holds a positive multiple of I, and since the windows of steps 1..N
// tile (dt/2, (N + 1/2) dt] exactly (n - 1/2 and (n - 1) + 1/2 are the same double), the count
// over all of them is floor(hi_N / I) - floor(lo_1 / I), term by term checkpoint_due's own
// floors. An image is also due at step 0, the initial data, as SW4's (image_due: cycle=0,
// any cycleInterval or timeInterval, time=T <= dt/2), which one call answers. A restart
// continues the same deck, so only the end is looked at: a time before the restart's step was
// the first run's to write.
//
// Other outputs that never happen: a receiver with usgsformat=0 and sacformat=0 writes no file
// (receivers otherwise always write at the end, whatever writeEvery says); `reporttiming=1`
// in a run of fewer than 2 steps prints a table of zeros (the timing window is steps 2..N).
// A source or receiver above a hill is left out with its own warning (report.hpp). No MPI.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "input.hpp"
#include "output/checkpoint.hpp"

namespace sw4 {

// Whether a line with these keys (checkpoint's or image's) writes after some step 1..nsteps of dt,
// or for an image also at step 0.
inline bool ever_due(const CheckpointCfg& c, long nsteps, double dt, bool image) {
  if (image && image_due(c, 0, dt)) return true;
  if (!c.on || nsteps < 1) return false;
  if (c.cycle > 0 && c.cycle <= nsteps) return true;
  if (c.cycleInterval > 0 && c.cycleInterval <= nsteps) return true;
  const double hi = (double(nsteps) + 0.5) * dt, lo = (1.0 - 0.5) * dt;
  if (c.time > 0 && hi >= c.time) return true;
  if (c.timeInterval > 0 && std::floor(hi / c.timeInterval) > std::floor(lo / c.timeInterval)) return true;
  return false;
}

// "FILE:LINE: warning: ..." for every output line of the deck that the run never writes.
inline std::vector<std::string> unwritten_outputs(const Config& cfg, long nsteps, double dt) {
  std::vector<std::string> out;
  auto at = [&](int line) { return cfg.filename + ":" + std::to_string(line) + ": warning: "; };
  // "cycle=750 and time=1e+308 ask for steps after the run's last, 43 (t = 1.2)"
  auto why = [&](const CheckpointCfg& c) {
    std::vector<std::string> k;
    if (c.cycle > 0) k.push_back("cycle=" + std::to_string(c.cycle));
    if (c.cycleInterval > 0) k.push_back("cycleInterval=" + std::to_string(c.cycleInterval));
    if (c.time > 0) k.push_back("time=" + input_detail::fmt(c.time));
    if (c.timeInterval > 0) k.push_back("timeInterval=" + input_detail::fmt(c.timeInterval));
    std::string s;
    for (std::size_t n = 0; n < k.size(); ++n) s += (n == 0 ? "" : n + 1 == k.size() ? " and " : ", ") + k[n];
    if (nsteps < 1) return s + (k.size() > 1 ? " ask" : " asks") + " for a step, and the run takes none";
    char t[32];
    std::snprintf(t, sizeof t, "%.6g", double(nsteps) * dt);
    return s + (k.size() > 1 ? " ask for steps" : " asks for a step") + " after the run's last, " +
           std::to_string(nsteps) + " (t = " + t + ")";
  };
  auto never = [&](bool image, const CheckpointCfg& c, int line) {
    if (c.on && !ever_due(c, nsteps, dt, image))
      out.push_back(at(line) + (image ? "image" : "checkpoint") + ": never written: " + why(c));
  };
  for (const ImageCfg& im : cfg.images) never(true, im.when, im.line);
  never(false, cfg.checkpoint, cfg.checkpoint.line);
  for (const RecCfg& r : cfg.recs)
    if (!r.usgs && !r.sac)
      out.push_back(at(r.line) + "rec: " + r.file + " is never written: usgsformat=0 and sacformat=0 "
                    "(give usgsformat=1 or sacformat=1)");
  if (cfg.dev.reporttiming && nsteps < 2)
    out.push_back(at(cfg.dev.line) + "developer: reporttiming=1 prints no times: the timing table covers "
                  "steps 2 to N, and this run has " + std::to_string(std::max(nsteps, 0L)) + " step" +
                  (nsteps == 1 ? "" : "s"));
  return out;
}

}  // namespace sw4
