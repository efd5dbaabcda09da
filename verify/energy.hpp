// verify/energy.hpp: the discrete energy of the scheme (NUMERICS 26), summed exactly per step
// for testenergy, and the file it goes to.
//
// Why built so: the predictor-corrector is rho (U+ - 2U + Um) = dt^2 M U with M = L + (dt^2/12)
// L rho^-1 L, and L is self-adjoint in the inner product <u, v> = sum h^3 w_k u.v / (s_x s_y s_z)
// (w_k: the SBP weights of the free-surface rows, 1 elsewhere; s: the stretchings, which the
// operator applies on both sides of each derivative). So
//
//   E(n) = sum h^3 w_k / (s_x s_y s_z) [ rho |U - Um|^2 / dt^2 - U.(L Um) - (dt^2/12) (L U).(L Um) / rho ]
//
// with U = u^n, Um = u^(n-1), is the same at every step up to rounding, and the damping can
// only lower it. The second order in time (NUMERICS 2.4) has M = L, and its E has no third
// term (nor needs L U). Each point's term goes into an exact sum (norms.hpp), so E(n) does not
// depend on the cut of the grid or on which rank computed a partition's step. The file is
// SW4's: one E a line in 20 digits, so SW4's scripts read it; it is rewritten after every
// writeEvery-th step and at the end. No MPI here.
#pragma once

#include <climits>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "norms.hpp"
#include "sbp.hpp"
#include "subdomain.hpp"
#include "verify/energy_attenuation.hpp"

namespace sw4 {

// One grid's part of E: L U and L Um by the solver's kernel (lh), the weight of a point w(i, j, k).
// fourth: the fourth order's E (its third term), else the second order's.
template <class Lh, class Weight>
void add_grid_energy(const Field& u, const Field& um, const Array3& rho, const Box& box, const Box& pts,
                     double dt, bool fourth, Lh lh, Weight w, ExactSum& sum) {
  Field lu, lum;
  for (int c = 0; c < 3; ++c) {
    if (fourth) lu[c].define(box);
    lum[c].define(box);
  }
  if (fourth) lh(u, lu);
  lh(um, lum);
  const double q = dt * dt / 12;
  for (int k = pts.kb; k <= pts.ke; ++k)
    for (int j = pts.jb; j <= pts.je; ++j)
      for (int i = pts.ib; i <= pts.ie; ++i) {
        const double wp = w(i, j, k), r = rho(i, j, k);
        for (int c = 0; c < 3; ++c) {
          const double a = u[c](i, j, k), b = um[c](i, j, k), v = (a - b) / dt;
          sum.add(wp * r * v * v);
          sum.add(-wp * a * lum[c](i, j, k));
          if (fourth) sum.add(-wp * q * lu[c](i, j, k) * lum[c](i, j, k) / r);
        }
      }
}

// Adds this piece's part of E after a step (U = u^n, Um = u^(n-1) after the rotation): the
// Cartesian grid's owned points, and with topography the curvilinear grid's owned points above
// the interface plane (k < n_c; the plane is the Cartesian grid's), weighted by J (its L_h
// carries 1/J) and the SBP weights of its curved top, without s^z (grid 1 has none).
inline void add_energy(Subdomain& sd, ExactSum& sum) {
  const bool fourth = sd.time_order == 4;
  const auto weight = energy_weight(sd);
  if (sd.att.on()) return add_attenuation_energy(sd, weight, sum);  // flat grid
  add_grid_energy(sd.u, sd.um, sd.rho, sd.box, sd.owned, sd.dt, fourth,
                  [&](const Field& f, Field& out) { sd.lh(f, out); }, weight, sum);
  if (!sd.topo) return;
  Box pts = sd.top.owned;
  pts.ke = sd.top.nc - 1;
  add_grid_energy(sd.top.u, sd.top.um, sd.top.rho, sd.top.box, pts, sd.dt, fourth,
                  [&](const Field& f, Field& out) { sd.lh_top(f, out); },
                  [&](int i, int j, int k) {
                    return double(sd.top.met.J(i, j, k)) * energy_row_weight(true, k) / (double(sd.px.str(i)) * sd.py.str(j));
                  }, sum);
}

// The energy of every step this rank's pieces took, by step (one-sided: whichever partitions
// ran here); the driver adds the ranks' sums.
struct EnergyRecord {
  std::map<long, ExactSum> by_step;
  void add(Subdomain& sd, long n) { add_energy(sd, by_step[n]); }
};

// Whether the file is rewritten after step n of nsteps (the last step's is the report's), and
// the first such step after `at` (LONG_MAX: none): the one-sided driver pauses there.
inline bool energy_write_due(const Config& cfg, long n, long nsteps) {
  const int w = cfg.verify.en.write_every;
  return cfg.verify.kind == VerifyKind::Energy && w > 0 && n % w == 0 && n < nsteps;
}
inline long next_energy_write(const Config& cfg, long at) {
  const int w = cfg.verify.en.write_every;
  return cfg.verify.kind == VerifyKind::Energy && w > 0 ? (at / w + 1) * w : LONG_MAX;
}

// The file's text: E of every step so far, one a line, as SW4 writes it ("%.20e").
inline std::string energy_file_text(const std::vector<double>& e) {
  std::string text;
  char line[48];
  for (double v : e) {
    std::snprintf(line, sizeof line, "%.20e\n", v);
    text += line;
  }
  return text;
}

}  // namespace sw4
