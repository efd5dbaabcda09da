// supergrid_stability.hpp: which super-grid layers are unstable, how fast they blow up, and the
// setup warning for a run long enough to see it (docs/user-guide.md, "Super-grid
// layers").
//
// Why built so: the layers' fourth-order damping is explicit, and with a large coefficient dc
// over a thin layer (few points gp, so the stretching and damping profiles change steeply) it
// amplifies a mode in the layer's outer part instead of damping it. The original SW4lite does
// the same at the same rate: inputs/pointforce.in run to t=20 reaches 1e98 in both, and
// inputs/layered-identity.in run to t=16 grows by 10^0.24 per step in both. No closed formula
// matched the measurements, so the rule is the measurements, from runs of
// tools/supergrid_stability.sh (a homogeneous box, vp = 2 vs, a point force; 2000 steps without
// growth by 1e3 is "stable"): the largest stable dc for each gp at cfl 1.3, the growth per step
// above it, and how the time step moves the limit. The growth per step is the same for a CFL
// number (dt times the largest speed, over h) of 1.1 to 1.3; below, the largest stable dc grows
// by the same factor 1/phi for every gp measured (8 and 16: phi = 0.875 at 1.0, 0.72 at 0.9,
// 0.47 at 0.7, 0.34 at 0.5), and the growth at dc is about the growth at cfl 1.3 and phi dc
// (within 15 to 50 % lower than measured; the threshold below has that much room).
//
// The rule: with r the growth per step in decades at the effective damping phi(cfl) dc (0 at
// or below the largest stable dc), the layers can have grown by 10^(r (N - N_a)) after N steps,
// where N_a = d / (cfl h) is a lower bound on the steps the fastest wave needs to reach the
// nearest layer from the nearest source (d: that distance). A run warns at setup when that
// reaches 1e10: in the runs measured, a blow-up became visible at 10^10 to 10^14 (the waves
// bring the unstable mode in well below the solution's size). The decks of the original with
// reference files (test/reference, inputs/pointsource*.in) stay below (at most 10^9.9).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "grid.hpp"
#include "material.hpp"
#include "verify/verify_material.hpp"  // a test problem's material (material.hpp asks it)
#include "input.hpp"

