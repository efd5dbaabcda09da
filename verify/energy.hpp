// verify/energy.hpp: the discrete energy of the scheme (NUMERICS 26), summed exactly per step
// for testenergy.
//
// Why built so: the predictor-corrector is rho (U+ - 2U + Um) = dt^2 M U with M = L + (dt^2/12)
// L rho^-1 L, and L is self-adjoint in the inner product <u, v> = sum h^3 w_k u.v / (s_x s_y s_z)
// (w_k: the SBP weights of the free-surface rows, 1 elsewhere; s: the stretchings, which the
// operator applies on both sides of each derivative). So
//
//   E(n) = sum h^3 w_k / (s_x s_y s_z) [ rho |U - Um|^2 / dt^2 - U.(L Um) - (dt^2/12) (L U).(L Um) / rho ]
//
// with U = u^n, Um = u^(n-1), is the same at every step up to rounding, and the damping can
// only lower it. Each point's term goes into an exact sum (norms.hpp), so E(n) does not depend
// on the cut of the grid or on which rank computed a partition's step. No MPI here.
#pragma once

#include <map>

#include "norms.hpp"
#include "sbp.hpp"

namespace sw4 {

// Adds this piece's part of E after a step (U = u^n, Um = u^(n-1) after the rotation).
inline void add_energy(Subdomain& sd, ExactSum& sum) {
  Field lu, lum;
  for (int c = 0; c < 3; ++c) {
    lu[c].define(sd.box);
    lum[c].define(sd.box);
  }
  sd.lh(sd.u, lu);
  sd.lh(sd.um, lum);
  const double h = sd.grid.h, h3 = h * h * h, dt = sd.dt, q = dt * dt / 12;
  const Box& o = sd.owned;
  for (int k = o.kb; k <= o.ke; ++k) {
    const double wk = sd.free_surface_top && k <= 4 ? double(sbp::hnorm[k - 1]) : 1.0;
    for (int j = o.jb; j <= o.je; ++j)
      for (int i = o.ib; i <= o.ie; ++i) {
        const double w = h3 * wk / (double(sd.px.str(i)) * sd.py.str(j) * sd.pz.str(k));
        const double r = sd.rho(i, j, k);
        for (int c = 0; c < 3; ++c) {
          const double u = sd.u[c](i, j, k), um = sd.um[c](i, j, k), v = (u - um) / dt;
          sum.add(w * r * v * v);
          sum.add(-w * u * lum[c](i, j, k));
          sum.add(-w * q * lu[c](i, j, k) * lum[c](i, j, k) / r);
        }
      }
  }
}

// The energy of every step this rank's pieces took, by step (one-sided: whichever partitions
// ran here); the driver adds the ranks' sums.
struct EnergyRecord {
  std::map<long, ExactSum> by_step;
  void add(Subdomain& sd, long n) { add_energy(sd, by_step[n]); }
};

}  // namespace sw4