namespace sw4 {
namespace sg_measured {

// Layer widths measured, and per width the largest dc that showed no growth in 2000 steps
// (bisection to 3 significant digits) and the growth per step in decades at the dc of kDc
// (0 where stable).
constexpr int kGp[] = {4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 24, 30};
constexpr int kRows = sizeof kGp / sizeof kGp[0];
constexpr double kCrit[kRows] = {0.00139, 0.00377, 0.00831, 0.0116, 0.0119, 0.0121,
                                 0.0127,  0.0136,  0.0150,  0.0169, 0.0188, 0.0206,
                                 0.0222,  0.0238,  0.0234,  0.0228, 0.0222};
constexpr double kDc[] = {0.01, 0.015, 0.02, 0.03, 0.04, 0.06};
constexpr int kCols = sizeof kDc / sizeof kDc[0];
constexpr double kRate[kRows][kCols] = {
    {0.700, 0.838, 0.941, 1.091, 1.201, 1.362},  // gp 4
    {0.374, 0.501, 0.592, 0.725, 0.823, 0.967},  // 5
    {0.101, 0.259, 0.352, 0.479, 0.570, 0.701},  // 6
    {0, 0.145, 0.252, 0.383, 0.472, 0.600},      // 7
    {0, 0.132, 0.241, 0.373, 0.463, 0.591},      // 8
    {0, 0.127, 0.237, 0.369, 0.459, 0.587},      // 9
    {0, 0.108, 0.222, 0.356, 0.446, 0.574},      // 10
    {0, 0.069, 0.195, 0.333, 0.423, 0.550},      // 11
    {0, 0, 0.157, 0.300, 0.392, 0.519},          // 12
    {0, 0, 0.107, 0.264, 0.356, 0.483},          // 13
    {0, 0, 0.049, 0.225, 0.322, 0.449},          // 14
    {0, 0, 0, 0.192, 0.292, 0.420},              // 15
    {0, 0, 0, 0.165, 0.269, 0.399},              // 16
    {0, 0, 0, 0.136, 0.246, 0.381},              // 18
    {0, 0, 0, 0.142, 0.252, 0.386},              // 20
    {0, 0, 0, 0.154, 0.261, 0.394},              // 24
    {0, 0, 0, 0.166, 0.271, 0.403},              // 30
};

// phi(cfl): the largest stable dc at cfl 1.3 over the one at this CFL number (measured at gp 8
// and 16, which agree to 3 %), linear between, 1 from 1.1 up, through 0 below 0.5.
constexpr double kCfl[] = {0.5, 0.7, 0.9, 1.0, 1.1};
constexpr double kPhi[] = {0.338, 0.467, 0.721, 0.875, 1.0};

inline double phi(double cfl) {
  if (cfl >= kCfl[4]) return 1;
  if (cfl <= kCfl[0]) return std::max(0.0, kPhi[0] * cfl / kCfl[0]);
  int c = 1;
  while (cfl > kCfl[c]) ++c;
  return kPhi[c - 1] + (kPhi[c] - kPhi[c - 1]) * (cfl - kCfl[c - 1]) / (kCfl[c] - kCfl[c - 1]);
}

// Growth per step at row `row` for damping dc: 0 up to the row's largest stable dc, then
// linear through the measured points above it, and on with the last slope beyond them.
inline double row_rate(int row, double dc) {
  const double crit = kCrit[row];
  if (!(dc > crit)) return 0;
  double x0 = crit, r0 = 0;
  for (int c = 0; c < kCols; ++c) {
    if (kDc[c] <= crit) continue;
    if (dc <= kDc[c]) return r0 + (kRate[row][c] - r0) * (dc - x0) / (kDc[c] - x0);
    if (c == kCols - 1)
      return kRate[row][c] + (kRate[row][c] - r0) * (dc - kDc[c]) / (kDc[c] - x0);
    x0 = kDc[c];
    r0 = kRate[row][c];
  }
  return r0;
}

// The row interpolation between measured widths (the first row below 4, the last above 30).
template <class F>
double across_rows(int gp, F at) {
  if (gp <= kGp[0]) return at(0);
  for (int r = 1; r < kRows; ++r)
    if (gp <= kGp[r]) {
      const double w = double(gp - kGp[r - 1]) / (kGp[r] - kGp[r - 1]);
      return (1 - w) * at(r - 1) + w * at(r);
    }
  return at(kRows - 1);
}

}  // namespace sg_measured

// The largest stable dc for layers of gp points at CFL number cfl, and the growth per step
// (decades) above it.
inline double supergrid_stable_dc(int gp, double cfl) {
  return sg_measured::across_rows(gp, [](int r) { return sg_measured::kCrit[r]; }) /
         sg_measured::phi(cfl);
}
inline double supergrid_growth(int gp, double dc, double cfl) {
  const double d = dc * sg_measured::phi(cfl);
  return sg_measured::across_rows(gp, [&](int r) { return sg_measured::row_rate(r, d); });
}

// The CFL number of the Cartesian grid: dt times the largest speed over h (below the deck's
// cfl when topography's curvilinear grid asks for a shorter step).
inline double cfl_number(const Config& cfg, double dt) {
  const GridCfg& g = cfg.grid;
  const Box all{1, g.nx, 1, g.ny, 1, g.nz};
  return dt * std::sqrt(max_wave_speed2(cfg, all)) / g.h;
}

// Distance from the nearest source to the inner edge of the nearest super-grid layer (0 when a
// source is in a layer; a large number without sources).
inline double distance_to_layers(const Config& cfg) {
  const GridCfg& g = cfg.grid;
  const double w = cfg.sg.gp * g.h;
  const bool top = cfg.tps.on && !cfg.tps.halfspace;  // no free surface: a layer on top too
  double d = 1e300;
  for (const SourceCfg& s : cfg.sources) {
    double e = std::min({s.x, g.xmax - s.x, s.y, g.ymax - s.y, g.zmax - s.z});
    if (top) e = std::min(e, s.z);
    d = std::min(d, std::max(0.0, e - w));
  }
  return d;
}

// "FILE:LINE: warning: ..." when the layers can grow by 1e10 within the run's nsteps steps of dt.
inline std::vector<std::string> supergrid_warnings(const Config& cfg, double dt, long nsteps) {
  std::vector<std::string> out;
  if (cfg.sources.empty() || !(dt > 0)) return out;
  const int gp = cfg.sg.gp;
  const double dc = cfg.sg.dc, cfl = cfl_number(cfg, dt), r = supergrid_growth(gp, dc, cfl);
  if (!(r > 0)) return out;
  const double arrive = distance_to_layers(cfg) / (cfl * cfg.grid.h);
  if (!(r * (double(nsteps) - arrive) >= 10)) return out;
  int wider = 0;  // the smallest width stable at this dc, if a measured one is
  for (int w = gp + 1; w <= sg_measured::kGp[sg_measured::kRows - 1] && !wider; ++w)
    if (dc <= supergrid_stable_dc(w, cfl)) wider = w;
  char buf[600];
  std::snprintf(buf, sizeof buf,
                "%s:%d: warning: supergrid: layers of gp=%d points with dc=%g are unstable at CFL "
                "number %.3g (measured: the solution in them grows about %.3gx per step once the "
                "waves arrive, here after about %ld steps), so this run of %ld steps can blow up "
                "(stable: dc <= %.3g at gp=%d%s; or at most %ld steps)",
                cfg.filename.c_str(), cfg.sg.line > 0 ? cfg.sg.line : cfg.grid.line, gp, dc, cfl,
                std::pow(10.0, r), long(arrive), nsteps, supergrid_stable_dc(gp, cfl), gp,
                wider ? (", or gp >= " + std::to_string(wider)).c_str() : "",
                long(arrive + 10 / r));
  out.push_back(buf);
  return out;
}

}  // namespace sw4
